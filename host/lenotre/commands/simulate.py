"""`lenotre simulate`: shared_rules' seeded random games, timed. The user's text is DESCRIPTION."""
import os
import subprocess
import time

from lenotre.device.toolchain import ROOT, tool
from lenotre.errors import UsageError
from shared_rules.versailles.simulate import play


DESCRIPTION = """\
Play whole random games of Die Gärten von Versailles with the rules (seeded: the same
seed plays the same game), and say how fast they ran, on this computer's Python or
(--micropython) on MicroPython with the box's memory."""

def add(sub):
    p = sub.add_parser("simulate", help="play whole random games with the grid model",
                       description=DESCRIPTION)
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4, 5),
                   help="players per game; 2 adds Ludwig (default 2)")
    p.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed+i")
    p.add_argument("--micropython", action="store_true",
                   help="time the same games under the MicroPython unix port (192 KB heap)")
    p.set_defaults(run=run)


def run(args):
    if args.games < 1:
        raise UsageError("--games must be at least 1, got %d" % args.games)
    if args.seed < 0:
        raise UsageError("--seed must be >= 0, got %d" % args.seed)
    if args.micropython:
        return _micropython(args)
    wins = [0] * args.players
    shared = tiebreaks = points = 0
    start = time.perf_counter()
    for i in range(args.games):
        out = play(args.seed + i, args.players).outcome
        for w in out.winners:
            wins[w] += 1
        shared += out.shared
        tiebreaks += out.tiebreak
        points += sum(out.totals)
    seconds = time.perf_counter() - start
    game = play(args.seed, args.players)  # the first game again, to show one in full
    names = game.players
    print("%d games, %d players%s, seeds %d..%d" % (
        args.games, args.players, " + Ludwig" if game.ludwig else "", args.seed,
        args.seed + args.games - 1))
    print("first game: " + ", ".join("%s %d" % (names[p], game.totals()[p])
                                       for p in range(len(names)))
          + "; winner: " + " & ".join(names[w] for w in game.outcome.winners))
    print("wins by seat: " + ", ".join("%s %d" % (names[p], wins[p])
                                        for p in range(len(names))))
    print("average score %.1f; decided by tie-break %d; shared victories %d" % (
        points / (args.games * args.players), tiebreaks, shared))
    print("%.3f s, %.1f games/s (CPython)" % (seconds, args.games / seconds))


def _micropython(args):
    # The same games, run by the real MicroPython with the Pico's RAM.
    script = os.path.join(ROOT, "bench", "sim_games.py")
    return subprocess.run([tool("micropython"), "-X", "heapsize=192k", script,
                           str(args.games), str(args.players), str(args.seed)],
                          cwd=ROOT).returncode

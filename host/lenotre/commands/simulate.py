"""`lenotre simulate`: shared_rules' seeded random games, timed. The user's text is DESCRIPTION.

Every game's rules package has a `simulate` module whose `play(seed, players)` plays one whole
random game and returns it finished (its `players`, `totals()` and `outcome`)."""
import os
import subprocess
import time

from lenotre.device.toolchain import ROOT, tool
from lenotre.errors import UsageError
from shared_rules import games


DESCRIPTION = """\
Play whole random games of one of the box's games with its rules (seeded: the same seed plays
the same game), and say how fast they ran, on this computer's Python or (--micropython) on
MicroPython with the box's memory."""


def add(sub):
    p = sub.add_parser("simulate", help="play whole random games with the rules",
                       description=DESCRIPTION)
    p.add_argument("--game", default=games.names()[0], choices=games.names(),
                   help="which game (default %s)" % games.names()[0])
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--players", type=int, default=2,
                   help="players per game, within the game's (default 2)")
    p.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed+i")
    p.add_argument("--micropython", action="store_true",
                   help="time the same games under the MicroPython unix port (192 KB heap)")
    p.set_defaults(run=run)


def simulator(game):
    """-> the game's `play(seed, players)` (shared_rules.<game>.simulate.play)."""
    return __import__("shared_rules.%s.simulate" % game, None, None, ("play",)).play


def run(args):
    if args.games < 1:
        raise UsageError("--games must be at least 1, got %d" % args.games)
    if args.seed < 0:
        raise UsageError("--seed must be >= 0, got %d" % args.seed)
    _, title, (fewest, most) = games.info(args.game)
    if not fewest <= args.players <= most:
        raise UsageError("%s is played by %d to %d players, not %d"
                         % (title, fewest, most, args.players))
    if args.micropython:
        return _micropython(args)
    play = simulator(args.game)
    wins = [0] * args.players
    shared = tiebreaks = points = 0
    start = time.perf_counter()
    for i in range(args.games):
        finished = play(args.seed + i, args.players)
        out = finished.outcome
        for w in out.winners:
            wins[w] += 1
        shared += out.shared
        tiebreaks += out.tiebreak
        points += sum(finished.totals())
    seconds = time.perf_counter() - start
    game = play(args.seed, args.players)  # the first game again, to show one in full
    names = game.players
    print("%d games of %s, %d players%s, seeds %d..%d" % (
        args.games, title, args.players, " + Ludwig" if getattr(game, "ludwig", False) else "",
        args.seed, args.seed + args.games - 1))
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
                           str(args.games), str(args.players), str(args.seed), args.game],
                          cwd=ROOT).returncode

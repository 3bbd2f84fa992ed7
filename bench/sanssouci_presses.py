"""Figures of a Sanssouci game at the box, on the simulated device from the .mpy build with the
Pico's 192 KB heap (the unix port: 8-byte pointers, so the heap figures are an upper bound).

Run: .venv/bin/python bench/sanssouci_presses.py [SEEDS]   (or `make bench`)
For the hand-worked 4-player game (tests/shared/test_sanssouci_game.py) and SEEDS (default 3)
seeded 4-player games of the desktop simulation, each played whole through the five buttons
(tests/rigs/sanssouci_play.py: the player reads the screen and presses as a person
does), it prints:
  presses   the whole game's button presses: setup (players, colours, each garden's
            pre-printed cells), the 72 turns (tile, card, gardener, noble), the task cards
  per turn  the turns' mean and most
  heap      the largest live heap after a collection, sampled after every press, and the
            least free room that leaves in the 192 KB"""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "tests", "shared"),
                os.path.join(ROOT, "tests", "rigs")]

from lenotre.device.simclient import HEAP, SimDevice  # noqa: E402
from sanssouci_play import Player  # noqa: E402
from lenotre.device.toolchain import build  # noqa: E402
from shared_rules.sanssouci.game import Game  # noqa: E402
from shared_rules.sanssouci.simulate import play  # noqa: E402

HEAP_BYTES = int(HEAP.rstrip("k")) * 1024


def worked():
    import test_sanssouci_game as w
    g = Game(["Orange", "Purple", "Cyan", "Pink"], [list(c) for c in w.PRINTED])
    w.play_rounds(g, 0, 18)
    for p in range(4):
        g.reveal(p, w.TASKS[p])
    return g


def measure(plan, compiled):
    tally = {}
    turns = []
    with tempfile.TemporaryDirectory() as flash, \
            SimDevice(flash, compiled=compiled) as dev:
        dev.wait(30)
        peak = [0]
        hold = dev._hold

        def sampled(button, ms):  # every press, then the live heap after a collection
            hold(button, ms)
            peak[0] = max(peak[0], dev.stats()["alloc"])
        dev._hold = sampled

        def note(kind, n):
            tally[kind] = tally.get(kind, 0) + n
            if kind == "turn":
                turns.append(n)
        Player(dev).play(plan.log, note)
        if dev.stats()["clipped"]:
            raise SystemExit("a screen was clipped")
        if "Game over" not in dev.text():
            raise SystemExit("the game did not end at the box: %r" % dev.text())
        return dev.presses, tally, turns, peak[0]


def main(argv):
    seeds = int(argv[0]) if argv else 3
    with tempfile.TemporaryDirectory() as compiled:
        build(compiled)
        plans = [("hand-worked game", worked())]
        plans += [("simulated seed %d" % s, play(s, 4)) for s in range(1, seeds + 1)]
        print("Sanssouci, 4 players, through the buttons (.mpy build, -X heapsize=%s)" % HEAP)
        for name, plan in plans:
            total, tally, turns, peak = measure(plan, compiled)
            print("%-18s presses %4d: setup %d, turns %d (mean %.1f, most %d), task cards %d;"
                  " live heap at most %d B, least free %d B"
                  % (name, total, tally["setup"], tally["turn"], float(tally["turn"]) / len(turns),
                     max(turns), tally["tasks"], peak, HEAP_BYTES - peak))


if __name__ == "__main__":
    main(sys.argv[1:])

"""Der Prestel Schlossgarten at the simulated box: the button presses of whole scripted games
and the box's heap during a 4-player game.

Run: .venv/bin/python bench/schlossgarten_presses.py   (or `make bench`)
1. Presses for each whole game played through the five buttons (lenotre.device.
   schlossgarten_play.Player, CPython runtime): the hand-worked 2- and 4-player games of
   tests/host/test_schlossgarten_table.py, then games of the desktop simulation
   (shared_rules.schlossgarten.simulate, seeds 1-3 at 2, 3 and 4 players), each split into
   setup, turns without a building (one press each) and turns that build.
2. The least free heap of the box (MicroPython unix port, -X heapsize=192k, the .mpy build as
   a Pico loads it) during the hand-worked 4-player game and a simulated 4-player one:
   gc.mem_alloc() after a collection, sampled after every turn; free = 192 KB - that."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "firmware"),
                os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "tests", "rigs")]

from schlossgarten_play import Player  # noqa: E402
from lenotre.device.simclient import HEAP, SimDevice  # noqa: E402
from lenotre.device.toolchain import build  # noqa: E402
from shared_rules.schlossgarten.simulate import play  # noqa: E402
from test_schlossgarten_table import four_player_plan, two_player_plan  # noqa: E402


def hand_worked_two():
    g = two_player_plan()
    g.play(0, [1, 3])  # 11: 21 at the second tile
    return g


def games():
    out = [("hand-worked, 2 players", hand_worked_two()),
           ("hand-worked, 4 players", four_player_plan())]
    for players in (2, 3, 4):
        for seed in (1, 2, 3):
            out.append(("simulated seed %d, %d players" % (seed, players), play(seed, players)))
    return out


def presses(label, plan, compiled=None, heap=False):
    with tempfile.TemporaryDirectory() as flash, \
            SimDevice(flash, micropython=compiled is not None, compiled=compiled) as dev:
        dev.wait(30)
        p = Player(dev)
        # the plan's house rule (RULES.md S5): one without it was played tile by tile
        p.new_game(plan.n, plan.log[0].get("whole_turn", 0))
        setup = dev.presses
        plain = build_presses = plain_turns = build_turns = 0
        peak = dev.stats()["alloc"] if heap else 0
        for ev in plan.log[1:]:
            before = dev.presses
            p.turn(ev)
            if "tiles" in ev:
                build_turns += 1
                build_presses += dev.presses - before
            else:
                plain_turns += 1
                plain += dev.presses - before
            if heap:
                peak = max(peak, dev.stats()["alloc"])
        assert "Winner" in dev.texts(), dev.texts()
        assert dev.stats()["clipped"] == 0
        total = dev.presses
    if heap:
        return peak
    print("%-30s %4d presses: setup %d; %3d turns without a building, %d; %3d that build, "
          "%d (%.1f each)" % (label, total, setup, plain_turns, plain, build_turns,
                              build_presses, build_presses / max(1, build_turns)))
    return total


def main():
    print("Presses of whole Schlossgarten games at the box (CPython runtime):")
    for label, plan in games():
        presses(label, plan)
    with tempfile.TemporaryDirectory() as out:
        build(out)
        heap = int(HEAP.rstrip("k")) * 1024
        for label, plan in (("hand-worked, 4 players", four_player_plan()),
                            ("simulated seed 1, 4 players", play(1, 4))):
            peak = presses(label, plan, compiled=out, heap=True)
            print("%s on the MicroPython unix port at %s, .mpy build: live heap at most "
                  "%d B, least free %d B (%d turns)"
                  % (label, HEAP, peak, heap - peak, plan.turn))


if __name__ == "__main__":
    main()

"""Benchmark: Gardens at the simulated box, played through its five buttons.

Run: .venv/bin/python bench/gardens_presses.py [--no-heap]
1. Button presses of each whole scripted game of tests/host/gardens_tables.py (3 players,
   4 players, the team game, the 2-player game: hand-worked games, undo included), from the
   menu to the winner screen, and where they go: setup, turns without a bed (one ok each),
   turns with beds (the entry, a press a flower, > between beds, ok), undos, the results.
2. The live heap during the 4-player game (96 turns, the longest) on the MicroPython unix
   port with the Pico's 192 KB heap, the firmware as .mpy: sampled after every turn with
   gc.collect(); gc.mem_alloc(), and the least free heap it leaves (192 KB minus the peak)."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "firmware"),
                os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "tests", "rigs")]

from gardens_tables import TABLES  # noqa: E402
from gardens_play import GardensPlayer  # noqa: E402
from lenotre.device.simclient import HEAP, SimDevice  # noqa: E402

ORDER = (("three", "3 players, shorter game (6)"), ("four", "4 players"),
         ("team", "team game 2 vs 2"), ("two", "2 players"))


def presses(table):
    plan = TABLES[table][0]()
    tally = {"setup": 0, "no bed": 0, "beds": 0, "undo": 0, "results": 0}
    counts = {"no bed": 0, "beds": 0, "undo": 0, "flowers": 0}
    with tempfile.TemporaryDirectory() as flash, SimDevice(flash) as dev:
        dev.wait(30)
        p = GardensPlayer(dev)
        s = plan[0]
        # the plan's house rule (RULES.md G2): one without it counted each colour's flowers
        p.new_game(len(s["players"]), s.get("teams", False), s.get("tiles"), s.get("colours"),
                   s.get("majority", "colour"))
        tally["setup"] = dev.presses
        for ev in plan[1:]:
            before = dev.presses
            if ev["e"] == "undo":
                p.undo()
                kind = "undo"
            else:
                p.turn(ev["c"], ev["beds"], ev.get("special", False))
                kind = "beds" if ev["beds"] else "no bed"
                counts["flowers"] += 4 * len(ev["beds"])
            tally[kind] += dev.presses - before
            counts[kind] += 1
        before = dev.presses
        p.finish()
        tally["results"] = dev.presses - before
        total = dev.presses
    return total, tally, counts


def least_free(table="four"):
    from lenotre.device.toolchain import build
    plan = TABLES[table][0]()
    with tempfile.TemporaryDirectory() as out, tempfile.TemporaryDirectory() as flash:
        build(out)
        with SimDevice(flash, micropython=True, compiled=out) as dev:
            dev.wait(30)
            menu = dev.stats()["alloc"]
            peak = [0]

            def sample(ev):
                peak[0] = max(peak[0], dev.stats()["alloc"])
            GardensPlayer(dev).play(plan, sample)
            peak[0] = max(peak[0], dev.stats()["alloc"])  # the winner screen
    heap = int(HEAP[:-1]) * 1024
    print("4-player game (96 turns), MicroPython unix port, %s heap, firmware as .mpy: live "
          "heap at the menu %d B, peak %d B (after a turn, or on the winner screen): least "
          "free %d B" % (HEAP, menu, peak[0], heap - peak[0]))


def main(argv):
    for table, title in ORDER:
        total, tally, counts = presses(table)
        turns = counts["no bed"] + counts["beds"]
        print("%-28s %4d presses: setup %d, %d turns without a bed %d, %d turns with beds "
              "(%d flowers) %d, %d undo %d, results %d"
              % (title, total, tally["setup"], counts["no bed"], tally["no bed"],
                 counts["beds"], counts["flowers"], tally["beds"], counts["undo"],
                 tally["undo"], tally["results"]))
        assert turns == TABLES[table][1]["turns"] + counts["undo"]
    if "--no-heap" not in argv:
        least_free()


if __name__ == "__main__":
    main(sys.argv[1:])

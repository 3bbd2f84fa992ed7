"""The heap a game's events take on the box: as decoded dicts (the plain list) and packed
(shared_rules/packed.py, EventLog.pack), for one simulated game of each game
(tests/shared/games/*.jsonl). Runs on MicroPython's unix port, whose gc.mem_free measures it:

    .venv/bin/micropython -X heapsize=192k bench/packed_events.py   (cwd: the repo root)"""
import gc
import sys

sys.path.insert(0, ".")

from shared_rules import records  # noqa: E402
from shared_rules.codec import decode  # noqa: E402
from shared_rules.packed import Packed  # noqa: E402


def _used(make):
    gc.collect()
    before = gc.mem_free()
    kept = make()
    gc.collect()
    used = before - gc.mem_free()
    return kept, used


def main():
    print("game           events  as dicts   packed   B/event dicts/packed")
    for name in ("versailles", "sanssouci", "gardens", "schlossgarten"):
        records.table(name)  # its rules loaded before the measures
        with open("tests/shared/games/%s.jsonl" % name) as f:
            lines = [line for line in f]
        dicts, plain = _used(lambda: [decode(line) for line in lines])
        p, packed = _used(lambda: Packed(name, dicts))
        print("%-14s %6d %9d %8d %6d/%-3d %5.1fx" % (name, len(dicts), plain, packed,
                                                   plain // len(dicts), packed // len(dicts),
                                                   plain / packed))
        dicts = p = None


main()

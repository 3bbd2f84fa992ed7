# Plays seeded complete games and prints each as canonical JSON lines: the event log, then the
# final state. Run under CPython and under MicroPython, the outputs must be byte-identical
# (tests/host/test_differential.py compares them).
# Usage: differential_games.py FIRST_SEED COUNT
import sys

sys.path.insert(0, "")

from shared_rules.codec import encode
from shared_rules.versailles.simulate import play


def lines(first, count):
    for seed in range(first, first + count):
        players = 2 + seed % 4
        game = play(seed, players)
        yield "game %d %d" % (seed, players)
        for ev in game.log:
            yield encode(ev)
        yield encode(game.snapshot())


def main(argv):
    first, count = int(argv[0]), int(argv[1])
    for line in lines(first, count):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])

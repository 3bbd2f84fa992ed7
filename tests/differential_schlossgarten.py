# Plays seeded Schlossgarten games (shared_rules/schlossgarten/simulate.py) and prints each as
# canonical JSON lines: the event log, the final state, the outcome's reason. Under CPython
# and MicroPython the output must be byte-identical (tests/host/test_schlossgarten_differential.py).
# Usage: differential_schlossgarten.py FIRST_SEED COUNT
import sys

sys.path.insert(0, "")

from shared_rules.codec import encode
from shared_rules.schlossgarten.simulate import play


def lines(first, count):
    for seed in range(first, first + count):
        players = 2 + seed % 3
        game = play(seed, players)
        yield "game %d %d" % (seed, players)
        for ev in game.log:
            yield encode(ev)
        yield encode(game.snapshot())
        yield encode(game.outcome.reason if game.outcome else None)


def main(argv):
    for line in lines(int(argv[0]), int(argv[1])):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])

# Plays seeded complete games of Gardens (every variant in turn) and prints each as canonical
# JSON lines: the event log, the final state, the outcome. Run under CPython and under
# MicroPython, the outputs must be byte-identical (tests/host/test_gardens_differential.py).
# Usage: gardens_games.py FIRST_SEED COUNT
import sys

sys.path.insert(0, "")

from shared_rules.codec import encode
from shared_rules.gardens.simulate import play


def lines(first, count):
    for seed in range(first, first + count):
        game = play(seed)
        rules = "teams" if game.team_rules else "solo"
        yield "game %d %d %s %d" % (seed, game.n, rules, game.tiles)
        for ev in game.log:
            yield encode(ev)
        yield encode(game.snapshot())
        o = game.outcome
        yield encode({"winners": o.winners, "reason": o.reason, "shared": o.shared,
                      "tiebreak": o.tiebreak, "describe": game.describe()})


def main(argv):
    first, count = int(argv[0]), int(argv[1])
    for line in lines(first, count):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])

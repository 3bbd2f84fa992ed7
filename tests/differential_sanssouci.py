# Plays seeded complete games of Sanssouci and prints each as canonical JSON lines: the event
# log (undos included), the final state, the scoreboard and the outcome. Under CPython and
# under MicroPython the output must be byte-identical (tests/host/test_sanssouci_differential.py).
# Usage: differential_sanssouci.py FIRST_SEED COUNT
import gc
import sys

sys.path.insert(0, "")

from shared_rules.codec import encode  # noqa: E402
from shared_rules.sanssouci.simulate import play  # noqa: E402

UNDO_EVERY = 9  # odd seeds undo and push again about one event in nine


def lines(first, count):
    for seed in range(first, first + count):
        players = 2 + seed % 3
        game = play(seed, players, UNDO_EVERY if seed % 2 else 0)
        yield "game %d %d" % (seed, players)
        for ev in game.log:
            yield encode(ev)
        yield encode(game.snapshot())
        board = game.scoreboard()
        yield encode({"parts": list(board.parts), "rows": board.rows, "totals": board.totals,
                      "winners": game.outcome.winners, "reason": game.outcome.reason,
                      "tiebreak": game.outcome.tiebreak})
        game = board = None
        gc.collect()


def main(argv):
    first, count = int(argv[0]), int(argv[1])
    for line in lines(first, count):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])

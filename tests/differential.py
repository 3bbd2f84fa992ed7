# Plays seeded complete games of one game and prints each as canonical JSON lines: a header
# "game SEED PLAYERS [VARIANT...]", the event log (undos included), the final state, then
# the results every game shares (outcome, where the game stands, scoreboard). Under CPython
# and under MicroPython the output must be byte-identical (tests/host/test_*differential.py).
# Usage: differential.py GAME FIRST_SEED COUNT    (cwd: the repo root, or a folder holding
# shared_rules/ as .mpy files)
import gc
import sys

sys.path.insert(0, "")

from shared_rules.codec import encode  # noqa: E402


def _versailles(seed):
    from shared_rules.versailles.simulate import play
    players = 2 + seed % 4
    return play(seed, players), [players]


def _sanssouci(seed):
    from shared_rules.sanssouci.simulate import play
    players = 2 + seed % 3
    return play(seed, players, 9 if seed % 2 else 0), [players]  # odd seeds undo now and then


def _gardens(seed):
    from shared_rules.gardens.simulate import play
    game = play(seed)  # every variant in turn
    return game, [game.n, "teams" if game.team_rules else "solo", game.tiles]


def _schlossgarten(seed):
    from shared_rules.schlossgarten.simulate import play
    players = 2 + seed % 3
    return play(seed, players), [players]


GAMES = {"versailles": _versailles, "sanssouci": _sanssouci, "gardens": _gardens,
         "schlossgarten": _schlossgarten}


def lines(name, first, count):
    make = GAMES[name]
    for seed in range(first, first + count):
        game, head = make(seed)
        yield " ".join(["game", str(seed)] + [str(h) for h in head])
        for ev in game.log:
            yield encode(ev)
        yield encode(game.snapshot())
        o, board = game.outcome, game.scoreboard()
        yield encode({"winners": o.winners, "reason": o.reason, "shared": o.shared,
                      "tiebreak": o.tiebreak, "describe": game.describe(),
                      "parts": list(board.parts), "rows": board.rows, "totals": board.totals})
        game = o = board = None
        gc.collect()


def main(argv):
    for line in lines(argv[0], int(argv[1]), int(argv[2])):
        print(line)


if __name__ == "__main__":
    main(sys.argv[1:])

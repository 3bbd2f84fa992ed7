"""CPython and real MicroPython play the same seeded games of Sanssouci to the same bytes.

The unix port runs with -X heapsize=192k, the Pico's RAM; every game is a complete 2-4 player
game by tests/differential.py sanssouci (the seeded simulator: tiles, gardeners, noble moves,
task cards, the final scoring; half the games undo and redo events on the way), compared line
by line as canonical JSON: each event of the log, the final snapshot, the scoreboard and the
outcome."""
from runtimes_agree import compare

GAMES = 120


def test_120_games_identical_on_both_runtimes():
    cpy = compare("sanssouci", GAMES, timeout=120)
    # every game finished, some with undos, tiles as gardeners, noble moves, and rows built
    assert sum(1 for line in cpy if '"phase":"over"' in line) == GAMES
    assert sum(1 for line in cpy if line == '{"e":"undo"}') > GAMES
    assert any('"e":"noble"' in line for line in cpy)

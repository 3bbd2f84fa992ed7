"""CPython and real MicroPython play the same seeded games to the same bytes.

The unix port runs with -X heapsize=192k, the Pico's RAM; every game is a complete 2-5 player
game with the grid model, Ludwig's draws, claims, reports and both scorings."""
from runtimes_agree import compare

GAMES = 200


def test_200_games_identical_on_both_runtimes():
    cpy = compare("versailles", GAMES)
    # Every game really finished: the state after each is a snapshot of phase "over".
    assert sum(1 for line in cpy if '"phase":"over"' in line) == GAMES

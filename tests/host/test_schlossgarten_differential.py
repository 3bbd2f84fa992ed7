"""CPython and real MicroPython (-X heapsize=192k, the Pico's RAM) play the same seeded
Schlossgarten games to the same bytes: every event, the final ledgers, the constellation pile
and the winner's reason lines. 150 complete 2-4 player games (tests/differential.py schlossgarten)."""
from runtimes_agree import compare

GAMES = 150


def test_150_games_identical_on_both_runtimes():
    cpy = compare("schlossgarten", GAMES, timeout=60)
    # every game was won: its reason starts "first to 21"
    assert sum(1 for line in cpy if '"reason":["first to 21"' in line) == GAMES
    # and they cover what the box must count: elements built over, reshuffled piles
    assert sum(1 for line in cpy if '"over":' in line) > GAMES
    assert sum(1 for line in cpy if '"shuffles":0' not in line and '"shuffles":' in line) > 0

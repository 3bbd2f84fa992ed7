"""CPython and real MicroPython (-X heapsize=192k, the Pico's RAM) play the same seeded
Schlossgarten games to the same bytes: every event, the final ledgers, the constellation pile
and the winner's reason lines. 150 complete 2-4 player games (tests/differential_schlossgarten.py)."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import differential_schlossgarten  # noqa: E402
from lenotre.toolchain import tool  # noqa: E402

GAMES = 150


def test_150_games_identical_on_both_runtimes():
    out = subprocess.run([tool("micropython"), "-X", "heapsize=192k",
                          "tests/differential_schlossgarten.py", "0", str(GAMES)],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr[-2000:]
    mpy = out.stdout.splitlines()
    cpy = list(differential_schlossgarten.lines(0, GAMES))
    assert sum(1 for line in cpy if line.startswith("game ")) == GAMES
    assert sum(1 for line in mpy if line.startswith("game ")) == GAMES
    for i, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "first difference at line %d:\nCPython:     %s\nMicroPython: %s" % (
            i, a[:300], b[:300])
    assert len(cpy) == len(mpy)
    # every game was won: its snapshot names the winner, its reason starts "first to 21"
    assert sum(1 for line in cpy if line.startswith('["first to 21"')) == GAMES
    # and they cover what the box must count: elements built over, reshuffled piles
    assert sum(1 for line in cpy if '"over":' in line) > GAMES
    assert sum(1 for line in cpy if '"shuffles":0' not in line and '"shuffles":' in line) > 0

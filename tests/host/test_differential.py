"""CPython and real MicroPython play the same seeded games to the same bytes.

The unix port runs with -X heapsize=192k, the Pico's RAM; every game is a complete 2-5 player
game with the grid model, Ludwig's draws, claims, reports and both scorings."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import differential_games  # noqa: E402
from lenotre.device.toolchain import tool

GAMES = 200


def micropython():
    return tool("micropython")


def test_200_games_identical_on_both_runtimes():
    out = subprocess.run([micropython(), "-X", "heapsize=192k", "tests/differential_games.py",
                          "0", str(GAMES)], cwd=ROOT, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    mpy = out.stdout.splitlines()
    cpy = list(differential_games.lines(0, GAMES))
    games = [line for line in cpy if line.startswith("game ")]
    assert len(games) == GAMES
    assert sum(1 for line in mpy if line.startswith("game ")) == GAMES
    for i, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "first difference at line %d:\nCPython:     %s\nMicroPython: %s" % (
            i, a[:300], b[:300])
    assert len(cpy) == len(mpy)
    # Every game really finished: the last line of each is a snapshot of phase "over".
    assert sum(1 for line in cpy if '"phase":"over"' in line) == GAMES

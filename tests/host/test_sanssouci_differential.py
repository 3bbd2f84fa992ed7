"""CPython and real MicroPython play the same seeded games of Sanssouci to the same bytes.

The unix port runs with -X heapsize=192k, the Pico's RAM; every game is a complete 2-4 player
game by tests/differential_sanssouci.py (the seeded simulator: tiles, gardeners, noble moves,
task cards, the final scoring; half the games undo and redo events on the way), compared line
by line as canonical JSON: each event of the log, the final snapshot, the scoreboard and the
outcome."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import differential_sanssouci  # noqa: E402
from lenotre.toolchain import tool  # noqa: E402

GAMES = 120  # ~5 s on MicroPython, ~3 s on CPython


def test_120_games_identical_on_both_runtimes():
    out = subprocess.run([tool("micropython"), "-X", "heapsize=192k",
                          "tests/differential_sanssouci.py", "0", str(GAMES)], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    mpy = out.stdout.splitlines()
    cpy = list(differential_sanssouci.lines(0, GAMES))
    assert sum(1 for line in cpy if line.startswith("game ")) == GAMES
    for i, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "first difference at line %d:\nCPython:     %s\nMicroPython: %s" % (
            i, a[:300], b[:300])
    assert len(cpy) == len(mpy)
    # every game finished, some with undos, tiles as gardeners, noble moves, and rows built
    assert sum(1 for line in cpy if '"phase":"over"' in line) == GAMES
    assert sum(1 for line in cpy if line == '{"e":"undo"}') > GAMES
    assert any('"e":"noble"' in line for line in cpy)
    assert any('"e":"noble"' in line for line in mpy)

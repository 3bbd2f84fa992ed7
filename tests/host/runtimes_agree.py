"""Runs tests/differential.py for one game on MicroPython (192 KB) and compares its lines
with CPython's, line by line: -> the lines, for the game's own checks of what was played."""
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import differential  # noqa: E402
from lenotre.device.toolchain import tool  # noqa: E402


def compare(game, count, cwd=ROOT, timeout=600):
    script = "tests/differential.py" if cwd == ROOT else "differential.py"
    out = subprocess.run([tool("micropython"), "-X", "heapsize=192k", script, game, "0",
                          str(count)], cwd=cwd, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, out.stderr[-2000:]
    mpy = out.stdout.splitlines()
    cpy = list(differential.lines(game, 0, count))
    assert sum(1 for line in cpy if line.startswith("game ")) == count
    for i, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "first difference at line %d:\nCPython:     %s\nMicroPython: %s" % (
            i, a[:300], b[:300])
    assert len(cpy) == len(mpy)
    return cpy

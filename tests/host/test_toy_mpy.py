"""The toy game's tests (tests/shared/test_toy_game.py: the game-neutral seam end to end) on
the firmware as the Pico holds it: every module compiled by mpy-cross, loaded as .mpy by
MicroPython's unix port, one process a test, with the harness heap of the guard's tests
(test_guard_mpy: the box's 192 KB plus the compiled test harness beside it)."""
import os

import pytest

from lenotre.device.toolchain import ROOT, compile_file
from test_guard_mpy import HARNESS_HEAP, RUN, _micropython, _names
from test_guard_mpy import compiled, compiled_tests  # noqa: F401  (fixtures)


@pytest.fixture(scope="module")
def toy_tests(compiled_tests):  # noqa: F811
    # the toy game's rules package compiled beside the shared tests
    src = os.path.join(ROOT, "tests", "shared", "toygame")
    out = os.path.join(compiled_tests, "toygame")
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(src):
        if name.endswith(".py"):
            assert compile_file(os.path.join(src, name),
                                os.path.join(out, name[:-3] + ".mpy")) is None
    return compiled_tests


@pytest.mark.parametrize("name", _names("test_toy_game"))
def test_the_toy_game_tests_pass_on_the_mpy_build(compiled, toy_tests, name):  # noqa: F811
    out = _micropython("-c", RUN % (compiled, compiled, toy_tests, "test_toy_game", name,
                                    name, name), heap=HARNESS_HEAP)
    assert out.stdout.strip().endswith("1 passed, 0 failed, 0 skipped"), out.stdout + out.stderr

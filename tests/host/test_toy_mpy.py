"""The toy game's tests (tests/shared/test_toy_game.py: the game-neutral seam end to end) on
the firmware as the Pico holds it: every module compiled by mpy-cross, loaded as .mpy by
MicroPython's unix port, one process a test, with the harness heap of the guard's tests
(test_guard_mpy: the box's 192 KB plus the compiled test harness beside it)."""
import pytest

from test_guard_mpy import HARNESS_HEAP, RUN, _micropython, _names
from test_guard_mpy import compiled, compiled_tests  # noqa: F401  (fixtures)


@pytest.mark.parametrize("name", _names("test_toy_game"))
def test_the_toy_game_tests_pass_on_the_mpy_build(compiled, compiled_tests, name):  # noqa: F811
    out = _micropython("-c", RUN % (compiled, compiled, compiled_tests, "test_toy_game", name,
                                    name, name), heap=HARNESS_HEAP)
    assert out.stdout.strip().endswith("1 passed, 0 failed, 0 skipped"), out.stdout + out.stderr

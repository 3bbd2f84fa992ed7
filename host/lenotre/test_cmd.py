"""`lenotre test`: the shared rules tests on CPython, on the MicroPython unix port, or on a
connected Pico (through mpremote): the very same test files everywhere."""
import os
import re
import subprocess
import sys

from lenotre.toolchain import ROOT, tool

# The rules core's tests: pure logic, small enough for a Pico's heap. (The firmware's own
# shared tests need the simulated hardware and a scratch folder; they run on the desktop.)
RULES_TESTS = ("test_rulebook_examples.py", "test_cards_and_ludwig.py", "test_garden.py",
               "test_tokens.py", "test_scoring.py", "test_event_log.py")


def add(sub):
    p = sub.add_parser("test", help="run the shared rules tests (CPython, MicroPython, a Pico)",
                       description=__doc__)
    where = p.add_mutually_exclusive_group()
    where.add_argument("--micropython", action="store_true",
                       help="under the MicroPython unix port with the Pico's 192 KB heap")
    where.add_argument("--port", help="on the Pico at this serial port (flashed with "
                                      "`lenotre flash`: shared_rules is already on it)")
    p.set_defaults(run=run)


def run(args):
    if args.port:
        return on_pico(args.port)
    files = [os.path.join("tests", "shared", f) for f in RULES_TESTS]
    if args.micropython:
        cmd = [sys.executable, os.path.join("tests", "run_mpy.py")] + [
            f[:-3] for f in RULES_TESTS]
    else:
        cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"] + files
    return subprocess.run(cmd, cwd=ROOT).returncode


def on_pico(port):
    # Copy the test files next to the flashed firmware, run the runner there, read its line.
    from lenotre.cli import UsageError
    mp = [tool("mpremote"), "connect", port]
    steps = [["fs", "mkdir", ":tests"], ["fs", "mkdir", ":tests/shared"]]
    for f in RULES_TESTS + ("support.py",):
        steps.append(["fs", "cp", os.path.join(ROOT, "tests", "shared", f),
                      ":tests/shared/" + f])
    cmd = list(mp)
    for s in steps:
        cmd += s + ["+"]
    cmd += ["run", os.path.join(ROOT, "tests", "run_shared.py")]  # runs what it finds
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    text = out.stdout + out.stderr
    sys.stdout.write(text.replace("mkdir :tests: File exists", ""))
    m = re.search(r"^(\d+) passed, (\d+) failed\s*$", text, re.M)
    if not m:
        raise UsageError("the Pico at %s did not run the tests (mpremote said: %s)"
                         % (port, text.strip().splitlines()[-1] if text.strip() else "nothing"))
    return 0 if int(m.group(2)) == 0 and int(m.group(1)) > 0 else 1

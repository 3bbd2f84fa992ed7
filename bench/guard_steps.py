"""The slowest steps of the app's loop, against the guard's watchdog (8 s, firmware/guard.py):
the random-press soak (tests/shared/soak.py) under MicroPython's unix port at 192 KB, from the
.mpy build, each step timed with time.ticks_us. Prints the slowest steps and the screen they
ended on. A desktop core is several times a Pico's 133 MHz: the figure is a floor, not the
Pico's own.

    python bench/guard_steps.py [PRESSES] [SEED]"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from lenotre.device.toolchain import build, tool  # noqa: E402

TIMED = """
import sys, time
sys.path[:0] = ["tests/shared", %r]
from support import scratch
import soak
s = soak.Soak(scratch("guard_steps"), %d)
slow = []
step = s.g.step
def timed():
    t = time.ticks_us()
    step()
    us = time.ticks_diff(time.ticks_us(), t)
    if len(slow) < 5 or us > slow[0][0]:
        slow.append((us, type(s.g.app.stack[-1]).__name__ if s.g.app else "-"))
        slow.sort()
        del slow[:-5]
def on():
    global step
    step = None  # the old guard (and its app) let go, as the soak does
    soak.Soak.power_on(s)
    step = s.g.step
    s.g.step = timed
s.g.step = timed
s.power_on = on
s.run(%d)
print("%%d presses, %%d steps; slowest steps (ms, screen after): %%s" %% (s.presses, s.steps,
      ", ".join(["%%.1f %%s" %% (us / 1000, name) for us, name in reversed(slow)])))
"""


def main(argv):
    presses = int(argv[0]) if argv else 20000
    seed = int(argv[1]) if len(argv) > 1 else 1
    with tempfile.TemporaryDirectory() as out:
        build(out)
        r = subprocess.run([tool("micropython"), "-X", "heapsize=192k", "-c",
                            TIMED % (out, seed, presses)], cwd=ROOT, capture_output=True,
                           text=True)
    sys.stdout.write(r.stdout + r.stderr)
    print("(MicroPython unix port, .mpy build, 192 KB heap; the guard's watchdog: 8000 ms)")
    return r.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""What the formats the box shares with the PC (shared_rules/records.py, framing.py,
palette.py, roster.py, walltime.py) cost the box's heap, measured on the .mpy build under
MicroPython at 192 KB: the live heap after importing what the app loads at boot (journal,
wallclock, store, app.colors), then what the sync link adds (link, roster), and the shared
modules alone.

Run: .venv/bin/python bench/shared_heap.py"""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from lenotre.device.toolchain import build, tool  # noqa: E402

PROBE = """import gc
gc.collect()
a = gc.mem_alloc()
import journal, wallclock, store
from app import colors
gc.collect()
b = gc.mem_alloc()
import link, roster
gc.collect()
c = gc.mem_alloc()
print("boot modules %d bytes; the link and the roster add %d" % (b - a, c - b))
"""
ALONE = """import gc
import shared_rules.codec, shared_rules.versailles.game  # what they import, the box had before
gc.collect()
a = gc.mem_alloc()
from shared_rules import records, framing, palette, roster, walltime
gc.collect()
print("the five shared modules themselves: %d bytes" % (gc.mem_alloc() - a))
"""

with tempfile.TemporaryDirectory() as out:
    build(out)
    env = dict(os.environ, MICROPYPATH=os.pathsep.join((out, os.path.join(out, "lib"))))
    for code in (PROBE, ALONE):
        run = subprocess.run([tool("micropython"), "-X", "heapsize=192k", "-c", code],
                             cwd=out, env=env, capture_output=True, text=True)
        print((run.stdout + run.stderr).strip())

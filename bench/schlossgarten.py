"""Benchmark: the Schlossgarten rules core's memory on MicroPython (-X heapsize=192k).

Run: .venv/bin/python bench/schlossgarten.py [SEEDS]   (or `make bench`)
Prints the heap the rules cost when imported (beside the seam every game shares), and the
live heap of a 4-player game replayed event by event as the box does it (state + the events
that stand), sampled with gc.collect(); gc.mem_alloc() after every event and after a final
undo. The game: the longest of the simulated 4-player games of seeds 0..SEEDS-1 (default
200), and a median one; each from source and as the .mpy files the box holds."""
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT]

from lenotre.device.toolchain import compile_file, tool  # noqa: E402
from shared_rules.codec import encode  # noqa: E402
from shared_rules.schlossgarten.simulate import play  # noqa: E402

MODULES = ("__init__", "codec", "errors", "eventlog", "outcome", "schlossgarten/__init__",
           "schlossgarten/game")


def compiled(out):
    # the rules as the box holds them: .mpy files in lib/shared_rules
    for m in MODULES:
        src = os.path.join(ROOT, "shared_rules", m + ".py")
        dst = os.path.join(out, "shared_rules", m + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        err = compile_file(src, dst, "lib/shared_rules/%s.py" % m)
        assert err is None, err
    return out


def heap(root, journal):
    out = subprocess.run([tool("micropython"), "-X", "heapsize=192k",
                          "bench/schlossgarten_heap.py", root, journal], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()


def main():
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    games = sorted((len(play(s, 4).log), s) for s in range(seeds))
    with tempfile.TemporaryDirectory() as tmp:
        mpy = compiled(os.path.join(tmp, "mpy"))
        for label, (length, seed) in (("longest", games[-1]), ("median", games[seeds // 2])):
            journal = os.path.join(tmp, "game%d.jsonl" % seed)
            with open(journal, "w") as f:
                f.write("".join(encode(ev) + "\n" for ev in play(seed, 4).log))
            print("%s 4-player game of seeds 0..%d (seed %d, %d turns):"
                  % (label, seeds - 1, seed, length - 1))
            print("  source: " + heap(ROOT, journal))
            print("  .mpy:   " + heap(mpy, journal))


if __name__ == "__main__":
    main()

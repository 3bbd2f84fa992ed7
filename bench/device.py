"""Figures of the box at the table, measured on the simulated device.

Run: .venv/bin/python bench/device.py   (or `make bench`)
1. Button presses for a scripted 2-player game with Ludwig (a whole game of the desktop
   simulation replayed through the five buttons), and where they go.
2. Journal bytes per event and per complete game, as the firmware's store writes them.
3. Peak live heap during a 5-player game under MicroPython (-X heapsize=192k): sampled after
   every action with gc.collect(); gc.mem_alloc()."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "firmware")]

from lenotre.simclient import SimDevice  # noqa: E402
from lenotre.simplay import Player  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402


def presses(seed):
    plan = play(seed, 2)
    tally = {}
    counts = {}
    with tempfile.TemporaryDirectory() as flash, SimDevice(flash) as dev:
        dev.wait(30)

        def note(kind, n):
            tally[kind] = tally.get(kind, 0) + n
            counts[kind] = counts.get(kind, 0) + 1
        Player(dev).play(plan.log, note)
        total = dev.presses
        import store
        s = store.Store(flash)
        gid = s.games()[0][0]
        size, events = s.size(gid), len(s.events(gid))
    print("2-player game with Ludwig (plan seed %d): %d button presses" % (seed, total))
    labels = {"setup": "new game (players, colours, start)", "round": "14 rounds of cards",
              "claim": "token claims", "areas": "area reports (2 players x 6 sizes x 2)",
              "score": "scorings and scoreboards"}
    for kind in ("setup", "round", "claim", "areas", "score"):
        if kind in tally:
            print("  %-40s %4d presses in %2d steps, %.1f per step"
                  % (labels[kind], tally[kind], counts[kind], tally[kind] / counts[kind]))
    # Presses no entry scheme can save: the menu steps, one ok per card, per size and per
    # confirmation, and next+ok+ok+ok per claim. The rest goes into reaching values.
    n = 2
    floor = ((1 + (n - 2) + 1 + n + 1) + 14 * (1 + n) + 4 * counts.get("claim", 0)
             + (n * 6 + 1) * 2 + 1 + 2)
    print("  presses that are not value changes: %d; reaching card and size values: %d"
          % (floor, total - floor))
    print("journal: %d events in %d bytes: %.1f bytes/event" % (events + 1, size,
                                                             size / (events + 1)))
    return total


def peak_heap(seed, players=5, compiled=None):
    plan = play(seed, players)
    peak = 0
    with tempfile.TemporaryDirectory() as flash, SimDevice(flash, micropython=True,
                                                           compiled=compiled) as dev:
        dev.wait(30)
        boot = dev.stats()["alloc"]

        def sample(kind, n):
            nonlocal peak
            peak = max(peak, dev.stats()["alloc"])
        Player(dev).play(plan.log, sample)
    print("%d-player game, MicroPython 192 KB heap, %s: live heap at the menu %d B, peak %d B "
          "(+%d B for the game)" % (players, "firmware as .mpy" if compiled else
                                    "firmware compiled from source", boot, peak, peak - boot))


if __name__ == "__main__":
    presses(3)
    print("(the unix port has 8-byte pointers: on the 32-bit Pico the same state takes about "
          "0.6-0.7x these heaps, not half; bench/pico.py measures the Pico's own)")
    peak_heap(7)
    from lenotre.toolchain import build
    with tempfile.TemporaryDirectory() as out:
        build(out)
        peak_heap(7, compiled=out)
    print("journal bytes per complete game by player count: .venv/bin/python "
          "bench/journal_size.py")

"""Figures of the box at the table, measured on the simulated device.

Run: .venv/bin/python bench/device.py   (or `make bench`)
1. Button presses for a scripted 2-player game with Ludwig (a whole game of the desktop
   simulation replayed through the five buttons), and where they go. The player reads the
   screen and presses as a person does: a hold runs through as many jumps as it needs (the
   box jumps every 300 ms held), then single steps from the nearer side; the figure for a
   player who holds for one jump at a time follows.
2. Journal bytes per event and per complete game, as the firmware's store writes them.
3. Peak live heap during a 5-player game under MicroPython (-X heapsize=192k): sampled after
   every action with gc.collect(); gc.mem_alloc().
4. A box of 1,300 games, all synced, then filled past full (bench/full_box.py): the live heap
   at the menu, the acks' and the packs' index share, the highest live heap while the store
   makes room."""
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "firmware"),
                os.path.join(ROOT, "bench")]

from lenotre.device.simclient import HEAP, SOURCE_HEAP, SimDevice  # noqa: E402
from lenotre.games.versailles_play import Player  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402


def presses(seed, long_holds=True):
    plan = play(seed, 2)
    tally = {}
    counts = {}
    with tempfile.TemporaryDirectory() as flash, SimDevice(flash) as dev:
        dev.wait(30)

        def note(kind, n):
            tally[kind] = tally.get(kind, 0) + n
            counts[kind] = counts.get(kind, 0) + 1
        Player(dev, long_holds).play(plan.log, note)
        total = dev.presses
        dev_log = list(dev.log)
        import store
        s = store.Store(flash + "/data")  # the box's layout
        gid = s.games()[0][0]
        size, events = s.size(gid), len(s.events(gid))
    print("2-player game with Ludwig (plan seed %d): %d button presses" % (seed, total))
    labels = {"setup": "new game (players, colours, start)", "round": "14 rounds of cards",
              "claim": "token claims", "areas": "area reports (2 players, 5 kinds then 6)",
              "score": "scorings and scoreboards"}
    for kind in ("setup", "round", "claim", "areas", "score"):
        if kind in tally:
            print("  %-40s %4d presses in %2d steps, %.1f per step"
                  % (labels[kind], tally[kind], counts[kind], tally[kind] / counts[kind]))
    # Presses that only reach values (up/down, short or held) against the ones that choose,
    # confirm and move on, counted from the presses made.
    values = len([b for b, kind in dev_log if b in ("up", "down")])
    print("  presses that are not value changes: %d; reaching card and size values: %d"
          % (total - values, values))
    print("journal: %d events in %d bytes: %.1f bytes/event" % (events + 1, size,
                                                             size / (events + 1)))
    return total


def quiet(fn, *args, **kw):
    # fn's result without what it prints
    import contextlib
    import io
    with contextlib.redirect_stdout(io.StringIO()):
        return fn(*args, **kw)


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
    print("%d-player game, MicroPython %s heap, %s: live heap at the menu %d B, peak %d B "
          "(+%d B for the game)" % (players, HEAP if compiled else SOURCE_HEAP,
                                    "firmware as .mpy" if compiled else
                                    "firmware compiled from source", boot, peak, peak - boot))


if __name__ == "__main__":
    presses(3)
    print("the same game by a player who holds up/down for one jump at a time (not through "
          "several): %d button presses" % quiet(presses, 3, long_holds=False))
    print("(the unix port has 8-byte pointers: on the 32-bit Pico the same state took about "
          "0.68x these heaps, measured on the emulated Pico in issue 10, not half; bench/pico.py "
          "measures the Pico's own)")
    peak_heap(7)
    from lenotre.device.toolchain import build
    with tempfile.TemporaryDirectory() as out:
        build(out)
        peak_heap(7, compiled=out)
    import full_box
    full_box.main([])
    print("journal bytes per complete game by player count: .venv/bin/python "
          "bench/journal_size.py")

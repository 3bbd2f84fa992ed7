"""Sync figures, side by side in one run (docs/HOST.md):

    python bench/sync.py            the virtual Pico (the unix port), median of 7
    python bench/sync.py --pico     the emulated Pico (official MicroPython on rp2040js), 3 runs

1. `lenotre sync` of 100 recorded games (simulated, 2-5 players) from a virtual Pico into a
   fresh database, against `mpremote fs cp` of the same journal files from the same virtual
   Pico (both as the commands a user runs; median of 7 runs each);
2. import throughput into SQLite: Library.add of the same 100 games, frame by frame as a sync
   stores them.

The virtual Pico is lenotre.device.vpico (MicroPython's unix port, 192 KB heap, behind a pty) with
the firmware compiled by mpy-cross on its flash; without it, the unix port's own REPL on a pty
(tests/host/linkrig.py), and mpremote is told `resume` (the bare unix port exits where a Pico
soft-resets)."""
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "firmware"), ROOT,
          os.path.join(ROOT, "host", "lenotre", "shims")):
    sys.path.insert(0, p)

from linkrig import Device, record_games  # noqa: E402
from lenotre.device import toolchain  # noqa: E402
from lenotre.library.db import Library  # noqa: E402
from lenotre.link.syncproto import FRAME  # noqa: E402

GAMES = 100
RUNS = 7


class VirtualPico:
    """lenotre.device.vpico in a subprocess: the port is the first line it prints."""

    def __init__(self, flash):
        self.proc = subprocess.Popen([sys.executable, "-m", "lenotre.device.vpico", flash],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     text=True)
        self.path = self.proc.stdout.readline().strip()
        if not self.path:
            raise RuntimeError("lenotre.device.vpico did not start")
        self.mpremote = []

    def close(self):
        self.proc.terminate()
        self.proc.wait(10)


class BarePort:
    """Fallback: the unix port's friendly REPL on a pty, restarted when it exits."""

    def __init__(self, flash):
        self.flash = flash
        self.dev = Device(flash, code=None)
        self.mpremote = ["resume"]

    @property
    def path(self):
        if self.dev.proc.poll() is not None:
            self.dev.kill()
            self.dev = Device(self.flash, code=None)
        return self.dev.path

    def close(self):
        self.dev.kill()


def box(flash):
    try:
        import lenotre.device.vpico  # noqa: F401
    except ImportError:
        return BarePort(flash), "the unix port's REPL on a pty (no lenotre.device.vpico)"
    toolchain.build(flash)  # the firmware as .mpy, as `lenotre flash` puts it on a Pico
    return VirtualPico(flash), "lenotre.device.vpico (firmware as .mpy on its flash)"


def timed(cmd):
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    took = time.perf_counter() - start
    if out.returncode:
        raise RuntimeError("%s failed: %s%s" % (" ".join(cmd[:3]), out.stdout, out.stderr))
    return took, out.stdout


def main():
    work = tempfile.mkdtemp(prefix="lenotre-bench-sync-")
    try:
        flash = os.path.join(work, "flash")
        specs = [(seed, 2 + seed % 4, None) for seed in range(1, GAMES + 1)]
        logs = record_games(flash, specs)
        data = os.path.join(flash, "data")
        journals = sorted(f for f in os.listdir(data) if f.endswith((".pak", ".log")))
        size = sum(os.path.getsize(os.path.join(data, f)) for f in journals)
        dev, kind = box(flash)
        lenotre = os.path.join(os.path.dirname(sys.executable), "lenotre")
        mpremote = toolchain.tool("mpremote")
        sync_times, cp_times = [], []
        try:
            for run in range(RUNS):
                dest = os.path.join(work, "cp%d" % run)
                os.mkdir(dest)
                took, _ = timed([mpremote, "connect", dev.path] + dev.mpremote + ["fs", "cp"]
                                + [":data/" + f for f in journals] + [dest + "/"])
                copied = sum(os.path.getsize(os.path.join(dest, f)) for f in journals)
                assert copied == size, (copied, size)
                cp_times.append(took)
                db = os.path.join(work, "games%d.sqlite" % run)
                took, out = timed([lenotre, "sync", "--port", dev.path, "--db", db])
                assert "%d new" % GAMES in out, out
                sync_times.append(took)
        finally:
            dev.close()
        lib = Library(os.path.join(work, "games0.sqlite"))
        assert len(lib.games()) == GAMES
        lib.close()
        sync_s, cp_s = statistics.median(sync_times), statistics.median(cp_times)
        print("sync of %d games (%d journal bytes in %d files) over %s, median of %d:"
              % (GAMES, size, len(journals), kind, RUNS))
        print("  lenotre sync       %6.2f s  (%s)" % (sync_s, ", ".join(
            "%.2f" % t for t in sync_times)))
        print("  mpremote fs cp     %6.2f s  (%s)" % (cp_s, ", ".join(
            "%.2f" % t for t in cp_times)))
        print("  lenotre sync is %.1fx faster (goal: 3x); it also checks, parses and "
              "stores every record" % (cp_s / sync_s))
        import_throughput(work, flash, logs)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def import_throughput(work, flash, logs):
    import store
    st = store.Store(os.path.join(flash, "data"))
    journals = {gid: st.read_from(gid, 0, st.size(gid)) for gid, _ in st.games()}
    lib = Library(os.path.join(work, "import.sqlite"))
    frames = 0
    start = time.perf_counter()
    for gid, data in journals.items():
        for off in range(0, len(data), FRAME):
            lib.add("bench", gid, off, data[off:off + FRAME])
            frames += 1
    lib.durable("bench")
    took = time.perf_counter() - start
    events = sum(len(lib.events("bench", g)) for g in journals)
    lib.close()
    assert events == sum(len(log) for log in logs.values())
    print("import into SQLite: %d games, %d frames, %d events in %.2f s: %.0f games/s, "
          "%.0f events/s" % (len(journals), frames, events, took, len(journals) / took,
                             events / took))


def on_pico(runs=3):
    # The same race on the emulated Pico: 100 Versailles games on the box (bench/pico.py's
    # games_on_box: written by the firmware's store on the desktop, copied over USB), then in
    # each run `lenotre sync` into a fresh library and `mpremote fs cp` of the store's files.
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import pico
    from lenotre.device.epico import EmulatedPico
    work = tempfile.mkdtemp(prefix="lenotre-bench-sync-pico-")
    try:
        image = pico.flashed(work)
        local = pico.games_on_box(work, image, GAMES, "box")
        names = sorted(os.listdir(local))
        mpremote = toolchain.tool("mpremote")
        lenotre = os.path.join(os.path.dirname(sys.executable), "lenotre")
        sync_times, cp_times = [], []
        with EmulatedPico(image) as box:
            box.wait_for("New game")
            for run in range(runs):
                took, out = timed([lenotre, "sync", "--port", box.port, "--db",
                                   os.path.join(work, "games%d.sqlite" % run)])
                assert "%d new" % GAMES in out, out
                sync_times.append(took)
                box.wait_for("New game")
                dest = os.path.join(work, "cp%d" % run)
                os.mkdir(dest)
                took, _ = timed([mpremote, "connect", box.port, "fs", "cp"] +
                                [":data/" + n for n in names] + [dest + "/"])
                assert sorted(os.listdir(dest)) == names
                cp_times.append(took)
                box.wait_for("New game")
        size = sum(os.path.getsize(os.path.join(local, n)) for n in names)
        print("sync of %d games (%d bytes in %d files: %s) on the emulated Pico, %d runs "
              "side by side:" % (GAMES, size, len(names), ", ".join(names), runs))
        print("  lenotre sync    %s s" % ", ".join("%.1f" % t for t in sync_times))
        print("  mpremote fs cp  %s s" % ", ".join("%.1f" % t for t in cp_times))
        print("  lenotre sync is %.2fx faster, median against median (goal: 3x)"
              % (statistics.median(cp_times) / statistics.median(sync_times)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    if "--pico" in sys.argv[1:]:
        on_pico()
    else:
        main()

# Journal size: how many complete games the box keeps. Records simulated complete games of 2 to
# 5 players with the real store (firmware/store.py) and prints bytes per event, bytes per game
# (mean, max) per player count and the games that fit in 1 MB.
#
# Under MicroPython it also fills real littlefs filesystems (the unix port's VfsLfs2 over a RAM
# block device, with the Pico's parameters: 4096-byte blocks, progsize=256 as in rp2's
# _boot.py) with the real Store until StoreFull, for 1 MB, the Pico W's 848 KB and the Pico's
# 1408 KB partition (MICROPY_HW_FLASH_STORAGE_BYTES of ports/rp2/boards/RPI_PICO and
# RPI_PICO_W), and compares with one file per game; and it counts the flash block writes one
# append costs, reopening the journal per append vs. keeping it open.
#
# Usage (cwd = repo root):
#   .venv/bin/python bench/journal_size.py [GAMES_PER_PLAYER_COUNT]
#   micropython -X heapsize=16M bench/journal_size.py [GAMES_PER_PLAYER_COUNT]
import os
import sys

sys.path.insert(0, "firmware")
sys.path.insert(0, "tests/shared")  # support.rmtree: the shared tests' own, os calls only
sys.path.insert(0, "")

MB = 1024 * 1024
BLOCK = 4096
SIZES = ((MB, "1 MB"), (848 * 1024, "Pico W 848 KB"), (1408 * 1024, "Pico 1408 KB"))
# One buffer for every littlefs image, taken first: later the heap is too fragmented for it.
_IMAGE = bytearray(SIZES[-1][0]) if sys.implementation.name == "micropython" else None

import store  # noqa: E402
from support import rmtree  # noqa: E402
from shared_rules.codec import decode, encode  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402
from store import Store, StoreFull, record  # noqa: E402


def record_games(s, logs):
    for log in logs:
        gid = s.new_game(log[0])
        for ev in log[1:]:
            s.append(gid, ev)
        s.finish(gid)


def sizes(games):
    out = {}
    root = "out/bench_journal"
    for players in (2, 3, 4, 5):
        logs = [[decode(encode(ev)) for ev in play(seed, players).log]
                for seed in range(1, games + 1)]
        rmtree(root)
        s = Store(root)
        record_games(s, logs)
        per_game = [s.size(g[0]) for g in s.games()]
        events = sum([len(log) for log in logs])
        records = sum([len(record(ev)) for log in logs for ev in log])
        files = 0
        for name in os.listdir(root):
            files += os.stat(root + "/" + name)[6]
        out[players] = (logs, events, records, per_game, files)
    rmtree(root)
    return out


class RAMBlocks:
    # A block device for vfs.VfsLfs2 (the extended interface littlefs uses), counting erases
    def __init__(self, data, size):
        self.data = data  # one buffer for every image: a big heap still fragments
        self.blocks = size // BLOCK
        self.erases = 0

    def readblocks(self, n, buf, off=0):
        a = n * BLOCK + off
        buf[:] = self.data[a:a + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        a = n * BLOCK + off
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            self.erases += 1
            a = arg * BLOCK
            self.data[a:a + BLOCK] = b"\xff" * BLOCK
            return 0
        return 0




def mount(size):
    import vfs
    try:
        vfs.umount("/flash")
    except OSError:
        pass
    bdev = RAMBlocks(_IMAGE, size)
    vfs.VfsLfs2.mkfs(bdev, progsize=256)
    vfs.mount(vfs.VfsLfs2(bdev, progsize=256), "/flash")
    return bdev


def fill_store(size, logs):
    mount(size)
    s = Store("/flash/data")
    n = 0
    try:
        while True:
            record_games(s, (logs[n % len(logs)],))
            n += 1
    except StoreFull:
        pass
    return n, s.free_bytes(), len(os.listdir("/flash/data"))


def heap_use():
    # RAM of a booted Store over the full flash left by the last fill, and of one games()
    import gc
    s = None
    gc.collect()
    base = gc.mem_alloc()
    s = Store("/flash/data")
    gc.collect()
    booted = gc.mem_alloc() - base
    games = s.games()
    gc.collect()
    listed = gc.mem_alloc() - base - booted
    return len(games), booted, listed


def fill_files(size, logs):
    # The first design: one journal file per game, forever
    mount(size)
    os.mkdir("/flash/data")
    n = 0
    try:
        while True:
            with open("/flash/data/g%04d.log" % (n + 1), "wb") as f:
                for ev in logs[n % len(logs)]:
                    f.write(record(ev))
            n += 1
    except OSError:
        pass
    return n


def erases_per_append(logs):
    # Flash block erases per appended event: reopen-append-close (what the store does) vs. one
    # open file flushed after each record. Each flush rewrites the file's last block (littlefs
    # copies on write) and commits its metadata either way.
    out = []
    for keep_open in (False, True):
        bdev = mount(256 * 1024)
        s = Store("/flash/data")
        base = bdev.erases
        events = 0
        for log in logs[:10]:
            if keep_open:
                s2 = s.new_game(log[0])
                f = open("/flash/data/g%04d.log" % s2, "ab")
                for ev in log[1:]:
                    f.write(record(ev))
                    f.flush()
                f.close()
            else:
                s2 = s.new_game(log[0])
                for ev in log[1:]:
                    s.append(s2, ev)
            events += len(log) - 1
        out.append((bdev.erases - base) / events)
    return out


def dated_extra(logs):
    # -> mean bytes a game's records grow by when the box's clock was set and every seat is a
    # roster person: "t" (unix seconds) on the setup and the final scoring, "people" on the setup
    extra = 0
    for log in logs:
        for ev in log:
            if ev["e"] == "setup":
                dated = dict(ev, t=1780401600, people=["Person"] * len(ev["players"]))
            elif ev["e"] == "score" and ev["stage"] == 2:
                dated = dict(ev, t=1780405200)
            else:
                continue
            extra += len(record(dated)) - len(record(ev))
    return extra / len(logs)


def main(games):
    impl = sys.implementation.name
    data = sizes(games)
    print("%s: %d simulated complete games per player count, recorded with firmware/store.py"
          % (impl, games))
    print("players  events/game  bytes/event  bytes/game mean  max  filed (+header)  "
          "games in 1 MB (bytes only)")
    mix = []
    for players in (2, 3, 4, 5):
        logs, events, records, per_game, files = data[players]
        mean = sum(per_game) / len(per_game)
        filed = files / len(per_game)
        mix.extend(logs)
        print("%7d  %11.1f  %11.1f  %15.0f  %4d  %15.0f  %d"
              % (players, events / len(logs), records / events, mean, max(per_game), filed,
                 MB // filed))
    all_bytes = sum([data[p][4] for p in data])
    all_games = sum([len(data[p][3]) for p in data])
    print("mix 2-5: %.0f bytes per filed game: %d games in 1 MB, %d in 848 KB, %d in 1408 KB "
          "(bytes only, before filesystem overhead and the store's %d-byte reserve)"
          % (all_bytes / all_games, MB * all_games // all_bytes,
             848 * 1024 * all_games // all_bytes, 1408 * 1024 * all_games // all_bytes,
             store.RESERVE))
    print("dated and with people: +%.1f bytes per game (the box's time on the setup and the final "
          "scoring, a 6-letter person on every seat)" % dated_extra(mix))
    if impl != "micropython":
        print("(run under `micropython -X heapsize=16M` to fill real littlefs images)")
        return
    try:
        import vfs  # noqa: F401
    except ImportError:
        return
    # interleave player counts so every fill sees the same mix
    mixed = []
    for i in range(games):
        for p in (2, 3, 4, 5):
            mixed.append(data[p][0][i])
    print("littlefs (4096-byte blocks, progsize 256), mix of 2-5 player games, until StoreFull:")
    for size, label in SIZES:
        n, free, files = fill_store(size, mixed)
        heap = heap_use() if size == MB else None
        one = fill_files(size, mixed)
        print("  %-14s store: %4d games (%d files, %d bytes free)   one file per game: %d games"
              % (label, n, files, free, one))
        if heap:
            print("    heap on this 64-bit port: a Store booted over those %d games %d bytes "
                  "(its index is 16-bit arrays: as much on a Pico), one games() list %d "
                  "bytes (about half on a Pico; the app uses each() instead)" % heap)
    for p in (2, 3, 4, 5):
        n, free, files = fill_store(MB, data[p][0])
        print("  1 MB, %d-player games only: %d games" % (p, n))
    reopen, keep = erases_per_append(mixed)
    print("block erases per appended event: reopen per append %.2f, kept open + flush %.2f"
          % (reopen, keep))


main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)

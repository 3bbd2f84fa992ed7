# The library's checks at a full box's worth of games: the quick check every command makes
# when it opens the library (db.Library: the file's header, SQLite's quick_check, every stored
# journal against its checksum), and `lenotre library check` (everything: every journal's
# records parsed again and compared with the stored events, SQLite's integrity_check), and
# `lenotre library repair` of a sound library (the worst case: every game rebuilt).
#
# Usage (cwd = repo root):
#   .venv/bin/python bench/library_check.py [GAMES]      (default 1300: a full box)
import os
import shutil
import sys
import tempfile
import time

for p in ("firmware", "host", ""):
    sys.path.insert(0, p)

import store  # noqa: E402
from lenotre.library import db, librepair  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402

REPEAT = 20


def build(path, games):
    # games whole simulated games of 2 to 5 players, as a sync stores them (Library.add)
    lib = db.Library(path)
    for gid in range(1, games + 1):
        log = play(gid, 2 + gid % 4).log
        lib.add("e6614c31d0a1b2c3", gid, 0, b"".join(store.record(ev) for ev in log) + store.END)
    lib.close()


def best(fn, n):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times), sorted(times)[len(times) // 2]


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1300
    work = tempfile.mkdtemp(prefix="lenotre-bench-")
    try:
        path = os.path.join(work, "games.sqlite")
        t = time.perf_counter()
        build(path, games)
        print("library of %d games: %.1f MB (built in %.1f s)"
              % (games, os.path.getsize(path) / 1e6, time.perf_counter() - t))
        lib = db.Library(path, create=False)
        lo, med = best(lib.check_quick, REPEAT)
        lib.close()
        print("quick check (every command, at each open): best %.1f ms, median %.1f ms"
              % (lo * 1e3, med * 1e3))
        lo, med = best(lambda: db.Library(path, create=False).close(), REPEAT)
        print("open with the quick check: best %.1f ms, median %.1f ms" % (lo * 1e3, med * 1e3))
        lo, med = best(lambda: db.Library(path, create=False, check=False).close(), REPEAT)
        print("open without it: best %.1f ms, median %.1f ms" % (lo * 1e3, med * 1e3))
        lo, med = best(lambda: librepair.check(path), 3)
        print("lenotre library check (everything): best %.2f s, median %.2f s" % (lo, med))
        shutil.copyfile(path, path + ".copy")
        t = time.perf_counter()
        librepair.repair(path + ".copy")
        print("lenotre library repair of all %d games: %.2f s" % (games, time.perf_counter() - t))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()

"""Syncs in a row against one virtual Pico: how many fail, how long one takes, and the heap
the box has left.

    .venv/bin/python bench/sync_repeat.py [N] [--games G]     (default 50 syncs, 1,300 games)

A box with G finished games (a full Pico flash holds 1,300: docs/FIRMWARE.md) and a running
one, the firmware flashed with `lenotre flash`'s code; then N `lenotre sync` runs back to
back, each into a fresh database, so every one lists, reads, stores and acknowledges all G+1
games (the box acknowledges each again only when it was not yet: the first sync writes G+1
acks). Each sync ends by restarting the app, so the next one interrupts an app that may still
be booting (docs/HOST.md, "Ctrl-C"). Prints the failures with their messages, the times, and
the heap (MicroPython's gc and mem_info on the box, 192 KB on the unix port): free and largest
free block for the link (after the sync's soft reset, the store booted) and for the app (its
screens loaded and its hardware built, as at power-up) after the last sync."""
import argparse
import contextlib
import io
import os
import re
import shutil
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "tests", "rigs"),
          os.path.join(ROOT, "firmware"), ROOT):
    sys.path.insert(0, p)

import store  # noqa: E402
from linkrig import game_log, record_log  # noqa: E402
from lenotre.link import flasher  # noqa: E402
from lenotre.device import toolchain  # noqa: E402
from lenotre.cli import main as lenotre  # noqa: E402
from lenotre.link.port import Port  # noqa: E402
from lenotre.link.repl import RawRepl  # noqa: E402
from vpico_client import VirtualPico  # noqa: E402

HEAP = ("import gc, micropython\ngc.collect()\nmicropython.mem_info()\n")
LINK = "import store\n_s = store.Store('data')\n" + HEAP
APP = ("import app\napp.preload()\nfrom hal.virtual import build\n_h = build()\n" + HEAP)


def fill(flash, games):
    os.makedirs(flash)
    st = store.Store(os.path.join(flash, "data"))
    logs = [game_log(seed, 2 + seed % 4) for seed in range(20)]
    for i in range(games):
        record_log(st, logs[i % 20])
    record_log(st, game_log(99, 3)[:12], finish=False)


def heap(port, code):
    # -> (free bytes, largest free block in bytes) after `code` ran on a freshly reset box
    p = Port(port)
    try:
        repl = RawRepl(p)
        repl.enter()
        repl.soft_reset()
        out = repl.exec(code, 30).decode()
        repl.restart_app()
    finally:
        p.close()
    free = int(re.search(r"free: (\d+)", out).group(1))
    block = int(re.search(r"max free sz: (\d+)", out).group(1)) * 16  # 16-byte GC blocks
    return free, block


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", nargs="?", type=int, default=50)
    ap.add_argument("--games", type=int, default=1300)
    args = ap.parse_args(argv)
    work = tempfile.mkdtemp(prefix="lenotre-bench-repeat-")
    try:
        build = os.path.join(work, "build")
        toolchain.build(build)
        flash = os.path.join(work, "flash")
        fill(flash, args.games)
        failed, took = [], []
        with VirtualPico(flash) as pico:
            flasher.flash(pico.port, flasher.local_files(build))
            pico.wait_for(": place", 60)
            for i in range(args.n):
                err = io.StringIO()
                start = time.perf_counter()
                with contextlib.redirect_stdout(io.StringIO()), \
                        contextlib.redirect_stderr(err):
                    code = lenotre(["sync", "--port", pico.port,
                                    "--db", os.path.join(work, "games%d.sqlite" % i)])
                took.append(time.perf_counter() - start)
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists(os.path.join(work, "games%d.sqlite%s" % (i, suffix))):
                        os.remove(os.path.join(work, "games%d.sqlite%s" % (i, suffix)))
                if code:
                    failed.append(i)
                    print("sync %d: exit %d: %s" % (i, code, err.getvalue().strip()),
                          flush=True)
            pico.wait_for(": place", 60)  # the app is back after the last one
            link = heap(pico.port, LINK)
            app = heap(pico.port, APP)
        unsynced = store.Store(os.path.join(flash, "data")).count()[1]
        print("%d syncs in a row of %d games each (%d finished, 1 running) against one virtual "
              "Pico: %d failed; %d games left unsynced on the box"
              % (args.n, args.games + 1, args.games, len(failed), unsynced))
        print("time per sync: median %.3f s, slowest %.3f s, all %.1f s"
              % (statistics.median(took), max(took), sum(took)))
        print("heap left at 192 KB: link (store booted) %d bytes free, largest block %d; "
              "app (screens loaded, hardware built) %d bytes free, largest block %d"
              % (link + app))
        return 1 if failed or unsynced else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Syncs in a row against one virtual Pico: how many fail, and how long one takes.

    .venv/bin/python bench/sync_repeat.py [N]     (default 200)

A box with 10 finished games and a running one, flashed with `lenotre flash`'s code; then N
`lenotre sync` runs back to back, each into a fresh database, so every one lists, reads and
stores all 11 games. Each sync ends by restarting the app, so the next one interrupts an app
that may still be booting: the case where the unix port's own SIGINT deadlocked a virtual
Pico (docs/HOST.md, "Ctrl-C"). Prints the failures with their messages, then the figures."""
import contextlib
import io
import os
import shutil
import statistics
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "firmware"), ROOT):
    sys.path.insert(0, p)

from linkrig import record_games  # noqa: E402
from lenotre import flasher, toolchain  # noqa: E402
from lenotre.cli import main as lenotre  # noqa: E402
from lenotre.vpico_client import VirtualPico  # noqa: E402


def main(argv):
    n = int(argv[0]) if argv else 200
    work = tempfile.mkdtemp(prefix="lenotre-bench-repeat-")
    try:
        build = os.path.join(work, "build")
        toolchain.build(build)
        flash = os.path.join(work, "flash")
        record_games(flash, [(s, 2 + s % 4, None) for s in range(10)] + [(99, 3, 12)])
        failed, took = [], []
        with VirtualPico(flash) as pico:
            flasher.flash(pico.port, flasher.local_files(build))
            pico.wait_for(": place")
            for i in range(n):
                err = io.StringIO()
                start = time.perf_counter()
                with contextlib.redirect_stdout(io.StringIO()), \
                        contextlib.redirect_stderr(err):
                    code = lenotre(["sync", "--port", pico.port,
                                    "--db", os.path.join(work, "games%d.sqlite" % i)])
                took.append(time.perf_counter() - start)
                if code:
                    failed.append(i)
                    print("sync %d: exit %d: %s" % (i, code, err.getvalue().strip()),
                          flush=True)
        print("%d syncs in a row of 11 games each against one virtual Pico: %d failed"
              % (n, len(failed)))
        print("time per sync: median %.3f s, slowest %.3f s, all %.1f s"
              % (statistics.median(took), max(took), sum(took)))
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

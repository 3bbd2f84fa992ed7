"""`lenotre report` over a full box's worth of games: how long it takes and how big it gets.

    .venv/bin/python bench/report.py [GAMES] [--screenshot FILE]     (default 1300 games)

A library of GAMES finished games (2 to 5 players, twice a week from 2014) and one running
game (tests/host/librarygames.weekly_group); then `lenotre report` three times into fresh
folders. Prints the time (each run, best), the files written, the size of the overview, of
the list pages and of the game pages. With --screenshot, headless Chromium draws the overview
into FILE (1200x3000) and the time that takes is printed too."""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in (os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "firmware"), ROOT):
    sys.path.insert(0, p)

import librarygames as L  # noqa: E402
from lenotre.cli import main as lenotre  # noqa: E402

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def sizes(folder):
    # -> {kind: (files, bytes, largest)} for the overview, list pages, game pages, charts
    out = {}
    for top, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(top, name)
            kind = ("game pages" if os.path.basename(top) == "game" else
                    "list pages" if name.startswith("list-") else
                    "charts (PNG)" if name.endswith(".png") else name)
            n, total, largest = out.get(kind, (0, 0, 0))
            size = os.path.getsize(path)
            out[kind] = (n + 1, total + size, max(largest, size))
    return out


def main(argv):
    shot = None
    if "--screenshot" in argv:
        i = argv.index("--screenshot")
        shot = os.path.abspath(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    games = int(argv[0]) if argv else 1300
    work = tempfile.mkdtemp(prefix="lenotre-bench-report-")
    try:
        t = time.perf_counter()
        db = L.weekly_group(os.path.join(work, "games.sqlite"), games)
        print("library: %d finished games + 1 running, built in %.1f s"
              % (games, time.perf_counter() - t))
        took = []
        for run in range(3):
            out = os.path.join(work, "report-%d" % run)
            t = time.perf_counter()
            with open(os.devnull, "w") as quiet:
                stdout, sys.stdout = sys.stdout, quiet
                try:
                    code = lenotre(["report", "--db", db, "--out", out])
                finally:
                    sys.stdout = stdout
            took.append(time.perf_counter() - t)
            assert code == 0, "lenotre report exited with %d" % code
        print("lenotre report: %s s (best %.2f s)"
              % (", ".join("%.2f" % s for s in took), min(took)))
        for kind, (n, total, largest) in sorted(sizes(out).items()):
            print("  %-14s %5d file%s %9.1f KB  (largest %.1f KB)"
                  % (kind, n, " " if n == 1 else "s", total / 1024, largest / 1024))
        if shot:
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            if chromium is None:
                print("screenshot: skipped, Chromium is not installed")
                return 0
            t = time.perf_counter()
            subprocess.run([chromium] + CHROMIUM_FLAGS + [
                "--user-data-dir=%s" % os.path.join(work, "profile"),
                "--screenshot=%s" % shot, "--window-size=1200,3000",
                "file://%s" % os.path.join(out, "index.html")],
                check=True, capture_output=True, timeout=120)
            print("screenshot of the overview: %s in %.1f s" % (shot, time.perf_counter() - t))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Figures of the CircuitPython edition on the emulated Pico (the official CircuitPython 10.2.1
UF2 on rp2040js, CIRCUITPY a FAT image made with mtools). Emulated milliseconds are the Pico's
own time; wall seconds depend on the machine.

    python bench/circuitpython.py [--games N] [--erase-cuts N] [--only-erase-cuts]
    (--games: games synced, default 100; --erase-cuts: cuts between a sector's erase and
    its program, default 3)

- free heap (gc.collect(), gc.mem_free()) at the raw REPL after a soft reset, at the menu, and
  the least between app steps during a 5-player game (main.py's boot, then a loop measuring
  every 10 steps: bench/pico.py's monitor on hal.circuitpython), every game's flow loaded
  first; and the longest a press kept the app busy (against the watchdog's 8 s);
- the journal's bytes per game on FAT: data/'s files after that game, and the clusters FAT
  gives them; the flash sectors CircuitPython erased and programmed meanwhile;
- `lenotre sync` of N games (put on the drive as a PC would) over the emulated USB;
- power cuts between a flash sector's erase and its program (on a real Pico a window of tens
  of ms at every sector written; in the emulator one instant unless asked for): what is left."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import pico as mp_bench  # noqa: E402  (puts host/, firmware/, tests/host, tests/rigs on sys.path)

from lenotre.device import epico, toolchain  # noqa: E402
from lenotre.device.epico import EmulatedPico, PicoDevice  # noqa: E402
from lenotre.games.versailles_play import Player  # noqa: E402
from lenotre.link import flasher  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402
import fatimage  # noqa: E402
from picorig import boot_after_cut  # noqa: E402

KIND = "circuitpython"
MONITOR = (mp_bench.MONITOR.replace("from hal.pico import build", "from hal.circuitpython import build")
           .replace("time.sleep_ms(10)", "time.sleep(0.01)"))
CLUSTER = 512  # CircuitPython's FAT12 on the Pico: one 512-byte sector a cluster


def flashed(work):
    # -> a drive with boot.py (the user's one copy) and `lenotre flash --circuitpython`'s files
    image = os.path.join(work, "circuitpy.img")
    with open(os.path.join(toolchain.ROOT, "firmware", "circuitpython", "boot.py"), "rb") as f:
        fatimage.make(image, {"boot.py": f.read()})
    build = os.path.join(work, "build")
    toolchain.build_circuitpython(build)
    with EmulatedPico(image, kind=KIND) as pico:
        pico.wait(1000)
        t0 = time.monotonic()
        done = flasher.flash(pico.port, flasher.local_files(build))
        print("lenotre flash --circuitpython onto a fresh drive: %d files, %d bytes in %.1f s "
              "wall" % (len(done["copied"]), done["bytes"], time.monotonic() - t0))
    return image


def data_files(image):
    return {p: len(fatimage.read(image, p)) for p in fatimage.listing(image)
            if p.startswith("data/")}


def heap(image):
    with EmulatedPico(image, kind=KIND) as pico:
        pico.wait_for("New game", timeout_ms=60000)
        board = flasher.Board(pico.port)  # a soft reset into the raw REPL: no app running
        board.exec("import gc\ngc.collect()")
        print("free heap at the raw REPL after a soft reset: %d B" % board.eval("gc.mem_free()"))
        board.close()
    # The monitor as code.py (which CircuitPython runs before main.py), from power-up: built
    # from the raw REPL after the app was interrupted, busio.I2C finds its peripheral still
    # claimed ("I2C peripheral in use") until the next reset
    fatimage.put(image, {"code.py": MONITOR.encode()})
    with EmulatedPico(image, kind=KIND) as pico:
        for _ in range(600):
            if mp_bench.heap_lines(pico.serial_log):
                break
            pico.wait(100)
        pico.wait_for("New game", timeout_ms=60000)
        pico.wait(1000)
        print("free heap at the menu (after gc.collect()): %d B"
              % mp_bench.heap_lines(pico.serial_log)[-1][0])
        before_files = data_files(image)
        before = len(mp_bench.heap_lines(pico.serial_log))
        flash0 = dict(pico.screen()["flash"])
        steps = []  # emulated ms from a press's release until the app sleeps again
        press = pico.press

        def timed(*args, **kw):
            r = press(*args, **kw)
            steps.append(r["settled_ms"] - r["released_ms"])
            return r
        pico.press = timed
        dev = PicoDevice(pico)
        dev.press("ok")  # New game: every game's flow loaded (compiled) in turn, then back
        dev.press("next", 4)
        dev.press("back", 2)
        Player(dev).play(play(7, 5).log)
        pico.wait(500)
        flash1 = pico.screen()["flash"]
        print("flash sector erases in CIRCUITPY during that game: %d (%d KiB erased, %d KiB "
              "programmed): each a window where a power cut on a real Pico loses the 4 KiB "
              "sector" % (flash1["erases"] - flash0["erases"],
                          (flash1["erasedBytes"] - flash0["erasedBytes"]) // 1024,
                          (flash1["programmedBytes"] - flash0["programmedBytes"]) // 1024))
        during = mp_bench.heap_lines(pico.serial_log)[before:]
        print("least free heap between app steps during a 5-player game: %d B (after "
              "gc.collect(), every 100 ms; %d presses)" % (min(f for f, _ in during),
                                                           pico.presses))
        print("longest from a press's release until the app slept again: %d ms (of %d "
              "presses; the watchdog allows 8,000): a step's longest" % (max(steps), len(steps)))
        for t in epico.tracebacks(pico.serial_log):
            print("  the device printed a traceback:", t)
    fatimage.remove(image, "code.py")
    after = data_files(image)
    grown = {p: n - before_files.get(p, 0) for p, n in after.items()
             if n != before_files.get(p, 0)}
    clusters = sum(-(-n // CLUSTER) for n in after.values()) - sum(
        -(-n // CLUSTER) for n in before_files.values())
    print("journal of that game on FAT: %d bytes in %s; %d more clusters of %d B (%d B on "
          "the drive); fsck.fat: %s" % (sum(grown.values()), ", ".join(sorted(grown)),
                                         clusters, CLUSTER, clusters * CLUSTER,
                                         fatimage.check(image) or "clean"))


def sync(work, image, n_games):
    import store
    from linkrig import record_log
    local = os.path.join(work, "box")
    box = store.Store(local)
    logs = [play(s, 2 + s % 4).log for s in range(8)]
    for i in range(n_games):
        record_log(box, logs[i % 8])
    files = {}
    for name in os.listdir(local):
        with open(os.path.join(local, name), "rb") as f:
            files["data/" + name] = f.read()
    fatimage.put(image, files)
    with EmulatedPico(image, kind=KIND) as pico:
        pico.wait_for("New game", timeout_ms=60000)
        db = os.path.join(work, "library.db")
        t0 = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "lenotre.cli", "sync", "--port",
                               pico.port, "--db", db], capture_output=True, text=True,
                              cwd=toolchain.ROOT)
        t_sync = time.monotonic() - t0
    out = done.stdout.strip().splitlines()
    if done.returncode != 0:
        out = ["FAILED: %s" % (done.stdout + done.stderr).strip()[-300:]]
    print("lenotre sync of %d games (%d bytes of journal) over the emulated USB: %.1f s wall "
          "(%s)" % (n_games, sum(len(d) for d in files.values()), t_sync, "; ".join(out[-2:])))


def max_game(image, work):
    # -> the highest game id in the drive's store (0: none)
    import store
    local = tempfile.mkdtemp(dir=work)
    for path in fatimage.listing(image):
        if path.startswith("data/") and path.count("/") == 1:
            with open(os.path.join(local, path[5:]), "wb") as f:
                f.write(fatimage.read(image, path))
    return max([g for g, _ in store.Store(local).games()], default=0)


def erase_cuts(work, image, trials):
    # The window the tests cannot hit: the power going between a sector's erase and its
    # program (pico.js's cut_at_erase). A 2-player game is played until the N-th sector erase
    # (seeded), then the box boots again: what the store kept of what the player saw done.
    import random

    import store
    from lenotre.games.versailles_play import entered, plan_of
    from shared_rules.versailles.game import Game
    rnd = random.Random(5)
    build = os.path.join(work, "build")

    def reflash(port):
        return "%d files copied" % len(flasher.flash(port, flasher.local_files(build))["copied"])
    code = {p: fatimage.read(image, p) for p in fatimage.listing(image)
            if not p.startswith("data/")}
    for trial in range(trials):
        copy = os.path.join(work, "cut%d.img" % trial)
        shutil.copyfile(image, copy)
        plan = play(20 + trial, 2)
        before = len(fatimage.listing(copy)) and max_game(copy, work)
        steps = entered(plan.log)
        done = []
        at = rnd.randrange(1, 150)
        with EmulatedPico(copy, kind=KIND) as pico:
            pico.wait_for("New game", timeout_ms=60000)
            pico.request({"op": "cut_at_erase", "n": at})
            cut = "not during the game's presses: later, or never"
            try:
                Player(PicoDevice(pico)).play(plan.log, lambda kind, n: done.append(kind) if kind in (
                    "round", "claim", "areas", "score") else None)
            except epico.EmulatedPicoError:
                cut = "mid-game"
        dirty = fatimage.check(copy)
        try:
            left = set(fatimage.listing(copy))
            spoilt = ", ".join(sorted(p for p, b in code.items()
                                      if p not in left or fatimage.read(copy, p) != b)) or "none"
        except OSError as exc:  # the boot sector or the root folder gone: mtools reads nothing
            spoilt = "all (the drive unreadable: %s)" % str(exc).splitlines()[-1][-120:]
        texts, tb, reflashed = boot_after_cut(copy, KIND, reflash)
        local = os.path.join(work, "cut%d" % trial)
        os.makedirs(local)
        try:
            for path in fatimage.listing(copy):
                if path.startswith("data/") and path.count("/") == 1:
                    with open(os.path.join(local, path[5:]), "wb") as f:
                        f.write(fatimage.read(copy, path))
            s = store.Store(local)
            gid = max([g for g, _ in s.games()], default=None)
            events = s.events(gid) if gid is not None and gid > before else []
            kept = plan_of(events) if events else []
            ok = kept == steps[:len(kept)] and len(kept) >= len(done)
            if events:
                Game.replay(events)
            what = "%d of the %d steps seen done kept%s" % (len(kept), len(done),
                                                           "" if ok else " (LOST some)")
        except Exception as exc:  # a figure: whatever the drive holds
            what = "the journal unreadable: %s: %s" % (type(exc).__name__, exc)
        print("cut after sector erase %d (%s): fsck.fat %s; firmware files spoilt: %s; "
              "boots to %s; %s" % (at, cut, "clean" if not dirty else "finds: " +
                                   dirty.splitlines()[-1], spoilt,
                                   " | ".join(texts[:2]) + reflashed, what))
        for t in tb[:2]:
            print("  the box printed: %s" % " / ".join(t.strip().splitlines()[-3:]))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--erase-cuts", type=int, default=3, metavar="N",
                   help="power cuts between a sector's erase and its program (default 3)")
    p.add_argument("--only-erase-cuts", action="store_true", help="those cuts alone")
    args = p.parse_args(argv)
    try:
        epico.find_inputs(KIND)
        fatimage._tool("mformat", "mtools")
    except (epico.EmulatorMissing, fatimage.Missing) as exc:
        print("skipped: %s" % exc)
        return 0
    work = tempfile.mkdtemp(prefix="lenotre-bench-circuitpy-")
    try:
        image = flashed(work)
        if not args.only_erase_cuts:
            heap(image)
            sync(work, image, args.games)
        erase_cuts(work, image, args.erase_cuts)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

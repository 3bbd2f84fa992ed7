"""Figures of the box on the emulated Pico (official MicroPython 1.26.1 on rp2040js): heap,
flash, screen latency, boot, sync. Emulated milliseconds are the Pico's own time (its 125 MHz
clock); the emulator runs at about a quarter of a Pico's speed, so wall seconds are not.

    python bench/pico.py [--image] [--games N] [--full N]
                         [--only-full | --only-sync | --only-presses [--game NAME]]
    (--image: the box's own image, the app in its ROMFS, instead of the official UF2;
    --games: games on the box for the sync figure, default 100; --full: the full-box
    figures with N games, about 1,150 fill a Pico's flash; --only-presses: the press
    latencies over a whole game of each game alone)

- free heap (gc.collect(), gc.mem_free()) after a soft reset, at the menu, and the minimum
  between app steps during a 5-player game (the app run by a loop that measures every 10
  steps: the app itself, hal.pico, the real buttons, OLED and strip);
- littlefs free space for games with the firmware on it;
- emulated ms from a button's release (a short press acts then) to the last display transfer
  it caused, the I2C bus's and the flash chip's time included (pico.js --costs): over a
  5-player Versailles game and a 4-player game of each other game, played one after the
  other on one box, the percentiles, the presses that wrote the journal apart, and the flash
  bytes programmed a journal write;
- power-on to the first lit frame, and to the menu;
- `lenotre sync` of N games over the emulated USB against `mpremote fs cp -r` of the same
  journal files."""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "host"), os.path.join(ROOT, "firmware"), ROOT,
                os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "tests", "rigs"),
                os.path.join(ROOT, "host", "lenotre", "shims")]  # framebuf for app.home

from lenotre.device import epico, toolchain  # noqa: E402
from lenotre.link import flasher  # noqa: E402
from lenotre.device.epico import EmulatedPico, PicoDevice  # noqa: E402
from lenotre.games.versailles_play import Player  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402
from shared_rules.gardens.simulate import play as play_gardens  # noqa: E402
from shared_rules.sanssouci.simulate import play as play_sanssouci  # noqa: E402
from shared_rules.schlossgarten.simulate import play as play_schlossgarten  # noqa: E402
import picorepl  # noqa: E402
import sanssouci_play  # noqa: E402
import schlossgarten_play  # noqa: E402
from gardens_play import GardensPlayer  # noqa: E402

# The games a press bench plays, one after the other on one box: (name, player, plan)
GAMES = (("Versailles, 5 players", Player, lambda: play(7, 5).log),
         ("Sanssouci, 4 players", sanssouci_play.Player, lambda: play_sanssouci(1, 4).log),
         ("Gardens, 4 players", GardensPlayer, lambda: play_gardens(1, 4).log),
         ("Schlossgarten, 4 players", schlossgarten_play.Player,
          lambda: play_schlossgarten(1, 4).log))
UF2 = None  # the firmware the bench runs: None, the official UF2; --image, the box's own
FAST_MS = 50  # the targets: 95% of the presses within this, every one within SLOW_MS
SLOW_MS = 150

# Runs on the device in place of main.py's loop: main.py's boot (the screens' code preloaded,
# the app inside its guard, with the guard's reserve) on the same hal, and the heap after a
# collection every 10 steps (100 ms), printed when it reaches a new low and once a second
# ("HEAP free low").
MONITOR = """import gc, time, app
app.preload()
from guard import Guard
from hal.pico import build
g = Guard(build(), app.App)
g.run(False)
low = 1 << 30
n = 0
while True:
    g.step()
    n += 1
    if n % 10 == 0:
        gc.collect()
        f = gc.mem_free()
        if f < low or n % 100 == 0:
            low = min(low, f)
            print('HEAP', f, low)
    time.sleep_ms(10)
"""


class Timed(PicoDevice):
    # Keeps every press's answer: when it was released, when its last frame was sent, what
    # it programmed on flash; and the slowest presses, with the screens before and after.
    def __init__(self, pico):
        PicoDevice.__init__(self, pico)
        self.answers = []
        self.slow = []  # (what was on screen, what came, ms, sector erases) of presses over
        # FAST_MS

    def _timed(self, button, ms, kind):
        before = self.screen()[1][:1]
        self._last = None
        a = self.pico.press(button, ms)
        self.answers.append(a)
        self.log.append((button, kind))
        if latency(a) is not None and latency(a) > FAST_MS:
            self.slow.append(("%s on %s" % (button, before), self.screen()[1][:2], latency(a),
                              a.get("erases", 0)))

    def press(self, button, times=1):
        for _ in range(times):
            self._timed(button, epico.PRESS_MS, "press")

    def long(self, button, ms=epico.LONG_MS):
        self._timed(button, ms, "long")


def latency(answer):
    # -> emulated ms from the release to the press's last frame, None if it drew none
    if "frame_ms" not in answer or answer["frame_ms"] < answer["released_ms"]:
        return None
    return answer["frame_ms"] - answer["released_ms"]


def pct(sorted_values, q):
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def press_figures(answers, what):
    # prints the latency figures of a list of press answers
    lat = sorted(x for x in map(latency, answers) if x is not None)
    if not lat:
        print("  %s: no press drew a frame" % what)
        return
    fast = sum(1 for x in lat if x <= FAST_MS)
    print("  %s: %d presses drew a frame: median %.1f ms, 90%% %.1f, 95%% %.1f, max %.1f; "
          "%.1f%% within %d ms, %d over %d ms"
          % (what, len(lat), statistics.median(lat), pct(lat, 0.9), pct(lat, 0.95), lat[-1],
             100.0 * fast / len(lat), FAST_MS, sum(1 for x in lat if x > SLOW_MS), SLOW_MS))
    wrote = [a for a in answers if a.get("programmed")]
    jl = sorted(x for x in map(latency, wrote) if x is not None)
    if wrote:
        prog = sorted(a["programmed"] for a in wrote)
        print("    %d wrote flash: release to frame median %.1f ms, max %.1f; programmed a "
              "press median %d B, max %d B; %.2f sector erases a press"
              % (len(wrote), statistics.median(jl) if jl else float("nan"),
                 jl[-1] if jl else float("nan"), statistics.median(prog), prog[-1],
                 sum(a["erases"] for a in wrote) / float(len(wrote))))
    sent = sorted(a.get("i2c_bytes", 0) for a in answers)
    print("    I2C bytes a press: median %d, max %d" % (statistics.median(sent), sent[-1]))


def presses(image):
    # A whole game of each game through the buttons, one after the other on one box (the
    # image copied), the latencies of every press.
    every = []
    with EmulatedPico(image, uf2=UF2) as pico:
        s = pico.screen()
        print("press to frame over a whole game of each game (emulated ms; I2C at %d Hz and "
              "the flash's erase and program times %s):"
              % (s["i2c_freq"], "included" if s.get("costs") else "NOT included"))
        for name, player, plan in GAMES:
            pico.wait_for("New game")
            dev = Timed(pico)
            player(dev).play(plan())
            press_figures(dev.answers, name)
            for when, texts, ms, erases in sorted(dev.slow, key=lambda x: -x[2])[:3]:
                print("    slowest: %.1f ms (%d sector erases) after %s, to %s"
                      % (ms, erases, when, " | ".join(texts)))
            every += dev.answers
            while "New game" not in pico.screen()["texts"]:
                pico.press("back")
        press_figures(every, "all the games played")
        for t in epico.tracebacks(pico.serial_log):
            print("  the device printed a traceback:", t)


def heap_lines(log):
    return [(int(a), int(b)) for a, b in re.findall(rb"HEAP (\d+) (\d+)", log)]


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--full", type=int, default=0, metavar="N",
                   help="also: the menu's heap, opening Finished games and the least heap "
                        "during a 5-player game with N games on the box (about 1,150 fill "
                        "it; minutes of copying)")
    p.add_argument("--only-full", action="store_true",
                   help="the full-box figures alone")
    p.add_argument("--only-sync", action="store_true",
                   help="the sync figures alone")
    p.add_argument("--only-presses", action="store_true",
                   help="the press latencies over a whole game of each game alone")
    p.add_argument("--game", metavar="NAME",
                   help="--only-presses: that game alone (Versailles, Sanssouci, Gardens, "
                        "Schlossgarten), on a box that holds no other")
    p.add_argument("--image", action="store_true",
                   help="the box's own image (MicroPython 1.28.0, the app in its ROMFS; built "
                        "from ../shared/micropython the first time) instead of the official UF2")
    args = p.parse_args(argv)
    global UF2, GAMES
    if args.game:
        GAMES = tuple(g for g in GAMES if g[0].lower().startswith(args.game.lower()))
        if not GAMES:
            p.error("--game: one of Versailles, Sanssouci, Gardens, Schlossgarten")
    if args.image:
        from lenotre.device import image
        UF2 = image.build_uf2(os.path.join(tempfile.mkdtemp(prefix="lenotre-uf2-"), "box.uf2"))
    try:
        epico.find_inputs()
    except epico.EmulatorMissing as exc:
        print("skipped: %s" % exc)
        return 0
    work = tempfile.mkdtemp(prefix="lenotre-bench-pico-")
    try:
        if args.only_full:
            full_box(work, flashed(work), args.full or 1150)
        elif args.only_sync:
            sync(work, flashed(work), args.games)
        elif args.only_presses:
            presses(flashed(work))
        else:
            run(work, args.games, args.full)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


def flashed(work):
    # -> a flash image with the firmware on it, as `lenotre flash` leaves it
    image = os.path.join(work, "flashed.img")
    build = os.path.join(work, "build")
    toolchain.build(build)
    with EmulatedPico(image, uf2=UF2) as pico:
        flasher.flash(pico.port, flasher.local_files(build))
    return image


def run(work, n_games, full):
    image = os.path.join(work, "flash.img")
    build = os.path.join(work, "build")
    toolchain.build(build)
    files = flasher.local_files(build)
    with EmulatedPico(image, uf2=UF2) as pico:
        t0 = time.monotonic()
        done = flasher.flash(pico.port, files)
        print("lenotre flash onto a blank emulated Pico: %d files, %d bytes in %.1f s wall"
              % (len(done["copied"]), done["bytes"], time.monotonic() - t0))
        t0 = time.monotonic()
        flasher.flash(pico.port, files)
        print("  again, nothing changed: %.1f s wall" % (time.monotonic() - t0))

        board = flasher.Board(pico.port)  # a soft reset into the raw REPL: no app running
        board.exec("import gc, os\ngc.collect()")
        free = board.eval("gc.mem_free()")
        bsize, _, blocks, bfree = board.eval("os.statvfs('/')")[:4]
        print("free heap after a soft reset: %d B" % free)
        print("littlefs: %d blocks of %d B, %d free with the firmware on it: %d KiB for games"
              % (blocks, bsize, bfree, bfree * bsize // 1024))
        board.repl.start(MONITOR)
        board.close()

        dev = Timed(pico)
        pico.wait_for("New game")
        pico.wait(1500)
        menu = heap_lines(pico.serial_log)[-1][0]
        print("free heap at the menu (after gc.collect()): %d B" % menu)
        before = len(heap_lines(pico.serial_log))
        plan = play(7, 5)
        Player(dev).play(plan.log)
        pico.wait(200)
        during = heap_lines(pico.serial_log)[before:]
        print("least free heap between app steps during a 5-player game: %d B (after "
              "gc.collect(), measured every 100 ms; %d presses)"
              % (min(f for f, _ in during), pico.presses))
        for t in epico.tracebacks(pico.serial_log):
            print("  the device printed a traceback:", t)

    with EmulatedPico(image, uf2=UF2) as pico:  # power on: main.py starts the app
        pico.wait_for("New game")
        s = pico.screen()
        print("power-on to the first lit frame: %.0f emulated ms; menu frame by %.0f ms"
              % (s["first_ink_ms"], s["frame_ms"]))

    full_image = os.path.join(work, "full.img")
    shutil.copyfile(image, full_image)
    played = os.path.join(work, "presses.img")
    shutil.copyfile(image, played)
    presses(played)
    sync(work, image, n_games)
    if full:
        full_box(work, full_image, full)


def games_on_box(work, image, n_games, name):
    # n_games finished games in the box's store, written on the desktop by the firmware's own
    # store, then copied over USB into data/ -> (the local copy, its file names)
    import labels
    import store
    from app.core import row_words
    from linkrig import record_log
    local = os.path.join(work, name)
    box = store.Store(local)
    rows = labels.Labels(box.dir, box)  # the Finished menu's rows, as the app writes them
    played = [play(s, 2 + s % 4) for s in range(8)]
    for i in range(n_games):
        g = played[i % 8]
        rows.add(record_log(box, g.log), row_words(g))
    with EmulatedPico(image, uf2=UF2) as pico:
        pico.wait_for("New game")
        t0 = time.monotonic()
        n = picorepl.push(pico.port, local, "data")
        print("%d journal files of %d games onto the box over USB: %.1f s wall"
              % (n, n_games, time.monotonic() - t0))
    return local


def full_box(work, image, n_games):
    games_on_box(work, image, n_games, "full")
    monitor = MONITOR.replace("if f < low or n % 100 == 0:", "if True:")
    with EmulatedPico(image, uf2=UF2) as pico:
        pico.wait_for("New game")
        board = flasher.Board(pico.port)
        board.exec("import os")
        bsize, _, blocks, bfree = board.eval("os.statvfs('/')")[:4]
        board.repl.start(monitor)
        board.close()
        pico.wait(3000)
        heap = heap_lines(pico.serial_log)
        if not heap:
            print("with %d games on the box the app did not run: %s"
                  % (n_games, pico.serial_log[-1500:].decode(errors="replace")))
            return
        print("with %d games on the box: littlefs %d KiB free; free heap at the menu %d B"
              % (n_games, bfree * bsize // 1024, heap[-1][0]))
        pico.press("down")
        a = pico.press("ok")
        texts = pico.screen()["texts"]
        print("  opening Finished games: %.1f emulated ms from the release to the frame "
              "(I2C and flash time included), showing %s; least heap since %d B"
              % (a.get("frame_ms", float("nan")) - a["released_ms"], " | ".join(texts[:2]),
                 min(f for f, _ in heap_lines(pico.serial_log))))
        pico.press("back")  # to the menu, then the heaviest game beside the full box
        pico.press("up")  # the menu's cursor back on "New game"
        pico.wait_for("New game")
        before = len(heap_lines(pico.serial_log))
        Player(PicoDevice(pico)).play(play(7, 5).log)
        pico.wait(200)
        during = heap_lines(pico.serial_log)[before:]
        print("  least free heap between app steps during a 5-player game: %d B"
              % min(f for f, _ in during))
        for t in epico.tracebacks(pico.serial_log):
            print("  the device printed a traceback:", t)


def sync(work, image, n_games):
    local = games_on_box(work, image, n_games, "box")
    with EmulatedPico(image, uf2=UF2) as pico:
        pico.wait_for("New game")
        db = os.path.join(work, "library.db")
        t0 = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "lenotre.cli", "sync", "--port",
                               pico.port, "--db", db], capture_output=True, text=True, cwd=ROOT)
        t_sync = time.monotonic() - t0
        out = done.stdout.strip().splitlines()
        if done.returncode != 0:  # a figure of a failed sync is no figure
            out = ["FAILED: %s" % (done.stdout + done.stderr).strip()[-300:]]
        t0 = time.monotonic()
        mp = shutil.which("mpremote", path=os.path.dirname(sys.executable)) or "mpremote"
        dest = os.path.join(work, "copied")
        os.makedirs(dest)
        names = sorted(os.listdir(local))
        cp = subprocess.run([mp, "connect", pico.port, "fs", "cp"] +
                            [":data/" + n for n in names] + [dest + "/"],
                            capture_output=True, text=True)
        got = sorted(os.listdir(dest))
        t_cp = time.monotonic() - t0
    print("lenotre sync of %d games over the emulated USB: %.2f s wall (%s)"
          % (n_games, t_sync, "; ".join(out[-2:])))
    copied = cp.returncode == 0 and got == names
    print("mpremote fs cp of the same %d journal files: %.2f s wall%s"
          % (len(names), t_cp, "" if copied else " (failed: %s)" % cp.stderr[-200:]))
    if copied and done.returncode == 0:
        print("the sync took %.2f of the copy's time: %.1fx faster (target 3x)"
              % (t_sync / t_cp, t_cp / t_sync))


if __name__ == "__main__":
    sys.exit(main())

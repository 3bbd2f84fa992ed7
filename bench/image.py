"""The box's own image against the official MicroPython UF2, side by side in one run on the
emulated Pico (rp2040js): free heap after a soft reset, at the menu, and the least free heap
(with the largest free block then) between the app's steps through a 5-player Versailles game
and a 4-player game of each other game, played one after the other in one power-on, on a box
already holding --full games (a full box by default: the targets' box); littlefs free for
games; power-on to the menu drawn.

    python bench/image.py [--full N] [--romfs] [--no-official] [--only-boot [--synced]]
                          [--only-imports] [--detail]

The image is the product: the app frozen into the firmware. --romfs adds the other way the
image can keep the app's code out of the heap, the board's `romfs` variant (only main.py
frozen, the app in the ROMFS): the comparison docs/FIRMWARE.md gives for choosing. --only-boot:
power-on to the menu drawn alone, each firmware with the app flashed and --full games on it
(none by default; the official UF2's at most OFFICIAL_FULL), three power-ons each; --synced:
every game synced first by `lenotre sync`. --only-imports: the heap each module's import costs
(a fresh soft reset, gc.collect() around each import; what a module imports comes with it),
the app in the ROMFS and the app frozen side by side. --detail: the modules loaded at each
game's least free heap. --no-official: the image alone. Emulated milliseconds are the Pico's
own clock; heap figures are gc.mem_free() after gc.collect(), after every app step (the monitor
is a compiled module, in the image's ROMFS)."""
import argparse
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "host"), os.path.join(HERE, ".."),
                os.path.join(HERE, "..", "firmware"), os.path.join(HERE, "..", "tests", "host"),
                os.path.join(HERE, "..", "tests", "rigs")]

from lenotre.device import image, toolchain  # noqa: E402
from lenotre.device.epico import EmulatedPico, PicoDevice  # noqa: E402
from lenotre.link import flasher  # noqa: E402

# In place of main.py's loop: its boot on the same hal, the heap and the largest free block
# (micropython.mem_info's "max free sz", in 16-byte blocks) printed at each new low. It goes
# onto the box as a module, MONITOR_MODULE, compiled: on the box's image `lenotre flash` puts it
# into the ROMFS with the pinout (it is not frozen), where its bytecode runs in place, as the
# frozen main.py's does; compiled at the REPL it held some 720 B of the heap it measures. On
# the official UF2 it is a .mpy on littlefs, in the heap like the app's.
MONITOR_MODULE = "heapmonitor"
MONITOR = """import sys
if '/rom' in sys.path:
    sys.path[:] = ['/rom', '/rom/lib', '.frozen']  # as the image's main.py
import gc, time, micropython, app
app.preload()
from guard import Guard
from hal.pico import build


def report(f, g):
    # A frame of its own, gone when it returns: what it looks at (the screen then) stays off
    # the loop's stack, which the collector scans, and would otherwise keep that screen (and
    # a finished game it holds) alive after the app has let it go
    a = g.app
    print('HEAP', f, type(a.stack[-1]).__name__ if a is not None else '-')
    micropython.mem_info()%s


def watch(g):
    low = 1 << 30
    n = 0
    while True:
        g.step()
        n += 1
        gc.collect()
        f = gc.mem_free()
        if f < low or n %% 5000 == 0:
            low = min(low, f)
            report(f, g)
        time.sleep_ms(10)


g = Guard(build(%r), app.App)
g.run(False)
watch(g)
"""
# --detail: the modules loaded at each new low, after its figures
DETAIL = "\n    print('MODS', ' '.join(sorted(sys.modules)))"
IDLE_AFTER_MS = 500  # a power-on's time on after its menu (boot)
# A full box of the bench's games (the four games, 2 seeds, 5-player Versailles, 4 players
# else): 2,700 leave no room for the games the bench plays; 2,500 do
FULL = 2500
# The official UF2 keeps the app's files on littlefs beside the games (127 blocks): its box
# is full at fewer
OFFICIAL_FULL = 1500
GAMES = (  # (game, players, the player that enters it through the buttons)
    ("versailles", 5, "lenotre.games.versailles_play", "Player"),
    ("sanssouci", 4, "sanssouci_play", "Player"),
    ("gardens", 4, "gardens_play", "GardensPlayer"),
    ("schlossgarten", 4, "schlossgarten_play", "Player"),
)


def heap_lows(log, since=0):
    # -> [(free, largest free block in bytes, the screen then, the modules loaded then or "")]
    # printed by MONITOR after byte `since`
    text = log[since:].decode(errors="replace")
    out = []
    for m in re.finditer(r"HEAP (\d+) (\S+)\r?\n(?:.*\r?\n){0,8}?.*max free sz: (\d+)"
                         r"(?:\r?\nMODS ([^\r\n]*))?", text):
        out.append((int(m.group(1)), 16 * int(m.group(3)), m.group(2), m.group(4) or ""))
    return out


def games_for_box(folder, n):
    # n finished games of the four games written by the firmware's own store -> folder
    import store
    from linkrig import record_log
    box = store.Store(folder)
    plans = [importlib.import_module("shared_rules.%s.simulate" % g).play(s, p)
             for s in range(2) for g, p, _, _ in GAMES]
    for i in range(n):
        record_log(box, plans[i % len(plans)].log)


def set_up(pico, work, files, full):
    # The app flashed onto the running emulated Pico, then `full` finished games copied into
    # its store (made once a run) -> flasher.flash's answer
    import picorepl
    done = flasher.flash(pico.port, files)
    pico.wait_for("New game")
    if full:
        local = os.path.join(work, "games-%d" % full)
        if not os.path.isdir(local):
            games_for_box(local, full)
        picorepl.push(pico.port, local, "data")
    return done


def with_monitor(files, work, pinout, detail=False):
    # -> the build's files and MONITOR compiled as MONITOR_MODULE, for the hal's `pinout`
    return with_module(files, work, MONITOR_MODULE, MONITOR % (DETAIL if detail else "", pinout))


def with_module(files, work, name, text):
    # -> the build's files and the module `name` (source `text`) compiled beside them: a
    # bench's own loop in place of main.py's, imported at the REPL
    src = os.path.join(work, name + ".py")
    with open(src, "w") as f:
        f.write(text)
    dst = src[:-3] + ".mpy"
    err = toolchain.compile_file(src, dst, name + ".py")
    if err:
        raise SystemExit("%s does not compile: %s" % (name, err))
    with open(dst, "rb") as f:
        return dict(files, **{name + ".mpy": f.read()})


def measure(name, uf2, work, files, full, pinout, detail=False):
    img = os.path.join(work, name + ".img")
    print("== %s" % name)
    with EmulatedPico(img, uf2=uf2) as pico:
        if uf2:
            pico.first_start()
        done = set_up(pico, work, with_monitor(files, work, pinout, detail), full)
        board = flasher.Board(pico.port)
        board.exec("import gc, os\ngc.collect()")
        free = board.eval("gc.mem_free()")
        bsize, _, blocks, bfree = board.eval("os.statvfs('/')")[:4]
        print("  firmware files on littlefs: %d; littlefs free: %d of %d blocks (%d KiB) with %d "
              "games" % (len(done["copied"]) + done["unchanged"], bfree, blocks,
                         bfree * bsize // 1024, full))
        print("  free heap after a soft reset: %d B" % free)
        board.repl.start("import " + MONITOR_MODULE)  # its loop runs as it is imported
        board.close()
        pico.wait_for("New game")
        for _ in range(60):  # the menu's first heap line (a box full of games boots longer)
            pico.wait(1500)
            if heap_lows(pico.serial_log):
                break
        print("  free heap at the menu: %d B" % heap_lows(pico.serial_log)[-1][0])
        dev = PicoDevice(pico)
        worst = None
        for game, players, module, cls in GAMES:
            since = len(pico.serial_log)
            plan = importlib.import_module("shared_rules.%s.simulate" % game).play(7, players)
            getattr(importlib.import_module(module), cls)(dev).play(plan.log)
            for _ in range(6):  # back to the menu for the next game
                if "New game" in pico.screen()["texts"]:
                    break
                pico.press("back")
            pico.wait(300)
            lows = heap_lows(pico.serial_log, since)
            if not lows:  # the monitor prints a new low of the whole run only
                print("  least free heap in a %d-player game of %s: above %s B, the least "
                      "before it" % (players, game, worst[0] if worst else "the menu's"))
                continue
            low = min(lows)
            print("  least free heap in a %d-player game of %s: %d B (largest free block %d B; "
                  "on %s)" % (players, game, low[0], low[1], low[2]))
            if low[3]:
                print("    the modules loaded then: " + low[3])
            worst = low if worst is None or low < worst else worst
        print("  least free heap over the four games: %d B (largest free block then %d B; on "
              "%s)" % worst[:3])
    with EmulatedPico(img, uf2=uf2) as pico:  # power on: the app starts by itself
        pico.wait_for("New game")
        s = pico.screen()
        print("  power-on to the menu drawn: %.0f emulated ms (first lit frame %.0f ms)"
              % (s["frame_ms"], s["first_ink_ms"]))


IMPORTS = ("board", "store", "hal.pico", "guard", "app", "app.home", "app.versailles",
           "app.versailles_claims", "app.versailles_scoring", "app.versailles_tokens",
           "app.sanssouci", "app.gardens", "app.schlossgarten", "app.setup", "app.finished",
           "labels", "link")
IMPORT_COSTS = """import gc, sys
sys.path[:] = ['/rom', '/rom/lib', '.frozen']
gc.collect()
base = gc.mem_free()
out = []
for m in %r:
    gc.collect()
    f = gc.mem_free()
    __import__(m)
    gc.collect()
    out.append(f - gc.mem_free())
gc.collect()
print((out, base - gc.mem_free()))
"""


def import_costs(name, uf2, work):
    # -> ([heap each of IMPORTS cost], every one of them) on a box that just took `uf2` and
    # was soft-reset at its raw REPL (main.py not run)
    img = os.path.join(work, name + "-imports.img")
    with EmulatedPico(img, uf2=uf2) as pico:
        pico.wait(3000)
        board = flasher.Board(pico.port)
        try:
            return eval(board.exec(IMPORT_COSTS % (IMPORTS,)))
        finally:
            board.close()


def boot(name, uf2, work, files, full, synced=False):
    # power-on to the menu drawn, three times, on a box flashed with the app (and holding
    # `full` finished games; synced: every one of them synced by `lenotre sync`)
    img = os.path.join(work, name.split()[0] + ".img")
    with EmulatedPico(img, uf2=uf2) as pico:
        set_up(pico, work, files, full)
        if synced:
            # `lenotre sync`, as a user's: the box then restarts into its app, and that restart
            # leaves its flash as the power-ons below find it (it writes nothing more), so the
            # first of them takes what the restart after the sync took
            done = subprocess.run([sys.executable, "-m", "lenotre.cli", "sync", "--port",
                                   pico.port, "--db", os.path.join(work, "synced.db")],
                                  capture_output=True, text=True)
            if done.returncode:
                raise SystemExit("the sync failed: " + (done.stdout + done.stderr)[-300:])
            frames = pico.screen()["frames"]  # the menu the sync stopped stays lit meanwhile
            for _ in range(300):
                pico.wait(100)
                s = pico.screen()
                if s["frames"] > frames and "New game" in s["texts"]:
                    break
            else:
                raise SystemExit("the box did not come back to its menu after the sync")
    times = []
    for _ in range(3):
        with EmulatedPico(img, uf2=uf2) as pico:
            pico.wait_for("New game")
            s = pico.screen()
            times.append("%.0f ms (first lit frame %.0f ms)" % (s["frame_ms"], s["first_ink_ms"]))
            # on half a second, as a box at a table stays on: its first idle steps do what
            # boot leaves for after the menu (a summary's write), which the next power-on finds
            pico.wait(IDLE_AFTER_MS)
    print("%s, %d games on the box%s: power-on to the menu drawn, emulated: %s"
          % (name, full, ", all synced" if synced else "", "; ".join(times)))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--full", type=int, default=None, metavar="N",
                   help="games on the box first (default %d: a full box, room left for the "
                   "four games the bench plays; --only-boot: none by default)" % FULL)
    p.add_argument("--romfs", action="store_true",
                   help="also the image's variant with the app in the ROMFS")
    p.add_argument("--only-boot", action="store_true", help="power-on to the menu alone")
    p.add_argument("--synced", action="store_true",
                   help="--only-boot: with every game on the box acknowledged by a sync")
    p.add_argument("--no-official", action="store_true",
                   help="the image alone, not the official UF2 beside it")
    p.add_argument("--detail", action="store_true",
                   help="the modules loaded at each game's least free heap")
    p.add_argument("--only-imports", action="store_true",
                   help="each module's heap, the ROMFS against the frozen app")
    args = p.parse_args(argv)
    work = tempfile.mkdtemp(prefix="bench-image-")
    official = "official MicroPython 1.26.1 UF2, the app's .mpy files on littlefs"
    frozen = "the box's image: MicroPython 1.28.0, the app frozen into it"
    try:
        build = os.path.join(work, "build")
        toolchain.build(build)
        files = toolchain.built_files(build)
        box = image.build_uf2(os.path.join(work, "box.uf2"))
        if args.only_imports or args.romfs:
            romfs = image.build_uf2(os.path.join(work, "romfs.uf2"), variant="romfs")
        if args.only_imports:
            rom, rom_all = import_costs("romfs", romfs, work)
            fro, fro_all = import_costs("frozen", box, work)
            print("heap an import costs, the app in the ROMFS / frozen into the firmware:")
            for m, a, b in zip(IMPORTS, rom, fro):
                print("  %-18s %6d B / %6d B" % (m, a, b))
            print("  %-18s %6d B / %6d B" % ("all of them", rom_all, fro_all))
            return
        if args.only_boot:
            if not args.no_official:
                boot(official, None, work, files, min(args.full or 0, OFFICIAL_FULL),
                     args.synced)
            boot(frozen, box, work, files, args.full or 0, args.synced)
            return
        full = FULL if args.full is None else args.full
        if not args.no_official:
            measure(official, None, work, files, min(full, OFFICIAL_FULL), None)
        measure(frozen, box, work, files, full, None, args.detail)
        if args.romfs:
            measure("the image's romfs variant: MicroPython 1.28.0, the app in its ROMFS",
                    romfs, work, files, full, None)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

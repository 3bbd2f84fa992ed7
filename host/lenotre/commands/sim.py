"""`lenotre sim`: the simulator in a terminal, a script, a demo game, or the virtual Pico
(device/). The user's text is DESCRIPTION (--help)."""
import argparse
import contextlib
import os
import re
import select
import sys
import tempfile

from lenotre.device import png
from lenotre.commands.sim_pico import pico_device, serve_pico
from lenotre.device.simclient import BUTTONS, SimDevice, SimError
from lenotre.errors import CommandFailed, UsageError
from lenotre.paths import data_dir

DESCRIPTION = """\
The real firmware on the desktop, with its OLED drawn in the terminal.

Interactive: arrows (or w a s d) and Enter press buttons; capitals W A S D O are long presses;
u undoes (a long back); q quits. Headless: --script FILE feeds button presses and writes PNG
screenshots to --screenshots DIR. The simulated flash is a folder, so games survive restarts.

--demo plays one whole demo game through the buttons onto the flash (default: the virtual
Pico's, %s), for `lenotre sync` to find there.

--pico runs the firmware on the emulated Pico instead: the official MicroPython 1.26.1 for
the Raspberry Pi Pico on an emulated RP2040 (rp2040js), flashed with the same code as `lenotre
flash` (only what changed), its buttons GPIOs, its screen the SSD1306's I2C frames, its LEDs
the NeoPixel data pin; its flash an image file (--flash, default %s). --pico --serial gives
its USB serial as a pseudo-terminal instead, for mpremote, lenotre flash and lenotre sync.

--serial starts a virtual Pico instead: MicroPython's unix port behind a pseudo-terminal that
answers like the box's USB serial port (mpremote, lenotre flash, lenotre sync talk to it). It
prints the port (/dev/pts/N) and runs until Ctrl-C; its flash is a folder (--flash, default
%s), blank until `lenotre flash --port /dev/pts/N` puts the firmware on it.

The simulator, the virtual Pico and a real Pico keep their games the same way (in data/ of
their flash), so `lenotre sync` reads them all alike."""

KEYS = {  # key -> (button, long?)
    "\x1b[A": ("up", False), "\x1b[B": ("down", False), "\x1b[D": ("back", False),
    "\x1b[C": ("next", False), "w": ("up", False), "s": ("down", False), "a": ("back", False),
    "d": ("next", False), "\r": ("ok", False), "\n": ("ok", False), " ": ("ok", False),
    "W": ("up", True), "S": ("down", True), "A": ("back", True), "D": ("next", True),
    "O": ("ok", True), "u": ("back", True),
}
HELP = "arrows/wasd press  Enter ok  WASD/O long  u undo  q quit"
LIT, DARK = (196, 232, 255), (6, 8, 12)


def default_flash():
    return os.path.join(data_dir(), "sim-flash")


def default_pico_image():
    return os.path.join(os.path.dirname(default_flash()), "pico-flash.img")


def default_vpico_flash():
    return os.path.join(data_dir(), "vpico-flash")


def add(sub):
    p = sub.add_parser("sim", help="run the firmware on the desktop (the device simulator)",
                       description=DESCRIPTION % (default_vpico_flash(), default_pico_image(),
                                                  default_vpico_flash()),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--micropython", action="store_true",
                   help="run the firmware as the Pico holds it (compiled by mpy-cross) "
                        "under the MicroPython unix port (192 KB heap) instead of CPython")
    p.add_argument("--flash", default=None,
                   help="folder that is the simulated flash, its games in DIR/data (default: "
                        "%s; with --serial or --demo: %s)"
                        % (default_flash(), default_vpico_flash()))
    p.add_argument("--demo", action="store_true",
                   help="play one whole demo game through the buttons onto the flash "
                        "(default: the virtual Pico's), then say how to sync it")
    p.add_argument("--script", help="a button script to run headless (format: README, 'The simulator')")
    p.add_argument("--screenshots", help="folder for the PNGs of the script's `shot` lines")
    p.add_argument("--pico", action="store_true",
                   help="the emulated Pico: official MicroPython 1.26.1 on an emulated RP2040")
    p.add_argument("--serial", action="store_true",
                   help="a virtual Pico on a pseudo-terminal for mpremote / lenotre flash; "
                        "prints its /dev/pts/N")
    p.set_defaults(run=run)


def run(args):
    if args.pico and args.micropython:
        raise UsageError("--pico and --micropython are two different devices: choose one")
    if args.pico and args.serial:
        if args.script or args.screenshots:
            raise UsageError("--pico --serial goes alone (with --flash): it serves the port")
        return serve_pico(pico_image(args.flash or default_pico_image()))
    if args.serial:
        if args.script or args.screenshots or args.micropython or args.demo:
            raise UsageError("--serial goes alone (with --flash): the virtual Pico always runs "
                             "MicroPython")
        from lenotre.device import vpico
        return vpico.serve(adopt_old_layout(args.flash or default_vpico_flash()))
    if args.demo:
        if args.script or args.screenshots or args.pico:
            raise UsageError("--demo goes alone (with --flash, --micropython)")
        return run_demo(adopt_old_layout(args.flash or default_vpico_flash()),
                        args.micropython)
    if args.pico:  # its flash is an image file, not a folder
        flash = pico_image(args.flash or default_pico_image())
    else:
        flash = adopt_old_layout(args.flash or default_flash())
    micropython = "pico" if args.pico else args.micropython
    if args.screenshots and not args.script:
        raise UsageError("--screenshots goes with --script")
    if args.script:
        try:
            with open(args.script) as f:
                lines = f.read().splitlines()
        except OSError as exc:
            raise UsageError("cannot read the script %s: %s" % (args.script, exc.strerror))
        steps = parse_script(lines)  # all errors before the device starts
        with device(flash, micropython) as dev:
            try:
                return run_script(dev, steps, args.screenshots)
            except SimError as exc:  # the device died, or its guard caught a crash
                raise CommandFailed(str(exc)) from None
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("No terminal to play in: here is a whole demo game played through the buttons "
              "(lenotre sim --script FILE runs your own).")
        with tempfile.TemporaryDirectory() as scratch:
            where = os.path.join(scratch, "flash.img") if args.pico else scratch
            with device(where, micropython) as dev:
                demo(dev, lambda name: print_screen(dev, name))
        return 0
    with device(flash, micropython, strict=False) as dev:
        return interactive(dev)


# What firmware/store.py keeps in its folder (journals, packs, acks, ids, half-written files).
STORE_FILE = re.compile(r"^(g\d+\.(log|bad|tmp)|p\d+\.(pak|tmp)|next\.(id|tmp)|"
                        r"synced\.(log|tmp)|device\.(id|tmp))$")


def pico_image(flash):
    # -> flash, the emulated Pico's flash image; UsageError where a folder is
    if os.path.isdir(flash):
        raise UsageError("--flash %s is a folder: the emulated Pico's flash is an image file "
                         "(a folder is the other simulators' flash)" % flash)
    folder = os.path.dirname(os.path.abspath(flash))
    if (not os.access(flash, os.W_OK)) if os.path.exists(flash) else \
            (os.path.isdir(folder) and not os.access(folder, os.W_OK)):
        raise UsageError("--flash %s is read-only: the emulated Pico writes its flash image; "
                         "give a file it can write" % flash)
    return flash


def adopt_old_layout(flash):
    # Before issue 9 the simulator kept its games at the top of its flash folder, where the
    # Pico (and the virtual Pico) keep them in data/: move them there, once. -> flash
    # (UsageError where a file is: these flashes are folders)
    if os.path.exists(flash) and not os.path.isdir(flash):
        raise UsageError("--flash %s is a file: this simulator's flash is a folder (the "
                         "emulated Pico's, with --pico, is an image file)" % flash)
    try:
        os.makedirs(flash, exist_ok=True)
    except OSError as exc:
        raise UsageError("--flash %s: cannot make the simulator's flash folder there (%s): "
                         "give a folder it can write" % (flash, exc.strerror))
    if not os.access(flash, os.W_OK):
        raise UsageError("--flash %s is read-only: the simulator keeps its games there; give "
                         "a folder it can write" % flash)
    if os.path.isdir(flash) and not os.path.exists(os.path.join(flash, "data")):
        old = [n for n in sorted(os.listdir(flash)) if STORE_FILE.match(n)]
        if old:
            os.mkdir(os.path.join(flash, "data"))
            for name in old:
                os.rename(os.path.join(flash, name), os.path.join(flash, "data", name))
            print("lenotre sim: moved the games (%d file%s) from %s into %s/data, where the "
                  "box keeps them" % (len(old), "" if len(old) == 1 else "s", flash, flash),
                  file=sys.stderr)
    return flash


def run_demo(flash, micropython):
    # One whole game through the buttons onto `flash`, as players at the table would.
    with device(flash, micropython) as dev:
        presses = demo(dev, lambda name: None)
        winner = " ".join(dev.screen()[1])
    print("played a demo game onto %s (%d button presses; %s); the box's games are in "
          "%s" % (flash, presses, winner, os.path.join(flash, "data")))
    vflag = "" if flash == default_vpico_flash() else " --flash %s" % flash
    print("to sync it: `lenotre sim --serial%s` (a virtual Pico on that flash; it prints its "
          "port), then `lenotre flash --port PORT` once, then `lenotre sync --port PORT`"
          % vflag)
    return 0


@contextlib.contextmanager
def device(flash, micropython, strict=True):
    # Under MicroPython the firmware runs as .mpy, as on the Pico: compiled from source at
    # boot it would need far more heap than the box has (a full flash's 1,300 games and the
    # compiler do not fit 192 KB together).
    if micropython == "pico":
        with pico_device(flash) as dev:
            yield dev
        return
    if not micropython:
        with SimDevice(flash, strict=strict) as dev:
            yield dev
        return
    from lenotre.device import toolchain
    with tempfile.TemporaryDirectory(prefix="lenotre-sim-") as build:
        toolchain.build(build)
        with SimDevice(flash, compiled=build, strict=strict) as dev:
            yield dev


def demo(dev, show, seed=3):
    # A 2-player game of the desktop simulation, played through the buttons; show(name) at
    # the moments a player looks: the menu, a placement, a card, a token, the token holders,
    # areas, the scores and the winner's points by part, the end.
    from lenotre.device.simplay import Player
    from shared_rules.versailles.simulate import play
    dev.wait(30)
    show("home")
    seen = set()

    def moment(kind, presses):
        texts = dev.screen()[1]
        if kind == "round" and "placement" not in seen:
            seen.add("placement")
            show("placement")
            dev.press("ok")
            show("card")
            dev.press("back")
        elif kind == "claim" and "token" not in seen:
            seen.add("token")
            dev.wait(1500)  # the claim's toast gone
            dev.press("next")  # the claim screen, offering the likeliest claim
            show("token")
            dev.press("back")
            dev.long("next")
            show("tokens")
            dev.press("down")
        elif kind == "areas" and "areas" not in seen and texts[0].endswith("'s areas"):
            seen.add("areas")
            dev.wait(1500)  # the last claim's toast gone
            show("areas")
        elif kind == "scoreboard" and "Final scores" in texts:
            show("scores")
            dev.press("down")
            show("points")
            dev.press("up")
    Player(dev).play(play(seed, 2).log, moment)
    show("winner")
    return dev.presses


def print_screen(dev, name):
    frame, texts = dev.screen()
    print("\n%s: %s" % (name, " | ".join(texts)))
    print("\n".join(render(frame, dev.pixels())))


# ---- scripts ------------------------------------------------------------------------------
def parse_script(lines):
    # -> [(line number, verb, args)]; raises UsageError naming the line and what is allowed
    steps = []
    for no, raw in enumerate(lines, 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        verb, rest = words[0], words[1:]
        try:
            if verb in BUTTONS:
                n = int(rest[0]) if rest else 1
                if len(rest) > 1 or n < 1:
                    raise ValueError
                steps.append((no, "press", (verb, n)))
            elif verb == "long" and rest and rest[0] in BUTTONS and len(rest) <= 2:
                steps.append((no, "long", (rest[0], int(rest[1]) if len(rest) > 1 else 650)))
            elif verb == "wait" and len(rest) == 1 and int(rest[0]) >= 0:
                steps.append((no, "wait", int(rest[0])))
            elif verb == "shot" and len(rest) == 1:
                steps.append((no, "shot", rest[0]))
            elif verb == "expect" and rest:
                steps.append((no, "expect", " ".join(rest)))
            else:
                raise ValueError
        except ValueError:
            raise UsageError("script line %d: %r is not a step; steps: BUTTON [N] (buttons: %s), "
                             "long BUTTON [MS], wait MS, shot NAME, expect TEXT"
                             % (no, raw.strip(), ", ".join(BUTTONS)))
    return steps


def run_script(dev, steps, shots):
    if shots:
        os.makedirs(shots, exist_ok=True)
    dev.wait(30)
    for no, verb, arg in steps:
        if verb == "press":
            dev.press(*arg)
        elif verb == "long":
            dev.long(*arg)
        elif verb == "wait":
            dev.wait(arg)
        elif verb == "shot":
            if shots:
                frame, _ = dev.screen()
                png.write(os.path.join(shots, arg + ".png"), frame, pixels=dev.pixels(),
                          pixel_max=48)
        elif verb == "expect":
            texts = dev.screen()[1]
            if not any(arg in t for t in texts):
                raise UsageError("script line %d: expected %r on screen, it shows: %s"
                                 % (no, arg, " | ".join(texts)))
    frame, texts = dev.screen()
    print(" | ".join(texts))
    print("%d button presses; runtime %s" % (dev.presses, dev.runtime))
    return 0


# ---- the terminal -------------------------------------------------------------------------
FULL = (128, 35)  # columns, rows: the OLED in half blocks, its pixels, a blank line, the help
HALF = (64, 19)  # the OLED in braille (2x4 pixels a character), then the same three lines
SHORT_HELP = "wasd/arrows Enter q"


def render(frame, pixels, cap=48):
    # Two OLED rows per text row with the upper half block: foreground the top pixel,
    # background the bottom one. The NeoPixels follow as coloured discs.
    out = []
    for row in range(32):
        y = 2 * row
        line = []
        prev = None
        for x in range(128):
            top = png.lit(frame, 128, x, y)
            bottom = png.lit(frame, 128, x, y + 1)
            if (top, bottom) != prev:
                fg, bg = LIT if top else DARK, LIT if bottom else DARK
                line.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (fg + bg))
                prev = (top, bottom)
            line.append("\u2580")
        out.append("".join(line) + "\x1b[0m")
    out.append(leds(pixels, cap))
    return out


# braille dot bits by (dx, dy) in a character's 2x4 cell (Unicode's dot numbering 1-8)
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def render_half(frame, pixels, cap=48):
    # Every OLED pixel in half the columns: a braille character holds 2x4 pixels, so a
    # 64-column terminal shows the screen dot for dot (text stays readable, unlike a
    # scaled-down picture).
    out = []
    colour = "\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (LIT + DARK)
    for row in range(16):
        line = [colour]
        for cx in range(64):
            bits = 0
            for dx in (0, 1):
                for dy in range(4):
                    if png.lit(frame, 128, 2 * cx + dx, 4 * row + dy):
                        bits |= _DOTS[dx][dy]
            line.append(chr(0x2800 + bits))
        out.append("".join(line) + "\x1b[0m")
    out.append(leds(pixels, cap))
    return out


def leds(pixels, cap=48, gap="  "):
    out = []
    for rgb in pixels:
        full = tuple(min(255, c * 255 // cap) for c in rgb)
        out.append("\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m" % full if any(rgb) else "\u25cb")
    return gap.join(out)


def fit(cols, rows, frame, texts, pixels):
    # -> the lines to draw in a terminal of cols x rows, none wider than cols and no more
    # than rows of them: the full-size OLED, the half-size one, or - in a terminal too small
    # for either - what is too small, and the screen's texts instead of a garbled picture.
    if cols >= FULL[0] and rows >= FULL[1]:
        return render(frame, pixels) + ["", HELP]
    if cols >= HALF[0] and rows >= HALF[1]:
        return render_half(frame, pixels) + ["", HELP]
    import textwrap
    width = max(cols, 1)
    lines = textwrap.wrap("Terminal %dx%d: the screen needs %dx%d (%dx%d full size). Its "
                          "text:" % ((cols, rows) + HALF + FULL), width)
    for t in texts:
        lines.extend(textwrap.wrap(t, width))
    lines = lines[:max(rows - 2, 1)]
    lines.append(leds(pixels, gap="") if cols >= len(pixels) else "")
    lines.append(SHORT_HELP[:cols])
    return lines[:rows]


def terminal_size(fd):
    try:
        size = os.get_terminal_size(fd)
        return size.columns, size.lines
    except OSError:
        return FULL


def interactive(dev):
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    shown = None
    try:
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[2J\x1b[?25l")
        while True:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                key = os.read(fd, 8).decode(errors="ignore")
                if key in ("q", "\x1b"):
                    return 0
                if key in KEYS:
                    button, long = KEYS[key]
                    dev.long(button) if long else dev.press(button)
            else:
                dev.wait(50)
            frame, texts = dev.screen()
            pixels = dev.pixels()
            size = terminal_size(sys.stdout.fileno())
            if (frame, pixels, size) != shown:
                if shown is None or size != shown[2]:
                    sys.stdout.write("\x1b[2J")  # a resized terminal: start clean
                shown = (frame, pixels, size)
                lines = fit(size[0], size[1], frame, texts, pixels)
                # each line clears its rest, the screen below the last: a shorter picture
                # leaves nothing behind; no newline after the last so nothing scrolls
                sys.stdout.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")
                sys.stdout.flush()
    except SimError as exc:
        print("\nthe simulated device stopped: %s" % exc)
        return 1
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\x1b[0m\n")

"""`lenotre sim`: the real firmware on the desktop, with its OLED drawn in the terminal.

Interactive: arrows (or w a s d) and Enter press buttons; capitals W A S D O are long presses;
u undoes (a long back); q quits. Headless: --script FILE feeds button presses and writes PNG
screenshots to --screenshots DIR. The simulated flash is a folder, so games survive restarts.

--pico runs the firmware on the emulated Pico instead: the official MicroPython 1.26.1 for
the Raspberry Pi Pico on an emulated RP2040 (rp2040js), flashed with the same code as `lenotre
flash` (only what changed), its buttons GPIOs, its screen the SSD1306's I2C frames, its LEDs
the NeoPixel data pin; its flash an image file (--flash, default %s). --pico --serial gives
its USB serial as a pseudo-terminal instead, for mpremote, lenotre flash and lenotre sync.

--serial starts a virtual Pico instead: MicroPython's unix port behind a pseudo-terminal that
answers like the box's USB serial port (mpremote, lenotre flash, lenotre sync talk to it). It
prints the port (/dev/pts/N) and runs until Ctrl-C; its flash is a folder (--flash, default
%s), blank until `lenotre flash --port /dev/pts/N` puts the firmware on it."""
import argparse
import contextlib
import os
import select
import sys
import tempfile

from lenotre import png
from lenotre.simclient import BUTTONS, SimDevice, SimError

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
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return os.path.join(base, "lenotre", "sim-flash")


def default_pico_image():
    return os.path.join(os.path.dirname(default_flash()), "pico-flash.img")


def default_vpico_flash():
    return os.path.join(os.path.dirname(default_flash()), "vpico-flash")


def add(sub):
    p = sub.add_parser("sim", help="run the firmware on the desktop (the device simulator)",
                       description=__doc__ % (default_pico_image(), default_vpico_flash()),
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--micropython", action="store_true",
                   help="run the firmware as the Pico holds it (compiled by mpy-cross) "
                        "under the MicroPython unix port (192 KB heap) instead of CPython")
    p.add_argument("--flash", default=None,
                   help="folder that is the simulated flash (default: %s; with --serial: %s)"
                        % (default_flash(), default_vpico_flash()))
    p.add_argument("--script", help="a button script to run headless (format: README, 'The simulator')")
    p.add_argument("--screenshots", help="folder for the PNGs of the script's `shot` lines")
    p.add_argument("--pico", action="store_true",
                   help="the emulated Pico: official MicroPython 1.26.1 on an emulated RP2040")
    p.add_argument("--serial", action="store_true",
                   help="a virtual Pico on a pseudo-terminal for mpremote / lenotre flash; "
                        "prints its /dev/pts/N")
    p.set_defaults(run=run)


def run(args):
    from lenotre.cli import UsageError
    if args.pico and args.micropython:
        raise UsageError("--pico and --micropython are two different devices: choose one")
    if args.pico and args.serial:
        if args.script or args.screenshots:
            raise UsageError("--pico --serial goes alone (with --flash): it serves the port")
        return serve_pico(args.flash or default_pico_image())
    if args.serial:
        if args.script or args.screenshots or args.micropython:
            raise UsageError("--serial goes alone (with --flash): the virtual Pico always runs "
                             "MicroPython")
        from lenotre import vpico
        return vpico.serve(args.flash or default_vpico_flash())
    flash = args.flash or (default_pico_image() if args.pico else default_flash())
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
            return run_script(dev, steps, args.screenshots)
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("No terminal to play in: here is a whole demo game played through the buttons "
              "(lenotre sim --script FILE runs your own).")
        with tempfile.TemporaryDirectory() as scratch:
            where = os.path.join(scratch, "flash.img") if args.pico else scratch
            with device(where, micropython) as dev:
                demo(dev, lambda name: print_screen(dev, name))
        return 0
    with device(flash, micropython) as dev:
        return interactive(dev)


@contextlib.contextmanager
def device(flash, micropython):
    # Under MicroPython the firmware runs as .mpy, as on the Pico: compiled from source at
    # boot it would need far more heap than the box has (a full flash's 1,300 games and the
    # compiler do not fit 192 KB together).
    if micropython == "pico":
        with pico_device(flash) as dev:
            yield dev
        return
    if not micropython:
        with SimDevice(flash) as dev:
            yield dev
        return
    from lenotre import toolchain
    with tempfile.TemporaryDirectory(prefix="lenotre-sim-") as build:
        toolchain.build(build)
        with SimDevice(flash, compiled=build) as dev:
            yield dev


@contextlib.contextmanager
def pico_device(image):
    # The emulated Pico with the firmware on it: flashed as `lenotre flash` does (only what
    # changed), then its app restarted. -> epico.PicoDevice
    from lenotre import epico, flasher, toolchain
    from lenotre.cli import UsageError
    os.makedirs(os.path.dirname(os.path.abspath(image)), exist_ok=True)
    try:
        pico = epico.EmulatedPico(image).start()
    except epico.EmulatorMissing as exc:
        raise UsageError(str(exc))
    try:
        with tempfile.TemporaryDirectory(prefix="lenotre-sim-") as build:
            toolchain.build(build)
            done = flasher.flash(pico.port, flasher.local_files(build))
        print("emulated Pico (MicroPython 1.26.1, rp2040js) on %s: firmware copied %d, "
              "unchanged %d" % (pico.port, len(done["copied"]), done["unchanged"]),
              file=sys.stderr)
        pico.wait_for("")  # the app is up: some text on its screen
        yield epico.PicoDevice(pico)
    finally:
        pico.kill()


def serve_pico(image):
    # `lenotre sim --pico --serial`: the emulated Pico's USB serial until Ctrl-C
    import signal
    import time
    from lenotre import epico
    from lenotre.cli import UsageError
    os.makedirs(os.path.dirname(os.path.abspath(image)), exist_ok=True)
    try:
        pico = epico.EmulatedPico(image).start()
    except epico.EmulatorMissing as exc:
        raise UsageError(str(exc))
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    print(pico.port, flush=True)
    print("emulated Pico (MicroPython 1.26.1 on rp2040js) on %s; flash image %s; Ctrl-C stops "
          "it" % (pico.port, pico.image), file=sys.stderr, flush=True)
    try:
        while not stop and pico.proc.poll() is None:
            time.sleep(0.1)
    except KeyboardInterrupt:
        pass
    finally:
        pico.kill()
    return 0


def demo(dev, show, seed=3):
    # A 2-player game of the desktop simulation, played through the buttons; show(name) at
    # the moments a player looks: the menu, a placement, a card, a token, areas, the end.
    from lenotre.simplay import Player
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
            show("token")
        elif kind == "areas" and "areas" not in seen and texts[0].endswith("1/6"):
            seen.add("areas")
            show("areas")
        elif kind == "scoreboard" and "Final scores" in texts:
            show("scores")
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
    from lenotre.cli import UsageError
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
    from lenotre.cli import UsageError
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
    leds = []
    for rgb in pixels:
        full = tuple(min(255, c * 255 // cap) for c in rgb)
        leds.append("\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m" % full if any(rgb) else "\u25cb")
    out.append("  ".join(leds))
    return out


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
            if (frame, pixels) != shown:
                shown = (frame, pixels)
                lines = render(frame, pixels) + ["", HELP]
                sys.stdout.write("\x1b[H" + "\n".join(lines) + "\n")
                sys.stdout.flush()
    except SimError as exc:
        print("\nthe simulated device stopped: %s" % exc)
        return 1
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\x1b[0m\n")

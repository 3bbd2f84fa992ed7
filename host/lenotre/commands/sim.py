"""`lenotre sim`: the firmware on the desktop, as a device to play in the terminal
(sim_tty, drawn by sim_screen), to run a button script on (sim_script), to play the demo game
onto (DEMO), or the virtual or emulated Pico serving its USB serial (device/vpico.py,
sim_pico). This module holds the options, the flash each device keeps its games in, and which
device runs. The user's text is DESCRIPTION (--help)."""
import argparse
import contextlib
import importlib
import os
import re
import sys
import tempfile

from lenotre.commands.sim_pico import pico_device, serve_pico
from lenotre.commands.sim_screen import print_screen
from lenotre.commands.sim_script import load_script, run_script
from lenotre.commands.sim_tty import interactive
from lenotre.device.simclient import SimDevice, SimError
from lenotre.errors import CommandFailed, UsageError
from lenotre.paths import data_dir

# The demo game's module (its play(dev, show) -> presses, and plan()), named here as a
# registration: the demo is one game's, in that game's rooms.
DEMO = "lenotre.games.versailles_demo"

DESCRIPTION = """\
The real firmware on the desktop, with its OLED drawn in the terminal.

Interactive: arrows (or w a s d) and Enter press buttons; capitals W A S D O are long presses;
u undoes (a long back); q quits. Headless: --script FILE feeds button presses and writes PNG
screenshots to --screenshots DIR. The simulated flash is a folder, so games survive restarts.

--demo plays one whole demo game of Versailles (2 players) through the buttons onto the flash
(default: the virtual Pico's, %s), for `lenotre sync` to find there.

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
                   help="play one whole demo game (of Versailles) through the buttons onto "
                        "the flash (default: the virtual Pico's), then say how to sync it")
    p.add_argument("--script", help="a button script to run headless (format: README, 'The simulator')")
    p.add_argument("--screenshots", help="folder for the PNGs of the script's `shot` lines")
    p.add_argument("--pico", action="store_true",
                   help="the emulated Pico: official MicroPython 1.26.1 on an emulated RP2040")
    p.add_argument("--lang", metavar="CODE",
                   help="the simulated box's language, en or de: given, it replaces the box's "
                        "choice; else a box that never chose one speaks this computer's")
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
    from lenotre.device import languages
    language = languages.wanted(args.lang)
    if args.screenshots and not args.script:
        raise UsageError("--screenshots goes with --script")
    if args.script:
        steps = load_script(args.script)  # all errors before the device starts
        with device(flash, micropython, language=language) as dev:
            try:
                return run_script(dev, steps, args.screenshots)
            except SimError as exc:  # the device died, or its guard caught a crash
                raise CommandFailed(str(exc)) from None
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        print("No terminal to play in: here is a whole demo game played through the buttons "
              "(lenotre sim --script FILE runs your own).")
        with tempfile.TemporaryDirectory() as scratch:
            where = os.path.join(scratch, "flash.img") if args.pico else scratch
            with device(where, micropython, language=language) as dev:
                demo().play(dev, lambda name: print_screen(dev, name))
        return 0
    with device(flash, micropython, strict=False, language=language) as dev:
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
    # An older lenotre's simulator kept its games at the top of its flash folder; the Pico
    # (and the virtual Pico) keep them in data/: move them there, once. -> flash
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
        presses = demo().play(dev, lambda name: None)
        winner = " ".join(dev.screen()[1])
    print("played a demo game onto %s (%d button presses; %s); the box's games are in "
          "%s" % (flash, presses, winner, os.path.join(flash, "data")))
    vflag = "" if flash == default_vpico_flash() else " --flash %s" % flash
    print("to sync it: `lenotre sim --serial%s` (a virtual Pico on that flash; it prints its "
          "port), then `lenotre flash --port PORT` once, then `lenotre sync --port PORT`"
          % vflag)
    return 0


@contextlib.contextmanager
def device(flash, micropython, strict=True, language=None):
    # Under MicroPython the firmware runs as .mpy, as on the Pico: compiled from source at
    # boot it would need far more heap than the box has (a full flash's 1,300 games and the
    # compiler do not fit 192 KB together).
    if micropython == "pico":
        with pico_device(flash, language or ("en", False)) as dev:
            yield dev
        return
    if not micropython:
        with SimDevice(flash, strict=strict, language=language) as dev:
            yield dev
        return
    from lenotre.device import toolchain
    with tempfile.TemporaryDirectory(prefix="lenotre-sim-") as build:
        toolchain.build(build)
        with SimDevice(flash, compiled=build, strict=strict, language=language) as dev:
            yield dev


def demo():
    """-> the demo game's module (DEMO)."""
    return importlib.import_module(DEMO)

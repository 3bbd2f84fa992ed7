"""`lenotre flash`: build the firmware (device/toolchain.py) and put it on the box
(link/flasher.py), or install MicroPython first from a UF2. DESCRIPTION is the user's text."""
import argparse
import glob
import os
import shutil
import struct
import tempfile
import time

from serial.tools.list_ports import comports

from lenotre.device import languages, toolchain
from lenotre.errors import CommandFailed, UsageError
from lenotre.link import port as link
from lenotre.link.flasher import FlashError, flash, local_files
from lenotre.progress import Progress

DRIVES = ("/media/*/RPI-RP2", "/run/media/*/RPI-RP2", "/media/RPI-RP2", "/mnt/RPI-RP2")
UF2_MAGIC = (0x0A324655, 0x9E5D5157)
RP2040_FAMILY = 0xE48BFF56
UF2_FAMILY_FLAG = 0x2000


DESCRIPTION = """\
Put the firmware on the box, or update it: only the files that changed are copied, each
one is checked after copying, and the box's clock is set from this computer's. The box's
games are never touched; the library's roster of people goes onto the box (--db chooses the
library). Then the box restarts its app. The box is found on USB by itself when it is the
only Pico plugged in; --port names its serial port otherwise.

A new Pico needs MicroPython first: hold its BOOTSEL button while plugging it in (it shows as
a drive called RPI-RP2), then run `lenotre flash --uf2 FILE`. Best with the box's own image
(`lenotre image --out lenotre-pico.uf2`: MicroPython built for the box with the app in flash,
the whole box in one file; hardware/README.md); MicroPython's RPI_PICO UF2
(micropython.org/download) works too. It installs the UF2, waits for the Pico to restart, then
puts the firmware on it as usual (on the image: the ROMFS blocks that differ, none at first).

A Pico on CircuitPython 10 takes `lenotre flash --circuitpython` (sources and Adafruit's
neopixel library), once Le Notre's boot file for CircuitPython is on its CIRCUITPY drive
(copied by hand from the repository's firmware/circuitpython folder, then the box unplugged
and plugged in again): that lets the box write its drive."""

def add(sub):
    p = sub.add_parser("flash", help="put the firmware on the box (only what changed)",
                       description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--port", help="the box's serial port (default: the one Pico on USB)")
    p.add_argument("--uf2", metavar="FILE",
                   help="first install this MicroPython UF2 on a Pico in BOOTSEL mode")
    p.add_argument("--drive", metavar="DIR",
                   help="the Pico's RPI-RP2 drive for --uf2 (default: found under /media, "
                        "/run/media)")
    p.add_argument("--wait", type=float, default=30.0, metavar="S",
                   help="seconds to wait for the Pico's serial port after --uf2 (default 30)")
    p.add_argument("--circuitpython", action="store_true",
                   help="the box runs CircuitPython (10.x), not MicroPython: put the "
                        "CircuitPython edition on it (sources, Adafruit's neopixel in lib/)")
    p.add_argument("--lang", metavar="CODE",
                   help="the box's language, en or de: given, it replaces the box's choice; "
                        "else a box that never chose one speaks this computer's (its locale)")
    p.add_argument("-v", "--verbose", action="store_true", help="name every file copied")
    p.add_argument("--db", metavar="PATH", default=None,
                   help="the library whose roster of people goes onto the box (default: the "
                        "sync's library, if there is one)")
    p.set_defaults(run=run)


def find_port(port=None):
    # -> the serial port of the one Pico on USB, or `port` when given (the sync's search)
    try:
        return link.find_port(port, None if port else comports(), lead="no device")
    except link.NoBox as exc:
        raise FlashError(str(exc))


# ---- MicroPython itself (UF2) -------------------------------------------------------------
def find_drive(drive=None):
    # -> the RPI-RP2 drive of a Pico in BOOTSEL mode (its INFO_UF2.TXT tells it apart)
    if drive:
        if not os.path.isfile(os.path.join(drive, "INFO_UF2.TXT")):
            raise FlashError("%s is not a Pico in BOOTSEL mode: it has no INFO_UF2.TXT" % drive)
        return drive
    found = sorted({d for pattern in DRIVES for d in glob.glob(pattern)
                    if os.path.isfile(os.path.join(d, "INFO_UF2.TXT"))})
    if not found:
        raise FlashError("no Pico in BOOTSEL mode: no RPI-RP2 drive under /media or /run/media; "
                         "hold BOOTSEL while plugging the Pico in (and mount the drive), or "
                         "name it with --drive")
    if len(found) > 1:
        raise FlashError("%d RPI-RP2 drives (%s): plug in one Pico only, or choose with --drive"
                         % (len(found), ", ".join(found)))
    return found[0]


def check_uf2(path):
    try:
        with open(path, "rb") as f:
            head = f.read(32)
    except OSError as exc:
        raise UsageError("cannot read the UF2 file %s: %s" % (path, exc.strerror))
    if len(head) < 32 or struct.unpack("<II", head[:8]) != UF2_MAGIC:
        raise UsageError("%s is not a UF2 file (download MicroPython's RPI_PICO .uf2 from "
                         "micropython.org/download)" % path)
    flags, family = struct.unpack("<I", head[8:12])[0], struct.unpack("<I", head[28:32])[0]
    if flags & UF2_FAMILY_FLAG and family != RP2040_FAMILY:
        raise UsageError("%s is for another chip (UF2 family 0x%08X), not the Pico's RP2040 "
                         "(0x%08X)" % (path, family, RP2040_FAMILY))


def install_uf2(path, drive):
    # Copying the UF2 onto the drive is all: the Pico writes it to flash and reboots.
    target = os.path.join(drive, os.path.basename(path))
    try:
        with open(path, "rb") as src, open(target, "wb") as dst:
            shutil.copyfileobj(src, dst)
            dst.flush()
            os.fsync(dst.fileno())
    except OSError as exc:
        raise FlashError("copying %s to %s failed: %s" % (path, drive, exc.strerror))


def wait_for_port(port, timeout, poll=0.2):
    # After a UF2: the Pico reboots into MicroPython and shows up as a serial port.
    end = time.monotonic() + timeout
    while True:
        try:
            if not port:
                return find_port()
            if os.path.exists(port):
                return port
        except FlashError as exc:
            if "Picos are connected" in str(exc):
                raise
        if time.monotonic() >= end:
            raise FlashError("the Pico did not come back as a serial port within %g s after "
                             "the UF2 was copied: unplug it and plug it in again, then run "
                             "lenotre flash" % timeout)
        time.sleep(poll)


# ---- the command ---------------------------------------------------------------------------
def run(args):
    if args.drive and not args.uf2:
        raise UsageError("--drive goes with --uf2")
    language = languages.wanted(args.lang)
    try:
        if args.uf2:
            check_uf2(args.uf2)
            drive = find_drive(args.drive)
            install_uf2(args.uf2, drive)
            print("copied %s to %s; waiting for the Pico to restart" % (args.uf2, drive))
            port = wait_for_port(args.port, args.wait)
        else:
            port = find_port(args.port)
        start = time.monotonic()
        with tempfile.TemporaryDirectory(prefix="lenotre-flash-") as out:
            try:
                (toolchain.build_circuitpython if args.circuitpython else toolchain.build)(out)
            except toolchain.ToolchainError as exc:
                raise FlashError(str(exc))
            files = local_files(out)
            log = print if args.verbose else (lambda line: None)
            bar = None if args.verbose else Progress(label="flash")  # -v lists the files
            try:
                done = flash(port, files, log, roster=_roster(args.db),
                             progress=bar and bar.update, language=language)
            finally:
                if bar:
                    bar.done()
    except FlashError as exc:
        raise CommandFailed(str(exc)) from None
    if done["romfs"]:
        rom = done["romfs"]
        what = "its ROMFS (%d bytes%s): %d blocks of 4 KiB rewritten, removed %d files" % (
            rom["bytes"], "; over the frozen app: " + ", ".join(rom["units"])
            if rom["units"] else "", rom["blocks"], len(done["removed"]))
    else:
        what = "copied %d (%d bytes), unchanged %d, removed %d" % (
            len(done["copied"]), done["bytes"], done["unchanged"], len(done["removed"]))
    print("flashed %s: %s in %.1f s; clock set; the app restarted"
          % (port, what, time.monotonic() - start))
    if done["romfs"] and done["romfs"].get("languages_left"):
        print("note: this app and the box's languages do not fit its ROMFS together: the app "
              "went, the languages wait for a new image (`lenotre image`, then `lenotre flash "
              "--uf2 FILE`); until then the box speaks English")
    for path in done["romfs"]["stale"] if done["romfs"] else ():
        print("note: the box's %s is frozen into its image and differs from this one: it "
              "changes with a new image (`lenotre image`, then `lenotre flash --uf2 FILE`)"
              % path)
    return 0


def _roster(path):
    # -> the library's roster for the box, or None (no library yet: the box's stays as it is)
    from lenotre.library import db
    from lenotre.library.people import Roster
    path = path or db.default_path()
    if not os.path.isfile(path):
        return None
    library = db.Library(path)
    try:
        return Roster(library).names()
    finally:
        library.close()

"""`lenotre image`: build the box's own firmware image (device/image.py), one UF2 holding
MicroPython for Le Nôtre's board with the app frozen into it. DESCRIPTION is the user's text."""
import argparse
import os
import shutil

from lenotre.device import image, toolchain
from lenotre.errors import CommandFailed, UsageError

DESCRIPTION = """\
Build the box's firmware image: one UF2 file with MicroPython 1.28.0 for Le Nôtre's board and
the app's code frozen into its flash, so the heap is the games'. Drag it onto a Pico in
BOOTSEL mode (or `lenotre flash --uf2 FILE`) and the Pico is a box: no other file to copy.
Later updates of the app go over USB with `lenotre flash`, into the image's ROMFS partition:
what changed runs from there in place of the frozen code.

The build needs MicroPython's sources: on the project's machines the archive in
shared/micropython/; elsewhere a checkout of the same tag, given with --micropython
(git clone --recurse-submodules -b v1.28.0 https://github.com/micropython/micropython).
It needs gcc-arm-none-eabi, libnewlib-arm-none-eabi, cmake, g++ and make (Debian's packages).
The first build takes a few minutes; later ones reuse it while its inputs are the same."""


def add(sub):
    p = sub.add_parser("image", help="build the box's firmware image (one UF2)",
                       description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", metavar="FILE", default="lenotre-pico.uf2",
                   help="where the UF2 goes (default: lenotre-pico.uf2 here)")
    p.add_argument("--micropython", metavar="DIR",
                   help="a MicroPython 1.28.0 checkout with its submodules (default: the "
                        "archive in shared/micropython/)")
    p.set_defaults(run=run)


def run(args):
    out = os.path.abspath(args.out)
    if os.path.isdir(out):
        raise UsageError("%s is a folder: give the UF2 file's name (e.g. %s)"
                         % (args.out, os.path.join(args.out, "lenotre-pico.uf2")))
    if not os.path.isdir(os.path.dirname(out)):
        raise UsageError("%s: no such folder" % os.path.dirname(out))
    try:
        built = image.build_uf2(micropython=args.micropython)
        shutil.copyfile(built, out + ".tmp")
        os.replace(out + ".tmp", out)
    except (image.ImageError, toolchain.ToolchainError) as exc:
        raise CommandFailed(str(exc)) from None
    except OSError as exc:
        raise CommandFailed("writing %s failed: %s" % (args.out, exc.strerror)) from None
    print("built %s (%d bytes): drag it onto the Pico's RPI-RP2 drive, or run "
          "`lenotre flash --uf2 %s`" % (args.out, os.path.getsize(out), args.out))
    return 0

# CircuitPython's boot.py: who may write the CIRCUITPY drive until the next power-up.
# Either the box's program or the PC over USB, never both (FAT has no locking: two writers
# corrupt it). A box writes its journal at every score, so a normal start gives the drive to
# the box: the PC sees it read-only (lenotre sync and flash go over the USB serial port, which
# writes through the box). Hold any of the five buttons while plugging the box in, and the PC
# may write the drive (to drop a CircuitPython library on it, or edit a file by hand); the app
# then does not start (app.start: a held button leaves the REPL free), as it could not save.
import json

import board
import digitalio
import storage

BUTTONS = ("up", "down", "back", "next", "ok")


def held():
    try:
        with open("pinout.json") as f:
            pins = json.load(f)["buttons"]
    except (OSError, ValueError, KeyError):  # no pinout yet (a fresh drive): nothing held
        return False
    for name in BUTTONS:
        try:
            io = digitalio.DigitalInOut(getattr(board, "GP%d" % pins[name]))
        except (AttributeError, KeyError, TypeError, ValueError):
            continue
        io.switch_to_input(pull=digitalio.Pull.UP)
        down = not io.value
        io.deinit()
        if down:
            return True
    return False


if held():
    print("Le Notre: a button is held: CIRCUITPY is the PC's to write, the box's app is off")
else:
    storage.remount("/", readonly=False)  # the box writes; the PC sees the drive read-only

# Which power-on this is, and when each power-on's clock was set (docs/FIRMWARE.md, "Wall
# clock"): boot() counts the power-ons on the flash; set_by_pc() puts the PC's time onto the
# box's clock, and beside it on the flash "<power-on number> <seconds since power-on> <unix
# seconds>" when the clock was unset until then. A game played before that carries only
# [number, seconds] (app/core.py); with this line the PC dates it to the second. Loaded by the
# app at start (then let go), by the link and by `lenotre flash`.
import os

from flash import StoreError, write
from wallclock import FLOOR, SPAN, check, since_power

BOOT = "boot.txt"  # in data/: "<power-on number> <its seconds since power-on when counted>"
MARKS = "clock.txt"  # in data/, beside boot.txt
KEEP = 8  # the newest lines kept: each sync reads them all, so a few power-ons' worth is plenty


def count(hal):
    # -> the app's power-on number (boot()), or None: no clock to tell power-ons by
    w = getattr(hal, "wall", None)
    if w is None or since_power(w) is None and w.now() is None:
        return None
    e = getattr(hal, "entropy", None)  # the simulator's is its virtual clock: runs repeat
    return boot(hal.store.dir, w, e)


def counted(wall):
    # -> True when this power-on was counted (boot()): its unset clock moved on by SPAN
    r = wall.raw()
    return r is not None and wall.zero + SPAN <= r < FLOOR


def boot(folder, wall, fresh=None):
    # -> this power-on's number, counted in folder + BOOT, or None when it cannot be told.
    # Counted once a power-on, by the first call whose clock reads unset and not counted
    # (the app at start; the link or a flash when the app did not get that far): the number
    # goes on the flash, then the clock moves on by SPAN. A clock that was set: the power has
    # held since it was counted (set_by_pc counts first), so the number stands. With no
    # count to go on (a new box, a lost file) counting starts anywhere in 2**24 (fresh() -> a
    # random number, else os.urandom): a number the PC met before on this box would date the
    # games by another power-on's clock.
    up = since_power(wall)
    n = None
    try:
        with open(folder + BOOT) as f:
            n = int(f.read(40).split()[0])
    except (OSError, ValueError, IndexError):
        pass
    if up is None or counted(wall):
        return n
    if n is None:
        r = os.urandom(3) if fresh is None else None
        n = (r[0] | r[1] << 8 | r[2] << 16 if r else fresh()) % 0xFFFFFF
    n += 1
    write(folder, "boot", BOOT, [b"%d %d\n" % (n, up)])  # temp then rename: never halved
    wall.set_raw(wall.zero + SPAN + up)  # counted: a cut before this only counts again
    return n


def set_by_pc(wall, t, folder="data/"):
    # -> what the clock reads after setting it to t (unix seconds; ValueError outside FLOOR..)
    check(t)
    try:
        n = boot(folder, wall)  # counted here when the app did not get that far
    except (OSError, StoreError):
        n = None  # no flash to count on: this power-on's games stay undated
    up = since_power(wall)  # None: set already, so this power-on's games have their times
    wall.set(t)
    if n is not None and up is not None:
        try:
            lines = read(folder)[1 - KEEP:] + ["%d %d %d" % (n, up, t)]
            write(folder, "clock", MARKS, [("\n".join(lines) + "\n").encode()])
        except (OSError, StoreError):
            pass  # a full flash: the clock is set all the same
    return wall.now()


def read(folder="data/"):
    # -> the marks' lines, oldest first: each three whole numbers; others are skipped
    try:
        with open(folder + MARKS) as f:
            text = f.read(KEEP * 40)
    except OSError:
        return []
    out = []
    for line in text.split("\n"):
        w = line.split()
        if len(w) == 3 and not [x for x in w if not x.isdigit()]:
            out.append(" ".join(w))
    return out

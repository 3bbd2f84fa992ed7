# When each power-on's clock was set (docs/FIRMWARE.md, "Wall clock"): the PC's time onto the
# box's clock, and beside it on the flash "<power-on number> <seconds since power-on> <unix
# seconds>" when the clock was unset until then. A game played before that carries only
# [number, seconds] (wallclock.stamp); with this line the PC dates it to the second. Loaded by
# the link and by `lenotre flash`, never by the app.
import os

from wallclock import boot, check, since_power

MARKS = "clock.txt"  # in data/, beside boot.txt
KEEP = 8  # the newest lines kept: each sync reads them all, so a few power-ons' worth is plenty


def set_by_pc(wall, t, folder="data/"):
    # -> what the clock reads after setting it to t (unix seconds; ValueError outside FLOOR..)
    check(t)
    try:
        n = boot(folder, wall)  # counted here when the app did not get that far
    except OSError:
        n = None  # no flash to count on: this power-on's games stay undated
    up = since_power(wall)  # None: set already, so this power-on's games have their times
    wall.set(t)
    if n is not None and up is not None:
        try:
            lines = read(folder)[1 - KEEP:] + ["%d %d %d" % (n, up, t)]
            with open(folder + "clock.tmp", "w") as f:  # temp then rename: never half a file
                f.write("\n".join(lines) + "\n")
            os.rename(folder + "clock.tmp", folder + MARKS)
        except OSError:
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

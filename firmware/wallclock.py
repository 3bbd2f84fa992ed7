# The box's wall clock (docs/FIRMWARE.md, "Wall clock"): unix seconds UTC, or None while
# unknown. A Pico has no battery for its RTC: at power-on it reads 2021-01-01, so a reading
# before FLOOR was never set from a PC and the box writes no time at all. The PC sets it at
# every flash and sync (link.py's TIME); it then holds through the app's restarts (a soft
# reset) until the power goes. Three backends, one interface: now() -> int or None, set(t),
# raw() -> what it reads, set or not (None: no clock), set_raw(r), zero (its power-on
# reading): picoclock.Rtc on a Pico, Kept on the virtual Pico, hal.sim.SimWall in the
# simulator; each loads only where it runs (the unix port's 192 KB heap has no room for code
# it never calls).
# Without a clock the box still knows which power-on it is (boot(), counted on the flash) and
# how long since (since_power()): stamp() gives both, and the PC dates them once a
# set_by_pc() (clockmarks.py) tells it when that power-on's clock was set. The unset clock
# itself says whether this power-on was counted: counting moves it on by SPAN, still unset,
# and only a power-on (or a hard reset, which restarts the RTC too) brings it back.
# which times a PC could have set is shared with the PC (it reads them in the journals)
from shared_rules.walltime import FLOOR, LATEST, ZERO, check, valid  # noqa: F401

KEPT = "vpico-rtc.txt"  # the virtual Pico's clock, beside main.py (not in data/)
BOOT = "boot.txt"  # in data/: "<power-on number> <its seconds since power-on when counted>"
SPAN = 78796800  # 912 days: a counted power-on's unset clock; 2021 + 2 * SPAN < FLOOR


def since_power(wall):
    # -> whole seconds since power-on while the clock was never set, else None
    r = wall.raw()
    if r is None or not wall.zero <= r < FLOOR:
        return None
    r -= wall.zero
    return r - SPAN if r >= SPAN else r


def counted(wall):
    # -> True when this power-on was counted (boot()): its unset clock moved on by SPAN
    r = wall.raw()
    return r is not None and wall.zero + SPAN <= r < FLOOR


class Kept:
    # The virtual Pico's RTC (the unix port has no machine.RTC): the offset from the unix
    # port's own clock, in a file the virtual Pico removes at power-on (host/lenotre/vpico.py)
    # and no other code writes. So the time holds through the app's restarts, as a Pico's.
    zero = ZERO  # the virtual Pico writes this offset at power-on, as a Pico's RTC starts there

    def __init__(self, path=KEPT, clock=None):
        self.path = path
        if clock is None:
            import time
            clock = time.time
        self.clock = clock

    def now(self):
        raw = self.raw()
        return None if raw is None else valid(raw)

    def raw(self):
        try:
            with open(self.path) as f:
                off = int(f.read().strip())
        except (OSError, ValueError):
            return None
        return int(self.clock()) + off

    def set(self, t):
        check(t)
        self.set_raw(t)

    def set_raw(self, r):
        import os
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % (r - int(self.clock())))
        os.rename(tmp, self.path)


def default():
    # The box's own clock: machine.RTC on a Pico, the kept offset on the unix port.
    try:
        from machine import RTC
    except ImportError:  # the unix port's machine module has no RTC
        return Kept()
    from picoclock import Rtc
    return Rtc(RTC())


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
    import os
    if n is None:
        r = os.urandom(3) if fresh is None else None
        n = (r[0] | r[1] << 8 | r[2] << 16 if r else fresh()) % 0xFFFFFF
    n += 1
    with open(folder + "boot.tmp", "w") as f:  # temp then rename: a cut never halves it
        f.write("%d %d\n" % (n, up))
    os.rename(folder + "boot.tmp", folder + BOOT)
    wall.set_raw(wall.zero + SPAN + up)  # counted: a cut before this only counts again
    return n


def stamp(wall, number):
    # -> when it is, as the journal keeps it: unix seconds once a PC set the clock, else
    # [power-on number, seconds since power-on] (the PC dates it when it learns when that
    # power-on's clock was set), else None
    if wall is None:
        return None
    t = wall.now()
    if t is not None:
        return t
    up = since_power(wall)
    return None if up is None or number is None else [number, up]

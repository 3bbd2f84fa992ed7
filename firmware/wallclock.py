# The box's wall clock (docs/FIRMWARE.md, "Wall clock"): unix seconds UTC, or None while
# unknown. A Pico has no battery for its RTC: at power-on it reads 2021-01-01, so a reading
# before FLOOR was never set from a PC and the box writes no time at all. The PC sets it at
# every flash and sync (link.py's TIME); it then holds through the app's restarts (a soft
# reset) until the power goes. Three backends, one interface: now() -> int or None, set(t),
# since_power() -> whole seconds since power-on while the clock was never set, else None:
# picoclock.Rtc on a Pico, Kept on the virtual Pico, hal.sim.SimWall in the simulator; each
# loads only where it runs (the unix port's 192 KB heap has no room for code it never calls).
# Without a clock the box still knows which power-on it is (boot(), counted on the flash) and
# how long since: stamp() gives that, and the PC dates it once a set_by_pc() (clockmarks.py)
# tells it when that power-on's clock was set.
# which times a PC could have set is shared with the PC (it reads them in the journals)
from shared_rules.walltime import FLOOR, LATEST, ZERO, check, valid  # noqa: F401

KEPT = "vpico-rtc.txt"  # the virtual Pico's clock, beside main.py (not in data/)
BOOT = "boot.txt"  # in data/: "<power-on number> <its seconds since power-on when counted>"


def since(raw, zero=ZERO):
    # -> whole seconds since power-on from a raw clock reading that was never set, else None
    return raw - zero if zero <= raw < FLOOR else None


class Kept:
    # The virtual Pico's RTC (the unix port has no machine.RTC): the offset from the unix
    # port's own clock, in a file the virtual Pico removes at power-on (host/lenotre/vpico.py)
    # and no other code writes. So the time holds through the app's restarts, as a Pico's.
    def __init__(self, path=KEPT, clock=None):
        self.path = path
        if clock is None:
            import time
            clock = time.time
        self.clock = clock

    def now(self):
        raw = self.raw()
        return None if raw is None else valid(raw)

    def since_power(self):
        # the virtual Pico writes ZERO's offset at power-on, as a Pico's RTC starts there
        raw = self.raw()
        return None if raw is None else since(raw)

    def raw(self):
        try:
            with open(self.path) as f:
                off = int(f.read().strip())
        except (OSError, ValueError):
            return None
        return int(self.clock()) + off

    def set(self, t):
        check(t)
        import os
        tmp = self.path + ".tmp"
        with open(tmp, "w") as f:
            f.write("%d\n" % (t - int(self.clock())))
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
    # -> this power-on's number, counted in folder + BOOT, or None when it cannot be told. A
    # new number when the clock reads unset and no later since power-on than when the last
    # was counted (a soft reset reads later: the same power-on; a power-on in the same second
    # as the last count is counted again, which costs exact dates, never gives wrong ones).
    # A clock that was set: the power has held since, so the number counted then stands.
    # With no count to go on (a new box, a lost file) counting starts anywhere in 2**24
    # (fresh() -> a random number, else os.urandom): a number the PC has met before on this
    # box would date the games by another power-on's clock.
    up = wall.since_power()
    n = u = None
    try:
        with open(folder + BOOT) as f:
            words = f.read(40).split()
        n, u = int(words[0]), int(words[1])
    except (OSError, ValueError, IndexError):
        pass
    if up is None or (n is not None and up > u):
        return n
    import os
    if n is None:
        r = os.urandom(3) if fresh is None else None
        n = (r[0] | r[1] << 8 | r[2] << 16 if r else fresh()) % 0xFFFFFF
    n += 1
    with open(folder + "boot.tmp", "w") as f:  # temp then rename: a cut never halves it
        f.write("%d %d\n" % (n, up))
    os.rename(folder + "boot.tmp", folder + BOOT)
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
    up = wall.since_power()
    return None if up is None or number is None else [number, up]

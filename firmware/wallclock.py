# The box's wall clock (docs/FIRMWARE.md, "Wall clock"): unix seconds UTC, or None while
# unknown. A Pico has no battery for its RTC: at power-on it reads 2021-01-01, so a reading
# before FLOOR was never set from a PC and the box writes no time at all. The PC sets it at
# every flash and sync (link.py's TIME); it then holds through the app's restarts (a soft
# reset) until the power goes. Three backends, one interface: now() -> int or None, set(t):
# picoclock.Rtc on a Pico, Kept on the virtual Pico, hal.sim.SimWall in the simulator; each
# loads only where it runs (the unix port's 192 KB heap has no room for code it never calls).
# which times a PC could have set is shared with the PC (it reads them in the journals)
from shared_rules.walltime import FLOOR, LATEST, check, valid  # noqa: F401

KEPT = "vpico-rtc.txt"  # the virtual Pico's clock, beside main.py (not in data/)


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
        try:
            with open(self.path) as f:
                off = int(f.read().strip())
        except (OSError, ValueError):
            return None
        return valid(int(self.clock()) + off)

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

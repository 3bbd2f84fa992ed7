# The virtual Pico's wall clock (wallclock.py has the interface and the rules): the unix port
# has no machine.RTC. Loaded on the virtual Pico only.
from wallclock import ZERO, check, valid

KEPT = "vpico-rtc.txt"  # the virtual Pico's clock, beside main.py (not in data/)


class Kept:
    # The virtual Pico's RTC: the offset from the unix port's own clock, in a file the virtual
    # Pico writes at power-on (host/lenotre/device/vpico.py) and only this class writes after.
    # So the time holds through the app's restarts, as a Pico's.
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

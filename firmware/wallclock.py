# The box's wall clock (docs/FIRMWARE.md, "Wall clock"): unix seconds UTC, or None while
# unknown. A Pico has no battery for its RTC: at power-on it reads 2021-01-01, so a reading
# before FLOOR was never set from a PC and the box writes no time at all. The PC sets it at
# every flash and sync (link.py's TIME); it then holds through the app's restarts (a soft
# reset) until the power goes. Three backends, one interface: now() -> int or None, set(t),
# raw() -> what it reads, set or not (None: no clock), set_raw(r), zero (its power-on
# reading): picoclock.Rtc on a Pico, keptclock.Kept on the virtual Pico, hal.sim.SimWall in
# the simulator; each loads only where it runs (the unix port's 192 KB heap has no room for
# code it never calls).
# Without a clock the box still knows how long since power-on (since_power()) and which
# power-on it is (clockmarks.py, loaded to count it).
# which times a PC could have set is shared with the PC (it reads them in the journals)
from shared_rules.walltime import FLOOR, LATEST, ZERO, check, valid  # noqa: F401

SPAN = 78796800  # 912 days: a counted power-on's unset clock (clockmarks.boot); 2021 + 2 * SPAN
# < FLOOR


def since_power(wall):
    # -> whole seconds since power-on while the clock was never set, else None
    r = wall.raw()
    if r is None or not wall.zero <= r < FLOOR:
        return None
    r -= wall.zero
    return r - SPAN if r >= SPAN else r


def default():
    # The box's own clock: machine.RTC on a Pico, the kept offset on the unix port.
    try:
        from machine import RTC
    except ImportError:  # the unix port's machine module has no RTC
        from keptclock import Kept
        return Kept()
    from picoclock import Rtc
    return Rtc(RTC())

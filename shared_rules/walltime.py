# The box's wall time (docs/FIRMWARE.md, "Wall clock"): unix seconds UTC, or None while
# unknown. Shared by the box (firmware/wallclock.py keeps the clock) and the PC (it reads the
# times in the synced journals): a time outside [FLOOR, LATEST) was never set from a PC.
FLOOR = 1767225600  # 2026-01-01 00:00:00 UTC: no PC sets a time before this
LATEST = 4102444800  # 2100-01-01: a time past this is a bad request, not a clock
ZERO = 1609459200  # 2021-01-01 00:00 UTC: a Pico's RTC at power-on (MicroPython's rp2 main.c)


def valid(t):
    # -> t if it is a time a PC could have set, else None
    return t if type(t) is int and FLOOR <= t < LATEST else None


def check(t):
    # For set(): ValueError saying what is allowed
    if valid(t) is None:
        raise ValueError("a wall time is unix seconds from %d to %d, got %r" % (FLOOR, LATEST, t))

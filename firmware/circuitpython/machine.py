# The three things of MicroPython's `machine` the firmware asks for (link.py's device id and
# restart, wallclock.py's RTC), made of CircuitPython's microcontroller and rtc modules. Only
# CircuitPython boxes get this file (at the root: `lenotre flash --circuitpython`); it is the
# only place the firmware meets CircuitPython's names for them.
import microcontroller
import rtc
import time


def unique_id():
    return bytes(microcontroller.cpu.uid)


def reset():
    microcontroller.reset()  # as machine.reset(): boots afresh, never returns


class RTC:
    # machine.RTC's datetime(): (year, month, day, weekday 0=Monday, h, m, s, subseconds);
    # CircuitPython's rtc.RTC keeps a struct_time (weekday also 0=Monday)
    def __init__(self):
        self._rtc = rtc.RTC()

    def datetime(self, t=None):
        if t is None:
            s = self._rtc.datetime
            return (s.tm_year, s.tm_mon, s.tm_mday, s.tm_wday, s.tm_hour, s.tm_min, s.tm_sec, 0)
        self._rtc.datetime = time.struct_time((t[0], t[1], t[2], t[4], t[5], t[6], t[3], -1, -1))
        return None

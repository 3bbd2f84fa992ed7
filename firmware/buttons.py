# Five debounced buttons giving short, long and auto-repeat presses as small-int events.
#
#   kp = Keypad((pin_up, pin_down, pin_back, pin_next, pin_ok))   # any callables: 1 up, 0 down
#   ev = kp.poll(time.ticks_ms())      # 0, or button * 4 + kind
#   if ev: button, kind = ev >> 2, ev & 3
#
# Button is a pure state machine (_check takes the level and the time), so tests drive it
# without pins or clocks; poll() only reads the pin. Nothing here allocates once built.
from micropython import const

UP = const(0)
DOWN = const(1)
BACK = const(2)
NEXT = const(3)
OK = const(4)

PRESS = const(1)  # released before long_ms
LONG = const(2)  # once, at long_ms, still held
REPEAT = const(3)  # every repeat_ms after LONG, still held

_UP = const(0)
_DOWN = const(1)
_LONGED = const(2)
_MUTED = const(3)  # already down when built: silent until released

try:
    from time import ticks_diff as _ticks_diff
except ImportError:  # CPython: plain ints that never wrap

    def _ticks_diff(a, b):  # type: ignore[no-redef]
        return a - b


class Button:
    debounce_ms = 20
    long_ms = 500
    repeat_ms = 150

    def __init__(self, pin, diff=None):
        self._pin = pin
        self._diff = diff or _ticks_diff
        self._level = 1 if pin() else 0
        self._st = _UP if self._level else _MUTED
        self._edge = 0  # when the last accepted change happened
        self._lock = False  # no accepted change yet: the first one needs no lock-out
        self._next = 0  # ms after the press edge when LONG / the next REPEAT is due

    def poll(self, now):
        return self._check(1 if self._pin() else 0, now)

    def down(self):
        return self._level == 0

    def _check(self, level, now):
        # -> 0 or a kind. A change is taken at once, then further changes are ignored for
        # debounce_ms (contact bounce); a level that persists is taken at the next poll.
        if level != self._level:
            # 0 <= d: after a ticks wrap an old edge must not look recent
            d = self._diff(now, self._edge)
            if self._lock and 0 <= d < self.debounce_ms:
                level = self._level
            else:
                self._level = level
                self._edge = now
                self._lock = True
                if level:
                    st = self._st
                    self._st = _UP
                    return PRESS if st == _DOWN else 0
                self._st = _DOWN
                self._next = self.long_ms
                return 0
        st = self._st
        if st == _DOWN or st == _LONGED:
            t = self._diff(now, self._edge)
            if t >= self._next:
                n = self._next + self.repeat_ms
                if n <= t:  # polled late: skip the missed repeats rather than burst them
                    n = t + self.repeat_ms
                self._next = n
                if st == _DOWN:
                    self._st = _LONGED
                    return LONG
                return REPEAT
        return 0


class Keypad:
    def __init__(self, pins, diff=None):
        self._b = tuple(Button(p, diff) for p in pins)
        self._n = len(self._b)
        # One undelivered kind per button: two buttons firing in one poll need no queue.
        self._pend = bytearray(self._n)

    def poll(self, now):
        # -> 0 or button * 4 + kind, at most one per call. Events of one poll come out lowest
        # button first, over the next polls; no pin is read until they are all out, so an
        # older event never waits behind a newer one.
        pend = self._pend
        for i in range(self._n):
            k = pend[i]
            if k:
                pend[i] = 0
                return i * 4 + k
        b = self._b
        ev = 0
        for i in range(self._n):
            k = b[i].poll(now)
            if k:
                if ev:
                    pend[i] = k
                else:
                    ev = i * 4 + k
        return ev

    def held(self):
        # -> bitmask of the buttons down now (debounced), bit i = button i
        m = 0
        b = self._b
        for i in range(self._n):
            if b[i]._level == 0:
                m |= 1 << i
        return m

    def stirred(self):
        # -> whether a button reads down now, debounced or not: idle work asks it to give way
        b = self._b
        for i in range(self._n):
            if not b[i]._pin():
                return True
        return False

    def any_down(self):
        # boot check: a button held while the box starts (sampled when the keypad was built)
        return self.held() != 0

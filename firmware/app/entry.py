# Number entry tuned for few presses: up/down step by one, a long press jumps (by ten, or by
# `jump`) and holding on keeps jumping; values the rules already exclude are skipped.
from micropython import const

from app import ui

# Held on, the key jumps again at every _PACE-th repeat (buttons.py repeats every 150 ms):
# 300 ms apart, time enough to see the number wanted and let go on it.
_PACE = const(2)


class NumberEntry:
    def __init__(self, value, lo, hi, allowed=None, jump=10):
        self.jump = jump
        self.repeats = 0  # repeats of the key held now
        self.lo = lo
        self.hi = hi
        self.allowed = allowed  # None, or a callable: is this value selectable?
        self.value = self._snap(value, 1) or self._snap(value, -1) or value

    def _ok(self, v):
        return self.lo <= v <= self.hi and (self.allowed is None or self.allowed(v))

    def _snap(self, v, step):
        # The nearest selectable value from v in the direction of step, or None.
        while self.lo <= v <= self.hi:
            if self._ok(v):
                return v
            v += step
        return None

    def key(self, button, kind):
        # -> True if the key was an entry key
        if button not in (ui.UP, ui.DOWN):
            return False
        step = 1 if button == ui.UP else -1
        if kind == ui.PRESS:
            v = self._snap(self.value + step, step)
        else:  # LONG, then REPEAT while held: by jumps, stopping at the ends
            self.repeats = self.repeats + 1 if kind == ui.REPEAT else 0
            if self.repeats % _PACE:
                return True
            target = max(self.lo, min(self.hi, self.value + self.jump * step))
            v = self._snap(target, step) or self._snap(target, -step)
        if v is not None:
            self.value = v
        return True

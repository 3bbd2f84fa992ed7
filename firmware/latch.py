# A keypad whose presses survive a busy loop (the Pico: hal.pico). Polling alone never sees a
# press made and gone between two polls, and the loop is busy that long when the store folds
# its records after a frame (a flash sector erased, 45 ms) or files a finished game (200 ms).
# Each button's pin has a falling-edge interrupt that sets fell[i] and notes the time in
# at[i]; the RP2040's GPIO keeps the edge flagged while interrupts are off during a flash write,
# and the handler runs after it.
from buttons import PRESS, Keypad
from micropython import const

_UP = const(0)  # buttons.Button's state: released, no press under way


class LatchedKeypad(Keypad):
    def __init__(self, pins, diff, fell, at):
        # fell: a bytearray, fell[i] = 1 by pin i's falling-edge interrupt; cleared here.
        # at: an array, at[i] the ticks_ms of that fall, noted by the same interrupt.
        Keypad.__init__(self, pins, diff)
        self._fell = fell
        self._at = at

    def stirred(self):
        # Keypad.stirred, or a fall latched since the last poll (a press already over)
        fell = self._fell
        for i in range(self._n):
            if fell[i]:
                return True
        return Keypad.stirred(self)

    def poll(self, now):
        # A button that went down since the last poll, reads up now and was never seen down
        # gives a PRESS, queued like any event of this poll. Not a release's bounce: that
        # comes within the lock-out of the release the button took. One still down is taken
        # as down from the time it fell: the lock-out after the fall ends when it would have,
        # and a release soon after this late poll is a release, not the fall's bounce (which
        # would hold the press back 20 ms, and merge it with the next if that came within them).
        fell = self._fell
        b = self._b
        for i in range(self._n):
            if fell[i]:
                fell[i] = 0
                k = b[i]
                if k._st != _UP or not k._level or self._pend[i]:
                    continue
                if not k._pin():
                    k._check(0, self._at[i])
                elif not (k._lock and 0 <= k._diff(now, k._edge) < k.debounce_ms):
                    k._edge = now
                    k._lock = True
                    self._pend[i] = PRESS
        return Keypad.poll(self, now)

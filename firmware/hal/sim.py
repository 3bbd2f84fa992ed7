"""Fake hardware with the same bundle as hal.pico: the desktop simulator and the tests press
the pins, read the screen and the LEDs, and move a virtual clock. Runs on MicroPython's unix
port and on CPython (with host/lenotre/shims for framebuf and micropython).

  hal = hal.sim.build("/tmp/flash")     # the flash folder: the journal is /tmp/flash/data
  hal.pins["ok"].level = 0; hal.clock.advance(30); ...
  hal.display.shown, hal.display.shown_texts, hal.strip.shown, hal.buzzer.beeps"""
import os

import framebuf

import board
from buttons import Keypad
from pixels import Pixels
from wallclock import ZERO, check, valid

from hal import Hal


class SimPin:
    """A button's pin: the simulator sets level (1 released, 0 pressed), the keypad calls it."""
    def __init__(self, level=1):
        self.level = level

    def __call__(self):
        return self.level

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = 1 if v else 0


class SimDisplay(framebuf.FrameBuffer):
    """The OLED: show() copies the frame into `shown`. `texts` lists the strings drawn since
    the last fill(); `shown_texts` is that list as it was at the last show()."""
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        self.shown = bytearray(len(self.buffer))
        self.frames = 0
        self.texts = []
        self.shown_texts = []
        self.level = 255  # contrast
        self.on = True
        self.inverted = False

    def fill(self, c):
        self.texts = []
        super().fill(c)

    def text(self, s, x, y, c=1):
        self.texts.append(s)
        super().text(s, x, y, c)

    def note(self, s):
        """Text drawn some other way (the app's scaled-up digits) is still on the screen."""
        self.texts.append(s)

    def show(self):
        self.shown[:] = self.buffer
        self.shown_texts = list(self.texts)
        self.frames += 1

    def contrast(self, v):
        self.level = v

    def invert(self, v):
        self.inverted = bool(v)

    def poweroff(self):
        self.on = False

    def poweron(self):
        self.on = True


class SimStrip:
    """Stands in for neopixel.NeoPixel: `shown` holds the colours of the last write()."""
    def __init__(self, n):
        self._n = n
        self._buf = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n
        self.writes = 0

    def __len__(self):
        return self._n

    def __setitem__(self, i, rgb):
        self._buf[i] = tuple(rgb)

    def __getitem__(self, i):
        return self._buf[i]

    def write(self):
        self.shown = list(self._buf)
        self.writes += 1


class SimClock:
    """Virtual milliseconds: time moves only when the simulator (or sleep_ms) moves it."""
    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def ticks_add(self, t, d):
        return t + d

    def sleep_ms(self, ms):
        if ms > 0:
            self.now += ms

    def advance(self, ms):
        self.sleep_ms(ms)


class SimWall:
    """The simulator's wall clock (wallclock.py): an RTC that reads wallclock.ZERO at power-on
    (a new SimHal) and moves with the virtual milliseconds; unknown until set, as a Pico's."""
    zero = ZERO

    def __init__(self, ticks_ms):
        self.ticks_ms = ticks_ms
        self.set_raw(ZERO)

    def raw(self):
        return self.base + self.ticks_ms() // 1000

    def now(self):
        return valid(self.raw())

    def set(self, t):
        check(t)
        self.set_raw(t)

    def set_raw(self, r):
        self.base = r - self.ticks_ms() // 1000


class SimBuzzer:
    def __init__(self, clock):
        self._clock = clock
        self.beeps = []  # (virtual ms, freq_hz, ms), the last KEEP
        self.count = 0  # every beep since power on

    KEEP = 32  # a long run (the soak) would otherwise fill the heap with beeps

    def beep(self, freq_hz, ms):
        self.count += 1
        if len(self.beeps) >= self.KEEP:
            self.beeps.pop(0)
        self.beeps.append((self._clock.ticks_ms(), freq_hz, ms))


def _here():
    # -> the firmware folder, from this file's path (no os.path on MicroPython)
    parts = __file__.replace("\\", "/").rsplit("/", 2)  # [firmware, "hal", "sim.py"]
    return parts[0] if len(parts) == 3 else "."


def _exists(path):
    try:
        open(path).close()
        return True
    except OSError:
        return False


def find_pinout():
    """pinout.json next to the firmware (as on the device), else the repo's hardware/"""
    fw = _here()
    for p in (fw + "/pinout.json", fw + "/../hardware/pinout.json", "hardware/pinout.json"):
        if _exists(p):
            return p
    return "pinout.json"  # board.load names it in its error


class SimHal(Hal):
    """The bundle, plus the handles the simulator drives: pins by role and the LED strip."""
    def __init__(self, b, flash_dir):
        import store  # late, as in hal.pico

        try:
            os.mkdir(flash_dir)  # a new flash; the store makes its data/ in it
        except OSError:
            pass

        c = SimClock()
        self.pins = {}
        for r in board.BUTTONS:
            self.pins[r] = SimPin()
        self.strip = SimStrip(b.pixel_count)
        Hal.__init__(self, b, c, Keypad(tuple(self.pins[r] for r in board.BUTTONS),
                                        c.ticks_diff),
                     SimDisplay(b.oled_width, b.oled_height),
                     Pixels(self.strip, b.pixel_roles, b.pixel_cap),
                     # the journal in data/ of the flash, as on the Pico (hal.pico, cwd /)
                     store.Store(flash_dir.rstrip("/") + "/data"),
                     SimBuzzer(c) if b.buzzer_pin is not None else None,
                     # new games get seeds from the virtual clock: a script replays alike
                     lambda: 20171 + c.now,
                     SimWall(c.ticks_ms))  # unknown until set (hal.wall.set), as a Pico's


def build(flash_dir, pinout=None):
    return SimHal(board.load(pinout or find_pinout()), flash_dir)

"""The real hardware of a Le Nôtre box on CircuitPython: the same devices as hal.pico, through
CircuitPython's modules, every pin from pinout.json as board.GPn.

  import hal.circuitpython
  hal = hal.circuitpython.build()    # .board .display .keypad .pixels .clock .store .buzzer

The bus differences stay here: the app, our SSD1306 driver and the keypad's state machine
are the ones MicroPython runs. Our pinout module is `boxboard` on these boxes: CircuitPython's
built-in `board` (board.GP10...) takes its name, and a built-in module wins over a file."""
import board as pins
import busio
import digitalio
import pwmio
import supervisor
import time

import boxboard
import neopixel  # Adafruit's (lib/neopixel.py), on CircuitPython's built-in adafruit_pixelbuf
from buttons import Keypad
from drivers.ssd1306 import SSD1306
from machine import RTC, reset
from picoclock import Rtc
from pixels import Pixels

from hal import Hal

RTC_ZERO = 1577836800  # 2020-01-01 00:00 UTC: CircuitPython's RP2040 RTC at power-on

_PERIOD = 1 << 29  # supervisor.ticks_ms() wraps at 2**29, as MicroPython's ticks do
_HALF = _PERIOD >> 1


class Clock:
    """MicroPython's time.ticks_* on supervisor.ticks_ms (CircuitPython's time has none)"""
    def ticks_ms(self):
        return supervisor.ticks_ms()

    def ticks_diff(self, a, b):
        return ((a - b + _HALF) & (_PERIOD - 1)) - _HALF

    def ticks_add(self, a, d):
        return (a + d) & (_PERIOD - 1)

    def sleep_ms(self, ms):
        time.sleep(ms / 1000)


def gp(n):
    return getattr(pins, "GP%d" % n)


def button(n):
    """a digitalio input with the pull-up, as a callable giving its level (what Keypad reads)"""
    io = digitalio.DigitalInOut(gp(n))
    io.switch_to_input(pull=digitalio.Pull.UP)
    return lambda: io.value


class Buzzer:
    """A piezo on a PWM pin. beep() returns at once; CircuitPython has no timer callbacks, so
    the keypad's poll (every pass of the app's loop) silences it once its time is up."""
    def __init__(self, pin, clock):
        self._pwm = pwmio.PWMOut(gp(pin), frequency=440, duty_cycle=0, variable_frequency=True)
        self._clock = clock
        self._until = None

    def beep(self, freq_hz, ms):
        self._pwm.frequency = freq_hz
        self._pwm.duty_cycle = 32768  # square wave: loudest for a piezo
        self._until = self._clock.ticks_add(self._clock.ticks_ms(), ms)

    def tick(self, now):
        if self._until is not None and self._clock.ticks_diff(now, self._until) >= 0:
            self._pwm.duty_cycle = 0
            self._until = None


class Keys(Keypad):
    """our Keypad (debounce, long press, repeat), which also ends a beep on time"""
    def __init__(self, pins_, diff, buzzer):
        Keypad.__init__(self, pins_, diff)
        self._buzzer = buzzer

    def poll(self, now):
        if self._buzzer is not None:
            self._buzzer.tick(now)
        return Keypad.poll(self, now)


class Strip:
    """Adafruit's NeoPixel as pixels.Pixels wants a strip: colours RGB, write() sends them"""
    def __init__(self, pin, n, order):
        self._np = neopixel.NeoPixel(gp(pin), n, pixel_order=order, auto_write=False)

    def __len__(self):
        return len(self._np)

    def __setitem__(self, i, rgb):
        self._np[i] = rgb

    def write(self):
        self._np.show()


class Watchdog:
    """microcontroller.watchdog resets the box when the loop stops feeding it (guard.py), as
    machine.WDT does on MicroPython. Armed at the first feed, after the app's boot: here the
    boot compiles the app from source (seconds); a press after it keeps it busy ~324 ms
    (bench/circuitpython.py), well inside the 8 s. mode None stops it while the host holds
    the REPL (a sync, a flash): CircuitPython 10 has no deinit()."""
    def __init__(self):
        self._wd = None
        self._ms = 0

    def start(self, ms):
        self._ms = ms

    def feed(self):
        wd = self._wd
        if wd is None:
            if not self._ms:
                return
            from microcontroller import watchdog
            from watchdog import WatchDogMode
            watchdog.timeout = self._ms / 1000
            watchdog.mode = WatchDogMode.RESET
            self._wd = wd = watchdog
        wd.feed()

    def stop(self):
        self._ms = 0
        if self._wd is not None:
            self._wd.mode = None
            self._wd = None


def build(pinout="pinout.json", root="data"):
    b = boxboard.load(pinout)
    clock = Clock()
    buzzer = Buzzer(b.buzzer_pin, clock) if b.buzzer_pin is not None else None
    keypad = Keys(tuple(button(b.buttons[r]) for r in boxboard.BUTTONS), clock.ticks_diff,
                  buzzer)
    i2c = busio.I2C(gp(b.i2c_scl), gp(b.i2c_sda), frequency=b.i2c_freq)
    # busio wants the bus locked around every transfer; the display is its only device, so
    # the box takes the lock once and keeps it, and the driver calls writeto as on MicroPython
    while not i2c.try_lock():
        pass
    try:
        display = SSD1306(i2c, b.oled_addr, b.oled_width, b.oled_height)
    except OSError as e:
        raise OSError("no OLED answers at I2C address 0x%02X (SDA GP%d, SCL GP%d): %s"
                      % (b.oled_addr, b.i2c_sda, b.i2c_scl, e))
    strip = Strip(b.pixel_pin, b.pixel_count, b.pixel_order)
    import store  # late: only the app's boot needs the journal, not a hardware check
    from microcontroller import nvm
    from mirror import Mirror

    # FAT here loses a whole flash sector to a cut between its erase and program: the
    # journal being written is copied to nvm too, and boot puts back what FAT lost (mirror.py)
    return Hal(b, clock, keypad, display, Pixels(strip, b.pixel_roles, b.pixel_cap),
               store.Store(root, mirror=Mirror(nvm)), buzzer, wall=Rtc(RTC(), RTC_ZERO),
               restart=reset, watchdog=Watchdog())

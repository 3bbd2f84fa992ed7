"""The real hardware of a Le Nôtre box, every pin from pinout.json (board.py).

  import hal.pico
  hal = hal.pico.build()    # .board .display .keypad .pixels .clock .store .buzzer"""
import time
from array import array

import board
from latch import LatchedKeypad
from drivers.ssd1306 import SSD1306
from machine import I2C, PWM, RTC, WDT, Pin, Timer, mem32, reset
from neopixel import NeoPixel
from pixels import Pixels
from picoclock import Rtc

from hal import Hal


class Buzzer:
    """A piezo on a PWM pin. beep() returns at once; a one-shot timer silences it, so the main
    loop never waits for a sound."""
    def __init__(self, pin):
        self._pwm = PWM(Pin(pin))
        self._pwm.duty_u16(0)
        self._timer = Timer(-1)  # a virtual timer: no hardware timer is tied up
        self._stop = self._off  # bound once: the timer callback must not allocate

    def beep(self, freq_hz, ms):
        self._pwm.freq(freq_hz)
        self._pwm.duty_u16(32768)  # square wave: loudest for a piezo
        self._timer.init(mode=Timer.ONE_SHOT, period=ms, callback=self._stop)

    def _off(self, _t):
        self._pwm.duty_u16(0)


class Watchdog:
    """machine.WDT resets the box when the loop stops feeding it (guard.py). MicroPython's WDT
    cannot be stopped once armed, but the box must not reset while the host holds the REPL
    (a sync, a flash): stop() clears the enable bit of the RP2040's watchdog (RP2040
    datasheet, 4.7 Watchdog: WATCHDOG_BASE 0x40058000, CTRL bit 30 ENABLE; "when not enabled
    the watchdog timer is paused"), through the register's atomic-clear alias (+0x3000,
    datasheet 2.1.2)."""
    _CTRL_CLEAR = 0x40058000 + 0x3000
    _ENABLE = 1 << 30

    def __init__(self):
        self._wdt = None

    def start(self, ms):
        self._wdt = WDT(timeout=ms)

    def feed(self):
        if self._wdt is not None:
            self._wdt.feed()

    def stop(self):
        if self._wdt is not None:
            mem32[self._CTRL_CLEAR] = self._ENABLE
            self._wdt = None


class Clock:
    """The time module's ticks, and the loop's sleep (guard.py: 10 ms between steps). While a
    button is down it sleeps in 1 ms slices until the keypad is still again (keypad.stirred:
    every pin up, no fall latched), so the release that makes a press is read within a
    millisecond, not up to 10 ms later (every press's frame would wait for it); otherwise in
    one stretch."""
    def __init__(self, keypad):
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.ticks_add = time.ticks_add
        self._keypad = keypad

    def sleep_ms(self, ms):
        kp = self._keypad
        if not kp.held():
            time.sleep_ms(ms)
            return
        while ms > 0:
            time.sleep_ms(1)
            ms -= 1
            if not kp.stirred():
                return


def _latch(fell, at, i):
    def latch(_pin):  # allocates nothing: it may run as the scheduler's callback anywhere
        fell[i] = 1
        at[i] = time.ticks_ms()  # below 2**30: a small int, in the array's 32 bits
    return latch


def build(pinout=None, root="data"):
    b = board.load(pinout)
    # machine.Pin objects are callables returning the level: the keypad reads them directly.
    pins = tuple(Pin(b.buttons[r], Pin.IN, Pin.PULL_UP) for r in board.BUTTONS)
    # A press made while the loop is busy (a flash sector erased, ~45 ms) is latched by the
    # pin's falling-edge interrupt (latch.py)
    fell = bytearray(len(pins))
    at = array("I", bytes(4 * len(pins)))
    for i in range(len(pins)):
        pins[i].irq(_latch(fell, at, i), Pin.IRQ_FALLING)
    keypad = LatchedKeypad(pins, time.ticks_diff, fell, at)
    i2c = I2C(b.i2c_id, sda=Pin(b.i2c_sda), scl=Pin(b.i2c_scl), freq=b.i2c_freq)
    try:
        display = SSD1306(i2c, b.oled_addr, b.oled_width, b.oled_height)
    except OSError as e:
        raise OSError("no OLED answers at I2C%d address 0x%02X (SDA GP%d, SCL GP%d): %s"
                      % (b.i2c_id, b.oled_addr, b.i2c_sda, b.i2c_scl, e))
    strip = NeoPixel(Pin(b.pixel_pin, Pin.OUT), b.pixel_count)
    o = b.pixel_order
    # NeoPixel.ORDER gives, for R, G, B, W, the byte slot on the wire: GRB -> (1, 0, 2, 3)
    strip.ORDER = (o.index("R"), o.index("G"), o.index("B"), 3)
    from ahead import AheadStore  # late: only the app's boot needs the journal

    return Hal(b, Clock(keypad), keypad, display,
               Pixels(strip, b.pixel_roles, b.pixel_cap),
               AheadStore(root),  # littlefs: records ahead of the journal
               Buzzer(b.buzzer_pin) if b.buzzer_pin is not None else None,
               wall=Rtc(RTC()), restart=reset, watchdog=Watchdog())

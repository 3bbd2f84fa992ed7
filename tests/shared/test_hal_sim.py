# hal.sim: the fake hardware the simulator and the tests drive, with the hal.pico bundle.
import framebuf
from support import micropython_only, rmtree, scratch
from buttons import LONG, OK, PRESS, UP, Keypad
from hal import sim
from pixels import Pixels

import board


_n = [0]


def _flash():
    # a fresh folder for the simulated flash (no tempfile on MicroPython)
    _n[0] += 1
    return scratch("halsim_%d" % _n[0])


def _build(**kw):
    d = _flash()
    try:
        return sim.build(d, **kw), d
    except BaseException:
        rmtree(d)
        raise


def test_bundle_has_the_contract_attributes():
    h, d = _build()
    try:
        assert isinstance(h.board, board.Board)
        assert h.board.pixel_count == 8 and h.board.buttons["ok"] >= 0
        assert isinstance(h.display, framebuf.FrameBuffer)
        assert (h.display.width, h.display.height) == (128, 64)
        assert isinstance(h.keypad, Keypad)
        assert isinstance(h.pixels, Pixels) and len(h.pixels) == 8
        assert h.clock.ticks_ms() == 0
        assert h.store.current() is None and h.store.games() == []
        assert h.buzzer is not None  # the pinout has a buzzer
        assert sorted(h.pins) == sorted(board.BUTTONS)
    finally:
        rmtree(d)


def test_pins_drive_the_keypad_on_virtual_time():
    h, d = _build()
    try:
        kp, c = h.keypad, h.clock
        assert kp.poll(c.ticks_ms()) == 0
        h.pins["ok"].level = 0
        assert kp.poll(c.ticks_ms()) == 0 and kp.held() == 1 << OK
        c.advance(100)
        h.pins["ok"].level = 1
        assert kp.poll(c.ticks_ms()) == OK * 4 + PRESS
        h.pins["up"].value(0)
        assert h.pins["up"]() == 0 and h.pins["up"].value() == 0
        kp.poll(c.ticks_ms())
        c.sleep_ms(499)
        assert kp.poll(c.ticks_ms()) == 0
        c.sleep_ms(1)
        assert kp.poll(c.ticks_ms()) == UP * 4 + LONG
    finally:
        rmtree(d)


def test_clock():
    c = sim.SimClock()
    assert c.ticks_ms() == 0
    c.sleep_ms(25)
    c.advance(5)
    c.sleep_ms(-3)  # as on MicroPython: no time travel
    t = c.ticks_ms()
    assert t == 30
    assert c.ticks_diff(t, 10) == 20 and c.ticks_diff(10, t) == -20
    assert c.ticks_add(t, 70) == 100


def test_display_records_frames_and_texts():
    dsp = sim.SimDisplay()
    assert dsp.frames == 0 and dsp.shown == bytearray(1024)
    dsp.fill(0)
    dsp.text("Round 3", 0, 0)
    dsp.text("Ludwig", 10, 20, 1)
    assert dsp.texts == ["Round 3", "Ludwig"]
    assert dsp.shown_texts == [] and dsp.shown == bytearray(1024)  # not shown yet
    dsp.show()
    assert dsp.frames == 1 and dsp.shown_texts == ["Round 3", "Ludwig"]
    ref = bytearray(1024)
    f = framebuf.FrameBuffer(ref, 128, 64, framebuf.MONO_VLSB)
    f.text("Round 3", 0, 0)
    f.text("Ludwig", 10, 20, 1)
    assert dsp.shown == ref
    dsp.fill(0)
    dsp.text("next", 0, 0)
    assert dsp.texts == ["next"]
    assert dsp.shown == ref and dsp.shown_texts == ["Round 3", "Ludwig"]  # until show()
    dsp.show()
    assert dsp.frames == 2 and dsp.shown_texts == ["next"] and dsp.shown != ref
    dsp.contrast(10)
    dsp.invert(1)
    dsp.poweroff()
    assert dsp.level == 10 and dsp.inverted and not dsp.on


def test_pixels_reach_the_strip_capped():
    h, d = _build()
    try:
        px, s = h.pixels, h.strip
        assert s.writes == 0 and s.shown == [(0, 0, 0)] * 8
        px.set(px.role("px4"), (255, 0, 0))
        px.show()
        assert s.writes == 1
        assert s.shown[px.role("px4")] == (h.board.pixel_cap, 0, 0)
        assert s.shown[0] == (0, 0, 0)
        px.show()
        assert s.writes == 1
    finally:
        rmtree(d)


def test_buzzer_records_beeps_at_virtual_time():
    c = sim.SimClock()
    bz = sim.SimBuzzer(c)
    bz.beep(880, 40)
    c.advance(100)
    bz.beep(440, 80)
    assert bz.beeps == [(0, 880, 40), (100, 440, 80)]


def test_buzzer_keeps_the_last_beeps_and_counts_them_all():
    # found by the soak: every beep kept filled a 192 KB heap after ~700 refused presses
    c = sim.SimClock()
    bz = sim.SimBuzzer(c)
    for i in range(1000):
        c.advance(10)
        bz.beep(220, 120)
    assert bz.count == 1000 and len(bz.beeps) == bz.KEEP == 32
    assert bz.beeps[0] == (10 * (1000 - 31), 220, 120) and bz.beeps[-1] == (10000, 220, 120)


def test_pinout_is_found_and_may_be_given():
    p = sim.find_pinout()
    assert p.endswith("pinout.json")
    assert board.load(p).pixel_count == 8
    h, d = _build(pinout="hardware/pinout.json")
    rmtree(d)
    raises_missing = False
    try:
        _build(pinout="hardware/no-such-pinout.json")
    except OSError:
        raises_missing = True
    assert raises_missing


# hal.pico with fake machine / neopixel modules: the real bundle is wired from the pinout.
class _FakeMachine:
    class Pin:
        IN, OUT, PULL_UP = 0, 1, 2
        IRQ_FALLING = 4
        made = []

        def __init__(self, n, mode=None, pull=None):
            self.n, self.mode, self.pull = n, mode, pull
            self.handler = None
            _FakeMachine.Pin.made.append(self)

        def __call__(self):
            return 1

        def irq(self, handler, trigger):
            self.handler, self.trigger = handler, trigger

    class I2C:
        def __init__(self, i, sda=None, scl=None, freq=None):
            self.args = (i, sda.n, scl.n, freq)
            self.log = []

        def writeto(self, addr, buf):
            self.log.append((addr, bytes(buf)))

    class PWM:
        def __init__(self, pin):
            self.pin = pin
            self.duty = None

        def freq(self, f):
            self.f = f

        def duty_u16(self, d):
            self.duty = d

    class RTC:
        dt = (2021, 1, 1, 4, 0, 0, 0, 0)  # a Pico's RTC at power-on

        def datetime(self, dt=None):
            if dt is None:
                return _FakeMachine.RTC.dt
            _FakeMachine.RTC.dt = dt

    class Timer:
        ONE_SHOT = 0

        def init(self, mode=None, period=None, callback=None):
            self.period, self.callback = period, callback

    class WDT:
        made = []

        def __init__(self, timeout=5000):
            self.timeout = timeout
            self.fed = 0
            _FakeMachine.WDT.made.append(self)

        def feed(self):
            self.fed += 1

    mem32 = {}  # address -> the last word written there
    resets = []

    @staticmethod
    def reset():
        _FakeMachine.resets.append(1)


class _FakeNeopixel:
    class NeoPixel:
        ORDER = (1, 0, 2, 3)

        def __init__(self, pin, n):
            self.pin, self.n = pin, n
            self.wire = bytearray(3 * n)

        def __len__(self):
            return self.n

        def __setitem__(self, i, v):
            for k in range(3):
                self.wire[3 * i + self.ORDER[k]] = v[k]

        def write(self):
            pass


def test_pico_build_with_fake_machine():
    micropython_only("hal.pico uses MicroPython's time.ticks_*")
    import sys
    saved = {}
    for name, fake in (("machine", _FakeMachine), ("neopixel", _FakeNeopixel)):
        saved[name] = sys.modules.get(name)
        sys.modules[name] = fake
    sys.modules.pop("hal.pico", None)
    d = _flash()
    try:
        from hal import pico
        h = pico.build("hardware/pinout.json", d)
        b = h.board
        pins = dict((p.n, p) for p in _FakeMachine.Pin.made)
        for r in board.BUTTONS:
            p = pins[b.buttons[r]]
            assert p.mode == _FakeMachine.Pin.IN and p.pull == _FakeMachine.Pin.PULL_UP
            assert p.trigger == _FakeMachine.Pin.IRQ_FALLING
        # a press made and gone between two polls: its pin's falling edge latched it
        ok = pins[b.buttons["ok"]]
        ok.handler(ok)
        assert h.keypad.poll(1000) == 4 * 4 + 1  # OK, PRESS
        i2c = h.display.i2c
        assert i2c.args == (b.i2c_id, b.i2c_sda, b.i2c_scl, b.i2c_freq)
        assert h.display.addr == b.oled_addr and i2c.log[0][0] == b.oled_addr
        assert h.keypad.poll(0) == 0 and h.keypad.held() == 0
        h.pixels.set(0, (255, 128, 0))
        h.pixels.show()
        strip = h.pixels._strip
        assert strip.pin.n == b.pixel_pin and strip.n == b.pixel_count
        assert strip.wire[:3] == bytes((24, 48, 0))  # GRB on the wire, capped
        h.buzzer.beep(880, 30)
        assert h.buzzer._pwm.pin.n == b.buzzer_pin and h.buzzer._pwm.duty > 0
        assert h.buzzer._timer.period == 30
        h.buzzer._timer.callback(None)
        assert h.buzzer._pwm.duty == 0
        assert h.store.current() is None
        assert h.wall.now() is None  # the RTC's power-on date is no time
        h.wall.set(1780401600)
        assert _FakeMachine.RTC.dt == (2026, 6, 2, 1, 12, 0, 0, 0) and h.wall.now() == 1780401600

        # the guard's watchdog: machine.WDT armed, fed, and stopped through the RP2040's
        # WATCHDOG CTRL atomic-clear alias (ENABLE, bit 30) for the host's REPL
        wdt = h.watchdog
        wdt.start(8000)
        assert _FakeMachine.WDT.made[-1].timeout == 8000
        wdt.feed()
        assert _FakeMachine.WDT.made[-1].fed == 1
        wdt.stop()
        assert _FakeMachine.mem32 == {0x40058000 + 0x3000: 1 << 30}
        wdt.feed()  # stopped: nothing more reaches the WDT
        assert _FakeMachine.WDT.made[-1].fed == 1
        h.restart()  # after a crash: machine.reset
        assert _FakeMachine.resets == [1]
    finally:
        for name in saved:
            if saved[name] is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = saved[name]
        sys.modules.pop("hal.pico", None)
        rmtree(d)

# Button / Keypad: debounce, PRESS / LONG / REPEAT timing, one event per poll, no allocation.
import gc

from buttons import BACK, DOWN, LONG, NEXT, OK, PRESS, REPEAT, UP, Button, Keypad
from support import micropython_only


class Pin:
    def __init__(self, level=1):
        self.level = level

    def __call__(self):
        return self.level


def run(b, script, end, step=10):
    # script: {ms: level}; polls b._check every `step` ms from 0 to end -> [(ms, kind)]
    level = 1
    out = []
    for t in range(0, end + 1, step):
        level = script.get(t, level)
        k = b._check(level, t)
        if k:
            out.append((t, k))
    return out


def test_short_press_fires_on_release_only():
    b = Button(Pin())
    assert run(b, {100: 0, 200: 1}, 400) == [(200, PRESS)]


def test_bounces_are_ignored():
    b = Button(Pin())
    # down at 100, contact bounces up/down within 20 ms, release at 300 bounces too
    got = run(b, {100: 0, 102: 1, 104: 0, 111: 1, 115: 0, 300: 1, 303: 0, 307: 1, 309: 0,
                  315: 1}, 500, step=1)
    assert got == [(300, PRESS)]
    assert b.down() is False


def test_a_level_that_outlasts_the_lockout_is_taken():
    # released 5 ms after the press: seen once the 20 ms lock-out is over, still a PRESS
    b = Button(Pin())
    assert run(b, {0: 0, 5: 1}, 100, step=1) == [(20, PRESS)]


def test_long_then_repeat_then_silent_release():
    b = Button(Pin())
    got = run(b, {0: 0, 1000: 1}, 1300)
    assert got == [(500, LONG), (650, REPEAT), (800, REPEAT), (950, REPEAT)]


def test_release_just_before_long_is_a_press():
    b = Button(Pin())
    assert run(b, {0: 0, 490: 1}, 800) == [(490, PRESS)]


def test_late_polls_do_not_burst_repeats():
    b = Button(Pin())
    assert b._check(0, 0) == 0
    assert b._check(0, 500) == LONG
    assert b._check(0, 1000) == REPEAT  # three repeats were due: one is given
    assert b._check(0, 1010) == 0
    assert b._check(0, 1140) == 0
    assert b._check(0, 1150) == REPEAT


def test_tunables_are_class_attributes():
    assert (Button.debounce_ms, Button.long_ms, Button.repeat_ms) == (20, 500, 150)

    class Quick(Button):
        long_ms = 100
        repeat_ms = 50

    assert run(Quick(Pin()), {0: 0, 260: 1}, 300) == [(100, LONG), (150, REPEAT),
                                                       (200, REPEAT), (250, REPEAT)]
    b = Button(Pin())
    b.long_ms = 300  # an instance may differ too
    assert run(b, {0: 0, 320: 1}, 400) == [(300, LONG)]


def test_button_held_at_start_stays_silent_until_released():
    pin = Pin(0)
    b = Button(pin)
    assert b.down()
    assert run(b, {800: 1, 900: 0, 1000: 1}, 1100) == [(1000, PRESS)]


def test_pin_may_return_bools():
    pin = Pin(True)
    b = Button(pin)
    assert b.poll(0) == 0
    pin.level = False
    assert b.poll(10) == 0 and b.down()
    pin.level = True
    assert b.poll(100) == PRESS


def test_keypad_event_encoding():
    assert (UP, DOWN, BACK, NEXT, OK) == (0, 1, 2, 3, 4)
    pins = [Pin() for _ in range(5)]
    kp = Keypad(pins)
    pins[OK].level = 0
    assert kp.poll(0) == 0
    assert kp.held() == 1 << OK
    pins[OK].level = 1
    ev = kp.poll(100)
    assert ev == OK * 4 + PRESS and ev >> 2 == OK and ev & 3 == PRESS
    assert kp.held() == 0
    pins[BACK].level = 0
    kp.poll(200)
    assert kp.poll(700) == BACK * 4 + LONG
    assert kp.poll(850) == BACK * 4 + REPEAT


def test_keypad_tells_idle_work_a_button_is_down_before_any_poll():
    # stirred() reads the pins as they are, before debounce: the idle step's filing gives
    # way to a press it has not polled yet
    pins = [Pin() for _ in range(5)]
    kp = Keypad(pins)
    assert not kp.stirred()
    pins[NEXT].level = 0
    assert kp.stirred() and kp.held() == 0
    pins[NEXT].level = 1
    assert not kp.stirred()


def test_keypad_one_event_per_poll_lowest_first():
    pins = [Pin() for _ in range(5)]
    kp = Keypad(pins)
    for i in (NEXT, DOWN, OK):
        pins[i].level = 0
    assert kp.poll(0) == 0
    assert kp.held() == (1 << NEXT) | (1 << DOWN) | (1 << OK)
    for i in (NEXT, DOWN, OK):
        pins[i].level = 1
    got = [kp.poll(100), kp.poll(110), kp.poll(120), kp.poll(130)]
    assert got == [DOWN * 4 + PRESS, NEXT * 4 + PRESS, OK * 4 + PRESS, 0]


def test_keypad_waiting_event_goes_before_a_newer_one():
    pins = [Pin() for _ in range(5)]
    kp = Keypad(pins)
    for i in (UP, NEXT, OK):
        pins[i].level = 0
    kp.poll(0)
    pins[NEXT].level = 1
    pins[OK].level = 1
    assert kp.poll(100) == NEXT * 4 + PRESS  # OK's PRESS waits
    pins[UP].level = 1
    assert kp.poll(110) == OK * 4 + PRESS  # older than UP's, though UP is lower
    assert kp.poll(120) == UP * 4 + PRESS
    assert kp.poll(130) == 0
    # three at once, then a fourth while they are given out: all three go first
    for i in (UP, DOWN, NEXT, OK):
        pins[i].level = 0
    kp.poll(200)
    for i in (DOWN, NEXT, OK):
        pins[i].level = 1
    assert kp.poll(300) == DOWN * 4 + PRESS
    pins[UP].level = 1
    got = [kp.poll(310), kp.poll(320), kp.poll(330), kp.poll(340)]
    assert got == [NEXT * 4 + PRESS, OK * 4 + PRESS, UP * 4 + PRESS, 0]


def test_keypad_uses_the_given_tick_diff():
    # a clock that wraps at 1024 ms: the LONG must still come 500 ms after the press
    def diff(a, b):
        return ((a - b + 512) & 1023) - 512

    pins = [Pin() for _ in range(5)]
    kp = Keypad(pins, diff)
    pins[UP].level = 0
    assert kp.poll(900) == 0
    assert kp.poll((900 + 490) & 1023) == 0
    assert kp.poll((900 + 500) & 1023) == UP * 4 + LONG


def _polls(kp, n):
    for t in range(n):
        kp.poll(t)


def _alloc(kp, n):
    gc.collect()
    a = gc.mem_alloc()
    _polls(kp, n)
    return gc.mem_alloc() - a


def test_keypad_idle_poll_allocates_nothing():
    micropython_only("gc.mem_alloc counts the heap's allocations")
    pins = [Pin() for _ in range(5)]
    lam = [lambda: 1 for _ in range(5)]
    for p in (pins, lam):
        kp = Keypad(p)
        _polls(kp, 10)
        assert _alloc(kp, 1000) == 0
    # held down (through LONG and REPEATs) too
    kp = Keypad(pins)
    pins[OK].level = 0
    assert _alloc(kp, 1000) == 0
    assert kp.held() == 1 << OK


def test_alloc_check_can_see_allocation():
    # the measurement above is meaningful: a poll that allocates is caught
    micropython_only("gc.mem_alloc counts the heap's allocations")

    class Leaky(Keypad):
        def poll(self, now):
            return len([now])

    kp = Leaky([Pin() for _ in range(5)])
    assert _alloc(kp, 100) > 0

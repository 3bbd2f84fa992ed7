# latch.LatchedKeypad (the Pico's keypad, hal.pico): a press made and gone while the loop was
# busy (a flash sector erased after a frame) is still one press; nothing else changes.
from buttons import DOWN, OK, PRESS, UP
from latch import LatchedKeypad


class Pin:
    def __init__(self, level=1):
        self.level = level

    def __call__(self):
        return self.level


class _Falls:
    # what the pins' falling-edge interrupts leave: fell[i] and at[i], the fall's time
    def __init__(self):
        self.fell = bytearray(5)
        self.at = [0] * 5

    def __call__(self, button, t):
        self.fell[button] = 1
        self.at[button] = t


def _keypad():
    pins = [Pin() for _ in range(5)]
    falls = _Falls()
    return pins, falls, LatchedKeypad(pins, lambda a, b: a - b, falls.fell, falls.at)


def test_a_press_made_while_the_loop_was_busy_is_not_lost():
    pins, fall, kp = _keypad()
    assert kp.poll(0) == 0
    fall(OK, 40)  # down and up again between two polls 120 ms apart: the edge was latched
    assert kp.poll(120) == OK * 4 + PRESS
    assert fall.fell == bytearray(5) and kp.poll(130) == 0


def test_two_buttons_latched_in_one_poll_come_out_lowest_first():
    pins, fall, kp = _keypad()
    fall(OK, 50)
    fall(UP, 60)
    assert [kp.poll(100), kp.poll(110), kp.poll(120)] == [UP * 4 + PRESS, OK * 4 + PRESS, 0]


def test_a_press_seen_down_gets_nothing_more_from_its_edge():
    pins, fall, kp = _keypad()
    pins[OK].level = 0
    fall(OK, 190)
    assert kp.poll(200) == 0  # down: the ordinary press, taken at its release
    pins[OK].level = 1
    assert kp.poll(300) == OK * 4 + PRESS
    fall(OK, 305)  # the release's bounce, latched within the lock-out: no second press
    assert kp.poll(310) == 0 and kp.poll(400) == 0


def test_a_button_still_held_after_the_busy_step_is_an_ordinary_press():
    pins, fall, kp = _keypad()
    pins[OK].level = 0
    fall(OK, 450)
    assert kp.poll(500) == 0 and kp.held() == 1 << OK
    pins[OK].level = 1
    assert kp.poll(600) == OK * 4 + PRESS and kp.poll(700) == 0


def test_a_fall_seen_late_counts_from_when_it_happened():
    # The loop is busy from 100 to 149 (the idle step filing a game): OK goes down at 100,
    # is still down when the loop polls at 149 and comes up at 160, a 60 ms press. Its
    # release is a release: the lock-out after the fall ended at 120, not at 169 (the press
    # came 20 ms after the poll, and a second press in those 20 ms was merged into it).
    pins, fall, kp = _keypad()
    assert kp.poll(90) == 0
    pins[OK].level = 0
    fall(OK, 100)
    assert kp.poll(149) == 0 and kp.held() == 1 << OK
    pins[OK].level = 1
    assert kp.poll(160) == OK * 4 + PRESS
    pins[OK].level = 0  # pressed again past the release's lock-out: a press of its own
    fall(OK, 185)
    assert kp.poll(190) == 0
    pins[OK].level = 1
    assert kp.poll(245) == OK * 4 + PRESS and kp.poll(255) == 0


def test_a_fall_seen_late_is_still_debounced_and_held_long_is_long():
    from buttons import LONG
    pins, fall, kp = _keypad()
    pins[OK].level = 0
    fall(OK, 100)
    assert kp.poll(105) == 0
    pins[OK].level = 1  # its bounce, 10 ms after the fall: ignored
    assert kp.poll(110) == 0 and kp.held() == 1 << OK
    pins[OK].level = 0
    assert kp.poll(590) == 0 and kp.poll(600) == OK * 4 + LONG  # 500 ms after the fall
    pins[UP].level = 0  # a button held through a busy step of 700 ms: long at once
    fall(UP, 700)
    assert kp.poll(1400) == UP * 4 + LONG


def test_idle_work_is_told_of_a_button_down_or_a_fall_latched():
    # stirred(): what the idle step's filing asks before each stretch of its work
    pins, fall, kp = _keypad()
    assert not kp.stirred()
    pins[DOWN].level = 0
    assert kp.stirred()  # down now, not yet polled
    pins[DOWN].level = 1
    fall(OK, 10)  # pressed and released while the loop was busy
    assert kp.stirred()
    assert kp.poll(20) == OK * 4 + PRESS and not kp.stirred()

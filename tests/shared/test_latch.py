# latch.LatchedKeypad (the Pico's keypad, hal.pico): a press made and gone while the loop was
# busy (a flash sector erased after a frame) is still one press; nothing else changes.
from buttons import OK, PRESS, UP
from latch import LatchedKeypad


class Pin:
    def __init__(self, level=1):
        self.level = level

    def __call__(self):
        return self.level


def _keypad():
    pins = [Pin() for _ in range(5)]
    fell = bytearray(5)
    return pins, fell, LatchedKeypad(pins, lambda a, b: a - b, fell)


def test_a_press_made_while_the_loop_was_busy_is_not_lost():
    pins, fell, kp = _keypad()
    assert kp.poll(0) == 0
    fell[OK] = 1  # down and up again between two polls 120 ms apart: the edge was latched
    assert kp.poll(120) == OK * 4 + PRESS
    assert fell == bytearray(5) and kp.poll(130) == 0


def test_two_buttons_latched_in_one_poll_come_out_lowest_first():
    pins, fell, kp = _keypad()
    fell[OK] = fell[UP] = 1
    assert [kp.poll(100), kp.poll(110), kp.poll(120)] == [UP * 4 + PRESS, OK * 4 + PRESS, 0]


def test_a_press_seen_down_gets_nothing_more_from_its_edge():
    pins, fell, kp = _keypad()
    pins[OK].level = 0
    fell[OK] = 1
    assert kp.poll(200) == 0  # down: the ordinary press, taken at its release
    pins[OK].level = 1
    assert kp.poll(300) == OK * 4 + PRESS
    fell[OK] = 1  # the release's bounce, latched within the lock-out: no second press
    assert kp.poll(310) == 0 and kp.poll(400) == 0


def test_a_button_still_held_after_the_busy_step_is_an_ordinary_press():
    pins, fell, kp = _keypad()
    pins[OK].level = 0
    fell[OK] = 1
    assert kp.poll(500) == 0 and kp.held() == 1 << OK
    pins[OK].level = 1
    assert kp.poll(600) == OK * 4 + PRESS and kp.poll(700) == 0

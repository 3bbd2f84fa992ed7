"""The worst-case current of the pinout's pixels, Pico, OLED and piezo against USB."""
import json
import os

import pytest
from hardware import power

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PINOUT = os.path.join(ROOT, "hardware", "pinout.json")


def raw(**pixels):
    with open(PINOUT, encoding="utf-8") as f:
        p = json.load(f)
    p["pixels"].update(pixels)
    return p


def test_the_pinout_fits_usb():
    p = raw()
    assert power.check(p) == power.total(p) <= power.limit() < power.USB_MA


def test_sixty_pixels_at_full_brightness_do_not():
    with pytest.raises(ValueError, match="exceeds"):
        power.check(raw(count=60, brightness_cap=255))


def test_the_cap_is_what_keeps_eight_pixels_within():
    with pytest.raises(ValueError, match="brightness_cap to"):
        power.check(raw(brightness_cap=255))


def test_max_cap_is_the_edge():
    p = raw()
    cap = power.max_cap(p)
    assert p["pixels"]["brightness_cap"] <= cap < 255
    power.check(raw(brightness_cap=cap))
    with pytest.raises(ValueError):
        power.check(raw(brightness_cap=cap + 1))
    with pytest.raises(ValueError, match="fewer pixels"):  # too many even when dark
        power.check(raw(count=400, brightness_cap=0))


def test_the_sum():
    # one pixel fully white: 3 x 20 mA, + 1 mA logic, + Pico 100 + OLED 30 (+ piezo 12)
    p = raw(count=1, brightness_cap=255)
    assert power.total(p) == pytest.approx(60 + 1 + 100 + 30 + 12)
    p["buzzer"] = None
    assert power.total(p) == pytest.approx(60 + 1 + 100 + 30)

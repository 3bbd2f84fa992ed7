# firmware/board.py against hardware/pinout.json; runs on CPython (pytest) and MicroPython.
import json

import board

PINOUT = "hardware/pinout.json"


def _raw():
    with open(PINOUT) as f:
        return json.load(f)


def _rejects(d, *words):
    try:
        board.Board(d)
    except ValueError as e:
        msg = str(e)
        assert msg.startswith("pinout: "), msg
        for w in words:
            assert w in msg, msg
        return
    raise AssertionError("accepted a bad pinout")


def test_firmware_config_is_the_pinout():
    d = _raw()
    b = board.load(PINOUT)
    assert b.buttons == d["buttons"]
    i2c = d["i2c"]
    assert (b.i2c_id, b.i2c_sda, b.i2c_scl, b.i2c_freq) == (i2c["id"], i2c["sda"], i2c["scl"], i2c["freq"])
    o = d["oled"]
    assert (b.oled_addr, b.oled_width, b.oled_height) == (int(o["address"], 16), o["width"], o["height"])
    px = d["pixels"]
    assert (b.pixel_pin, b.pixel_count, b.pixel_order, b.pixel_cap) == (
        px["pin"], px["count"], px["order"], px["brightness_cap"])
    assert list(b.pixel_roles) == px["roles"]
    assert b.buzzer_pin == d["buzzer"]["pin"]


def test_the_box_as_designed():
    b = board.load(PINOUT)
    assert sorted(b.buttons) == sorted(board.BUTTONS)
    assert b.oled_addr == 0x3C and (b.oled_width, b.oled_height) == (128, 64)
    assert b.pixel_count == 8 and b.pixel_order == "GRB"
    assert 0 < b.pixel_cap <= 255
    # positions, not a game's meanings (each game's flow maps its meanings onto them)
    assert list(b.pixel_roles) == ["px1", "px2", "px3", "px4", "px5", "px6", "px7", "status"]
    for i, r in enumerate(b.pixel_roles):
        assert b.pixel_index(r) == i


def test_every_pin_is_counted_once():
    b = board.load(PINOUT)
    want = list(b.buttons.values()) + [b.i2c_sda, b.i2c_scl, b.pixel_pin, b.buzzer_pin]
    assert sorted(b.pins.values()) == sorted(want)
    assert len(set(want)) == len(want)


def test_buzzer_is_optional():
    d = _raw()
    d["buzzer"] = None
    assert board.Board(d).buzzer_pin is None
    del d["buzzer"]
    assert board.Board(d).buzzer_pin is None


def test_address_as_number_or_hex():
    d = _raw()
    d["oled"]["address"] = 61
    assert board.Board(d).oled_addr == 61
    d["oled"]["address"] = "0x3d"
    assert board.Board(d).oled_addr == 0x3D
    d["oled"]["address"] = "3C?"
    _rejects(d, "oled.address")
    d["oled"]["address"] = 0x78  # the 8-bit form printed on some boards
    _rejects(d, "oled.address")


def test_rejects_reserved_pins():
    for p in (23, 24, 25, 29):
        d = _raw()
        d["buttons"]["ok"] = p
        _rejects(d, "buttons.ok", "GP%d" % p, "Pico itself")


def test_rejects_pins_off_the_chip():
    for p in (-1, 30, 3.0, "4", True, None):
        d = _raw()
        d["pixels"]["pin"] = p
        _rejects(d, "pixels.pin")


def test_rejects_a_pin_used_twice():
    d = _raw()
    d["buzzer"]["pin"] = d["buttons"]["up"]
    _rejects(d, "buzzer.pin", "buttons.up")
    d = _raw()
    d["pixels"]["pin"] = d["i2c"]["scl"]
    _rejects(d, "pixels.pin", "i2c.scl")


def test_rejects_i2c_pins_of_the_wrong_peripheral():
    d = _raw()
    d["i2c"]["sda"], d["i2c"]["scl"] = d["i2c"]["scl"], d["i2c"]["sda"]  # swapped
    _rejects(d, "i2c.sda", "SDA")
    d = _raw()
    d["i2c"].update({"id": 1, "sda": 4, "scl": 5})  # an I2C0 pair on bus 1
    _rejects(d, "i2c.sda", "I2C1")
    d = _raw()
    d["i2c"].update({"id": 1, "sda": 26, "scl": 27})
    assert board.Board(d).i2c_id == 1
    d["i2c"]["scl"] = 19  # an I2C1 SCL pin, just not next to GP26: still valid
    assert board.Board(d).i2c_scl == 19
    d["i2c"]["scl"] = 21  # I2C0 SCL
    _rejects(d, "i2c.scl", "I2C1")
    d["i2c"]["id"] = 2
    _rejects(d, "i2c.id")


def test_rejects_bad_pixels():
    for key, v, word in (("order", "RGBW", "order"), ("order", "GGB", "order"),
                         ("brightness_cap", 256, "brightness_cap"),
                         ("count", 0, "count"), ("count", 9, "roles")):
        d = _raw()
        d["pixels"][key] = v
        _rejects(d, "pixels." + word)
    d = _raw()
    d["pixels"]["roles"][1] = "px1"
    _rejects(d, "roles", "px1")
    d = _raw()
    d["pixels"]["roles"][6] = "spare"
    _rejects(d, "roles", "px7")


def test_rejects_missing_and_unknown_keys():
    d = _raw()
    del d["i2c"]["freq"]
    _rejects(d, "i2c.freq", "missing")
    d = _raw()
    del d["buttons"]["back"]
    _rejects(d, "buttons.back", "missing")
    d = _raw()
    d["buttons"]["left"] = 16
    _rejects(d, "buttons.left", "not a known key")
    d = _raw()
    d["buzer"] = {"pin": 16}
    _rejects(d, "buzer")
    _rejects([], "pinout")
    d = _raw()
    d["oled"]["height"] = 60
    _rejects(d, "oled.height", "multiple of 8")

"""The pinout against the Pico's header and the RP2040 datasheet (hardware/pico_header.py),
a second source beside firmware/board.py's own arithmetic."""
import json
import os
import re

import board
from hardware import pico_header as pico

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PINOUT = os.path.join(ROOT, "hardware", "pinout.json")


def _unique_keys(pairs):
    keys = [k for k, _ in pairs]
    assert len(set(keys)) == len(keys), "pinout.json repeats a key: %s" % keys
    return dict(pairs)


def load():
    with open(PINOUT, encoding="utf-8") as f:
        return json.load(f, object_pairs_hook=_unique_keys)


def functions(p):
    """[(function, GPIO)] of a pinout."""
    out = [("button " + r, g) for r, g in p["buttons"].items()]
    i2c = p["i2c"]
    out += [("I2C%d SDA" % i2c["id"], i2c["sda"]), ("I2C%d SCL" % i2c["id"], i2c["scl"]),
            ("pixel data", p["pixels"]["pin"])]
    if p.get("buzzer"):
        out.append(("buzzer", p["buzzer"]["pin"]))
    return out


def test_header_table():
    assert sorted(pico.PINS) == list(range(1, 41))
    assert sorted(pico.GPIO) == list(range(23)) + [26, 27, 28]  # the Pico's 26 GPIOs
    assert pico.GND == (3, 8, 13, 18, 23, 28, 38)
    assert set(pico.RESERVED) == set(board.RESERVED) == {23, 24, 25, 29}
    assert not set(pico.RESERVED) & set(pico.GPIO)


def test_every_pin_is_a_free_gpio_on_the_header():
    for what, g in functions(load()):
        assert type(g) is int and g in pico.GPIO, "%s: GP%s is not on the Pico's header" % (what, g)
        assert g not in pico.RESERVED, "%s: GP%d is the Pico's %s" % (what, g, pico.RESERVED[g])


def test_no_pin_does_two_things():
    gpios = [g for _, g in functions(load())]
    assert len(set(gpios)) == len(gpios)


def test_i2c_pins_belong_to_the_bus():
    i2c = load()["i2c"]
    sda, scl = pico.I2C[i2c["id"]]
    assert i2c["sda"] in sda and i2c["scl"] in scl


def test_board_rules_equal_the_datasheet():
    # every (bus, SDA, SCL) the chip has: board.py accepts exactly the datasheet's pairs
    base = load()
    for bus in (0, 1):
        for sda in range(30):
            for scl in range(30):
                p = json.loads(json.dumps(base))
                rest = [g for g in sorted(pico.GPIO) if g not in (sda, scl)]
                p["buttons"] = dict(zip(board.BUTTONS, rest[:5], strict=True))
                p["pixels"]["pin"], p["buzzer"]["pin"] = rest[5], rest[6]
                p["i2c"].update(id=bus, sda=sda, scl=scl)
                want = (sda != scl and sda in pico.I2C[bus][0] and scl in pico.I2C[bus][1]
                        and sda in pico.GPIO and scl in pico.GPIO)
                try:
                    board.Board(p)
                    got = True
                except ValueError:
                    got = False
                assert got == want, (bus, sda, scl)


# "No pin number may be written anywhere in firmware other than what it reads from the pinout."
PIN_LITERAL = re.compile(r"\b(?:Pin|Signal|I2C|SoftI2C|SPI|PWM|NeoPixel)\(\s*\d")


def hard_coded_pins(src):
    return [ln for ln in src.splitlines() if PIN_LITERAL.search(ln.split("#")[0])]


def test_scanner_finds_pin_numbers():
    for bad in ("led = Pin(25, Pin.OUT)", "i2c = I2C(0, sda=Pin(b.i2c_sda))",
                "np = NeoPixel(machine.Pin( 22), 8)", "PWM(Pin(15))"):
        assert hard_coded_pins(bad), bad
    for ok in ("Pin(b.buttons['ok'], Pin.IN, Pin.PULL_UP)", "# was Pin(25)", "I2C(b.i2c_id)"):
        assert not hard_coded_pins(ok), ok


def test_firmware_names_no_pin():
    found = []
    for top, _, files in os.walk(os.path.join(ROOT, "firmware")):
        for name in files:
            if name.endswith(".py"):
                path = os.path.join(top, name)
                with open(path, encoding="utf-8") as f:
                    lines = hard_coded_pins(f.read())
                found += ["%s: %s" % (os.path.relpath(path, ROOT), ln) for ln in lines]
    assert not found, "pins belong in hardware/pinout.json:\n" + "\n".join(found)


def test_load_reports_bad_json(tmp_path):
    path = tmp_path / "pinout.json"
    path.write_text('{"buttons": {"up": 10,}}')
    try:
        board.load(str(path))
    except ValueError as e:
        assert "not valid JSON" in str(e)
    else:
        raise AssertionError("bad JSON accepted")

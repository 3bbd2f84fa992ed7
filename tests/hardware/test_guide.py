"""hardware/README.md: its tables are the pinout's, its figures power.py's, and it covers
what a maker needs."""
import os
import re

import board
from hardware import pico_header as pico
from hardware import power, wiring

HW = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "hardware")


def guide():
    with open(os.path.join(HW, "README.md"), encoding="utf-8") as f:
        return f.read()


def section(text, title):
    """The text of the `## N. title` section."""
    m = re.search(r"^## \d+\. %s\n(.*?)(?=^## )" % re.escape(title), text, re.S | re.M)
    assert m, title
    return m.group(1)


def generated(text, name):
    return text.split("<!-- generated:%s -->\n" % name)[1].split("\n<!-- /generated:%s -->" % name)[0]


def test_wiring_table_is_the_pinout():
    assert generated(guide(), "wiring") == wiring.table(board.load(os.path.join(HW, "pinout.json")))


def test_files_it_links_exist():
    for link in re.findall(r"\]\(([^)#:]+)\)", guide()):
        assert os.path.exists(os.path.join(HW, link)), link


def test_diagram_is_embedded():
    text = section(guide(), "Wiring")
    assert "![" in text and "(wiring.svg)" in text and "(wiring.png)" in text


def test_power_figures_are_power_py():
    text = section(guide(), "Power")
    for fig in ("about %d mA for each of the three LEDs" % power.LED_MA,
                "plus %d mA" % power.PIXEL_IDLE_MA,
                "**Pico:** %d mA" % power.PICO_MA,
                "**OLED:** %d mA" % power.OLED_MA,
                "**Piezo:** %d mA" % power.BUZZER_MA,
                "%d %% of the %d mA" % (power.MARGIN * 100, power.USB_MA)):
        assert fig in text, fig


def test_flashing_and_first_boot():
    text = section(guide(), "Flashing")
    for step in ("BOOTSEL", ".uf2", "RPI-RP2", "lenotre flash"):
        assert step in text, step
    text = section(guide(), "First boot")
    assert "board.load()" in text and ".scan()" in text and "pixel_index" in text


def test_troubleshooting():
    text = section(guide(), "Troubleshooting")
    blank, colours, device = (text.split("**" + t)[1].split("\n- **")[0] for t in (
        "Display stays blank", "Pixels show the wrong colours", "Device not found"))
    assert "I2C address" in blank and "0x3D" in blank
    assert "GRB" in colours and '"order"' in colours
    assert "no data lines" in device


def test_i2c_pins_it_lists_are_the_datasheet():
    free = lambda pins: "/".join(str(g) for g in pins if g in pico.GPIO)  # noqa: E731
    want = "; ".join("I2C%d: SDA GP%s, SCL GP%s" % (n, free(sda), free(scl))
                     for n, (sda, scl) in sorted(pico.I2C.items()))
    assert want in " ".join(section(guide(), "Wiring").split())

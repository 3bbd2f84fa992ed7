"""hardware/bom.csv: well formed, and every part the pinout wires is on it."""
import json
import os

import board
import pytest
from hardware import bom, wiring

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PINOUT = os.path.join(ROOT, "hardware", "pinout.json")


def raw():
    with open(PINOUT, encoding="utf-8") as f:
        return json.load(f)


def missing(rows, b):
    """What the pinout `b` needs that the BOM `rows` lack."""
    def has(what, part, *words, qty=1):
        ok = any(part in r["part"] and r["quantity"] >= qty
                 and all(w in r["value"] + " " + r["notes"] for w in words) for r in rows)
        return [] if ok else [what]

    need = has("a Pico", "Pico")
    for name, kind, _ in wiring.parts(b):
        if kind == "oled":
            size = "%dx%d" % (b.oled_width, b.oled_height)
            need += has(name, "OLED", "SSD1306", size, "0x%02X" % b.oled_addr)
        elif kind == "strip":
            need += has(name, "Pixel strip", "WS2812B", "%d pixels" % b.pixel_count, b.pixel_order)
            need += has(wiring.RESISTOR, "Resistor", wiring.R_VALUE)
        elif kind == "cap":
            need += has(name, "Capacitor", wiring.C_VALUE)
        elif kind == "buzzer":
            need += has(name, "Piezo")
    n = len(b.buttons)
    return need + has("%d buttons" % n, "button", qty=n)


def test_columns_and_values():
    rows = bom.read()
    assert rows and all(r["part"] and r["value"] and r["example_part_number"] for r in rows)
    assert len({r["part"] for r in rows}) == len(rows)
    assert 10 < bom.cost(rows) < bom.cost(rows, optional=True) < 100


def test_every_part_of_the_pinout_is_in_the_bom():
    assert missing(bom.read(), board.Board(raw())) == []


def test_a_gap_is_found():
    rows, b = bom.read(), board.Board(raw())
    for part in ("Resistor", "Capacitor", "Piezo", "OLED display", "Pixel strip", "Raspberry Pi Pico H"):
        assert missing([r for r in rows if r["part"] != part], b), part
    few = [dict(r, quantity=4) if r["part"] == "Tactile button" else r for r in rows]
    assert missing(few, b) == ["5 buttons"]
    p = raw()
    p["oled"]["address"] = "0x3D"
    assert missing(rows, board.Board(p)) == ["OLED 0x3D"]
    p = raw()
    p["pixels"]["order"] = "RGB"
    assert missing(rows, board.Board(p)) == ["Pixel strip"]


def test_bad_rows_are_refused(tmp_path):
    text = open(bom.PATH, encoding="utf-8").read()
    for bad in (text.replace(",5,Omron", ",0,Omron"), text.replace("5.00,no", "5.00,maybe", 1),
                text.replace("unit_price_eur", "price", 1), text.replace(",0.40,", ",-0.40,")):
        assert bad != text
        path = tmp_path / "bom.csv"
        path.write_text(bad, encoding="utf-8")
        with pytest.raises(ValueError):
            bom.read(str(path))

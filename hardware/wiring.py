"""Every wire of the box, derived from the pinout (a firmware `board.Board`): the one list
that the guide's wiring table and the diagram are both drawn from."""
from hardware.pico_header import GPIO, PINS, nearest_gnd, side

V3 = 36  # 3V3(OUT): the OLED
VSYS = 39  # the pixels: USB's 5 V less the Pico's diode, or the battery (see README)
R_VALUE, C_VALUE = "330 Ω", "1000 µF"  # in the pixels' data line; across their supply
RESISTOR, CAPACITOR = R_VALUE + " resistor", C_VALUE + " capacitor"


def parts(b):
    """[(part, kind, [(part pin, header pin, note)])], in the order a maker solders them."""
    sda, scl, din = GPIO[b.i2c_sda], GPIO[b.i2c_scl], GPIO[b.pixel_pin]
    bus = "I2C%d " % b.i2c_id
    out = [
        ("OLED 0x%02X" % b.oled_addr, "oled", [
            ("GND", nearest_gnd(sda), ""),
            ("VCC", V3, "3.3 V, not 5 V"),
            ("SCL", scl, bus + "SCL"),
            ("SDA", sda, bus + "SDA"),
        ]),
        ("Pixel strip", "strip", [
            ("5V", VSYS, "%d × WS2812B" % b.pixel_count),
            ("GND", nearest_gnd(VSYS), ""),
            ("DIN", din, "through the " + RESISTOR),
        ]),
        (CAPACITOR, "cap", [
            ("+", VSYS, "across the strip's 5V and GND"),
            ("−", nearest_gnd(VSYS), ""),
        ]),
    ]
    grounded = [("Button " + r.upper(), "button", GPIO[b.buttons[r]], "active low")
                for r in sorted(b.buttons, key=b.buttons.get)]
    if b.buzzer_pin is not None:
        grounded.append(("Piezo", "buzzer", GPIO[b.buzzer_pin], "PWM"))
    for part, kind, p, note in grounded:  # one GND pin for all of them on an edge: a rail
        g = nearest_gnd(*[q for _, _, q, _ in grounded if side(q) == side(p)])
        a, z = ("1", "2") if kind == "button" else ("+", "−")
        out.append((part, kind, [(a, p, note), (z, g, "")]))
    return out


def table(b):
    """The wiring table of the guide, in Markdown."""
    rows = ["| Part | Part pin | Pico pin | Header pin | Note |", "|---|---|---|---|---|"]
    for part, _, pins in parts(b):
        for pin, h, note in pins:
            rows.append("| %s | %s | %s | %d | %s |" % (part, pin, PINS[h], h, note))
    return "\n".join(rows)

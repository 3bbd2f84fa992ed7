"""Worst-case current of the box on USB, from the pinout. Figures and sources: README.md."""
USB_MA = 500  # what a USB 2.0 port promises
MARGIN = 0.8  # keep the worst case within 80 % of it
LED_MA = 20  # one colour channel of a WS2812B at 255 (Adafruit: 60 mA a pixel, white)
PIXEL_IDLE_MA = 1  # each pixel's logic, even when dark (Adafruit: "under 1 mA")
PICO_MA = 100  # Pico or Pico 2 flat out, USB busy: rounded well up
OLED_MA = 30  # SSD1306 128x64 module, every pixel lit: rounded up from ~20 mA
BUZZER_MA = 12  # a piezo straight on a GPIO: the RP2040 pad's highest drive strength


def budget(pinout):
    """[(item, mA)] for a pinout as read from pinout.json."""
    px = pinout["pixels"]
    n, cap = px["count"], px["brightness_cap"]
    rows = [
        ("%d pixels × 3 channels × %d mA × %d/255" % (n, LED_MA, cap), n * 3 * LED_MA * cap / 255),
        ("%d pixels' logic × %d mA" % (n, PIXEL_IDLE_MA), n * PIXEL_IDLE_MA),
        ("Pico", PICO_MA),
        ("OLED, all lit", OLED_MA),
    ]
    if pinout.get("buzzer"):
        rows.append(("Piezo", BUZZER_MA))
    return rows


def total(pinout):
    return sum(ma for _, ma in budget(pinout))


def limit():
    return USB_MA * MARGIN


def max_cap(pinout):
    """The highest brightness cap that keeps this pinout within the limit (-1: none)."""
    for cap in range(255, -1, -1):
        p = dict(pinout, pixels=dict(pinout["pixels"], brightness_cap=cap))
        if total(p) <= limit():
            return cap
    return -1


def check(pinout):
    t = total(pinout)
    if t > limit():
        c = max_cap(pinout)
        fix = "lower pixels.brightness_cap to %d" % c if c >= 0 else "use fewer pixels"
        raise ValueError("power: worst case %.0f mA exceeds %.0f mA (%d%% of USB's %d mA): %s"
                         % (t, limit(), MARGIN * 100, USB_MA, fix))
    return t


def table(pinout):
    """The power budget of the guide, in Markdown."""
    rows = ["| Item | mA |", "|---|---:|"]
    rows += ["| %s | %.0f |" % (item, ma) for item, ma in budget(pinout)]
    rows.append("| **Worst case** | **%.0f** |" % total(pinout))
    rows.append("| Limit: %d%% of USB's %d mA | %.0f |" % (MARGIN * 100, USB_MA, limit()))
    rows.append("| Highest brightness_cap for %d pixels | %d |"
                % (pinout["pixels"]["count"], max_cap(pinout)))
    return "\n".join(rows)


if __name__ == "__main__":
    import json
    import sys

    with open(sys.argv[1] if len(sys.argv) > 1 else "hardware/pinout.json") as f:
        p = json.load(f)
    print(table(p))
    check(p)

"""The Raspberry Pi Pico's 40-pin header (same on Pico, Pico H, Pico 2, Pico W), as printed
in the Pico datasheet's pinout, and the I2C column (F3) of the RP2040 datasheet's GPIO
function table, written out pin by pin: tests check the firmware's arithmetic against it."""

# header pin -> name; pins 1..20 run down the left edge, 21..40 up the right (top view, USB up)
PINS = dict(enumerate((
    "GP0", "GP1", "GND", "GP2", "GP3", "GP4", "GP5", "GND", "GP6", "GP7",
    "GP8", "GP9", "GND", "GP10", "GP11", "GP12", "GP13", "GND", "GP14", "GP15",
    "GP16", "GP17", "GND", "GP18", "GP19", "GP20", "GP21", "GND", "GP22", "RUN",
    "GP26", "GP27", "AGND", "GP28", "ADC_VREF", "3V3(OUT)", "3V3_EN", "GND", "VSYS", "VBUS",
), 1))

GND = tuple(n for n, s in PINS.items() if s == "GND")  # AGND is for the ADC: not used here
GPIO = {int(s[2:]): n for n, s in PINS.items() if s.startswith("GP")}  # GPIO -> header pin

# On the board, not on the header (Pico; on the Pico W they drive the radio instead).
RESERVED = {23: "SMPS power-save", 24: "VBUS sense", 25: "onboard LED", 29: "VSYS/3 on ADC3"}

I2C = {  # bus -> (SDA pins, SCL pins), GPIO numbers
    0: ((0, 4, 8, 12, 16, 20, 24, 28), (1, 5, 9, 13, 17, 21, 25, 29)),
    1: ((2, 6, 10, 14, 18, 22, 26), (3, 7, 11, 15, 19, 23, 27)),
}


def side(pin):
    return "left" if pin <= 20 else "right"


def row(pin):
    """Position from the USB end, 0..19."""
    return pin - 1 if pin <= 20 else 40 - pin


def nearest_gnd(*pins):
    """The GND header pin closest to `pins` (all on one edge), for the shortest wires."""
    s = side(pins[0])
    return min((g for g in GND if side(g) == s), key=lambda g: (sum(abs(row(g) - row(p)) for p in pins), g))

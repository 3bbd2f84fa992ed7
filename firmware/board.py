# Le Nôtre board: which GPIO does what, read from pinout.json (hardware/pinout.json in the
# repo, copied next to the firmware on the device). No other firmware file names a pin.
#
#   b = board.load()              # ValueError with a clear message on a bad file
#   Pin(b.buttons["ok"], Pin.IN, Pin.PULL_UP)
#   I2C(b.i2c_id, sda=Pin(b.i2c_sda), scl=Pin(b.i2c_scl), freq=b.i2c_freq)
#   np[b.pixel_index("status")] = ...
import json

BUTTONS = ("up", "down", "back", "next", "ok")
# Pixels by position along the strip from its DIN end, and the status pixel (whose turn, an
# error). What px1..px7 mean is each game's to say (its flow: firmware/app/flows.py).
PIXELS = ("px1", "px2", "px3", "px4", "px5", "px6", "px7", "status")
# GP0..GP29 exist on the RP2040 and the Pico 2's RP2350A; these four are wired on the board.
RESERVED = {23: "SMPS power save", 24: "VBUS sense", 25: "the onboard LED", 29: "VSYS sense"}


def _fail(msg):
    raise ValueError("pinout: " + msg)


def _keys(d, where, need, opt=()):
    if type(d) is not dict:
        _fail(where + " must be an object")
    for k in need:
        if k not in d:
            _fail("%s.%s is missing" % (where, k))
    for k in d:
        if k not in need and k not in opt:
            _fail("%s.%s is not a known key" % (where, k))
    return d


def _int(v, where, lo, hi):
    # type() is exact: True is no pin (and MicroPython's bool is not an int subclass anyway)
    if type(v) is not int or v < lo or v > hi:
        _fail("%s must be an integer %d..%d, not %s" % (where, lo, hi, json.dumps(v)))
    return v


class Board:
    def __init__(self, d):
        _keys(d, "pinout", ("buttons", "i2c", "oled", "pixels"), ("buzzer", "notes"))
        self.pins = {}  # "buttons.ok" -> GPIO, every pin in use

        btn = _keys(d["buttons"], "buttons", BUTTONS)
        self.buttons = {}
        for r in BUTTONS:
            self.buttons[r] = self._pin("buttons." + r, btn[r])

        i2c = _keys(d["i2c"], "i2c", ("id", "sda", "scl", "freq"))
        self.i2c_id = n = _int(i2c["id"], "i2c.id", 0, 1)
        self.i2c_sda = self._pin("i2c.sda", i2c["sda"])
        self.i2c_scl = self._pin("i2c.scl", i2c["scl"])
        # RP2040 function table: I2Cn SDA on GP(4k + 2n), SCL on GP(4k + 2n + 1)
        for name, off in (("sda", 0), ("scl", 1)):
            p = getattr(self, "i2c_" + name)
            if p % 4 != 2 * n + off:
                ok = [str(q) for q in range(2 * n + off, 30, 4) if q not in RESERVED]
                _fail("i2c.%s: GP%d is no %s pin of I2C%d (those are GP%s)"
                      % (name, p, name.upper(), n, ", GP".join(ok)))
        self.i2c_freq = _int(i2c["freq"], "i2c.freq", 10000, 1000000)

        oled = _keys(d["oled"], "oled", ("address", "width", "height"))
        a = oled["address"]
        if type(a) is str:
            try:
                a = int(a, 16)
            except ValueError:
                _fail("oled.address must be hex like \"0x3C\", not " + json.dumps(a))
        self.oled_addr = _int(a, "oled.address", 0x08, 0x77)
        self.oled_width = _int(oled["width"], "oled.width", 1, 128)
        self.oled_height = h = _int(oled["height"], "oled.height", 8, 64)
        if h % 8:
            _fail("oled.height must be a multiple of 8, not %d" % h)

        px = _keys(d["pixels"], "pixels", ("pin", "count", "order", "brightness_cap", "roles"))
        self.pixel_pin = self._pin("pixels.pin", px["pin"])
        self.pixel_count = c = _int(px["count"], "pixels.count", 1, 255)
        o = px["order"]
        if type(o) is not str or len(o) != 3 or sorted(o) != ["B", "G", "R"]:
            _fail("pixels.order must be an order of R, G and B like \"GRB\", not " + json.dumps(o))
        self.pixel_order = o
        self.pixel_cap = _int(px["brightness_cap"], "pixels.brightness_cap", 0, 255)
        roles = px["roles"]
        if type(roles) is not list or len(roles) != c:
            _fail("pixels.roles must list one role for each of the %d pixels" % c)
        for r in roles:
            if type(r) is not str or roles.count(r) != 1:
                _fail("pixels.roles: %s must be a name used once" % json.dumps(r))
        for r in PIXELS:
            if r not in roles:
                _fail("pixels.roles: no pixel for \"%s\"" % r)
        self.pixel_roles = tuple(roles)

        bz = d.get("buzzer")
        self.buzzer_pin = None
        if bz is not None:
            self.buzzer_pin = self._pin("buzzer.pin", _keys(bz, "buzzer", ("pin",))["pin"])

    def _pin(self, where, p):
        _int(p, where, 0, 29)
        if p in RESERVED:
            _fail("%s: GP%d is used by the Pico itself (%s)" % (where, p, RESERVED[p]))
        for k in self.pins:
            if self.pins[k] == p:
                _fail("%s: GP%d is already %s" % (where, p, k))
        self.pins[where] = p
        return p

    def pixel_index(self, role):
        return self.pixel_roles.index(role)


def load(path=None):
    # By default /rom/pinout.json on the box's image (in its ROMFS, the app frozen or not),
    # else the one beside this module (/pinout.json on a box flashed file by file)
    if path is None:
        import sys
        here = "/rom" if "/rom" in sys.path else __file__.rpartition("/")[0]
        path = here + "/pinout.json" if here else "pinout.json"
    with open(path) as f:
        text = f.read()  # whole: json.load would read the file a byte at a time (11 ms at boot)
    try:
        d = json.loads(text)
    except ValueError as e:
        _fail("%s is not valid JSON (%s)" % (path, e))
    return Board(d)

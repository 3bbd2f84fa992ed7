"""Draw hardware/wiring.svg and wiring.png from hardware/pinout.json, and refresh what else
is generated from it: the tables of hardware/README.md (parts, wiring, power) and the
buttons and pixel count of hardware/enclosure.scad.

    python hardware/make_diagram.py          # rewrite them
    python hardware/make_diagram.py --check  # exit 1 if any is stale

The SVG is deterministic text (schemdraw, SVG backend, text as <text>). The PNG is the SVG
rendered by cairosvg; it carries the SVG's SHA-256 in a tEXt chunk, which is what the
staleness test compares (rasterisers differ between machines, hashes do not)."""
import hashlib
import json
import os
import re
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
for p in (ROOT, os.path.join(ROOT, "firmware")):
    if p not in sys.path:
        sys.path.insert(0, p)

import board  # noqa: E402  (firmware/board.py: the diagram shows what the firmware reads)
from hardware import bom, power, wiring  # noqa: E402
from hardware.pico_header import PINS, side  # noqa: E402

PNG_KEY = b"lenotre-svg-sha256"
S = 1.1  # header pin pitch in the drawing


RAIL = 2.8  # how far out from the header a ground rail runs
FACE = 4.8  # how far out from the header a module's edge is


def draw(b):
    """The wiring diagram of Board `b`, as SVG text."""
    import schemdraw

    schemdraw.use("svg")
    schemdraw.svgconfig.text = "text"  # 'path' would depend on ziamath being installed
    sheet = _Sheet(b)
    rails = {}  # edge of the header -> header pins on its ground rail
    for part, kind, ps in wiring.parts(b):
        if kind in ("button", "buzzer"):
            sheet.grounded(part, kind, ps)
            rails.setdefault(side(ps[0][1]), set()).update(h for _, h, _ in ps)
        elif kind in ("oled", "strip"):  # the capacitor comes with the strip
            sheet.module(part, kind, ps)
    for pins in rails.values():
        sheet.rail(pins)
    svg = sheet.d.get_imagedata("svg").decode()
    # 2 decimals: the same text whatever the last bits of the float maths on this machine
    return re.sub(r"-?\d+\.\d{3,}", lambda m: _num(float(m.group())), svg)


def _num(v):
    return ("%.2f" % (round(v, 2) + 0.0)).rstrip("0").rstrip(".")


class _Sheet:
    """The Pico's header in the middle, parts wired straight out from its pins."""

    def __init__(self, b):
        import schemdraw
        import schemdraw.elements as elm

        self.b, self.elm = b, elm
        used = {h for _, _, ps in wiring.parts(b) for _, h, _ in ps}
        self.d = d = schemdraw.Drawing(show=False)
        d.config(fontsize=10, unit=2, bgcolor="white", font="sans-serif", margin=0.5)
        pins = [elm.IcPin(name=PINS[n] if n in used else "", pin=str(n), side="L" if n <= 20 else "R",
                          slot="%d/20" % (21 - n if n <= 20 else n - 20), anchorname="p%d" % n)
                for n in range(1, 41)]
        self.pico = d.add(elm.Ic(pins=pins, pinspacing=S, edgepadH=0.6, w=3.2, lsize=10, plblsize=8)
                          .label("Raspberry Pi Pico / Pico 2\ntop view, USB end up", "top", fontsize=10))
        x, y = self.xy(1)
        title = "Le Nôtre wiring, drawn from hardware/pinout.json by hardware/make_diagram.py"
        d.add(elm.Label().at((x + 1.6 + S, y + 3.2)).label(title, fontsize=11))

    def xy(self, n, dist=0):
        """The point `dist` out from the end of header pin n."""
        x, y = getattr(self.pico, "p%d" % n)
        return (x + dist * self.out(n), y)

    @staticmethod
    def out(n):
        return -1 if side(n) == "left" else 1

    def text(self, at, s, n, size=9):
        """Text at `at`, running away from the header like the wires of pin n."""
        self.d.add(self.elm.Label().at(at).label(s, "right" if self.out(n) > 0 else "left", fontsize=size))

    def wire(self, n, a, z, part=None):
        """Pin n's wire from `a` to `z` out; with a two-terminal `part` in it instead."""
        return self.d.add((part or self.elm.Line()).at(self.xy(n, a)).to(self.xy(n, z)))

    def grounded(self, part, kind, ps):
        """A button or the piezo: its pin, the part, on to the ground rail."""
        n = ps[0][1]
        self.wire(n, 0, 0.5)
        e = self.elm.Button() if kind == "button" else self.elm.Crystal()  # a piezo's symbol
        self.wire(n, 0.5, 2.1, e.label(part.split()[-1] if kind == "button" else "piezo", "top", fontsize=8))
        self.wire(n, 2.1, RAIL)

    def rail(self, pins):
        pins = sorted(pins, key=lambda n: self.xy(n)[1])
        for n in pins:
            if PINS[n] == "GND":
                self.wire(n, 0, RAIL)
            self.d.add(self.elm.Dot().at(self.xy(n, RAIL)))
        self.d.add(self.elm.Line().at(self.xy(pins[0], RAIL)).to(self.xy(pins[-1], RAIL)))
        x, y = self.xy(pins[0], RAIL)
        self.d.add(self.elm.Label().at((x, y - 0.6)).label("GND rail", fontsize=8))

    def module(self, part, kind, ps):
        """The OLED or the pixel strip as a box facing the edge of its last pin (SDA, DIN):
        straight wires to pins on that edge, labelled stubs to pins on the other."""
        b, elm, d = self.b, self.elm, self.d
        n0 = ps[-1][1]
        o = self.out(n0)
        near = {pin: n for pin, n, _ in ps if self.out(n) == o}
        far = [(pin, n) for pin, n, _ in ps if self.out(n) != o]
        ys = [self.xy(n)[1] for n in near.values()]
        top, bot = max(ys) + 0.6, min(ys) - 0.6 - S * len(far)
        x, w = self.xy(n0, FACE)[0], 3.4 * o
        d.add(elm.Rect(corner1=(x, top), corner2=(x + w, bot)).at((0, 0)))
        for pin, n in near.items():
            if pin == "DIN":
                self.wire(n, 0, 1.0)
                self.wire(n, 1.0, 3.0, elm.Resistor().label(wiring.R_VALUE, "top", fontsize=8))
                self.wire(n, 3.0, FACE)
            else:
                self.wire(n, 0, FACE)
            self.text((x + 0.15 * o, self.xy(n)[1]), pin, n)
        for i, (pin, n) in enumerate(far):
            y = min(ys) - S * (i + 1)
            self.text((x + 0.15 * o, y), pin, n0)
            d.add(elm.Line().at((x + w, y)).to((x + w + 0.6 * o, y)))
            self.text((x + w + 0.75 * o, y), "%s, header pin %d" % (PINS[n], n), n0, 8)
            self.wire(n, 0, 0.5)
            self.text(self.xy(n, 0.6), "%s %s" % (part.split()[0], pin), n, 8)
        if kind == "oled":
            label = "SSD1306 OLED\n%dx%d, I2C 0x%02X" % (b.oled_width, b.oled_height, b.oled_addr)
        else:
            label = "WS2812B strip\n%d pixels, %s" % (b.pixel_count, b.pixel_order)
            step = min(S, (top - bot - 0.6) / b.pixel_count)
            up = self.xy(n0)[1] < (top + bot) / 2  # DIN low: pixel 0 at the bottom
            for i, role in enumerate(b.pixel_roles):
                y = bot + 0.3 + step * (i + 0.5 if up else b.pixel_count - i - 0.5)
                self.text((x + w / 2 - 0.3 * o, y), "%d %s" % (i, role), n0, 8)
            if "5V" in near and "GND" in near:  # the capacitor: a rung across 5V and GND
                a, z = self.xy(near["5V"], FACE - 0.9), self.xy(near["GND"], FACE - 0.9)
                d.add(elm.Capacitor(polar=True).at(a).to(z)
                      .label(wiring.C_VALUE, "bottom" if o > 0 else "top", fontsize=8))
                d.add(elm.Dot().at(a))
                d.add(elm.Dot().at(z))
        d.add(elm.Label().at((x + w / 2, bot - 0.7)).label(label, fontsize=10))


def png(svg):
    """`svg` rendered to PNG, tagged with the SVG's SHA-256."""
    import cairosvg

    raw = cairosvg.svg2png(bytestring=svg.encode(), output_width=1400, background_color="white")
    data = PNG_KEY + b"\0" + sha256(svg).encode()
    chunk = struct.pack(">I", len(data)) + b"tEXt" + data + struct.pack(">I", zlib.crc32(b"tEXt" + data))
    return raw[:33] + chunk + raw[33:]  # right after the signature and IHDR


def png_svg_hash(data):
    """The SVG hash a PNG made by png() carries, or None."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    i = 8
    while i < len(data):
        n, kind = struct.unpack(">I4s", data[i:i + 8])
        if kind == b"tEXt":
            key, _, val = data[i + 8:i + 8 + n].partition(b"\0")
            if key == PNG_KEY:
                return val.decode()
        i += 12 + n
    return None


def sha256(text):
    return hashlib.sha256(text.encode()).hexdigest()


def readme(text, b, pinout, parts):
    """`text` of the guide with its generated tables redone."""
    for name, body in (("parts", bom.table(parts)), ("wiring", wiring.table(b)),
                       ("power", power.table(pinout))):
        text = _fill(text, "<!-- generated:%s -->" % name, "<!-- /generated:%s -->" % name, body)
    return text


def scad(text, b):
    """`text` of enclosure.scad with the pinout's buttons and pixel count."""
    roles = ", ".join('"%s"' % r for r in sorted(b.buttons, key=b.buttons.get))
    body = "buttons = [%s];\npixels = %d;" % (roles, b.pixel_count)
    return _fill(text, "// generated:pinout", "// /generated:pinout", body)


def _fill(text, begin, end, body):
    """Put `body` between the line that starts with `begin` and the `end` marker."""
    if text.count(begin) != 1 or text.count(end) != 1:
        raise ValueError("need one %s ... %s" % (begin, end))
    i, j = text.index("\n", text.index(begin)) + 1, text.index(end)
    return text[:i] + body + "\n" + text[j:]


def update(folder=HERE, write=True):
    """Redo the generated files in `folder` from its pinout.json (and bom.csv); return the
    names of those that were stale. write=False only looks. An invalid pinout, or one over
    the power budget, raises ValueError."""
    path = lambda name: os.path.join(folder, name)  # noqa: E731
    with open(path("pinout.json"), encoding="utf-8") as f:
        pinout = json.load(f)
    b = board.Board(pinout)
    power.check(pinout)
    svg = draw(b)
    todo = {}
    if _read(path("wiring.svg")) != svg:
        todo["wiring.svg"] = svg
    old = _read(path("wiring.png"), binary=True)
    if old is None or png_svg_hash(old) != sha256(svg):
        todo["wiring.png"] = None  # rendered only when written: looking needs no cairo
    for name, redo in (("README.md", lambda t: readme(t, b, pinout, bom.read(path("bom.csv")))),
                       ("enclosure.scad", lambda t: scad(t, b))):
        text = _read(path(name))
        if redo(text) != text:
            todo[name] = redo(text)
    for name, data in sorted(todo.items()) if write else ():
        with open(path(name), "wb") as f:
            f.write(png(svg) if data is None else data.encode("utf-8"))
    return sorted(todo)


def _read(path, binary=False):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    return data if binary else data.decode("utf-8")


def main(argv):
    check = "--check" in argv
    names = update(write=not check)
    for name in names:
        print("%s hardware/%s" % ("stale:" if check else "wrote", name))
    if check and names:
        print("run: python hardware/make_diagram.py")
    return 1 if check and names else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

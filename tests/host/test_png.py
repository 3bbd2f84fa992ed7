"""lenotre.png writes PNGs that a decoder (a small one here, stdlib only) reads back right."""
import struct
import zlib

import pytest

from lenotre.device import png


def decode(data):
    # -> (width, height, rows of (r, g, b) tuples); checks signature, CRCs and the format
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, chunks = 8, []
    while pos < len(data):
        (n,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        (crc,) = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])
        assert crc == zlib.crc32(kind + body), kind
        chunks.append((kind, body))
        pos += 12 + n
    assert [k for k, _ in chunks][0] == b"IHDR" and chunks[-1] == (b"IEND", b"")
    w, h, depth, ctype, comp, filt, inter = struct.unpack(">IIBBBBB", chunks[0][1])
    assert (depth, ctype, comp, filt, inter) == (8, 2, 0, 0, 0)
    raw = zlib.decompress(b"".join(b for k, b in chunks if k == b"IDAT"))
    stride = 1 + 3 * w
    assert len(raw) == h * stride
    rows = []
    for y in range(h):
        line = raw[y * stride:(y + 1) * stride]
        assert line[0] == 0  # this reader knows filter 0 only, which is what png writes
        rows.append([tuple(line[1 + 3 * x:4 + 3 * x]) for x in range(w)])
    return w, h, rows


def frame(*points, width=128, height=64):
    buf = bytearray(width * ((height + 7) // 8))
    for x, y in points:
        buf[(y >> 3) * width + x] |= 1 << (y & 7)
    return buf


def test_screen_pixels_land_where_they_should(tmp_path):
    buf = frame((0, 0), (127, 63), (10, 20), (11, 20))
    path = png.write(str(tmp_path / "s.png"), buf, scale=4)
    w, h, rows = decode(open(path, "rb").read())
    m = 8  # bezel: 2 x scale
    assert (w, h) == (128 * 4 + 2 * m, 64 * 4 + 2 * m)

    def px(x, y, dx=1, dy=1):  # a point inside screen pixel (x, y)
        return rows[m + 4 * y + dy][m + 4 * x + dx]

    assert px(0, 0) == png.LIT and px(127, 63) == png.LIT
    assert px(10, 20) == png.LIT and px(11, 20) == png.LIT
    assert px(12, 20) == png.DARK and px(10, 21) == png.DARK and px(1, 0) == png.DARK
    assert px(10, 20, dx=3) == png.LIT_SEAM  # the seam between panel dots
    assert rows[0][0] == png.BEZEL and rows[m - 1][m] == png.BEZEL
    lit = sum(1 for r in rows for c in r if c == png.LIT)
    assert lit == 4 * 3 * 3  # 4 pixels, each 3x3 of face


def test_scale_one_and_odd_sizes():
    buf = frame((2, 3), (4, 10), width=5, height=11)
    w, h, rows = decode(png.encode(buf, 5, 11, scale=1))
    assert (w, h) == (5 + 4, 11 + 4)
    assert rows[2 + 3][2 + 2] == png.LIT and rows[2 + 10][2 + 4] == png.LIT
    assert rows[2 + 3][2 + 3] == png.DARK


def test_leds_under_the_screen():
    leds = [(48, 0, 0), (0, 0, 0), (0, 24, 48)] + [(0, 0, 0)] * 5
    w, h, rows = decode(png.encode(frame(), scale=4, pixels=leds, pixel_max=48))
    assert w == 528 and h > 64 * 4 + 16
    slot = w / 8
    screen_h = 64 * 4 + 16
    r = min(slot * 0.35, 12)
    cy = screen_h + int(r)
    assert rows[cy][int(slot * 0.5)] == (255, 0, 0)  # capped red shown at full hue
    assert rows[cy][int(slot * 1.5)] == png.LED_OFF
    assert rows[cy][int(slot * 2.5)] == (0, 127, 255)
    assert rows[cy][int(slot * 3.0)] == png.BEZEL  # between two discs
    assert rows[h - 1][int(slot * 0.5)] == png.BEZEL


def test_short_buffer_is_refused():
    with pytest.raises(ValueError) as e:
        png.encode(bytes(100))
    assert "128x64" in str(e.value)

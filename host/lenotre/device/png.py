"""Pictures of the simulated OLED (and the LED strip) as PNG, with zlib and struct only.

    png.write("screen.png", frame)                           # 1024-byte MONO_VLSB frame
    png.write("box.png", frame, pixels=[(48, 0, 0), ...], pixel_max=48)

The frame is MONO_VLSB: pixel (x, y) is lit when (buf[(y >> 3) * w + x] >> (y & 7)) & 1.
Lit pixels are drawn light blue-white on near-black, each as a scale x scale square with a
darker seam, like the dots of a real panel; the LEDs are discs in a row under the screen."""
import struct
import zlib

LIT = (196, 232, 255)
LIT_SEAM = (120, 150, 175)
DARK = (6, 8, 12)
DARK_SEAM = (3, 4, 6)
BEZEL = (22, 22, 24)
LED_OFF = (45, 45, 48)


def lit(buf, width, x, y):
    return (buf[(y >> 3) * width + x] >> (y & 7)) & 1


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def png_bytes(rows, width):
    # rows: each a bytes of width * 3 (RGB); -> a complete PNG file
    raw = b"".join(b"\x00" + r for r in rows)  # filter 0 (none) on every row
    ihdr = struct.pack(">IIBBBBB", width, len(rows), 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr)
            + _chunk(b"IDAT", zlib.compress(raw, 9)) + _chunk(b"IEND", b""))


def _led_colour(rgb, pixel_max):
    if not any(rgb):
        return LED_OFF
    # capped values are dim on screen: show them as the LED looks at the table, full hue
    return tuple(min(255, c * 255 // max(1, pixel_max)) for c in rgb)


def render(buf, width=128, height=64, scale=4, pixels=None, pixel_max=255):
    """-> (rows, image width): the picture as RGB rows."""
    if len(buf) < width * ((height + 7) // 8):
        raise ValueError("png: %d bytes is not a %dx%d MONO_VLSB frame" % (len(buf), width,
                                                                          height))
    if scale < 1:
        raise ValueError("png: scale must be >= 1")
    m = 2 * scale  # bezel margin
    iw = width * scale + 2 * m
    bezel = bytes(BEZEL) * m
    seam = scale >= 3
    blocks = {}
    for on in (0, 1):
        face, edge = (LIT, LIT_SEAM) if on else (DARK, DARK_SEAM)
        inner = bytes(face) * (scale - 1) + bytes(edge if seam else face)
        blocks[on] = (inner, bytes(edge) * scale if seam else inner)
    rows = [bytes(BEZEL) * iw] * m
    for y in range(height):
        bits = [lit(buf, width, x, y) for x in range(width)]
        body = bezel + b"".join(blocks[b][0] for b in bits) + bezel
        last = bezel + b"".join(blocks[b][1] for b in bits) + bezel
        rows.extend([body] * (scale - 1) + [last])
    rows.extend([bytes(BEZEL) * iw] * m)
    if pixels:
        n = len(pixels)
        slot = iw / n
        r = max(1.0, min(slot * 0.35, 3.0 * scale))
        hgt = int(2 * r) + m
        cols = [_led_colour(p, pixel_max) for p in pixels]
        centres = [slot * (i + 0.5) for i in range(n)]
        for yy in range(hgt):
            dy = yy + 0.5 - r
            row = bytearray(bytes(BEZEL) * iw)
            for i, cx in enumerate(centres):
                if abs(dy) > r:
                    continue
                half = (r * r - dy * dy) ** 0.5
                for x in range(max(0, int(cx - half + 0.5)), min(iw, int(cx + half + 0.5))):
                    row[3 * x:3 * x + 3] = bytes(cols[i])
            rows.append(bytes(row))
    return rows, iw


def encode(buf, width=128, height=64, scale=4, pixels=None, pixel_max=255):
    rows, iw = render(buf, width, height, scale, pixels, pixel_max)
    return png_bytes(rows, iw)


def write(path, buf, width=128, height=64, scale=4, pixels=None, pixel_max=255):
    data = encode(buf, width, height, scale, pixels, pixel_max)
    with open(path, "wb") as f:
        f.write(data)
    return path

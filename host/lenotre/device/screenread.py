"""Read the text off an OLED frame: what a player sees, recovered from the pixels alone.

The emulated Pico's screen is only the bytes the firmware sent over I2C, so the strings it
drew must be found in them. The firmware draws with MicroPython's 8x8 font (framebuf.text) and
German's letters beside it (shared_rules/glyphs.py),
plain or inverted (a title bar), and scaled up 2x or 3x for big numbers and names (app/ui.big):
every 8x8 cell (or 16x16, 24x24) that is exactly a glyph, blank around it inside its cell, is a
letter. Letters in a row at the font's pitch are one string; the blank cells between them are
spaces. Where two readings overlap (a glyph found one pixel off), the longer string wins.

    texts(frame) -> ["Stage 1 Round 1", "ok  enter cards", "12", ...]   top to bottom

The result matches the strings the firmware drew (simdevice's `shown_texts`) for text on a
clear background, leading and trailing spaces aside."""
from lenotre.shims import framebuf
from shared_rules import glyphs

W, H = 128, 64
SCALES = (1, 2, 3)
_glyphs = None  # scale -> {(row bits) * 8: char}, plain and inverted (scale 1)


def _table():
    global _glyphs
    if _glyphs is None:
        font = framebuf.load_font()
        plain, inverted = {}, {}
        cells = [(chr(32 + i) if 32 + i < 127 else "\x7f", font[8 * i:8 * i + 8])
                 for i in range(96)]
        cells += [(ch, glyphs.glyph(ch)) for ch in glyphs.CHARS]  # German's, the box's own
        for ch, cols in cells:
            rows = tuple(sum(((cols[c] >> r) & 1) << c for c in range(8)) for r in range(8))
            if any(rows) and rows not in plain:
                plain[rows] = ch
                inverted[tuple(v ^ 0xFF for v in rows)] = ch
        _glyphs = (plain, inverted)
    return _glyphs


def _ink(ch):
    # lit pixels of a glyph
    plain = _table()[0]
    if not hasattr(_ink, "count"):
        _ink.count = {c: sum(bin(v).count("1") for v in rows) for rows, c in plain.items()}
    return _ink.count.get(ch, 0)


def _rows(frame):
    # MONO_VLSB (byte = 8 pixels down a column, pages of 8 rows) -> one int per row, bit x
    rows = []
    for y in range(H):
        page, bit = (y >> 3) * W, y & 7
        v = 0
        for x in range(W):
            if frame[page + x] >> bit & 1:
                v |= 1 << x
        rows.append(v)
    return rows


def _sampled(rows, s, phase):
    # every s-th column from `phase`: a scaled-up glyph shrinks back to 8x8 in it
    out = []
    for v in rows:
        c = 0
        for k in range((W - phase + s - 1) // s):
            if v >> (phase + s * k) & 1:
                c |= 1 << k
        out.append(c)
    return out


def _exact(rows, x, y, s, cell):
    # the 8s x 8s block at (x, y) is the 8x8 cell scaled by s, pixel for pixel
    mask = (1 << 8 * s) - 1
    for r in range(8):
        want = 0
        for c in range(8):
            if cell[r] >> c & 1:
                want |= ((1 << s) - 1) << (s * c)
        for dy in range(s):
            if (rows[y + s * r + dy] >> x) & mask != want:
                return False
    return True


def _hits(rows):
    # -> [(scale, y, x, char, inverted)] of every cell that is exactly a glyph
    plain, inverted = _table()
    hits = []
    for y in range(H - 7):
        block = rows[y:y + 8]
        ink = unlit = 0  # any pixel lit / any pixel dark in these 8 rows, by column
        for v in block:
            ink |= v
            unlit |= ~v
        for x in range(W - 7):
            if not (ink >> x) & 0xFF or not (unlit >> x) & 0xFF:
                continue  # a blank cell, or a solid one: no glyph either way
            cell = tuple((v >> x) & 0xFF for v in block)
            ch = plain.get(cell)
            if ch is not None:
                hits.append((1, y, x, ch, False))
                continue
            ch = inverted.get(cell)
            if ch is not None:
                hits.append((1, y, x, ch, True))
    for s in SCALES[1:]:
        for phase in range(s):
            small = _sampled(rows, s, phase)
            for y in range(H - 8 * s + 1):
                block = small[y:y + 8 * s:s]
                ink = 0
                for v in block:
                    ink |= v
                for k in range((W - phase - 8 * s) // s + 1):
                    if not (ink >> k) & 0xFF:
                        continue
                    cell = tuple((v >> k) & 0xFF for v in block)
                    ch = plain.get(cell)
                    x = phase + s * k
                    if ch is not None and _exact(rows, x, y, s, cell):
                        hits.append((s, y, x, ch, False))
    return hits


def _blank(rows, x, y, s, inverted):
    mask = (1 << 8 * s) - 1
    want = mask if inverted else 0
    return all((rows[y + dy] >> x) & mask == want for dy in range(8 * s))


def _strings(rows, hits):
    # Chains of glyphs at the font's pitch on one row, blank cells between them as spaces.
    at = {}
    for h in hits:
        at.setdefault((h[0], h[1], h[2] % (8 * h[0]), h[4]), []).append(h)
    chains = []
    for (s, y, _, inv), row in at.items():
        row.sort(key=lambda h: h[2])
        pitch = 8 * s
        cur = [row[0]]
        for h in row[1:]:
            last = cur[-1][2]
            if all(_blank(rows, gx, y, s, inv) for gx in range(last + pitch, h[2], pitch)):
                cur.append(h)
            else:
                chains.append(cur)
                cur = [h]
        chains.append(cur)
    return chains


def texts(frame):
    rows = _rows(frame)
    # A run of underscores is a rule drawn across the screen (or the top of a big glyph's
    # stroke), never a string the firmware writes.
    chains = [c for c in _strings(rows, _hits(rows)) if any(h[3] != "_" for h in c)]
    # the chain explaining most lit pixels first; one overlapping a chain already taken is a
    # misreading of its pixels (a glyph found one pixel off, a piece of a big glyph)
    chains.sort(key=lambda c: (-sum(_ink(h[3]) * h[0] * h[0] for h in c), c[0][1], c[0][2]))
    taken = []
    for c in chains:
        s, y = c[0][0], c[0][1]
        x0, x1 = c[0][2], c[-1][2] + 8 * s
        y1 = y + 8 * s
        if any(x0 < t[2] and t[0] < x1 and y < t[3] and t[1] < y1 for t in
               ((t0[0][2], t0[0][1], t0[-1][2] + 8 * t0[0][0], t0[0][1] + 8 * t0[0][0])
                for t0 in taken)):
            continue
        taken.append(c)
    taken.sort(key=lambda c: (c[0][1], c[0][2]))
    out = []
    for c in taken:
        s = c[0][0]
        text = c[0][3]
        for a, b in zip(c, c[1:]):
            text += " " * ((b[2] - a[2]) // (8 * s) - 1) + b[3]
        out.append(text)
    return out

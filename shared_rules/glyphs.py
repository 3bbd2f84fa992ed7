"""The letters German needs that the 8x8 font of MicroPython's framebuf lacks (it draws ASCII
only): the box draws these itself (app/ui.py), the desktop reads them off an emulated Pico's
screen (lenotre.device.screenread), and the roster allows them in people's names. Drawn for
this font: strokes two pixels wide, a capital's dots over its outer edges, a small letter's
over its middle, row 7 left blank as the font leaves it between lines."""

CHARS = "ÄÖÜäöüß"
# 8 bytes a letter in CHARS' order: a byte a column, left to right, bit 0 the top row (the
# layout of framebuf.MONO_VLSB, the font's own)
GLYPHS = bytes.fromhex(
    "00797c16167c7900"  # Ä
    "003d7e42427e3d00"  # Ö
    "003d7d40407d3d00"  # Ü
    "00207554547d7800"  # ä
    "00387d44447d3800"  # ö
    "003c7d40407d3c00"  # ü
    "007e7f014f7e3800"  # ß
)


def glyph(ch):
    """-> the 8 column bytes of `ch` if it is one of CHARS, else None."""
    i = CHARS.find(ch)
    return GLYPHS[8 * i:8 * i + 8] if i >= 0 else None

# German's letters on the box (issue 25): the 8x8 font of MicroPython's framebuf draws ASCII
# only, so ÄÖÜäöüß are drawn from shared_rules/glyphs.py, plain and inverted, a character a
# cell, and people on the roster may be called Jürgen or Björn. On CPython and MicroPython.
import framebuf

import roster
from app import ui
from shared_rules import glyphs
from support import scratch


def _screen():
    buf = bytearray(128 * 64 // 8)
    return buf, framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)


def _cell(buf, col, line):
    # the 8 column bytes of the text cell at (col, line): MONO_VLSB, a page a line
    at = line * 128 + col * 8
    return bytes(buf[at:at + 8])


def _font(ch):
    g = bytearray(8)
    framebuf.FrameBuffer(g, 8, 8, framebuf.MONO_VLSB).text(ch, 0, 0, 1)
    return bytes(g)


def test_every_letter_is_its_own_drawing_and_none_is_the_fonts():
    drawn = [glyphs.glyph(ch) for ch in glyphs.CHARS]
    assert len(glyphs.GLYPHS) == 8 * len(glyphs.CHARS) == 56
    assert len(set(drawn)) == len(drawn)
    ascii_cells = set(_font(chr(c)) for c in range(32, 127))
    for ch, g in zip(glyphs.CHARS, drawn):
        assert g not in ascii_cells, ch
        assert g[0] == 0 and g[7] == 0 and all(b & 0x80 == 0 for b in g), ch  # the font's gaps
    assert glyphs.glyph("u") is None and glyphs.glyph("é") is None


def test_a_name_with_umlauts_is_drawn_a_letter_a_cell():
    buf, d = _screen()
    ui.clipped = 0
    ui.put(d, "Jürgen Björn", 0, 8)
    s = "Jürgen Björn"
    for i, ch in enumerate(s):
        want = glyphs.glyph(ch) or _font(ch)
        assert _cell(buf, i, 1) == want, (i, ch)
    assert _cell(buf, len(s), 1) == bytes(8) and ui.clipped == 0


def test_inverted_in_a_title_bar_too():
    buf, d = _screen()
    ui.title(d, "Größe")  # centred on the bar: 5 letters from column 5.5: x = 44
    for i, ch in enumerate("Größe"):
        cols = bytes(buf[44 + 8 * i + c] for c in range(8))
        # the bar is rows 0-8; the text at row 1, cleared pixels where the glyph has ink
        want = bytes((~(b << 1)) & 0xFF for b in (glyphs.glyph(ch) or _font(ch)))
        assert cols == want, (ch, cols, want)


def test_the_sixteen_columns_count_letters_not_bytes():
    buf, d = _screen()
    ui.clipped = 0
    ui.put(d, "Äöü" * 5 + "ß", 0, 0)  # 16 letters, 32 bytes in UTF-8: fits
    assert ui.clipped == 0 and _cell(buf, 15, 0) == glyphs.glyph("ß")
    ui.put(d, "Äöü" * 5 + "ßx", 0, 8)
    assert ui.clipped == 1 and _cell(buf, 15, 1) == glyphs.glyph("ß")


def test_a_letter_nobody_drew_is_the_fonts_box_not_a_wider_string():
    buf, d = _screen()
    ui.put(d, "Zoë!", 0, 0)
    assert _cell(buf, 2, 0) == _font("\x7f") and _cell(buf, 3, 0) == _font("!")


def test_jurgen_and_bjorn_can_be_on_the_roster():
    for name in ("Jürgen", "Björn", "Öztürk", "Weiß", "ÄÖÜäöüß"):
        assert roster.problem(name) is None, name
    assert "no other letters" in roster.problem("Zoë")
    folder = scratch("roster_german") + "/"
    roster.save(folder, ["Jürgen", "Björn", "Anna"])
    assert roster.load(folder) == ["Jürgen", "Björn", "Anna"]


def test_a_full_roster_of_the_longest_german_names_reads_whole():
    # 2 bytes a letter in UTF-8: the read's bound is in bytes
    names = ["%02dÄÖÜäöüßÄÖÜ" % i for i in range(roster.MAX)]
    assert all(len(n) == roster.MAX_NAME for n in names)
    folder = scratch("roster_german_full") + "/"
    roster.save(folder, names)
    assert roster.load(folder) == names

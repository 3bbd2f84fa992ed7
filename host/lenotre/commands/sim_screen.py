"""The box's OLED and NeoPixels drawn as terminal text, for `lenotre sim`: `render` (full size,
half blocks), `render_half` (braille, every pixel in half the columns), `fit` (whichever the
terminal holds, else the screen's words). Pure functions of a frame: no terminal is touched."""
import textwrap

from lenotre.device import png

LIT, DARK = (196, 232, 255), (6, 8, 12)
FULL = (128, 35)  # columns, rows: the OLED in half blocks, its pixels, a blank line, the help
HALF = (64, 19)  # the OLED in braille (2x4 pixels a character), then the same three lines


def render(frame, pixels, cap=48):
    """The OLED's 128x64 `frame` as 32 lines of 128 half blocks in 24-bit colour, then the
    NeoPixels' line (`leds`)."""
    # Two OLED rows per text row with the upper half block: foreground the top pixel,
    # background the bottom one.
    out = []
    for row in range(32):
        y = 2 * row
        line = []
        prev = None
        for x in range(128):
            top = png.lit(frame, 128, x, y)
            bottom = png.lit(frame, 128, x, y + 1)
            if (top, bottom) != prev:  # a colour change costs 40 bytes: only where it changes
                fg, bg = LIT if top else DARK, LIT if bottom else DARK
                line.append("\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (fg + bg))
                prev = (top, bottom)
            line.append("\u2580")
        out.append("".join(line) + "\x1b[0m")
    out.append(leds(pixels, cap))
    return out


# braille dot bits by (dx, dy) in a character's 2x4 cell (Unicode's dot numbering 1-8)
_DOTS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def render_half(frame, pixels, cap=48):
    """The OLED's `frame` as 16 lines of 64 braille characters, every pixel a dot, then the
    NeoPixels' line."""
    # Braille rather than a scaled-down picture: text stays readable dot for dot.
    out = []
    colour = "\x1b[38;2;%d;%d;%dm\x1b[48;2;%d;%d;%dm" % (LIT + DARK)
    for row in range(16):
        line = [colour]
        for cx in range(64):
            bits = 0
            for dx in (0, 1):
                for dy in range(4):
                    if png.lit(frame, 128, 2 * cx + dx, 4 * row + dy):
                        bits |= _DOTS[dx][dy]
            line.append(chr(0x2800 + bits))
        out.append("".join(line) + "\x1b[0m")
    out.append(leds(pixels, cap))
    return out


def leds(pixels, cap=48, gap="  "):
    """The NeoPixels as one line: a disc in each one's colour (scaled so `cap` is full
    brightness), a hollow disc for one that is off."""
    out = []
    for rgb in pixels:
        full = tuple(min(255, c * 255 // cap) for c in rgb)
        out.append("\x1b[38;2;%d;%d;%dm\u25cf\x1b[0m" % full if any(rgb) else "\u25cb")
    return gap.join(out)


def fit(cols, rows, frame, texts, pixels, keys_help, short_help):
    """-> the lines to draw in a terminal of cols x rows, none wider than cols and no more than
    rows of them: the full-size OLED, the half-size one, or - in a terminal too small for
    either - what size it needs and the screen's `texts` instead of a garbled picture; the
    keys' help last (`short_help` where the picture does not fit)."""
    if cols >= FULL[0] and rows >= FULL[1]:
        return render(frame, pixels) + ["", keys_help]
    if cols >= HALF[0] and rows >= HALF[1]:
        return render_half(frame, pixels) + ["", keys_help]
    width = max(cols, 1)
    lines = textwrap.wrap("Terminal %dx%d: the screen needs %dx%d (%dx%d full size). Its "
                          "text:" % ((cols, rows) + HALF + FULL), width)
    for t in texts:
        lines.extend(textwrap.wrap(t, width))
    lines = lines[:max(rows - 2, 1)]
    lines.append(leds(pixels, gap="") if cols >= len(pixels) else "")
    lines.append(short_help[:cols])
    return lines[:rows]


def print_screen(dev, name):
    """Print the device's screen under a heading: `name`, then its texts, then the full-size
    picture (for output that is no terminal: a log, a pipe)."""
    frame, texts = dev.screen()
    print("\n%s: %s" % (name, " | ".join(texts)))
    print("\n".join(render(frame, dev.pixels())))

# Player colours (their NeoPixel colour is their name at the table) and other pixel colours.
import os

# the players' colours are shared with the PC (its charts draw each player in theirs)
from shared_rules.palette import LUDWIG, PALETTE  # noqa: F401

OFF = (0, 0, 0)
ROUND_COLORS = ((0, 40, 0), (0, 0, 60))  # stage 1 dim green, stage 2 dim blue


def rgb_of(name, own=()):
    # own: the game's own colours (its flow's COLOURS), else the palette's. A name outside
    # both (a game recorded elsewhere) glows white.
    for n, rgb in own:
        if n == name:
            return rgb
    for n, rgb in PALETTE:
        if n == name:
            return rgb
    return (255, 255, 255)


def seed_from(hal):
    # A fresh seed per game: the board's entropy source where there is one.
    e = getattr(hal, "entropy", None)
    if e is not None:
        return e()
    try:
        b = os.urandom(4)
        return b[0] | b[1] << 8 | b[2] << 16 | (b[3] & 0x3F) << 24
    except Exception:
        return hal.clock.ticks_ms() & 0x3FFFFFFF

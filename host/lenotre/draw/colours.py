"""The players' colours in the report's charts: a player's colour is their name at the table,
and the box's palette is the one source (shared_rules.palette)."""
from matplotlib.colors import to_hex

from shared_rules import palette
from shared_rules.roster import LUDWIG

# For names outside the box's palette (games recorded by other means): distinct, dark enough
# for white paper, none of them one of the palette's colours.
FALLBACK = ("#1f3b99", "#8c564b", "#2c6e2c", "#a01818", "#808000")
PALETTE = dict(palette.PALETTE)
LUDWIG_RGB = palette.LUDWIG


def colour(name, seat):
    # -> the colour of the player called `name` at `seat`: (r, g, b) from 0 to 1, or a hex
    if name == LUDWIG:
        return tuple(c / 255 for c in LUDWIG_RGB)
    rgb = PALETTE.get(name)
    if rgb is None:
        return FALLBACK[seat % len(FALLBACK)]
    return tuple(c / 255 for c in rgb)


def seat_colour(g, p):
    # seat p's colour in a replayed game, as SVG and HTML write it ("#ff5000")
    return to_hex(colour(g.players[p], p))

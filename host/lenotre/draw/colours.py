"""The players' colours in the report's charts: a player's colour is their name at the table,
and the box's colours are the one source (shared_rules.palette, and a game's own: its rules'
SEATS)."""
from matplotlib.colors import to_hex

from lenotre.lang import english
from shared_rules import games, palette

# For names outside the box's palette (games recorded by other means): distinct, dark enough
# for white paper, none of them one of the palette's colours.
FALLBACK = ("#1f3b99", "#8c564b", "#2c6e2c", "#a01818", "#808000")
PALETTE = dict(palette.PALETTE)  # every game's colours: the box's, and the games' own
for _name in games.names():
    PALETTE.update(getattr(games.rules(_name), "SEATS", ()))
PAPER = 150  # a colour whose every channel is above this is too light to see on white paper


def colour(name, seat):
    # -> the colour of the player called `name` at `seat`: (r, g, b) from 0 to 1, or a hex;
    # a colour's name in the language in use is that colour ("Lila": Purple)
    rgb = PALETTE.get(name) or PALETTE.get(english(name))
    if rgb is None:
        return FALLBACK[seat % len(FALLBACK)]
    if min(rgb) > PAPER:  # a white pawn's colour (Schlossgarten's White) is grey on paper
        rgb = tuple(c * PAPER // 255 for c in rgb)
    return tuple(c / 255 for c in rgb)


def is_colour(name):
    """-> whether `name` is a seat's colour (in English or the language in use)."""
    return name in PALETTE or english(name) in PALETTE


def seat_colour(g, p):
    # seat p's colour in a replayed game, as SVG and HTML write it ("#ff5000")
    return to_hex(colour(g.players[p], p))

# The hand cards of Sanssouci and the tiles each lets a player take, as small integer codes
# (the journal keeps them short):
#   0-8   a motif card (the motif's column, board.MOTIFS order): a tile of that motif, or any
#         tile when none of that motif lies on the board ("gilt die Karte als Joker": wild)
#   9     the five-colour joker, once in each deck: any tile
#   12-45 a two-colour card, 10 x upper row + lower row (rows 1-5, white to turquoise): a
#         tile from the fields of either colour
from shared_rules.errors import local
from shared_rules.sanssouci.board import COLOURS, COLS, FIRST, MOTIFS, ROWS

JOKER = 9
WHAT = ("0-8 (a motif card), 9 (the five-colour joker) or two colours 12-45 (10 x upper row "
        "+ lower row, rows 1-5 = white to turquoise)")


def is_card(card):
    if not isinstance(card, int) or isinstance(card, bool):
        return False
    if 0 <= card <= JOKER:
        return True
    a, b = divmod(card, 10)
    return FIRST <= a < b < ROWS


def colours(card):
    # -> the two rows of a two-colour card, None for the other cards
    return divmod(card, 10) if card > JOKER else None


def card_name(card):
    # in the box's language (the refusals the box shows name cards)
    if card < COLS:
        return local("%s card") % local(MOTIFS[card])
    if card == JOKER:
        return local("five-colour joker")
    a, b = colours(card)
    return local("%s/%s card") % (local(COLOURS[a]), local(COLOURS[b]))


def allows(card, motif, row, wild):
    # Does `card` let its player take the tile of `motif` from the fields of colour `row`?
    # `wild`: the player says no tile of the card's motif lay on the board.
    if card < COLS:
        return motif != card if wild else motif == card
    if wild:
        return False
    pair = colours(card)
    return not pair or row in pair


def check_tile(card, motif, row, wild):
    # WrongTile, saying why, unless allows(card, motif, row, wild)
    if not allows(card, motif, row, wild):
        from shared_rules.sanssouci.refusals import wrong_tile
        raise wrong_tile(card, motif, row, wild)

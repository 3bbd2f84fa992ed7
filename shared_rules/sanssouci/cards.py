# The hand cards of Sanssouci and the tiles each lets a player take, as small integer codes
# (the journal keeps them short):
#   0-8   a motif card (the motif's column, board.MOTIFS order): a tile of that motif, or any
#         tile when none of that motif lies on the board ("gilt die Karte als Joker": wild)
#   9     the five-colour joker, once in each deck: any tile
#   12-45 a two-colour card, 10 x upper row + lower row (rows 1-5, white to turquoise): a
#         tile from the fields of either colour
from shared_rules.sanssouci.board import COLOURS, COLS, FIRST, MOTIFS, ROWS
from shared_rules.sanssouci.errors import WrongTile

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
    if card < COLS:
        return "%s card" % MOTIFS[card]
    if card == JOKER:
        return "five-colour joker"
    a, b = colours(card)
    return "%s/%s card" % (COLOURS[a], COLOURS[b])


def check_tile(card, motif, row, wild):
    # WrongTile unless `card` lets its player take the tile of `motif` from the fields of
    # colour `row`; `wild`: the player says no tile of the card's motif lay on the board.
    if card < COLS:
        if wild and motif == card:
            raise WrongTile("wild means no %s tile lay on the board, yet a %s tile was taken; "
                            "without wild the %s takes it" % (MOTIFS[card], MOTIFS[card],
                                                               card_name(card)))
        if not wild and motif != card:
            raise WrongTile("a %s takes a %s tile, not a %s; another motif only when no %s "
                            "lies on the board (then the card is a joker: wild)"
                            % (card_name(card), MOTIFS[card], MOTIFS[motif], MOTIFS[card]))
        return
    if wild:
        raise WrongTile("wild is for a motif card whose motif is not on the board; the %s "
                        "takes its tiles as it is" % card_name(card))
    pair = colours(card)
    if pair and row not in pair:
        raise WrongTile("a %s takes a tile from the %s or the %s fields, not from %s"
                        % (card_name(card), COLOURS[pair[0]], COLOURS[pair[1]], COLOURS[row]))

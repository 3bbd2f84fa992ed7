# What Sanssouci's turn screens offer (firmware/app/sanssouci_turn.py), against the rules
# core, on CPython and on MicroPython: the card list is exactly the cards that allow the tile
# taken; and the roster no longer loads Versailles's rules (found measuring the heap).
from shared_rules.sanssouci.board import COLS, FIRST, ROWS
from shared_rules.sanssouci.cards import JOKER, allows
from shared_rules.sanssouci.game import Game

CARDS = list(range(JOKER + 1)) + [10 * a + b for a in range(FIRST, ROWS)
                                  for b in range(a + 1, ROWS)]


def test_the_card_list_offers_exactly_the_cards_that_allow_the_tile():
    # "Karte mit einem Motiv ... ein Gartenplaettchen mit diesem Motiv" (or, with none of it on
    # the board, "gilt die Karte als Joker": wild); a two-colour card "von den vier Feldern
    # ..., die in der Reihe mit der jeweiligen Farbe liegen"; the five-colour joker "1x im
    # Kartenstapel": the list, for every tile, is the rules' (cards.allows), the motif's own
    # card first, the joker gone once played; every label fits a list row (15 letters).
    from app.sanssouci_turn import cards_for
    g = Game(["Ann", "Bob"])
    for used in (0, 1):
        g.jokers[0] = used
        for r in range(FIRST, ROWS):
            for m in range(COLS):
                offered = cards_for(g, 0, m, r)
                got = sorted((card, wild) for _, card, wild in offered)
                want = sorted((card, wild) for card in CARDS for wild in (0, 1)
                              if allows(card, m, r, wild) and not (card == JOKER and used))
                assert got == want, (m, r, got, want)
                assert offered[0][1:] == (m, 0)
                labels = [label for label, _, _ in offered]
                assert len(set(labels)) == len(labels)
                assert max(len(label) for label in labels) <= 15, labels


def test_the_roster_refuses_ludwig_without_loading_versailles():
    # Regression: shared_rules.roster imported Versailles's LUDWIG, so every setup's roster
    # loaded Versailles's whole rules core (26 KB, .mpy), whichever game was set up.
    import shared_rules.roster as roster
    from shared_rules.versailles.game import LUDWIG
    assert LUDWIG in roster.SEAT_WORDS and "own word" in roster.problem(LUDWIG)
    with open("shared_rules/roster.py") as f:
        imports = [line for line in f if line.startswith(("import ", "from "))]
    # the palette's colour names (refused as names) are the box's already: app/colors.py
    assert imports == ["from shared_rules.eventlog import MAX_NAME\n",
                       "from shared_rules.palette import PALETTE\n"], imports

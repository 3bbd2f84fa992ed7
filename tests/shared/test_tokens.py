# Majority tokens, claim by claim (versailles-en.txt: "Assignment of Majority Tokens").
from support import mentions, play_rounds, raises

from shared_rules.errors import OutOfTurn, UnknownPlayer, UnknownType
from shared_rules.versailles import InvalidClaim, InvalidSize
from shared_rules.versailles.game import Game

NAMES = ["Sophie", "Alexander", "Oliver"]


def _game(rounds=3):
    g = Game(NAMES, seed=1)
    play_rounds(g, rounds)
    return g


def test_first_player_with_four_takes_the_token():
    # "As soon as a player has created a garden area consisting of at least 4 contiguous
    # fields of the same type/color, he takes the large Majority Token"
    g = _game()
    exc = raises(InvalidClaim, g.claim, 0, "yellow", 3)
    mentions(exc, "at least 4")
    assert g.holder("yellow") == -1
    g.claim(0, "yellow", 4)
    assert g.holder("yellow") == 0 and g.held[4] == 4


def test_held_token_moves_only_to_strictly_more():
    # "should another player create a garden area consisting of more fields in a color (an
    # equal amount is not sufficient) than the number of fields existing in the area of the
    # current Majority Token holder, this player takes the corresponding Majority Token"
    g = _game()
    g.claim(0, "blue", 5)
    raises(InvalidClaim, g.claim, 1, "blue", 5)
    raises(InvalidClaim, g.claim, 1, "blue", 4)
    g.claim(1, "blue", 6)
    assert g.holder("blue") == 1


def test_token_can_come_back():
    # "a player can always reclaim a Majority Token that was taken from him if he expands
    # the corresponding color area enough to give him majority again."
    g = _game(4)
    g.claim(0, "red", 4)
    g.claim(1, "red", 6)
    g.claim(0, "red", 7)
    assert g.holder("red") == 0 and g.held[3] == 7


def test_holder_grows_and_raises_the_bar():
    # The box knows only what is reported: the holder reports growth by claiming again, and
    # the bar for the others rises with it ("more fields than the number of fields existing
    # in the area of the current Majority Token holder").
    g = _game()
    g.claim(2, "white", 4)
    g.claim(2, "white", 6)
    exc = raises(InvalidClaim, g.claim, 1, "white", 6)
    mentions(exc, "Oliver", "6", "more than 6")
    exc = raises(InvalidClaim, g.claim, 2, "white", 6)
    mentions(exc, "already holds")


def test_claim_cannot_exceed_the_fields_placed():
    # Every round each player places one tile of 4 fields.
    g = _game(2)
    exc = raises(InvalidSize, g.claim, 0, "green", 9)
    mentions(exc, "9", "8 fields")
    g.claim(0, "green", 8)


def test_claims_need_a_tile_first_and_a_real_type_and_player():
    g = Game(NAMES)
    raises(InvalidSize, g.claim, 0, "green", 4)  # no tile placed yet: 0 fields
    play_rounds(g, 1)
    exc = raises(UnknownType, g.claim, 0, "purple", 4)
    mentions(exc, "purple", "green, blue, white, red, yellow")
    exc = raises(InvalidClaim, g.claim, 0, "construction", 4)
    mentions(exc, "no majority token")
    exc = raises(UnknownPlayer, g.claim, 3, "green", 4)
    mentions(exc, "0 to 2")
    raises(InvalidSize, g.claim, 0, "green", -4)


def test_areas_never_shrink_for_a_claimant():
    g = _game(4)
    g.claim(0, "green", 7)
    g.claim(1, "green", 9)
    # Sophie lost the token but her area is still at least 7.
    exc = raises(InvalidSize, g.claim, 0, "green", 6)
    mentions(exc, "never shrink")


def test_no_claims_after_the_game():
    from support import finish_stage
    g = Game(["A", "B", "C"])
    finish_stage(g, [[0] * 6] * 3)
    finish_stage(g, [[0] * 6] * 3)
    exc = raises(OutOfTurn, g.claim, 0, "green", 4)
    mentions(exc, "over")

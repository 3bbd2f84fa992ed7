# Rules the desktop used to restate, now in the rules core: every place of a finished game
# (exports), a stage scored from the table's reports alone (`lenotre score`) and the check
# that a token's holder took it with enough fields.
from support import mentions, raises

from shared_rules.versailles import InvalidClaim, InvalidSize
from shared_rules.outcome import Outcome, places
from shared_rules.versailles import scoring
from shared_rules.versailles.table import Table


def test_places_are_a_competition_ranking():
    assert places([5, 9, 5, 1]) == [2, 1, 2, 4]
    assert places([(1, 3), (1, 3), (0, 7)]) == [1, 1, 3]
    assert places([]) == []


def test_every_place_is_decided_like_the_win():
    # End of the Game: "In case of a tie, the winner is the player among those tied who has
    # the single largest garden area of any color/type. If this still results in a tie, the
    # tied players share the victory." The same order decides every place (RULES.md I15).
    sizes = [[2, 2, 0, 0, 0, 0], [5, 1, 0, 0, 0, 0], [3, 3, 0, 0, 0, 0], [3, 0, 0, 0, 0, 9]]
    o = scoring.outcome([20, 30, 20, 20], sizes)
    # Purple leads on points; Orange, Cyan, Pink tie on 20: Cyan's and Pink's largest garden
    # area (3, construction is no garden type) beat Orange's 2
    assert o.winners == [1] and not o.tiebreak
    assert o.places() == [4, 1, 2, 2]
    shared = scoring.outcome([10, 10], [[3, 3, 3, 3, 3, 0]] * 2)
    assert shared.shared and shared.places() == [1, 1]


def test_a_game_without_its_own_order_places_winners_then_points():
    o = Outcome([2], ["most wins"])
    assert o.places([9, 4, 9]) == [2, 3, 1]
    assert Outcome([0, 1], ["shared"]).places([5, 5, 1]) == [1, 1, 3]


def test_the_table_scores_a_stage_without_its_rounds():
    # Every tile of the stages so far counts as placed: 7 tiles of 4 fields a stage.
    t = Table(["Ann", "Bob", "Cy"], 1)
    assert t.area(0, 0, 28) == 28
    mentions(raises(InvalidSize, t.area, 0, 0, 29), "Ann", "28")
    t.claim(1, "blue", 6)  # Assignment of Majority Tokens: 4 or more connected fields
    mentions(raises(InvalidSize, t.area, 1, 1, 5), "Bob", "6")  # areas never shrink
    assert Table(["Ann", "Bob"], 2).area(1, 2, 56) == 56
    mentions(raises(InvalidClaim, t.claim, 2, "blue", 6), "Bob", "6")  # a tie does not take it


def test_a_holder_named_without_claims_has_taken_it_with_four():
    # Assignment of Majority Tokens: "the first player to have at least 4 fields of one
    # type/color in a contiguous area takes the corresponding majority token"
    names = ["Ann", "Bob"]
    sizes = [[4, 0, 0, 0, 0, 0], [0, 3, 0, 0, 0, 0]]
    nobody = scoring.NOBODY
    scoring.check_taken(sizes, [0, nobody, nobody, nobody, nobody], names)
    exc = raises(InvalidClaim, scoring.check_taken, sizes, [0, 1, nobody, nobody, nobody],
                 names)
    mentions(exc, "Bob", "blue", "3", "at least 4")

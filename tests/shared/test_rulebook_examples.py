# The rulebook's own worked examples (shared/rulebooks/versailles-en.txt), each checked
# against the rules core on CPython and on MicroPython.
from support import mentions, play_rounds, raises

from shared_rules.versailles import InvalidClaim
from shared_rules.versailles.game import Game
from shared_rules.versailles.garden import Garden
from shared_rules.versailles.scoring import score_stage
from shared_rules.versailles.tiles import BLUE, GREEN, JOKER, RED, WHITE, YELLOW

FOUR = ["Sophie", "Alexander", "Christian", "Oliver"]


def test_distribution_example_18_7_21_54():
    # "Garden Tile Distribution", example: Sophie plays 18, Alexander 7, Christian 21 and
    # Oliver 54. "Alexander ... takes the first tile ... Sophie takes the second tile,
    # Christian takes the third, and Oliver takes the last tile".
    g = Game(FOUR, seed=3)
    g.play_round([18, 7, 21, 54])
    assert g.distribution() == [(1, 7, 1), (0, 18, 2), (2, 21, 3), (3, 54, 4)]
    # "the player who played the lowest-valued Number Card also places his tile first":
    # placement order is that same order.
    assert [g.name(seat) for seat, _, _ in g.distribution()] == [
        "Alexander", "Sophie", "Christian", "Oliver"]


def test_joker_counts_for_three_types():
    # "Joker (Wild) Field": "The Joker field shown here counts as 3 different garden
    # types/colors. Therefore, the Yellow flower garden contains 6 fields, the Green hedge
    # garden also contains 6 fields, and the White pavilions total 4 fields."
    #   x: 0 1 2 3
    #   y0 Y Y G G
    #   y1 Y Y G G
    #   y2 Y * G W     the lone white at (3, 2) touches the others only diagonally
    #   y3 W W W R
    garden = Garden()
    garden.place(0, 0, [YELLOW] * 4)
    garden.place(2, 0, [GREEN] * 4)
    garden.place(0, 2, [YELLOW, JOKER, WHITE, WHITE])
    garden.place(2, 2, [GREEN, WHITE, WHITE, RED])
    assert garden.largest(YELLOW) == 6
    assert garden.largest(GREEN) == 6
    assert garden.largest(WHITE) == 4
    # The same joker field alone still counts once for a type it touches nothing of.
    assert garden.largest(BLUE) == 1


def _sophie_example_game():
    # "Intermediate Scoring", example: Sophie holds Blue and Yellow; Alexander took White
    # with a White area of 10 fields; Oliver's Yellow 6 only ties Sophie's 6.
    g = Game(FOUR, seed=11)
    play_rounds(g, 3)  # 3 tiles = 12 fields, room for White 10
    g.claim(0, "yellow", 6)
    g.claim(0, "blue", 7)
    g.claim(0, "white", 9)
    g.claim(1, "white", 10)
    return g


def test_tie_leaves_yellow_with_sophie():
    # "Oliver also has a Yellow flower area consisting of 6 fields, but since that only ties
    # Sophie's 6 and does not surpass it, the Yellow Majority Token remains with her."
    # ("Assignment of Majority Tokens": "an equal amount is not sufficient")
    g = _sophie_example_game()
    exc = raises(InvalidClaim, g.claim, 3, "yellow", 6)
    mentions(exc, "Sophie", "6", "tie")
    assert g.holder("yellow") == 0
    assert g.holder("white") == 1  # "Alexander has taken the White token from her"


def test_sophie_intermediate_scoring_is_22():
    # "Sophie's 2 largest areas are White, with 9 fields, and Blue, with 7 fields. She
    # therefore earns 16 points for these 2 areas, plus an additional 6 points for her 2
    # Majority Tokens. Her total for the intermediate scoring is 22 points".
    g = _sophie_example_game()
    #        green blue white red yellow construction
    sizes = [[2, 7, 9, 3, 6, 5],    # Sophie: yellow is not among her 2 largest
             [3, 0, 10, 0, 0, 0],   # Alexander
             [3, 3, 3, 3, 3, 0],    # Christian
             [0, 2, 0, 1, 6, 0]]    # Oliver
    play_rounds(g, 4)
    for p in range(4):
        g.report_areas(p, sizes[p])
    g.score(1)
    sophie = g.scores[0][0]
    assert sophie == [16, 6, 0, 0, 22]  # areas, large tokens, small, construction, stage
    # "each claimed Majority Token earns its owner 3 points": Alexander 10 + 3 + 3.
    assert g.scores[0][1][4] == 16
    # The same from the pure scoring function, as `lenotre score` uses it.
    rows, _, _ = score_stage(1, sizes, [-1, 0, 1, -1, 0], False)
    assert rows[0][4] == 22

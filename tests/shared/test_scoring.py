# Intermediate and final scoring (versailles-en.txt: "Intermediate Scoring", "Second Stage",
# "Game End", "Special Rules for 2 Players").
from support import finish_stage, mentions, raises

from shared_rules.errors import OutOfTurn
from shared_rules.versailles import MissedClaim
from shared_rules.versailles.game import Game
from shared_rules.versailles.scoring import NOBODY, outcome, score_stage

#          g  b  w  r  y  construction
ANNA = [8, 5, 4, 3, 0, 6]
BERT = [6, 9, 2, 0, 4, 6]
CLARA = [7, 5, 0, 5, 4, 2]


def test_intermediate_two_largest_plus_three_per_token_no_construction():
    # "Each player now totals the number of fields existing in his 2 largest contiguous
    # garden colors/types ... each claimed Majority Token earns its owner 3 points."
    # "Construction Site ... do not score points during the intermediate scoring"
    rows, small, builder = score_stage(1, [ANNA, BERT, CLARA], [0, 1, NOBODY, 2, NOBODY],
                                       False)
    assert rows[0] == [13, 3, 0, 0, 16]
    assert rows[1] == [15, 3, 0, 0, 18]
    assert rows[2] == [12, 3, 0, 0, 15]
    assert small == [NOBODY] * 5 and builder == NOBODY


def test_final_three_largest_five_per_token_small_tokens_construction():
    # "The number of fields in the 3 largest ... 5 points for each Large Majority Token ...
    # 3 points for each Small Majority Token (... second-largest ...) ... 3 points for the
    # largest contiguous Construction Site area. If there is a tie when determining the
    # second-largest area ... and/or the largest Construction Site, those points are not
    # awarded."
    holders = [0, 1, 0, 2, 1]  # green Anna, blue Bert, white Anna, red Clara, yellow Bert
    rows, small, builder = score_stage(2, [ANNA, BERT, CLARA], holders, False)
    # second places: green Clara 7; blue Anna 5 = Clara 5 -> tie, none; white Bert 2;
    # red Anna 3; yellow Clara 4 (holder Bert 4 ties her, but she is the best non-holder).
    assert small == [2, NOBODY, 1, 0, 2]
    # construction: Anna 6 = Bert 6 -> tie, not awarded
    assert builder == NOBODY
    assert rows[0] == [17, 10, 3, 0, 30]
    assert rows[1] == [19, 10, 3, 0, 32]
    assert rows[2] == [17, 5, 6, 0, 28]


def test_unique_largest_construction_site_scores_three():
    rows, _, builder = score_stage(2, [ANNA, [6, 9, 2, 0, 4, 5], CLARA],
                                   [0, 1, 0, 2, 1], False)
    assert builder == 0 and rows[0][3] == 3


def test_two_players_no_small_tokens_and_no_construction_bonus():
    # "The Small Majority Tokens (worth 3 points) are not used in a 2-player game ... only
    # the Large Majority Tokens ... are scored." The construction bonus is the sixth small
    # token (11 tokens: 5 large, 6 small), so it is not used either (docs/RULES.md).
    rows, small, builder = score_stage(2, [ANNA, [6, 9, 2, 0, 4, 1]], [0, 1, 0, NOBODY, 1],
                                       True)
    assert small == [NOBODY] * 5 and builder == NOBODY
    assert rows[0] == [17, 10, 0, 0, 27]


def test_no_small_token_without_a_large_holder():
    # Our choice (docs/RULES.md): no second place where nobody reached the first.
    rows, small, _ = score_stage(2, [[3, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]],
                                 [NOBODY] * 5, False)
    assert small == [NOBODY] * 5


def test_tie_break_by_single_largest_area_then_shared():
    # "In case of a tie, the winner is the player among those tied who has the single
    # largest garden area of any color/type. If this still results in a tie, the tied
    # players share in the victory."
    o = outcome([50, 50, 40], [[9, 1, 1, 1, 1, 20], [10, 0, 0, 0, 0, 0], [12, 0, 0, 0, 0, 0]])
    assert o.winners == [1] and o.tiebreak and not o.shared  # construction 20 not a type
    o = outcome([50, 50, 40], [[10, 0, 0, 0, 0, 0], [0, 10, 0, 0, 0, 0], [12, 0, 0, 0, 0, 0]])
    assert o.winners == [0, 1] and o.shared
    o = outcome([51, 50, 40], [[1, 0, 0, 0, 0, 0], [0, 10, 0, 0, 0, 0], [12, 0, 0, 0, 0, 0]])
    assert o.winners == [0] and not o.tiebreak


def test_whole_game_totals_add_both_scorings():
    # "Each player's end of game points are added to his points from the intermediate
    # scoring, and the player with the most points is the winner."
    g = Game(["Anna", "Bert", "Clara"], seed=4)
    finish_stage(g, [[4, 2, 0, 0, 0, 1], [0, 4, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]],
                 claims=[(0, "green", 4), (1, "blue", 4)])
    assert g.totals() == [9, 7, 0] and g.stage == 2
    # The token stays (flipped to 5), and both players keep their gardens.
    finish_stage(g, [[9, 2, 1, 0, 0, 1], [0, 9, 0, 0, 1, 3], [0, 0, 0, 0, 0, 0]])
    assert g.holders == [0, 1, -1, -1, -1]
    # Anna: 9+2+1, green token, second in blue (2 vs Clara's 0).
    # Bert: 9+1+0, blue token, no green second place (nobody else has a green field),
    # the largest construction site (3 against 1).
    assert g.scores[1][0] == [12, 5, 3, 0, 20]
    assert g.scores[1][1] == [10, 5, 0, 3, 18]
    assert g.totals() == [29, 25, 0]
    assert g.phase == "over" and g.outcome.winners == [0]


def test_scoring_waits_for_every_report_and_catches_missed_claims():
    g = Game(["Anna", "Bert", "Clara"])
    finish_stage(g, [[0] * 6] * 3)
    from support import play_rounds
    raises(OutOfTurn, g.score, 2)  # round 1 of stage 2
    play_rounds(g, 7)
    g.report_areas(0, [5, 0, 0, 0, 0, 0])
    exc = raises(OutOfTurn, g.score)
    mentions(exc, "Bert", "Clara")
    g.report_areas(1, [0] * 6)
    g.report_areas(2, [0] * 6)
    # Anna reports 5 green but never claimed the token: the rule would have given it to her.
    exc = raises(MissedClaim, g.score)
    mentions(exc, "Anna", "green", "claim")
    g.claim(0, "green", 5)
    g.score()
    assert g.holders[0] == 0 and g.phase == "over"


def test_a_missed_claim_names_the_claim_that_mends_it():
    # "should another player create a garden area consisting of more fields in a color (an
    # equal amount is not sufficient) than ... the current Majority Token holder, this player
    # takes the corresponding Majority Token": the holder grew to 9 unannounced, so Bert's
    # claim of 8 went through against her stale 6; her report shows she kept the token. The
    # error carries the claim that mends it, which the box offers to record.
    g = Game(["Anna", "Bert"])
    from support import play_rounds
    play_rounds(g, 3)
    g.claim(0, "red", 6)
    g.claim(1, "red", 8)
    play_rounds(g, 4)
    g.report_areas(0, [0, 0, 0, 9, 0, 0])
    g.report_areas(1, [0, 0, 0, 8, 0, 0])
    exc = raises(MissedClaim, g.score)
    mentions(exc, "Anna", "9", "Bert", "8")
    assert exc.claim == (0, "red", 9)
    g.claim(*exc.claim)
    g.score()
    assert g.holders[3] == 0 and g.scores[0][0][1] == 3
    # nobody holds it: the claim is the reporter's own
    g2 = Game(["Anna", "Bert"])
    sizes = [[0, 0, 0, 0, 4, 0], [0] * 6]
    play_rounds(g2, 7)
    for p in range(2):
        g2.report_areas(p, sizes[p])
    assert raises(MissedClaim, g2.score).claim == (0, "yellow", 4)

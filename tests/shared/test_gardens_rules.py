# Gardens' rules one at a time: a bed's sole majority, the supplies, the end trigger, the
# team tie-break, bad input refused with a clear message, and atomic undo. Quotes are from
# /work/shared/rulebooks/gardens-en.txt; the interpretations are docs/RULES.md, "Gardens".
from support import mentions, raises

from shared_rules import errors as E
from shared_rules.codec import encode
from shared_rules.gardens import rules as R
from shared_rules.gardens.errors import BadBed, BadVariant, GameOver, NoSpecialTile, NotOnTurn
from shared_rules.gardens.errors import UnknownColour
from shared_rules.gardens.game import RECORDS, Game

FOUR = ["Ann", "Ben", "Cleo", "Dov"]


def winner(game, bed):
    return game.judge(bed)[0]


def test_sole_majority_places_a_tile_a_tie_places_none():
    # "It is checked which flower color holds sole majority in the bed ... In case of a tie,
    # nothing happens"
    g = Game(FOUR)
    assert winner(g, "bbyr") == 0 and winner(g, "yyyy") == 1 and winner(g, "prpr") == -1
    assert winner(g, "bypr") == -1 and winner(g, "ppry") == 3
    assert g.judge("rryy")[1] == R.TIE and g.judge("rrry")[1] == R.SOLE


def test_three_players_the_unused_colour_counts():
    # "In a three-player game, the flowers of the unused fourth color are also counted ... a
    # tie with the unused color can occur, or the unused color can hold sole majority. In both
    # cases, no flowerbed tile is placed."
    g = Game(FOUR[:3], ["blue", "yellow", "red"])
    assert g.judge("ppbr") == (-1, R.UNUSED, False)
    assert g.judge("ppbb") == (-1, R.TIE, False)
    assert g.judge("bbpr") == (0, R.SOLE, True)
    g.turn(["ppbr", "ppbb"])
    assert g.won == [0, 0, 0, 0] and g.placed == [0, 0, 0, 0] and g.beds == 2


def test_team_game_teammates_tie_and_majority_stays_per_colour():
    # "If there is a tie between players on the same team when scoring, no flowerbed tile is
    # placed" and "All rules of the base game apply": teammates' flowers are not added up.
    g = Game(FOUR, teams=True)
    assert winner(g, "bbrr") == -1  # the blue+red team has all four flowers: still a tie
    assert winner(g, "yypb") == 1  # yellow 2 against 1 and 1 (RULES.md G2)
    assert winner(g, "bryy") == 1


def _by_team(players=FOUR):
    g = Game()
    g.push({"e": "setup", "game": "gardens", "players": list(players),
            "teams": len(players) == 4, "majority": "team"})
    return g


def test_majority_per_team_where_the_table_counts_a_teams_flowers_together():
    # docs/RULES.md G2's house rule, the rulebook's "The team that then together holds
    # majority in the most flowerbeds wins" and "If there is a tie between players on the
    # same team when scoring, no flowerbed tile is placed on the bed": a team's flowers count
    # together; its colour with more places the tile; its colours tied, the bed is the team's
    # and no tile goes on it.
    g = _by_team()
    assert g.judge("bbrr") == (0, R.MATES, False)  # blue+red 4: the team's, no tile
    assert g.judge("yypb") == (1, R.SOLE, True)  # yellow+pink 3 against 1: yellow places
    assert g.judge("rrby") == (2, R.SOLE, True)  # blue+red 3: red places
    assert g.judge("bryy")[:2] == (-1, R.TIE)  # 2 against 2
    assert [R.bed_line(R.flowers(b), w, why, t, True) for b, (w, why, t) in (
        (b, g.judge(b)) for b in ("bbrr", "yypb", "bryy"))] == [
            "B/R 4: mates tie", "Y/P 3: yellow", "tie B/R=Y/P"]
    g.turn(["bbrr", "yypb"])  # blue's turn: one tile's red and yellow corners
    assert g.held == [1, 0] and g.won == [0, 1, 0, 0] and g.placed == [0, 1, 0, 0]
    assert g.side_beds() == [1, 1] and g.totals() == [1, 1, 1, 1]
    # the tie-break's corners: the team's flowers in the beds it holds (G6)
    assert g.side_corners() == [4, 3]
    # each colour's own (the base game's count, a setup without the field): bbrr is a tie
    h = Game(FOUR, teams=True)
    h.turn(["bbrr", "yypb"])
    assert h.side_beds() == [0, 1] and h.side_corners() == [0, 3]
    # the two players' game plays by the team rules: the house rule is theirs too
    two = _by_team(FOUR[:2])
    assert two.judge("bbrr") == (0, R.MATES, False) and two.by_team
    # only the team rules have teams; "team" or "colour", nothing else
    mentions(raises(BadVariant, Game().push, {"e": "setup", "game": "gardens",
                                              "players": FOUR[:3], "majority": "team"}),
             "team game")
    mentions(raises(E.InvalidEvent, Game().push, {"e": "setup", "game": "gardens",
                                                  "players": FOUR, "teams": True,
                                                  "majority": "teams"}), "majority")
    assert not Game(FOUR[:3]).by_team


def test_off_turn_placement_and_an_empty_supply_still_wins_beds():
    # "It can also happen that a player who is not on turn gets to place a flowerbed tile" and
    # "If a player ends the game holding sole majority in more than 8 flowerbeds, those are
    # also counted."
    g = Game(FOUR[:3], tiles=6)
    g.turn(["yyyb", "yyyr", "yyyp", "yyyy"])  # blue's turn; yellow places 4 tiles
    g.turn(["yybp", "yyyb", "yyrr"])  # yellow's 5th and 6th; a tie
    assert g.placed[1] == 6 and g.won[1] == 6 and g.end_at == 3
    assert g.describe() == "turn 3: red (Cleo), last round: 1 turn left"
    g.turn(["yyyp"])  # no tile left, the bed is still yellow's
    assert g.placed[1] == 6 and g.won[1] == 7 and g.last == [("yyyp", 1, R.SOLE, False)]
    assert g.outcome.winners == [1]


def test_an_off_turn_last_tile_triggers_the_end_in_that_turn():
    # "The end of the game is triggered when, at the end of a turn ... A player has placed
    # their 8th flowerbed tile" - whoever's turn it was (RULES.md G4)
    g = Game(FOUR)
    for _ in range(2):
        g.turn(["rrby", "rryp", "rrrb", "rrrr"])  # blue, then yellow, complete red's beds
    assert g.placed[2] == 8 and g.end_at == 4 and g.outcome is None
    g.turn([])
    g.turn([])
    assert g.outcome.winners == [2] and g.turns == 4


def test_team_end_needs_both_teammates_supplies_empty():
    # "triggered as soon as the players of one team have together placed 5 flowerbed tiles
    # each" (RULES.md G5): blue's 5 alone do not end it
    g = Game(FOUR, teams=True)
    g.turn(["bbry", "bbyp", "bbbb", "bbbr"])
    g.turn(["bbby", "rrrb", "rrry", "rryp"])
    assert g.placed == [5, 0, 3, 0] and g.end_at is None
    g.turn(["rrrr", "rryb"])
    assert g.placed == [5, 0, 5, 0] and g.end_at == 4


def test_team_tie_break_counts_both_team_colours():
    # "count how many garden-tile corners with flowers of their colors the teams have
    # contributed in total to the flowerbeds they won. The team that needed fewer corners of
    # its colors overall ... wins" (RULES.md G6): the red flower in blue's bed "bbrp" counts
    # for blue+red. Decided by the piles: 92 turns, no tile left to anyone's supply.
    g = Game(FOUR, teams=True)
    g.turn(["bbrp", "rrpy", "yyyb", "pppb"])  # B/R: 3 + 2 corners; Y/P: 3 + 3
    while g.outcome is None:
        g.turn([])
    assert g.turns == 92 and g.piles == 4
    o = g.outcome
    assert o.winners == [0, 2] and o.tiebreak and not o.shared
    assert o.reason == ["Tie at 2 beds", "fewer corners:", "B/R 5 Y/P 6"]


def test_team_tie_break_still_tied_is_shared():
    # "If there is still a tie, there are multiple winners." Counting only each bed's winning
    # colour (2 + 2 against 3 + 2) would have given blue+red the game.
    g = Game(FOUR, teams=True)
    g.turn(["bbrp", "rrpy", "yyyb", "ppbr"])  # B/R: 3 + 2; Y/P: 3 + 2
    while g.outcome is None:
        g.turn([])
    o = g.outcome
    assert o.winners == [0, 1, 2, 3] and o.shared and o.tiebreak
    assert o.reason == ["Tie at 2 beds", "same corners 5"]


def test_special_tile_once_and_not_in_the_team_game():
    # "If the player has not yet placed their special garden tile, they may take that
    # instead." / "The special garden tiles are not used in the team variant."
    g = Game(FOUR[:3])
    g.turn([], True)
    assert g.piles == 96 and g.special == [1, 0, 0, 0]
    g.turn([])
    g.turn([])
    exc = raises(NoSpecialTile, g.turn, [], True)
    mentions(exc, "blue", "turn 1", "draw piles")
    t = Game(FOUR, teams=True)
    mentions(raises(NoSpecialTile, t.turn, [], True), "team", "draw piles")


def test_a_bed_other_than_four_flowers_is_refused():
    g = Game(FOUR)
    for bed in ("bbr", "bbrrp", "", ["b", "b", "r", "y"], 4):
        exc = raises(BadBed, g.turn, [bed])
        mentions(exc, "4 flowers", "byrp")
    mentions(raises(BadBed, g.turn, ["bbrx"]), "'x'", "b=blue", "p=pink")
    exc = raises(BadBed, g.turn, ["bbbb"] * 5)
    mentions(exc, "at most 4", "got 5")
    assert isinstance(exc, E.InvalidEvent)  # the generic handling applies too
    assert g.turns == 0 and g.log[-1]["e"] == "setup"


def test_beds_no_one_tile_can_complete_are_refused():
    # "Every garden tile shows flowers in the four player colors in its corners" and "A
    # flowerbed counts as complete as soon as four tile corners together form a patch of earth
    # with four flowers on it": each bed the placed tile completes holds one of its corners, a
    # different one each (docs/RULES.md, G13)
    g = Game(FOUR)
    for beds in (["bbbb", "bbbb"], ["bbby"] * 4, ["rrrr", "rryy", "yyyy"]):
        exc = raises(BadBed, g.turn, beds)
        mentions(exc, "no garden tile completes " + " ".join(beds), "one flower of each colour")
        assert isinstance(exc, E.InvalidEvent)
        assert g.turns == 0 and g.log[-1]["e"] == "setup"
    assert not R.one_tile([R.flowers("bbbb"), R.flowers("bbbb")])
    # a corner each: blue in the first, yellow, red and pink in the others
    g.turn(["bbbb", "bbby", "rrbb", "bbpp"])
    assert g.turns == 1 and g.won[0] == 2  # blue's sole majorities; rrbb and bbpp tie


def test_a_colour_not_in_the_game_is_refused():
    g = Game(FOUR[:3], ["blue", "yellow", "red"])
    exc = raises(UnknownColour, g.turn, [], False, "p")  # pink is nobody's in this game
    mentions(exc, "pink", "blue, yellow, red")
    mentions(raises(UnknownColour, g.turn, [], False, "g"), "'g'", "b=blue")
    exc = raises(UnknownColour, Game, FOUR[:3], ["blue", "green", "red"])
    mentions(exc, "green", "blue, yellow, red, pink")


def test_out_of_turn_and_after_the_end_are_refused():
    # "Play proceeds clockwise."
    g = Game(FOUR[:3], ["red", "blue", "yellow"])
    exc = raises(NotOnTurn, g.turn, [], False, "b")
    mentions(exc, "red's turn", "Ann", "not blue")
    assert isinstance(exc, E.OutOfTurn)
    g.turn(["rrrr", "rrrb", "rrry", "rrrp"])
    g.turn(["rrrr", "rrrb", "rrry", "rrrp"])  # red's 8th tile: the round ends with yellow
    g.turn([])
    exc = raises(GameOver, g.turn, [], False, "r")
    mentions(exc, "over", "undo")


def test_setups_that_are_no_variant_are_refused():
    for args, words in (
            ((["Ann"],), ("2 to 4", "got 1")),
            ((FOUR + ["Eve"],), ("2 to 4", "got 5")),
            ((FOUR[:3], None, True), ("2 vs 2", "got 3")),
            ((FOUR, None, False, 9), ("8 flowerbed", "6 or 7")),
            ((FOUR, None, True, 6), ("5 flowerbed", "6")),
            ((FOUR[:2], None, False, 8), ("5 flowerbed",)),
            ((FOUR[:3], ["blue", "blue", "red"]), ("blue is chosen twice",)),
            ((FOUR[:3], ["blue", "red"]), ("3 colours", "turn order")),
            ((FOUR[:2], ["blue", "yellow"]), ("2 players play all four", "4 colours")),
            ((FOUR, ["blue", "red", "yellow", "pink"], True), ("in sequence", "red", "blue")),
            ((["Ann", "Ann", "Cy"],), ("'Ann'", "differ")),
            ((["Ann", "", "Cy"],), ("1 to 12",))):
        exc = raises(E.InvalidSetup, Game, *args)
        mentions(exc, *words)
    exc = raises(BadVariant, Game().push, {"e": "setup", "game": "gardens",
                                           "players": FOUR, "tiles": True})
    mentions(exc, "6 or 7")


def test_a_refused_turn_changes_nothing_and_undo_restores_everything():
    g = Game(FOUR, tiles=6)
    g.turn(["bbbb", "bbbr"], True)
    g.turn(["bbyr", "bbbb", "bbbp", "bbyy"])  # blue's 5th; a tie
    before, log = encode(g.snapshot()), len(g.log)
    # the 4th bed is bad: nothing of the first three may stick
    raises(BadBed, g.turn, ["bbbb", "rrrr", "yyyy", "bbb"])
    assert encode(g.snapshot()) == before and len(g.log) == log
    g.turn(["bbbb", "yyyy"])  # blue's 6th: the end is triggered
    assert g.end_at == 4
    g.turn(["pppp"])
    assert g.outcome is not None and g.outcome.winners == [0]
    g.undo()  # the last turn of the game taken back: the game goes on
    assert g.outcome is None and g.end_at == 4 and g.placed == [6, 1, 0, 0]
    g.undo()
    assert g.end_at is None and g.placed == [5, 0, 0, 0] and encode(g.snapshot()) == before
    g.undo()
    g.undo()
    assert g.snapshot()["special"] == [0, 0, 0, 0] and g.piles == 96 and g.turns == 0
    raises(E.NothingToUndo, g.undo)


def test_verdict_lines_fit_the_screen():
    # every bed of 4 flowers, in a 3-player game (with the unused colour) and a team game
    for g in (Game(FOUR[:3]), Game(FOUR, teams=True)):
        for i in range(256):
            bed = "".join([R.LETTERS[(i >> s) & 3] for s in (0, 2, 4, 6)])
            w, why, placed = g.judge(bed)
            for tile in (placed, False):
                line = R.bed_line(R.flowers(bed), w, why, tile)
                assert 0 < len(line) <= 16, line
    assert R.bed_line(R.flowers("ppyb"), -1, R.UNUSED, False) == "pink unused 2"
    assert R.bed_line(R.flowers("yypp"), -1, R.TIE, False) == "tie yellow=pink"
    assert R.bed_line(R.flowers("bryp"), -1, R.TIE, False) == "tie: 1 each"
    assert R.bed_line(R.flowers("bbbr"), 0, R.SOLE, False) == "blue 3 no tile"


def test_journal_records_are_single_letters_apart_from_setup_and_undo():
    kinds = [r[0] for r in RECORDS]
    assert kinds == [k for k in Game.KINDS if k != "setup"]
    for kind, code, fields in RECORDS:
        assert len(code) == 1 and "A" <= code <= "Z" and code not in "SU"
        assert fields[:2] == ("c", "beds")  # what every turn event has


def test_nobody_won_a_bed_shares_the_game():
    # "If there is still a tie, there are multiple winners." (RULES.md G12)
    g = Game(FOUR[:3])
    while g.outcome is None:
        g.turn(["bryp"])  # one flower each: a tie every time
    assert g.turns == 93 and g.beds == 93  # 4 tiles left after turn 92, red ends the round
    assert g.outcome.winners == [0, 1, 2] and g.outcome.shared
    assert g.outcome.reason == ["Tie at 0 beds", "same corners 0"]

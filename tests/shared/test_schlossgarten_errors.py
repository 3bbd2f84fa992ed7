# Bad input at the Schlossgarten table: each refused with a specific error saying what was
# wrong and what is allowed, and the game exactly as it was; undo takes back one whole turn.
from support import mentions, raises

from shared_rules.codec import decode, encode
from shared_rules.errors import (InvalidEvent, NothingToUndo, OutOfTurn, RulesError,
                                 UnknownPlayer)
from shared_rules.schlossgarten.game import (Game, GameWon, InvalidCover, InvalidTile,
                                             NothingToBuildOver, NotInSupply, UnknownElement)


def _game():
    # Ann: column and pool on the field (tiles 2, 1, 3); Bob: hedge1 (tile 2); Ann to play
    g = Game(["Ann", "Bob"])
    g.play(0, [2], "column")
    g.play(1)
    g.play(0, [1, 3], "pool")
    g.play(1, [2], "hedge1")
    assert g.totals() == [9, 3]
    return g


def _state(g):
    return encode(g.snapshot())


def test_an_element_the_player_does_not_have():
    # Setup: "Each player takes the 6 garden elements": each once; one on the field is not
    # in the supply until it is built over.
    g = _game()
    exc = raises(NotInSupply, g.play, 0, [1], "column")
    mentions(exc, "Ann's column is on the field already",
             "hedge1 (1), hedge2 (2), maze (3), terrace (3)")
    exc = raises(UnknownElement, g.play, 0, [1], "fountain")
    mentions(exc, "fountain", "hedge1 (1)", "terrace (3)")
    assert isinstance(exc, InvalidEvent)


def test_building_over_nothing():
    g = _game()
    exc = raises(NothingToBuildOver, g.play, 0, [1], "maze", [[1, "pool"]])
    mentions(exc, "Bob's pool is not on the field",
             "Ann's column (1), Ann's pool (2), Bob's hedge1 (1)")
    exc = raises(InvalidCover, g.play, 0, [1], None, [[1, "hedge1"]])
    mentions(exc, "name the element placed")
    exc = raises(UnknownPlayer, g.play, 0, [1], "terrace", [[5, "hedge1"]])
    mentions(exc, "seat 5", "0 to 1", "Ann, Bob")
    mentions(raises(InvalidCover, g.push, {"e": "turn", "p": 0, "tiles": [1], "el": "maze",
                                           "over": [1, "hedge1"]}), "[seat, element]")
    mentions(raises(InvalidCover, g.push, {"e": "turn", "p": 0, "tiles": [1], "el": "maze",
                                           "over": "hedge1"}), "list of [seat, element]")


def test_a_tile_value_other_than_1_to_3():
    # "Points are scored for collected landscape tiles (1 to 3 points each)"
    g = _game()
    for bad in (0, 4, -1, "2", True, 2.0, None):
        exc = raises(InvalidTile, g.play, 0, [bad], "hedge1")
        mentions(exc, "1, 2 or 3", repr(bad))
    mentions(raises(InvalidTile, g.push, {"e": "turn", "p": 0, "tiles": 3, "el": "column"}),
             "list of tile values")


def test_a_turn_after_the_win():
    g = Game(["Ann", "Bob"])
    g.play(0, [3], "hedge1")
    g.play(1)
    g.play(0, [3, 3], "pool")
    g.play(1)
    g.play(0, [3, 3], "hedge2")  # 20
    g.play(1)
    g.play(0, [1])  # 21: the game is over
    for args in ((1,), (0,), (1, [1], "column")):
        exc = raises(GameWon, g.play, *args)
        mentions(exc, "the game is over", "Ann reached 21 points in turn 7", "undo")


def test_out_of_turn_and_unknown_seats():
    g = _game()
    exc = raises(OutOfTurn, g.play, 1, [1], "column")
    mentions(exc, "Ann's turn (turn 5), not Bob's")
    mentions(raises(UnknownPlayer, g.play, 2), "seat 2", "Ann, Bob")
    mentions(raises(InvalidEvent, g.push, {"e": "turn"}), "'p'", "seat")
    mentions(raises(InvalidEvent, g.push, {"e": "score"}), "score", "setup, turn, undo")


def test_every_error_leaves_the_game_as_it_was():
    g = _game()
    before, log = _state(g), len(g.log)
    bad = [
        {"e": "turn", "p": 1},
        {"e": "turn", "p": 0, "tiles": [1], "el": "column"},
        {"e": "turn", "p": 0, "tiles": [1], "el": "maze", "over": [[1, "pool"]]},
        {"e": "turn", "p": 0, "tiles": [4], "el": "hedge1"},
        {"e": "turn", "p": 0, "tiles": [1, 1], "el": "hedge2", "over": [[0, "column"]]},
        {"e": "turn", "p": 0, "tiles": [1, 1, 1], "el": "terrace"},  # 3 > 2 excavations
        {"e": "turn", "p": 0, "tiles": [1]},
        {"e": "turn", "p": 0, "el": "terrace", "over": [[1, "hedge1"], [0, "pool"],
                                                         [0, "column"]]},  # 4 squares
        {"e": "turn", "p": 0, "el": "pool", "over": [[0, "pool"]]},
        {"e": "nonsense"},
        {"e": "setup", "game": "schlossgarten", "players": ["X", "Y"]},
    ]
    for ev in bad:
        raises(RulesError, g.push, ev)
        assert _state(g) == before, ev
        assert len(g.log) == log and g.outcome is None


def test_the_last_excavation_rule_is_counted_from_the_tiles_taken():
    g = _game()  # 4 turns, 4 tiles taken: only this turn's excavation can be open
    mentions(raises(InvalidTile, g.play, 0, [1, 1], "hedge2"), "Ann cannot take 2 tiles",
             "1 excavation(s)", "4 taken so far")
    g.play(0, [1], "maze", [[0, "column"], [1, "hedge1"]])
    assert g.totals() == [12, 2]  # Ann: tiles 7, pool 2, maze 3; Bob: his tile only


def test_undo_takes_back_a_whole_turn():
    g = _game()
    states = [_state(g)]
    g.play(0, [1], "maze", [[0, "column"], [1, "hedge1"]])
    states.append(_state(g))
    assert g.on_field(1) == [] and g.totals() == [12, 2]
    g.play(1, [2], "hedge1")  # regained
    assert g.totals() == [12, 5]
    g.undo()
    assert _state(g) == states[1] and g.current() == 1
    g.undo()
    assert _state(g) == states[0] and g.on_field(1) == ["hedge1"]
    assert g.on_field(0) == ["column", "pool"]
    while len(g.events) > 1:
        g.undo()
    assert g.totals() == [0, 0] and g.pile == 30 and g.turn == 0
    mentions(raises(NothingToUndo, g.undo), "nothing to undo")
    # the journal keeps the undos; replaying it gives the same game
    again = Game.replay([decode(encode(ev)) for ev in g.log])
    assert _state(again) == _state(g) and [e["e"] for e in g.log].count("undo") == 6


def test_the_log_owns_its_events():
    # push keeps its own copy: the caller's event is never changed, and changing the
    # caller's lists afterwards changes neither the journal nor a replay of it
    g = Game(["Ann", "Bob"])
    g.play(0)
    mine = {"e": "turn", "p": 1, "tiles": [2, 1], "el": "pool"}
    kept = g.push(mine)
    assert mine == {"e": "turn", "p": 1, "tiles": [2, 1], "el": "pool"} and g.log[-1] is kept
    mine["tiles"].append(3)
    g.play(0, [1], "hedge1")
    over = [0, "hedge1"]
    g.push({"e": "turn", "p": 1, "tiles": [1], "el": "hedge2", "over": [over]})
    over[0] = 1
    assert g.log[2]["tiles"] == [2, 1] and g.log[4]["over"] == [[0, "hedge1"]]
    assert Game.replay(g.log).totals() == g.totals() == [1, 8]

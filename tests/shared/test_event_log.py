# The game as an event log: setup, rounds, claims, reports, scorings and undo; every invalid
# event raises a specific error and leaves the state as it was.
from support import finish_stage, mentions, play_rounds, raises

from shared_rules.codec import decode, encode
from shared_rules.errors import (InvalidEvent, InvalidSetup, NothingToUndo, OutOfTurn,
                                 RulesError)
from shared_rules.rng import Rng
from shared_rules.versailles.game import Game


def _state(g):
    return encode(g.snapshot())


def test_setup_validation():
    raises(InvalidSetup, Game, ["Solo"])
    exc = raises(InvalidSetup, Game, ["A", "B", "C", "D", "E", "F"])
    mentions(exc, "2 to 5")
    exc = raises(InvalidSetup, Game, ["A", "A"])
    mentions(exc, "differ")
    exc = raises(InvalidSetup, Game, ["Ann", "Ludwig"])
    mentions(exc, "Ludwig")
    raises(InvalidSetup, Game, ["", "B"])
    raises(InvalidSetup, Game, ["A very long name", "B"])
    raises(InvalidEvent, Game, ["A", "B"], -1)
    g = Game(["A", "B"])
    exc = raises(InvalidEvent, g.push, {"e": "setup", "game": "versailles",
                                        "players": ["C", "D"], "seed": 1})
    mentions(exc, "already set up")
    exc = raises(InvalidEvent, Game.replay, [{"e": "round", "cards": [1, 2]}])
    mentions(exc, "starts with a setup")


def test_unknown_or_malformed_events():
    g = Game(["A", "B", "C"])
    exc = raises(InvalidEvent, g.push, {"e": "teleport"})
    mentions(exc, "teleport", "round, claim")
    raises(InvalidEvent, g.push, ["round", [1, 2, 3]])
    raises(InvalidEvent, g.push, {"e": "round"})
    raises(InvalidEvent, g.push, {"e": "claim", "type": "green", "size": 4})
    # a field left out is a missing field, named as such (docs/RULES.md §4), not a bad size
    # (found by tests/host/test_event_machine.py)
    exc = raises(InvalidEvent, g.push, {"e": "claim", "p": 0, "type": "green"})
    mentions(exc, "claim", "'size'", "whole number")


def test_every_error_leaves_the_state_unchanged():
    g = Game(["A", "B", "C"], seed=8)
    play_rounds(g, 2)
    g.claim(0, "green", 5)
    before = _state(g)
    log_len = len(g.log)
    bad = [
        {"e": "round", "cards": [55, 1, 2]},          # 55 already played
        {"e": "round", "cards": [3, 3, 4]},
        {"e": "round", "cards": [1, 2]},
        {"e": "claim", "p": 1, "type": "green", "size": 5},
        {"e": "claim", "p": 1, "type": "green", "size": 9},   # > 8 fields
        {"e": "claim", "p": 7, "type": "green", "size": 6},
        {"e": "areas", "p": 0, "sizes": [5, 0, 0, 0, 0, 0]},  # not scoring time
        {"e": "score", "stage": 1},
        {"e": "score", "stage": 2},
        {"e": "nonsense"},
    ]
    for ev in bad:
        raises(RulesError, g.push, ev)
        assert _state(g) == before, ev
        assert len(g.log) == log_len


def test_undo_steps_back_one_event_at_a_time():
    g = Game(["A", "B", "C"], seed=2)
    states = [_state(g)]
    play_rounds(g, 1)
    states.append(_state(g))
    g.claim(1, "red", 4)
    states.append(_state(g))
    play_rounds(g, 1)
    g.undo()
    assert _state(g) == states[2]
    g.undo()
    assert _state(g) == states[1] and g.holder("red") == -1
    g.undo()
    assert _state(g) == states[0]
    exc = raises(NothingToUndo, g.undo)
    mentions(exc, "nothing to undo")
    # The journal keeps the undos: replaying it gives the same state.
    assert [e["e"] for e in g.log].count("undo") == 3
    assert _state(Game.replay(g.log)) == _state(g)


def test_undo_a_scoring_reopens_the_stage():
    g = Game(["A", "B", "C"])
    finish_stage(g, [[0] * 6] * 3)
    assert g.stage == 2 and len(g.scores) == 1
    g.undo()
    assert g.stage == 1 and g.phase == "scoring" and g.scores == []
    g.score()
    assert g.stage == 2


def test_replay_of_the_encoded_log_is_identical():
    # A game written to the journal as canonical JSON and read back is the same game.
    g = Game(["Günter", "Zoë"], seed=12345)
    play_rounds(g, 3)
    g.claim(0, "blue", 4)
    g.undo()
    g.claim(1, "blue", 5)
    lines = [encode(ev) for ev in g.log]
    for line in lines:
        for ch in line:
            assert ord(ch) < 128
    again = Game.replay([decode(line) for line in lines])
    assert _state(again) == _state(g)
    assert [encode(ev) for ev in again.log] == lines


def test_phase_rules():
    g = Game(["A", "B", "C"])
    exc = raises(OutOfTurn, g.report_areas, 0, [0] * 6)
    mentions(exc, "round 1 of stage 1")
    exc = raises(OutOfTurn, g.score, 1)
    mentions(exc, "not due")
    finish_stage(g, [[0] * 6] * 3)
    finish_stage(g, [[0] * 6] * 3)
    assert g.phase == "over" and g.outcome.winners == [0, 1, 2] and g.outcome.shared
    raises(OutOfTurn, g.play_round, [1, 2, 3])
    raises(OutOfTurn, g.report_areas, 0, [0] * 6)


def test_rng_is_marsaglias_xorshift32():
    # Marsaglia, "Xorshift RNGs" (2003): the 13/17/5 generator from y = 2463534242 starts
    # 723471715; and seed 1 gives 1 ^ 1 << 13 = 8193 -> 8193 ^ 8193 << 5 = 270369.
    r = Rng(2463534242)
    assert r.next32() == 723471715
    r = Rng(1)
    assert r.next32() == 270369
    r = Rng(99)
    picks = [r.below(7) for _ in range(700)]
    assert min(picks) == 0 and max(picks) == 6
    for v in range(7):
        assert 60 < picks.count(v) < 140
    assert sorted(Rng(5).shuffle(list(range(55)))) == list(range(55))


def test_codec_is_canonical():
    text = encode({"b": [1, -2, None, True, False], "a": "x\"y\\\n\u00e9"})
    assert text == '{"a":"x\\"y\\\\\\u000a\\u00e9","b":[1,-2,null,true,false]}'
    assert decode(text) == {"b": [1, -2, None, True, False], "a": "x\"y\\\n\u00e9"}
    raises(TypeError, encode, {1: 2})
    raises(TypeError, encode, 1.5)

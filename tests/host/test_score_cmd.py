"""`lenotre score` from a game's events (docs/CLI.md, "lenotre score"): any game of the
registry, replayed by its rules core; bad events refused with the event's number and the
rules core's words. (The Versailles score sheet: test_cli_rules.py.)"""
import json

import pytest

from shared_rules import games
from test_cli_rules import check_error, error, ok, run, script

PLAYS = {  # game -> a finished simulated game of it
    "versailles": lambda: __import__("shared_rules.versailles.simulate", None, None,
                                     ("play",)).play(3, 3),
    "sanssouci": lambda: __import__("shared_rules.sanssouci.simulate", None, None,
                                    ("play",)).play(5, 3),
    "gardens": lambda: __import__("shared_rules.gardens.simulate", None, None,
                                  ("play",)).play(2, 4),
    "schlossgarten": lambda: __import__("shared_rules.schlossgarten.simulate", None, None,
                                        ("play",)).play(7, 2),
}


def test_every_game_of_the_registry_has_a_simulated_game_here():
    assert sorted(PLAYS) == sorted(g[0] for g in games.GAMES)


@pytest.mark.parametrize("name", sorted(PLAYS))
def test_a_finished_game_is_scored_from_its_events(capsys, monkeypatch, name):
    played = PLAYS[name]()
    events = played.log  # as the box journals them: undos included
    out = ok(capsys, monkeypatch, "score", {"game": name, "events": events})
    again = games.replay(events)
    names = again.players
    assert out["game"] == name and out["players"] == names and out["finished"] is True
    board = again.scoreboard()
    assert out["parts"] == list(board.parts)
    assert [s["player"] for s in out["scores"]] == names
    assert [s["total"] for s in out["scores"]] == board.totals
    for s in out["scores"]:
        assert [s["parts"][k] for k in out["parts"]] == board.rows[s["seat"]]
    assert out["winners"] == [names[p] for p in again.outcome.winners]
    assert out["reason"] == again.outcome.reason and out["reason"]
    assert out["tiebreak"] == again.outcome.tiebreak
    # a winner is placed first, and a place is 1 + the seats placed better
    places = [s["place"] for s in out["scores"]]
    assert all(places[names.index(w)] == 1 for w in out["winners"])
    assert sorted(places)[0] == 1 and max(places) <= len(names)


def test_the_house_rules_of_the_setup_are_honoured_and_named(capsys, monkeypatch):
    # docs/RULES.md S5 of Sanssouci and of Schlossgarten: the setup's field decides, the
    # output names the rule played by (a setup without the field: the reading before it)
    played = PLAYS["sanssouci"]()
    totals = {}
    for first_row in (None, 0, 1):
        events = [dict(ev) for ev in played.log]
        if first_row is not None:
            events[0]["first_row"] = first_row
        out = ok(capsys, monkeypatch, "score", {"game": "sanssouci", "events": events})
        totals[first_row] = [s["total"] for s in out["scores"]]
        assert out["house_rules"] == ["the first row scores %s" % (
            "9 points as a complete row" if first_row else "no row points")]
        assert out["details"]["first_row_scores"] is bool(first_row)
    assert totals[None] == totals[0] and totals[1] == [t + 9 for t in totals[0]]
    # Schlossgarten: Ann at 17 takes a terrace on 3, 1, 1 (RULES.md S5's example)
    turns = [{"e": "turn", "p": p} for p in (0, 1, 0, 1)] + [
        {"e": "turn", "p": 0, "tiles": [3, 3, 3], "el": "maze"}, {"e": "turn", "p": 1},
        {"e": "turn", "p": 0, "tiles": [1, 2], "el": "hedge2"}, {"e": "turn", "p": 1}]
    setup = {"e": "setup", "game": "schlossgarten", "players": ["Ann", "Bob"], "seed": 0}
    tile = ok(capsys, monkeypatch, "score", {"game": "schlossgarten", "events": [setup] + turns
                                              + [{"e": "turn", "p": 0, "tiles": [3, 1]}]})
    whole = ok(capsys, monkeypatch, "score", {
        "game": "schlossgarten", "events": [dict(setup, whole_turn=1)] + turns + [
            {"e": "turn", "p": 0, "tiles": [3, 1, 1], "el": "terrace"}]})
    assert [s["total"] for s in tile["scores"]] == [21, 0]
    assert [s["total"] for s in whole["scores"]] == [25, 0]
    assert tile["winners"] == whole["winners"] == ["Ann"]
    assert tile["house_rules"] == ["the game ends at the tile that reaches 21"]
    assert whole["house_rules"] == ["a turn that reaches 21 counts whole, its element and "
                                    "tiles together"]
    error(capsys, monkeypatch, "score", {"game": "schlossgarten", "events": [dict(
        setup, whole_turn=1)] + turns + [{"e": "turn", "p": 0, "tiles": [3, 1]}]},
        "event 10 (turn)", "name the element")
    # Gardens' team rules (G2): bbrr is blue+red's bed counted by team, nobody's by colour
    setup = {"e": "setup", "game": "gardens", "players": ["Ann", "Bob", "Cy", "Dee"],
             "teams": True}
    turn = {"e": "turn", "c": "b", "beds": ["bbrr", "yypb"]}
    for majority, beds, words in (("team", [1, 1], "a team's, its two colours' flowers "
                                   "together"), ("colour", [0, 1], "one colour's, as in the "
                                                 "base game"), (None, [0, 1], "one colour's")):
        first = dict(setup, majority=majority) if majority else setup
        out = ok(capsys, monkeypatch, "score", {"game": "gardens", "events": [first, turn]})
        assert [side["beds"] for side in out["details"]["sides"]] == beds
        assert out["house_rules"][0].startswith("a bed's majority is " + words)
    error(capsys, monkeypatch, "score", {"game": "gardens", "events": [dict(
        setup, players=["Ann", "Bob", "Cy"], teams=False, majority="team")]},
        "event 1 (setup)", "team game")


def test_a_running_game_says_where_it_stands_and_names_no_winner(capsys, monkeypatch):
    played = PLAYS["schlossgarten"]()
    events = played.log[:5]
    out = ok(capsys, monkeypatch, "score", {"game": "schlossgarten", "events": events})
    assert out["finished"] is False and out["winners"] == [] and out["reason"] == []
    assert [s["place"] for s in out["scores"]] == [None] * len(out["players"])
    assert out["where"] == games.replay(events).describe()


def test_a_game_of_lenotre_export_format_json_is_read_as_it_is(capsys, monkeypatch):
    # export --format json's game objects carry more keys: only "game" and "events" are read
    played = PLAYS["versailles"]()
    exported = {"id": 4, "device": "e6614c", "game": "versailles", "players": played.players,
                "events": played.log, "totals": [1, 2, 3], "winners": ["Nobody"]}
    out = ok(capsys, monkeypatch, "score", exported)
    assert [s["total"] for s in out["scores"]] == played.totals()


def test_the_game_from_the_option_and_from_a_file(tmp_path):
    played = PLAYS["gardens"]()
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"events": played.log}))
    code, out, err = script(["score", "--game", "gardens", str(path)])
    assert (code, err) == (0, "")
    assert json.loads(out)["winners"] == [played.players[p] for p in played.outcome.winners]
    code, out, err = script(["score", "--game", "sanssouci", str(path)])
    check_error("score", code, out, err, "event 1", '"gardens"', '"sanssouci"')


def _setup(name="schlossgarten"):
    return {"e": "setup", "game": name, "players": ["Ann", "Bob"]}


@pytest.mark.parametrize("data, words", [
    ({"game": "chess", "events": []}, ['"game" must be one of', '"versailles"', '"chess"']),
    ({"events": [_setup()]}, ["which game?", "--game"]),
    ({"game": "gardens", "events": []}, ['"events"', "the setup first", "an empty list"]),
    ({"game": "gardens", "events": {}}, ['"events"', "got an object"]),
    ({"game": "gardens", "events": [_setup("gardens"), 3]}, ["event 2", "object", "got 3"]),
    ({"game": "schlossgarten", "events": [{"e": "turn"}]}, ["event 1", "setup", '"turn"']),
    ({"game": "gardens", "events": [_setup()]}, ["event 1", '"schlossgarten"', '"gardens"']),
    ({"game": "gardens"}, ['missing key "events"', "versailles"]),
    # RULES.md G13: one tile, a different corner in each bed it completes
    ({"game": "gardens", "events": [_setup("gardens"), {"e": "turn", "c": "b",
                                                        "beds": ["bbbb", "bbbb"]}]},
     ["event 2 (turn)", "no garden tile completes bbbb bbbb", "one flower of each colour"]),
])
def test_bad_events_are_refused_saying_what_is_allowed(capsys, monkeypatch, data, words):
    error(capsys, monkeypatch, "score", data, *words)


def test_an_event_the_rules_refuse_is_named_with_the_rules_words(capsys, monkeypatch):
    played = PLAYS["schlossgarten"]()
    events = list(played.log)
    turn = dict(events[1])
    turn["p"] = 1 - turn["p"]  # the other player's turn: out of turn
    events[1] = turn
    code, out, err = run(capsys, monkeypatch, "score", {"game": "schlossgarten",
                                                        "events": events})
    from shared_rules.errors import RulesError
    try:
        games.replay(events[:2])
    except RulesError as exc:
        said = str(exc)
    else:
        raise AssertionError("the rules core took the turn out of turn")
    check_error("score", code, out, err, "event 2 (turn): " + said)


def test_the_option_and_the_input_must_agree(capsys, monkeypatch, tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps({"game": "gardens", "events": [_setup("gardens")]}))
    code, out, err = script(["score", "--game", "versailles", str(path)])
    check_error("score", code, out, err, "--game versailles", '"gardens"', "agree")


# ---- input too big to be a game (issue 23) ------------------------------------------------

@pytest.mark.parametrize("command", ["score", "areas"])
def test_a_number_of_thousands_of_digits_is_refused_in_one_line(capsys, monkeypatch, command):
    # Python refuses to read an int of more than 4,300 digits (ValueError): a traceback before
    big = "9" * 5000
    text = '{"game": "versailles", "events": [%s]}' % big if command == "score" else \
        '{"garden": [{"x": %s, "y": 0, "fields": []}]}' % big
    error(capsys, monkeypatch, command, text, "a number of 5000 digits", "at most 18")


def test_a_file_without_end_is_read_to_a_bound_and_refused(capsys):
    # /dev/zero read whole: a MemoryError before
    code, out, err = script(["score", "/dev/zero"])
    check_error("score", code, out, err, "/dev/zero holds more than 4 MiB", "right file")


def test_a_game_id_of_thousands_of_digits_is_refused_in_one_line(tmp_path):
    import librarygames as L
    db = L.library(tmp_path / "games.sqlite", [("b0x", 1, L.shared_victory(), True)])
    code, out, err = script(["show", "--db", str(db), "9" * 5000])
    assert code == 2 and out == "" and err.count("\n") == 1, (code, err[:300])
    assert "a game ID of 5000 characters is none" in err and len(err) < 400, err[:300]

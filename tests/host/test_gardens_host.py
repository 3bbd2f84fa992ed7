"""Issue 13 on the desktop: a game of Gardens played through the simulated box's buttons (the
hand-worked 3-player game of gardens_tables.py, with its undo), synced from the box's flash by
the real firmware/link.py under MicroPython over a pseudo-terminal, then shown, replayed,
exported (CSV, JSON, BG Stats) and reported with its charts (host/lenotre/games/gardens.py)."""
import csv
import io
import json

import pytest

from gardens_tables import TABLES, four_players, team_game
import store  # firmware/store.py: the box's own journal, on the same flash
from linkrig import Device, record_log
from lenotre.cli import main
from gardens_play import GardensPlayer
from lenotre.device.simclient import SimDevice
from lenotre.library import export, played, report
from lenotre.library.db import Library
from lenotre.link.port import Port
from lenotre.link.sync import sync
from lenotre.link.syncproto import Proto



@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    # -> (library path, device id): the 3-player game played at the box, synced; beside it
    # the team game and the 4-player game, recorded by the box's store on the same flash
    root = tmp_path_factory.mktemp("gardens")
    flash = str(root / "flash")
    with SimDevice(flash) as dev:
        dev.wait(30)
        GardensPlayer(dev).play(TABLES["three"][0]())
    st = store.Store(flash + "/data")
    record_log(st, team_game())
    record_log(st, four_players()[:40], finish=False)  # a game still running
    db = str(root / "g.sqlite")
    box = Device(flash)
    port = Port(box.path, timeout=2.0)
    proto = Proto(port, timeout=2.0)
    lib = Library(db)
    try:
        summary = sync(proto, lib)
        proto.bye()
    finally:
        port.close()
        lib.close()
        box.kill()
    return db, summary.device


def _games(db):
    lib = Library(db)
    try:
        games, problems = played.load(lib, include_unfinished=True)
    finally:
        lib.close()
    assert problems == []
    return sorted(games, key=lambda g: g.gid)


def test_the_synced_game_replays_to_the_hand_worked_tally(synced):
    db, device = synced
    three, team, running = _games(db)
    assert (three.kind, three.status, team.status, running.status) == \
        ("gardens", "over", "over", "running")
    # gardens_tables.THREE: red and yellow tie at 6 beds, yellow needed fewer corners
    # the box names each player by the colour they chose (issue 22)
    assert three.totals() == [6, 2, 6] and three.winners() == ["Yellow"] and three.tiebreak()
    assert three.ranks() == [2, 3, 1]
    assert team.totals() == [11, 3, 11, 3] and team.winners() == ["Orange", "Cyan"]
    assert not team.tiebreak() and team.ranks() == [1, 3, 1, 3]


def test_show_tells_each_turn_its_beds_and_the_winner(synced, capsys):
    db, device = synced
    assert main(["show", "%s:1" % device, "--db", db]) == 0
    out = capsys.readouterr().out
    # each player is the colour they play: named once
    assert "players: Red, Blue, Yellow; 3 players, 6 flowerbed tiles (shorter game)" in out
    assert "T2 blue, special tile: bbyy tie blue=yellow; ppyp pink unused 3" in out
    assert "undo (takes back the last turn)" in out
    assert "T10 red: rrrb red 3; rrpb red 2 [last round: 2 to go]" in out
    assert "Winner: Yellow with 6 beds (Tie at 6 beds; fewer corners: Red 16 Yel 15)" in out
    assert main(["replay", "%s:1" % device, "--db", db]) == 0
    out = capsys.readouterr().out
    assert "12 turns replayed" in out
    assert "no difference: the rules core agrees with every recorded event" in out, out


def test_exports_carry_colours_variant_beds_and_corners(synced):
    db, device = synced
    games = _games(db)
    out = io.StringIO()
    export.write_csv(games, out)
    rows = [r for r in csv.DictReader(io.StringIO(out.getvalue())) if r["game"] == "1"]
    assert [(r["player"], r["colours"], r["total"], r["beds"], r["corners"], r["supply"],
             r["rank"], r["winner"]) for r in rows] == [
        ("Red", "red", "6", "6", "16", "0", "2", "0"),
        ("Blue", "blue", "2", "2", "7", "4", "3", "0"),
        ("Yellow", "yellow", "6", "6", "15", "0", "1", "1")]
    assert rows[0]["variant"] == "3 players, 6 flowerbed tiles (shorter game)"
    out = io.StringIO()
    export.write_json(games, out)
    data = {g["gid"]: g for g in json.loads(out.getvalue())}
    three = data[1]
    assert three["colours"] == [["red"], ["blue"], ["yellow"]] and three["piles"] == 85
    assert three["variant"] == {"teams": False, "team_rules": False, "tiles": 6}
    assert len(three["turns"]) == 12  # the undone turn is not one
    assert three["turns"][1] == {"turn": 2, "colour": "blue", "special": True, "beds": [
        {"flowers": "bbyy", "winner": None, "why": "tie", "tile": False},
        {"flowers": "ppyp", "winner": None, "why": "unused colour", "tile": False}]}
    team = data[2]
    assert team["variant"]["teams"] is True and team["colours"][0] == ["blue"]
    assert team["turns"][5]["beds"] == [{"flowers": "bbby", "winner": "blue",
                                         "why": "sole majority", "tile": False}]
    plays = {p["sourcePlayId"]: p for p in export.bgstats_plays(games)}
    play = plays["lenotre-%s-1" % device]
    assert play["game"]["name"] == "Gardens" and play["game"]["sourceGameId"] == "gardens"
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == \
        [("Red", 6, 2, False), ("Blue", 2, 3, False), ("Yellow", 6, 1, True)]
    assert "3 players, 6 flowerbed tiles (shorter game): Red, Blue, Yellow." in play["comments"]


def test_the_report_pages_chart_beds_over_the_game_and_corners(synced, tmp_path):
    db, device = synced
    games = _games(db)
    out = tmp_path / "report"
    report.write(games, str(out), 20)
    page = (out / "game" / ("%s-1.html" % device)).read_text(encoding="utf-8")
    assert "<h2>Beds won over the game</h2>" in page and "<h2>Corners used</h2>" in page
    assert page.count("<polyline") == 3  # a line per colour in play (pink unused)
    assert ">yellow 6</text>" in page and ">red 6</text>" in page
    assert "16 corners in 6 beds" in page and "15 corners in 6 beds" in page
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Gardens" in index
    # the running 4-player game: what each colour holds so far (gardens_tables.four_players)
    assert "yellow 2 beds, 6 left; blue 1 beds, 7 left; pink 2 beds, 6 left; red 0 beds, " \
        "8 left" in index


def test_lenotre_score_details_the_sides_the_tie_break_compared(capsys, monkeypatch):
    # The hand-worked 2-player game (gardens_tables.two_players): both teams hold 3 beds;
    # "The team that needed fewer corners of its colors overall to win its majorities wins
    # the game": blue+red 9 against yellow+pink 10.
    from test_cli_rules import ok
    out = ok(capsys, monkeypatch, "score", {"game": "gardens", "events": TABLES["two"][0]()})
    assert out["winners"] == ["Orange"] and out["tiebreak"] is True
    assert out["reason"] == ["Tie at 3 beds", "fewer corners:", "Ora 9 Pur 10"]
    d = out["details"]
    assert d["sides"] == [{"players": ["Orange"], "beds": 3, "corners": 9},
                          {"players": ["Purple"], "beds": 3, "corners": 10}]
    assert d["variant"] == {"teams": False, "team_rules": True, "tiles": 5}
    assert [(c["colour"], c["player"], c["beds"], c["corners"], c["tiles_left"])
            for c in d["colours"]] == [("blue", "Orange", 2, 5, 3), ("yellow", "Purple", 2, 5, 3),
                                       ("red", "Orange", 1, 3, 4), ("pink", "Purple", 1, 3, 4)]
    assert (d["turns"], d["piles"], d["beds"], d["turns_left"]) == (92, 4, 8, 0)
    # a running 3-player game: the last round counted down (red placed its 6th tile on T10)
    out = ok(capsys, monkeypatch, "score", {"game": "gardens",
                                            "events": TABLES["three"][0]()[:13]})
    assert out["finished"] is False and out["details"]["turns_left"] == 2
    assert out["where"] == "turn 11: blue (Purple), last round: 2 turns left"

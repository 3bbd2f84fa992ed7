"""Sanssouci on the desktop (issue 12, "Everywhere else"): games played through the simulated
box's buttons, their journals synced through the firmware's own link (MicroPython at 192 KB on
a pseudo-terminal), then `lenotre show` and `replay`, the CSV, JSON and BG Stats exports and
the report's page with its charts, through the Sanssouci adapter (lenotre/games/sanssouci.py).

Game 1 is the hand-worked game of tests/shared/test_sanssouci_game.py (scores in
test_sanssouci_table.py's docstring: Orange 41, Purple 56, Cyan 44, Pink 56, Purple winning
on gardeners, 3 to Pink's 0); game 2, three rounds of a simulated 2-player game, still
running when the box is synced."""
import csv
import io
import json

import pytest

from lenotre.cli import main
from lenotre.device.simclient import SimDevice
from sanssouci_play import Player, turns_of
from lenotre.games import adapter
from lenotre.games.sanssouci import by_round
from lenotre.library import export, played, report
from lenotre.library.db import Library
from lenotre.link.port import Port
from lenotre.link.sync import sync
from lenotre.link.syncproto import Proto
from linkrig import Device
from shared_rules.sanssouci.simulate import play

from test_sanssouci_table import worked_game


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    # -> the library's path after one sync of a box that played both games
    root = tmp_path_factory.mktemp("sanssouci")
    flash = str(root / "flash")
    with SimDevice(flash) as dev:
        dev.wait(30)
        p = Player(dev)
        p.play(worked_game().log)
        dev.press("ok")  # the scoreboard
        dev.press("ok")  # the winner
        dev.press("ok")  # the menu
        running = play(3, 2).log
        p.new_game(2, running[0]["gardens"])
        for tile, noble in turns_of(running)[0][:6]:
            p.turn(tile, noble)
    db = str(root / "library.sqlite")
    box = Device(flash)
    port = Port(box.path, timeout=1.0)
    lib = Library(db)
    try:
        proto = Proto(port, timeout=1.0)
        sync(proto, lib)
        proto.bye()
    finally:
        port.close()
        lib.close()
        box.kill()
    return db


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def loaded(db):
    lib = Library(db)
    try:
        games, problems = played.load(lib, include_unfinished=True)
    finally:
        lib.close()
    assert problems == []
    return {g.gid: g for g in games}


def test_show_and_replay_tell_the_synced_game(synced, capsys):
    games = loaded(synced)
    device = games[1].device
    assert (games[1].kind, games[1].status, games[2].status) == ("sanssouci", "over", "running")
    code, out, _ = run(capsys, "show", "%s:1" % device, "--db", synced)
    lines = out.splitlines()
    assert code == 0 and lines[:2] == ["Game %s:1: Sanssouci, 4 players" % device,
                                       "players: Orange, Purple, Cyan, Pink"], lines[:3]
    # Orange's first turn: her Labyrinth card, the white Labyrinth, its noble to white
    first = lines.index("  Orange: Labyrinth card, the white Labyrinth tile")
    assert lines[first + 1:first + 3] == ["  Orange: the Labyrinth noble to white, +2",
                                          "  Purple: Brunnen card, the white Brunnen tile"]
    # "Diesen darf er auf ein beliebiges ... Gartenfeld legen": Purple's gardener
    assert ("  Purple: Brunnen card, the white Brunnen tile becomes a gardener on white "
            "Rosenbogen") in lines
    assert "  Cyan: Treppe card (as a joker), the orange Brunnen tile" in lines
    assert "  Pink's task cards: Weinstock and Labyrinth" in lines
    assert lines[-1] == ("Winner: Purple with 56 (Tie: 56 points; most gardeners:; "
                         "Pur 3 Pin 0)"), lines[-1]
    code, out, _ = run(capsys, "replay", "%s:1" % device, "--db", synced)
    assert code == 0 and "18 of 18 rounds replayed" in out and "no difference" in out, out
    code, out, _ = run(capsys, "show", "%s:2" % device, "--db", synced)
    assert code == 0 and out.splitlines()[-1].startswith("Not finished: round 4 of 18, "
                                                         "Orange to play"), out


def test_csv_json_and_bg_stats_carry_the_final_scoring(synced):
    games = list(loaded(synced).values())
    out = io.StringIO()
    export.write_csv(games, out)
    rows = [r for r in csv.DictReader(io.StringIO(out.getvalue())) if r["game"] == "1"]
    purple = [r for r in rows if r["player"] == "Purple"][0]
    assert (purple["total"], purple["rank"], purple["winner"], purple["tiebreak"]) == \
        ("56", "1", "1", "1")
    assert (purple["nobles"], purple["rows"], purple["columns"], purple["tasks"]) == \
        ("39", "0", "10", "7")
    assert (purple["gardeners"], purple["rows_complete"], purple["columns_complete"],
            purple["task_cards"]) == ("3", "0", "2", "Brunnen Labyrinth")
    pink = [r for r in rows if r["player"] == "Pink"][0]
    assert (pink["total"], pink["rank"], pink["rows_complete"]) == ("56", "2", "2")
    out = io.StringIO()
    export.write_json(games, out)
    data = {g["gid"]: g for g in json.loads(out.getvalue())}
    first = data[1]
    assert first["game"] == "sanssouci" and first["totals"] == [41, 56, 44, 56]
    assert first["scoreboard"]["rows"][3] == [32, 12, 5, 7]
    pink = first["seats"][3]
    assert pink["rows_complete"] == ["white", "turquoise"] and pink["gardeners"] == 0
    assert pink["nobles"]["Weinstock"] == 5 and pink["task_cards"] == ["Weinstock", "Labyrinth"]
    assert first["rounds_left"] == 0 and data[2]["rounds_left"] == 15
    assert data[2]["seats"][0]["task_cards"] is None  # hidden until the end
    plays = {p["sourcePlayId"]: p for p in export.bgstats_plays(games)}
    [one] = [p for p in plays.values() if p["sourcePlayId"].endswith("-1")]
    assert len(plays) == 1  # the running game is no play yet
    assert one["game"]["name"] == "Sanssouci" and one["game"]["sourceGameId"] == "sanssouci"
    assert [(p["name"], p["score"], p["winner"]) for p in one["players"]] == \
        [("Orange", 41, False), ("Purple", 56, True), ("Cyan", 44, False), ("Pink", 56, False)]
    assert "Purple nobles 39 + rows 0 + columns 10 + tasks 7 = 56" in one["comments"]
    assert "Tied on points; the most gardeners decided." in one["comments"]
    assert "Gardeners: Orange 2, Purple 3, Cyan 2, Pink 0." in one["comments"]


def test_points_and_rows_and_columns_by_round_for_the_report(synced, tmp_path):
    games = loaded(synced)
    steps, final = by_round(games[1].game)
    assert len(steps) == 19 and final == [41, 56, 44, 56]
    # the score track as test_sanssouci_game worked it: after round 5, after round 18
    assert [s[0] for s in steps[5]] == [4, 20, 8, 20]
    assert [s[0] for s in steps[18]] == [19, 39, 26, 32]
    # Orange's white row is complete with her 8th tile (round 8), her Labyrinth column
    # with the 11th
    assert [steps[r][0][1] for r in (7, 8)] == [0, 1]
    assert [steps[r][0][2] for r in (10, 11)] == [0, 1]
    out = tmp_path / "report"
    report.write(list(games.values()), str(out), 20)
    page = (out / "game" / ("%s-1.html" % games[1].device)).read_text(encoding="utf-8")
    assert "<h2>Points by round</h2>" in page and 'aria-label="points by round"' in page
    assert 'aria-label="rows and columns completed by round"' in page
    assert "<td>Pink</td><td>white, turquoise</td><td>Weinstock</td>" in page
    assert '<th class="n">nobles</th><th class="n">rows</th>' in page
    running = (out / "game" / ("%s-2.html" % games[1].device)).read_text(encoding="utf-8")
    assert "so far" in running and "hidden" in running
    # set up with the box's house rule (RULES.md S5): the first row, built before the game,
    # is a complete row of every garden
    assert adapter("sanssouci").holding(games[2]).startswith("Orange: 1 rows, ")


def test_lenotre_score_gives_the_final_scoring_and_the_gardens_details(tmp_path, capsys):
    # `lenotre score --game sanssouci FILE` on the hand-worked game's events, as the box
    # journals them: the totals worked by hand, the tie broken by gardeners, and the details
    # particular to Sanssouci (docs/CLI.md)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "sanssouci", "events": worked_game().log}))
    code, out, err = run(capsys, "score", "--game", "sanssouci", str(path))
    assert (code, err) == (0, ""), err
    data = json.loads(out)
    assert [s["total"] for s in data["scores"]] == [41, 56, 44, 56]
    assert [s["place"] for s in data["scores"]] == [4, 1, 3, 2]
    assert data["parts"] == ["nobles", "rows", "columns", "tasks"]
    assert data["scores"][1]["parts"] == {"nobles": 39, "rows": 0, "columns": 10, "tasks": 7}
    assert data["winners"] == ["Purple"] and data["tiebreak"] is True
    assert data["reason"] == ["Tie: 56 points", "most gardeners:", "Pur 3 Pin 0"]
    details = data["details"]
    assert details["rounds_left"] == 0
    assert [s["gardeners"] for s in details["seats"]] == [2, 3, 2, 0]
    assert details["seats"][1]["columns_complete"] == ["Brunnen", "Rosenbogen"]
    assert details["seats"][0]["nobles"] == {"Labyrinth": 5, "Statue": 2, "Pavillon": 1,
                                             "Figur": 0, "Treppe": 3, "Brunnen": 0,
                                             "Rosenbogen": 0, "Kraeuterschnecke": 0,
                                             "Weinstock": 0}
    # an unfinished game: its task cards still hidden, rounds left counted down
    log = worked_game().log
    tiles = [i for i, ev in enumerate(log) if ev["e"] == "tile"]
    path.write_text(json.dumps({"game": "sanssouci", "events": log[:tiles[20]]}))  # 5 rounds
    code, out, err = run(capsys, "score", str(path))
    data = json.loads(out)
    assert code == 0 and data["details"]["rounds_left"] == 13  # "nach 18 Runden zu Ende"
    assert [s["total"] for s in data["scores"]] == [4, 20, 8, 20]  # the track, as worked
    assert data["details"]["seats"][0]["task_cards"] is None and data["winners"] == []

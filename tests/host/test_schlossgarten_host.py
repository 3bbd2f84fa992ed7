"""Issue 14 on the desktop: Schlossgarten games played through the simulated box's buttons
(the hand-worked 2-player game to its win at 21, with an undo; a 4-player game left running),
synced from the box over its link into the library, then shown, replayed, exported (CSV,
JSON, BG Stats) and reported with their points over turns (lenotre.games.schlossgarten)."""
import csv
import io
import json
import os

import pytest

from lenotre.cli import main
from schlossgarten_play import Player
from lenotre.device.simclient import SimDevice
from lenotre.games import adapter
from lenotre.games.schlossgarten import points_by_turn
from lenotre.library import bgstats, export, played, report
from lenotre.library.db import Library
from lenotre.link.port import Port
from lenotre.link.sync import sync
from lenotre.link.syncproto import Proto
from linkrig import Device
from test_schlossgarten_table import four_player_plan, two_player_plan


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    # -> (library path, box id): game 1 the 2-player game, won; game 2 a 4-player game at
    # turn 9, running
    root = tmp_path_factory.mktemp("sg")
    flash, db = str(root / "flash"), str(root / "lib.sqlite")
    plan = two_player_plan()
    plan.play(0, [1, 3])  # 11: 21 at the second tile
    turns = plan.log[1:]
    with SimDevice(flash) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(2, whole_turn=0)  # the house rule the plan's win at a tile needs
        for ev in turns[:4]:
            p.turn(ev)
        dev.long("back")  # Red's pool taken back, and built again
        for ev in turns[3:]:
            p.turn(ev)
        assert dev.screen()[1][:3] == ["Game over", "Winner", "Blue"]
        dev.press("back")  # the menu
        p.new_game(4)
        for ev in four_player_plan().log[1:9]:
            p.turn(ev)
    box = Device(flash)
    port = Port(box.path, timeout=1.0)
    proto = Proto(port, timeout=1.0)
    lib = Library(db)
    try:
        sync(proto, lib)
        proto.bye()
        [(device, _, _, _, _), _] = lib.games()
    finally:
        port.close()
        lib.close()
        box.kill()
    return db, device


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_show_tells_each_turn_and_the_win(synced, capsys):
    db, box = synced
    code, out, _ = run(capsys, "show", "%s:1" % box, "--db", db)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Game %s:1: Der Prestel Schlossgarten, 2 players" % box
    assert "players: Blue, Red" in lines
    # the house rule chosen at the box's start screen (RULES.md S5)
    assert "house rule: the game ends at the tile that reaches 21" in lines
    assert "  turn 1, Blue: column on a 2: 3" in lines
    assert "  turn 2, Red: builds nothing: 0" in lines
    # "A player who takes back a garden element ... loses the points for that garden element"
    assert "  turn 4, Red: pool on a 1, over Blue's column: 3" in lines
    assert "  undo" in lines
    assert "  turn 8, Red: hedge2 on 2+1: 12" in lines
    assert "  turn 11, Blue: takes 1+3: 21, reaches 21 and wins" in lines
    assert lines[-1] == "Winner: Blue with 21 (first to 21; 21 points; in turn 11; " \
                        "by tile 2 (+3))"
    code, out, _ = run(capsys, "replay", "%s:1" % box, "--db", db)
    assert code == 0 and "11 turns replayed" in out and "no difference" in out, out
    code, out, _ = run(capsys, "show", "%s:2" % box, "--db", db)
    assert out.splitlines()[-1] == "Not finished: turn 9, Blue to play", out


def test_points_over_turns_leave_out_the_turn_taken_back(synced):
    db, box = synced
    games, problems = played.load(Library(db), include_unfinished=True)
    assert problems == []
    [won] = [g for g in games if g.gid == 1]
    # the hand-worked ledger (tests/shared/test_schlossgarten_games.py): turn 4 takes
    # Blue's column (7 -> 6), turn 5 regains it, turn 6 Red's terrace over her pool
    assert points_by_turn(won.game) == [[0, 3, 3, 7, 6, 9, 9, 9, 9, 17, 17, 21],
                                        [0, 0, 0, 0, 3, 3, 7, 7, 12, 12, 12, 12]]


def test_csv_and_json_carry_the_ledger(synced, capsys):
    db, box = synced
    code, out, _ = run(capsys, "export", "--db", db, "--format", "csv", "--all")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    orange, purple = [r for r in rows if r["game"] == "1"]
    assert (orange["kind"], orange["total"], orange["rank"], orange["winner"]) == \
        ("schlossgarten", "21", "1", "1")
    assert (orange["tiles"], orange["elements"], orange["tile_count"], orange["tile_values"],
            orange["on_field"]) == ("17", "4", "7", "2 3 2 3 3 1 3", "hedge1 column pool")
    assert (purple["total"], purple["tiles"], purple["elements"], purple["on_field"]) == \
        ("12", "7", "5", "hedge2 terrace")
    running = [r for r in rows if r["game"] == "2"]
    assert [r["status"] for r in running] == ["running"] * 4
    assert [r["total"] for r in running] == ["7", "6", "7", "6"]
    code, out, _ = run(capsys, "export", "--db", db, "--format", "json")
    [data] = json.loads(out)  # finished games only
    assert data["game"] == "schlossgarten" and data["totals"] == [21, 12]
    assert data["scoreboard"] == {"parts": ["tiles", "elements"], "rows": [[17, 4], [7, 5]]}
    assert data["tiles"] == [[2, 3, 2, 3, 3, 1, 3], [1, 3, 2, 1]]
    assert data["on_field"] == [["hedge1", "column", "pool"], ["hedge2", "terrace"]]
    assert data["won"] == {"seat": 0, "player": "Blue", "turn": 11, "how": "by tile 2 (+3)"}
    assert data["cards"] == {"pile": 19, "discard": 10, "shuffles": 0, "reshuffle_due": False}
    assert data["house_rules"] == ["the game ends at the tile that reaches 21"]


def test_bg_stats_takes_the_play(synced):
    db, box = synced
    games, _ = played.load(Library(db), include_unfinished=True)
    [play] = export.bgstats_plays(games)  # the running game is no play yet
    assert play["game"]["name"] == "Der Prestel Schlossgarten"
    assert play["game"]["sourceGameId"] == "schlossgarten" and play["game"]["highestWins"]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == \
        [("Blue", 21, 1, True), ("Red", 12, 2, False)]
    assert "Blue 17 tiles + 4 elements = 21; Red 7 tiles + 5 elements = 12." \
        in play["comments"], play["comments"]
    book = bgstats.import_file(games)
    assert [g["name"] for g in book["games"]] == ["Der Prestel Schlossgarten"]


def test_the_report_pages_the_points_over_turns(synced, tmp_path):
    db, box = synced
    games, _ = played.load(Library(db), include_unfinished=True)
    out = tmp_path / "report"
    report.write(games, str(out), 20)
    page = (out / "game" / ("%s-1.html" % box)).read_text(encoding="utf-8")
    assert "Der Prestel Schlossgarten" in page and "<h2>Points over turns</h2>" in page
    assert page.count("<polyline") == 2 and 'aria-label="points over turns"' in page
    assert ">Blue 21</text>" in page and ">Red 12</text>" in page
    assert "<td>Blue</td><td>2 3 2 3 3 1 3</td><td>hedge1, column, pool</td>" in page
    running = (out / "game" / ("%s-2.html" % box)).read_text(encoding="utf-8")
    assert ">Blue 7 so far</text>" in running
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Der Prestel Schlossgarten" in index
    assert adapter("schlossgarten").holding(
        [g for g in games if g.gid == 2][0]).startswith("Blue: pool")
    assert os.path.exists(str(out / "index.html"))


def test_score_tells_the_ledger_from_the_events(capsys, monkeypatch):
    # `lenotre score --game schlossgarten FILE` (docs/CLI.md): the hand-worked 2-player game,
    # Red's pool taken back once; details = the adapter's score_fields
    from test_cli_rules import error, ok
    plan = two_player_plan()
    plan.play(0, [1, 3])
    events = plan.log[:5] + [{"e": "undo"}] + plan.log[4:]
    out = ok(capsys, monkeypatch, "score", {"game": "schlossgarten", "events": events})
    assert out["finished"] and out["winners"] == ["Blue"] and not out["tiebreak"]
    assert out["parts"] == ["tiles", "elements"]
    assert [(s["total"], s["parts"], s["place"]) for s in out["scores"]] == \
        [(21, {"tiles": 17, "elements": 4}, 1), (12, {"tiles": 7, "elements": 5}, 2)]
    assert out["reason"] == ["first to 21", "21 points", "in turn 11", "by tile 2 (+3)"]
    d = out["details"]
    assert d["tiles"] == [[2, 3, 2, 3, 3, 1, 3], [1, 3, 2, 1]] and d["turns"] == 11
    assert d["on_field"] == [["hedge1", "column", "pool"], ["hedge2", "terrace"]]
    assert d["supply"][0] == ["hedge2", "maze", "terrace"]  # the maze never went down
    assert d["won"] == {"seat": 0, "player": "Blue", "turn": 11, "how": "by tile 2 (+3)"}
    # a turn after the win: "The game ends immediately when a player reaches 21 points"
    error(capsys, monkeypatch, "score",
          {"game": "schlossgarten", "events": events + [{"e": "turn", "p": 1}]},
          "event 15 (turn)", "the game is over")
    # unfinished, as it stands: the reshuffle due is in the details
    four = four_player_plan().log[:29]
    out = ok(capsys, monkeypatch, "score", {"game": "schlossgarten", "events": four})
    assert not out["finished"] and out["winners"] == []
    assert out["details"]["cards"] == {"pile": 0, "discard": 28, "shuffles": 0,
                                       "reshuffle_due": True}

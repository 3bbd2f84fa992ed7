# `lenotre export` (docs/CLI.md): games put in a real Library as a sync leaves them (journal
# bytes from the firmware's store.record), exported through main([...]) and checked against
# what the rules core says when it replays the same events.
import csv
import io
import json
import os
import re
from urllib.parse import unquote

import pytest

import librarygames as L
from lenotre.library import bgstats
from lenotre.cli import main
from lenotre.games import adapter
from lenotre.library.db import Library
from shared_rules.versailles.game import Game

TWO = L.with_an_undo(L.simulated(11, 2))
THREE = L.simulated(12, 3)
FIVE = L.simulated(13, 5)
SHARED = L.shared_victory()
LARGEST = L.decided_by_largest_area()
RUNNING = L.running()
ABANDONED = L.simulated(14, 4)[:25]
BROKEN = [{"e": "setup", "game": "versailles", "players": ["Orange", "Purple"], "seed": 1},
          {"e": "claim", "p": 0, "type": "blue", "size": 9}]  # 9 fields before any tile

FINISHED = [("b0x", 1, TWO), ("b0x", 2, THREE), ("b0x", 3, SHARED), ("b0x", 4, LARGEST),
            ("c1a", 1, FIVE)]
REQUIRED = ("sourceName", "sourcePlayId", "playDate", "comments", "game", "players")
GAME_FIELDS = ("name", "highestWins", "noPoints", "sourceGameId")
PLAYER_FIELDS = ("name", "winner", "startPlayer", "role")


def _db(path, order=1):
    games = [(d, g, ev, True) for d, g, ev in FINISHED]
    games += [("b0x", 5, RUNNING, False), ("b0x", 6, ABANDONED, True), ("b0x", 7, BROKEN, True)]
    return L.library(path, games[::order])


@pytest.fixture
def db(tmp_path):
    return _db(tmp_path / "games.sqlite")


def export(capsys, *args):
    code = main(["export"] + list(args))
    out, err = capsys.readouterr()
    return code, out, err


def replayed(events):
    return Game.replay([dict(ev) for ev in events])


# ---- CSV -------------------------------------------------------------------------------------

def test_csv_one_row_per_player_per_finished_game_with_the_rules_totals(db, capsys):
    code, out, err = export(capsys, "--db", db, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert out.splitlines()[0] == ("device,game,date,date_estimated,started,ended,status,"
                                   "players,ludwig,seat,player,person,stage1,stage2,total,rank,"
                                   "winner,tiebreak,large_tokens,small_tokens,"
                                   "construction_bonus")
    expected = []
    for device, gid, events in FINISHED:
        g = replayed(events)
        for p, name in enumerate(g.players):
            expected.append((device, str(gid), str(p + 1), name, str(g.scores[0][p][4]),
                             str(g.scores[1][p][4]), str(g.totals()[p])))
    assert [(r["device"], r["game"], r["seat"], r["player"], r["stage1"], r["stage2"],
             r["total"]) for r in rows] == expected
    assert {r["status"] for r in rows} == {"over"}
    # no clock on these boxes (no "t" in their events): dated by the sync, and marked so
    assert {r["date"] for r in rows} == {L.SYNCED}
    assert {(r["date_estimated"], r["started"], r["ended"], r["person"]) for r in rows} == \
        {("1", "", "", "")}
    # The broken game is named on stderr and makes the exit status 1; the rest is exported.
    assert code == 1 and "b0x:7" in err and "do not replay" in err


def test_csv_winners_tokens_and_flags_follow_the_replayed_game(db, capsys):
    _, out, _ = export(capsys, "--db", db, "--format", "csv")
    rows = [r for r in csv.DictReader(io.StringIO(out)) if r["device"] == "c1a"]
    g = replayed(FIVE)
    for p, r in enumerate(rows):
        assert r["winner"] == ("1" if p in g.outcome.winners else "0")
        assert r["ludwig"] == "0" and r["players"] == "5"
        assert r["large_tokens"].split() == [t for t, h in zip(
            ["green", "blue", "white", "red", "yellow"], g.holders) if h == p]
        assert r["small_tokens"].split() == [t for t, h in zip(
            ["green", "blue", "white", "red", "yellow"], g.small) if h == p]
        assert r["construction_bonus"] == ("1" if g.builder == p else "0")
    two = [r for r in csv.DictReader(io.StringIO(out)) if (r["device"], r["game"]) == ("b0x", "1")]
    assert [r["ludwig"] for r in two] == ["1", "1"]


def test_csv_ranks_shared_victory_and_tiebreak(db, capsys):
    _, out, _ = export(capsys, "--db", db, "--format", "csv")
    rows = {(r["game"], r["player"]): r for r in csv.DictReader(io.StringIO(out))
            if r["device"] == "b0x"}
    shared = [rows[("3", n)] for n in ("Orange", "Purple")]
    assert [(r["total"], r["rank"], r["winner"], r["tiebreak"]) for r in shared] == \
        [("15", "1", "1", "1")] * 2
    largest = [rows[("4", n)] for n in ("Orange", "Purple", "Cyan")]
    assert [(r["total"], r["rank"], r["winner"]) for r in largest] == \
        [("10", "2", "0"), ("10", "1", "1"), ("5", "3", "0")]


def test_csv_all_marks_running_and_abandoned_games(db, capsys):
    code, out, _ = export(capsys, "--db", db, "--format", "csv", "--all")
    rows = list(csv.DictReader(io.StringIO(out)))
    by_game = {}
    for r in rows:
        by_game.setdefault((r["device"], r["game"]), []).append(r)
    assert [r["status"] for r in by_game[("b0x", "5")]] == ["running"] * 2
    assert [r["status"] for r in by_game[("b0x", "6")]] == ["abandoned"] * 4
    assert all(r["winner"] == "" and r["stage2"] == "" for r in by_game[("b0x", "6")])
    assert len(rows) == sum(len(replayed(ev).players) for _, _, ev in FINISHED) + 2 + 4
    assert code == 1


# ---- JSON ------------------------------------------------------------------------------------

def test_json_round_trips_with_the_stored_events(db, capsys):
    code, out, _ = export(capsys, "--db", db, "--format", "json")
    games = json.loads(out)
    assert [(g["device"], g["gid"]) for g in games] == [(d, n) for d, n, _ in FINISHED]
    lib = Library(db)
    for g in games:
        stored = lib.events(g["device"], g["gid"])
        assert g["events"] == stored
        assert g["id"] == "%s:%d" % (g["device"], g["gid"])
        game = replayed(g["events"])
        assert g["totals"] == game.totals()
        assert g["players"] == game.players and g["ludwig"] == game.ludwig
        assert g["winners"] == [game.players[p] for p in game.outcome.winners]
        assert g["tiebreak"] == game.outcome.tiebreak and g["finished"] is True
        assert [[p["total"] for p in s["players"]] for s in g["scores"]] == \
            [[row[4] for row in rows] for rows in game.scores]
        assert [[(p["areas"], p["large"], p["small"], p["construction"]) for p in s["players"]]
                for s in g["scores"]] == [[tuple(r[:4]) for r in rows] for rows in game.scores]
    lib.close()
    # The undo the table made is kept: the export is the journal, not a cleaned-up copy.
    assert {"e": "undo"} in games[0]["events"]
    assert out == json.dumps(games, sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def test_json_is_the_same_whatever_order_the_games_were_synced_in(tmp_path, capsys):
    first = _db(tmp_path / "a.sqlite")
    second = _db(tmp_path / "b.sqlite", order=-1)
    _, a, _ = export(capsys, "--db", first, "--format", "json", "--all")
    _, b, _ = export(capsys, "--db", second, "--format", "json", "--all")
    assert a == b
    assert [(g["id"], g["status"]) for g in json.loads(a)] == [
        ("b0x:1", "over"), ("b0x:2", "over"), ("b0x:3", "over"), ("b0x:4", "over"),
        ("b0x:5", "running"), ("b0x:6", "abandoned"), ("c1a:1", "over")]


def test_one_game_by_id_and_running_games_need_all(db, capsys):
    code, out, _ = export(capsys, "--db", db, "--game", "b0x:4")
    assert code == 0 and [g["id"] for g in json.loads(out)] == ["b0x:4"]
    code, out, err = export(capsys, "--db", db, "--game", "b0x:5")
    assert code == 2 and out == "" and "not over" in err and "--all" in err
    code, out, _ = export(capsys, "--db", db, "--game", "b0x:5", "--all")
    assert code == 0 and json.loads(out)[0]["status"] == "running"


def test_a_game_is_named_as_show_and_replay_name_it(db, capsys):
    # One way to name a game everywhere (issue 9): the row number of `lenotre games` (here
    # the sync order: c1a:1 is the fifth), or BOX:GAME with any unique start of the box id.
    for name in ("5", "c1a:1", "c:1", "c1:1"):
        code, out, err = export(capsys, "--db", db, "--game", name)
        assert code == 0 and [g["id"] for g in json.loads(out)] == ["c1a:1"], (name, err)
    assert [g["id"] for g in json.loads(export(capsys, "--db", db, "--game", "b:4")[1])] == [
        "b0x:4"]
    code, out, err = export(capsys, "--db", db, "--game", "last")
    assert code == 2 and out == ""
    assert "row number in `lenotre games` (3), or BOX:GAME" in err and "bd97:3" in err
    assert "no game 9: the library has 8" in export(capsys, "--db", db, "--game", "9")[2]


# ---- BG Stats --------------------------------------------------------------------------------

def plays(capsys, db, *extra):
    code, out, err = export(capsys, "--db", db, "--format", "bgstats", *extra)
    return code, json.loads(out), err


def test_bgstats_every_field_and_ludwig_as_an_anonymous_automa(db, capsys):
    _, result, _ = plays(capsys, db)
    assert len(result) == len(FINISHED)
    for play, (device, gid, events) in zip(result, FINISHED):
        g = replayed(events)
        assert all(k in play for k in REQUIRED)
        assert play["sourceName"] == "Le Nôtre"
        assert play["sourcePlayId"] == "lenotre-%s-%d" % (device, gid)
        assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
        assert play["playDate"] == L.SYNCED
        assert all(k in play["game"] for k in GAME_FIELDS)
        assert play["game"]["name"] == "Die Gärten von Versailles"
        assert play["game"]["highestWins"] is True and play["game"]["noPoints"] is False
        assert play["game"]["sourceGameId"] == "versailles"
        for p in play["players"]:
            assert all(k in p for k in PLAYER_FIELDS)
            assert isinstance(p["winner"], bool) and isinstance(p["startPlayer"], bool)
        # no clock, no location given: BG Stats gets neither a duration nor a place
        assert "durationMin" not in play and "location" not in play
        humans = [p for p in play["players"] if p["role"] != "Automa"]
        # nobody from a roster here: every seat a guest, anonymous, under its colour
        assert [p["name"] for p in humans] == [p["role"] for p in humans] == g.players
        assert all(p["isAnonymous"] is True and "sourcePlayerId" not in p for p in humans)
        assert [p["score"] for p in humans] == g.totals()
        bots = [p for p in play["players"] if p["role"] == "Automa"]
        if len(g.players) == 2:
            assert bots == [{"name": "Ludwig", "role": "Automa", "isAnonymous": True,
                             "startPlayer": False, "winner": False}]
        else:
            assert bots == [] and "Ludwig" not in [p["name"] for p in play["players"]]


def test_bgsplay_makes_each_guest_seat_its_own_player_named_by_its_colour(db, capsys,
                                                                          tmp_path):
    # Nobody from a roster here: every seat a guest. One shared "Guest" listed the same player
    # two to five times in a play; each guest colour is its own anonymous player now.
    path = tmp_path / "lenotre.bgsplay"
    export(capsys, "--db", db, "--format", "bgsplay", "--out", str(path))  # 1: b0x:7 broken
    book = json.loads(path.read_text(encoding="utf-8"))
    players = {p["id"]: p for p in book["players"]}
    for play in book["plays"]:
        refs = [s["playerRefId"] for s in play["playerScores"]]
        assert len(set(refs)) == len(refs), play["playerScores"]
        for s in play["playerScores"]:
            if s["role"] != "Automa":
                assert players[s["playerRefId"]]["name"] == s["role"]
                assert players[s["playerRefId"]]["isAnonymous"] is True
    assert "Guest" not in [p["name"] for p in players.values()]


def test_bgstats_winners_and_ranks_including_a_shared_victory(db, capsys):
    _, result, _ = plays(capsys, db)
    by_id = {p["sourcePlayId"]: p for p in result}
    shared = by_id["lenotre-b0x-3"]["players"]
    assert [(p["name"], p.get("rank"), p["winner"]) for p in shared] == \
        [("Orange", 1, True), ("Purple", 1, True), ("Ludwig", None, False)]
    assert "Shared victory" in by_id["lenotre-b0x-3"]["comments"]
    largest = by_id["lenotre-b0x-4"]["players"]
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in largest] == \
        [("Orange", 10, 2, False), ("Purple", 10, 1, True), ("Cyan", 5, 3, False)]
    five = replayed(FIVE)
    ranks = [p["rank"] for p in by_id["lenotre-c1a-1"]["players"]]
    totals = five.totals()
    for p in range(5):  # a higher total never ranks below a lower one
        for q in range(5):
            if totals[p] > totals[q]:
                assert ranks[p] < ranks[q]


def test_bgstats_ids_are_stable_across_exports_and_sync_order(tmp_path, capsys):
    _, a, _ = plays(capsys, _db(tmp_path / "a.sqlite"))
    _, again, _ = plays(capsys, _db(tmp_path / "a2.sqlite"))
    _, b, _ = plays(capsys, _db(tmp_path / "b.sqlite", order=-1))
    assert [p["sourcePlayId"] for p in a] == [p["sourcePlayId"] for p in again] == \
        [p["sourcePlayId"] for p in b]
    assert len({p["sourcePlayId"] for p in a}) == len(a)
    assert a == b


def test_bgstats_links_decode_to_the_same_plays(db, capsys):
    _, result, _ = plays(capsys, db)
    code, out, _ = export(capsys, "--db", db, "--format", "bgstats", "--links")
    links = out.splitlines()
    assert len(links) == len(result)
    for link, play in zip(links, result):
        assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
        data = link.split("?data=", 1)[1]
        assert re.fullmatch(r"[A-Za-z0-9%._~-]+", data)  # nothing left unescaped
        assert json.loads(unquote(data)) == play


def test_bgstats_to_a_file_prints_the_links(db, capsys, tmp_path):
    path = tmp_path / "plays.json"
    code, out, _ = export(capsys, "--db", db, "--format", "bgstats", "--out", str(path))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert [json.loads(unquote(link.split("?data=", 1)[1])) for link in out.splitlines()] == saved
    assert code == 1  # the broken game still counts


def test_bgstats_leaves_out_unfinished_games_and_refuses_one_by_name(db, capsys):
    _, result, _ = plays(capsys, db, "--all")
    assert len(result) == len(FINISHED)
    code, out, err = export(capsys, "--db", db, "--format", "bgstats", "--game", "b0x:6",
                            "--all")
    assert code == 2 and out == "" and "finished plays only" in err


def test_bgstats_play_date_of_a_game_never_marked_synced_is_the_export_time(tmp_path):
    lib = Library(str(tmp_path / "g.sqlite"))
    L.add(lib, "d", 1, SHARED, synced_at=None)
    from lenotre.library import played
    games, _ = played.load(lib)
    assert bgstats.payload(games[0], now=0)["playDate"] == "1970-01-01 00:00:00"
    lib.close()


def test_bgstats_game_id_only_once_confirmed(db, capsys, monkeypatch):
    _, result, _ = plays(capsys, db)
    versailles = adapter("versailles")
    assert versailles.BGG_ID is None and "bggId" not in result[0]["game"]
    monkeypatch.setattr(versailles, "BGG_ID", 123456)
    _, result, _ = plays(capsys, db)
    assert result[0]["game"]["bggId"] == 123456


# ---- errors and the empty library ------------------------------------------------------------

def test_empty_library_gives_empty_output_and_says_so(tmp_path, capsys):
    path = str(tmp_path / "empty.sqlite")
    Library(path).close()
    code, out, err = export(capsys, "--db", path, "--format", "json")
    assert (code, json.loads(out)) == (0, []) and "no finished games" in err
    code, out, _ = export(capsys, "--db", path, "--format", "csv")
    assert code == 0 and out.splitlines() == [out.splitlines()[0]] and out.startswith("device,")


@pytest.mark.parametrize("args, message", [
    (["--game", "nocolon"], "row number in `lenotre games`"),
    (["--game", "b0x:99"], "no game b0x:99"),
    (["--format", "csv", "--links"], "--links goes with --format bgstats"),
])
def test_bad_input_exits_2_with_one_line(db, capsys, args, message):
    code, out, err = export(capsys, "--db", db, *args)
    assert code == 2 and out == ""
    assert err.startswith("lenotre export: error: ") and message in err


def test_a_missing_database_is_not_created(tmp_path, capsys):
    path = tmp_path / "nowhere" / "games.sqlite"
    code, out, err = export(capsys, "--db", str(path))
    assert code == 2 and "no library at" in err and "lenotre sync" in err
    assert not os.path.exists(path) and not os.path.exists(path.parent)


def test_a_big_librarys_replay_shows_a_bar_on_a_terminal(db):
    # Issue 23: `report` and `export` of a big library showed nothing while they replayed it
    import io
    from lenotre.library import played
    from lenotre.library.db import Library
    from lenotre.progress import Progress

    class Tty(io.StringIO):
        def isatty(self):
            return True
    tty = Tty()
    lib = Library(db, create=False)
    games, _ = played.load(lib, include_unfinished=True,
                           progress=Progress(tty, label="report", unit="games"))
    rows = len(lib.games())
    lib.close()
    shown = tty.getvalue()
    assert "\rreport [%s] 100%%  %d games  " % ("#" * 30, rows) in shown
    assert shown.endswith("\r")  # the line cleared for what the command prints next
    quiet = io.StringIO()  # a pipe: nothing
    lib = Library(db, create=False)
    played.load(lib, progress=Progress(quiet, unit="games"))
    lib.close()
    assert quiet.getvalue() == ""

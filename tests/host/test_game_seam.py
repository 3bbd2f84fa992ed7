# The desktop's side of the seam (issue #11): a game the desktop was not written for - the
# toy game of toy_host.py, with an adapter that gives only its names - is synced into the
# library from the journal the box's own record format makes, then shown, replayed,
# exported (CSV, JSON, BG Stats) and charted beside Versailles games. A game this lenotre
# does not know (a newer box's) is named with the games it knows, and its journal is kept.
import binascii
import csv
import io
import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import store  # firmware/store.py: the box's record format (firmware/ is on sys.path)

import librarygames as L
import toy_host as toygame
from lenotre.library import bgstats, export, played, report
from lenotre.cli import main
from lenotre.library.db import Library
from lenotre.games import UnknownGame, adapter, names
from shared_rules.codec import encode

BOX = "a11ce0fb0b5eed00"
T0 = 1773000000  # 2026-03-08, the box's clock when the toy games start
# Orange (Ann) plants 3 + 1, Purple 1 + 1 + 1: 6 points each (4 + 2 plantings, 3 + 3), a
# tie that Orange's fewer plantings win
TIED = [toygame.setup(["Orange", "Purple"], t=T0, people=["Ann", None]),
        {"e": "plant", "p": 0, "n": 3}, {"e": "plant", "p": 1, "n": 1},
        {"e": "plant", "p": 0, "n": 2}, {"e": "undo"}, {"e": "plant", "p": 0, "n": 1},
        {"e": "plant", "p": 1, "n": 1}, {"e": "plant", "p": 1, "n": 1},
        {"e": "harvest", "t": T0 + 600}]
# Orange 3 + 1 = 4, Purple 2 + 1 = 3, Cyan 1 + 1 = 2: Orange wins outright
PLAIN = [toygame.setup(["Orange", "Purple", "Cyan"], t=T0 + 86400),
         {"e": "plant", "p": 0, "n": 3}, {"e": "plant", "p": 1, "n": 2},
         {"e": "plant", "p": 2, "n": 1}, {"e": "harvest", "t": T0 + 86400 + 300}]
RUNNING = [toygame.setup(["Lime"], t=T0 + 2 * 86400), {"e": "plant", "p": 0, "n": 2}]


@pytest.fixture
def toy(monkeypatch):
    toygame.install(monkeypatch)


def sync(lib, gid, events, closed=True, frame=37):
    # The journal as the box writes it, stored as a sync stores it: frame by frame at the
    # offsets the library asks for (a frame may end inside a record)
    data = L.journal(events, closed)
    while lib.received(BOX, gid) < len(data):
        at = lib.received(BOX, gid)
        lib.add(BOX, gid, at, data[at:at + frame])
    return data


def library(path, *games):
    lib = Library(str(path))
    sync(lib, 1, L.simulated(31, 2))  # a Versailles game with Ludwig beside the toys
    for gid, (events, closed) in enumerate(games, 2):
        sync(lib, gid, events, closed)
    return lib


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_toy_journal_is_stored_and_read_back_as_the_box_wrote_it(toy, tmp_path):
    lib = library(tmp_path / "g.sqlite", (TIED, True), (RUNNING, False))
    assert lib.kinds() == {(BOX, 1): "versailles", (BOX, 2): "seedlings", (BOX, 3): "seedlings"}
    assert lib.journal(BOX, 2) == L.journal(TIED)
    assert lib.events(BOX, 2) == TIED  # every event, the undo and the clock included
    assert [r[2] for r in lib.games()] == [1, 1, 0]  # the end record closed the first two


def test_the_toy_game_is_shown_and_replayed_through_its_adapter(toy, tmp_path, capsys):
    path = str(tmp_path / "g.sqlite")
    library(path, (TIED, True), (RUNNING, False)).close()
    code, out, _ = run(capsys, "show", "%s:2" % BOX, "--db", path)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Game %s:2: Seedlings, 2 players" % BOX
    assert "players: Orange, Purple" in lines and "  plant {\"n\":3,\"p\":0}" in lines
    assert "  undo" in lines
    assert "Winner: Orange with 6 (Tie at 6 points; fewer plantings)" in lines
    code, out, _ = run(capsys, "replay", "%s:2" % BOX, "--db", path)
    assert code == 0 and out.startswith("%s:2: 9 events, 7 events replayed" % BOX)
    assert "no difference" in out and "draw" not in out
    code, out, _ = run(capsys, "games", "--db", path)
    [toy_row] = [line for line in out.splitlines() if "%s:2" % BOX in line]
    assert "Ann, Purple" in toy_row and "finished" in toy_row and "Ann 6" in toy_row
    [running] = [line for line in out.splitlines() if "%s:3" % BOX in line]
    assert "planting" in running


def test_the_toy_is_placed_by_its_own_outcome(toy, tmp_path):
    lib = library(tmp_path / "g.sqlite", (TIED, True), (PLAIN, True))
    games = {g.gid: g for g in played.load(lib)[0]}
    tied, plain = games[2], games[3]
    assert tied.kind == "seedlings" and tied.finished and tied.totals() == [6, 6]
    assert tied.winners() == ["Orange"] and tied.tiebreak() and tied.ranks() == [1, 2]
    assert plain.ranks() == [1, 2, 3] and not plain.tiebreak()
    assert (tied.started, tied.ended, tied.duration_min) == (T0, T0 + 600, 10)
    assert tied.people == ["Ann", None] and tied.bot is None and not tied.ludwig


def test_a_mixed_library_exports_every_game_with_its_own_columns(toy, tmp_path):
    lib = library(tmp_path / "g.sqlite", (TIED, True), (PLAIN, True), (RUNNING, False))
    games, problems = played.load(lib, include_unfinished=True)
    assert problems == []
    out = io.StringIO()
    export.write_csv(games, out)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    header = out.getvalue().splitlines()[0].split(",")
    # Versailles's columns as before, then what the toy adds: its kind and its parts
    assert header[:3] == ["device", "game", "date"] and header[-3:] == ["kind", "seedling",
                                                                          "planting"]
    versailles = [r for r in rows if r["game"] == "1"]
    assert {r["kind"] for r in versailles} == {"versailles"} and versailles[0]["stage1"]
    ann, bob = [r for r in rows if r["game"] == "2"]
    assert (ann["kind"], ann["total"], ann["rank"], ann["winner"], ann["tiebreak"],
            ann["seedling"], ann["planting"], ann["stage1"], ann["person"]) == \
        ("seedlings", "6", "1", "1", "1", "4", "2", "", "Ann")
    assert (bob["rank"], bob["winner"], bob["person"]) == ("2", "0", "")
    [lime] = [r for r in rows if r["game"] == "4"]
    assert (lime["status"], lime["total"], lime["rank"], lime["winner"]) == \
        ("running", "3", "", "")
    out = io.StringIO()
    export.write_json(games, out)
    data = {g["gid"]: g for g in json.loads(out.getvalue())}
    assert data[1]["game"] == "versailles" and "scores" in data[1]
    assert data[2]["game"] == "seedlings" and data[2]["events"] == TIED
    assert data[2]["scoreboard"] == {"parts": ["seedling", "planting"],
                                     "rows": [[4, 2], [3, 3]]}
    assert (data[2]["totals"], data[2]["ranks"], data[2]["winners"]) == \
        ([6, 6], [1, 2], ["Orange"])


def test_a_toy_play_goes_to_bg_stats_under_its_own_name(toy, tmp_path):
    lib = library(tmp_path / "g.sqlite", (TIED, True), (PLAIN, True), (RUNNING, False))
    games, _ = played.load(lib, include_unfinished=True)
    plays = {p["sourcePlayId"]: p for p in export.bgstats_plays(games)}
    assert len(plays) == 3  # the running toy game is no play yet
    tied = plays["lenotre-%s-2" % BOX]
    assert tied["game"] == {"name": "Seedlings", "highestWins": True, "noPoints": False,
                            "sourceGameId": "seedlings"}
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in tied["players"]] == \
        [("Ann", 6, 1, True), ("Purple", 6, 2, False)]
    assert tied["durationMin"] == 10 and tied["playDate"] == "2026-03-08 20:10:00"
    assert "Ann (Orange) 6; Purple 6." in tied["comments"]
    assert "Tied on points; the tie-break decided." in tied["comments"]
    assert bgstats.link(tied).startswith(bgstats.CREATE_PLAY)
    ludwig = plays["lenotre-%s-1" % BOX]  # Versailles as before: Ludwig the automa
    assert ludwig["game"]["sourceGameId"] == "versailles" and \
        ludwig["players"][-1]["role"] == bgstats.LUDWIG_ROLE
    book = bgstats.import_file(games)
    assert [(g["id"], g["name"]) for g in book["games"]] == \
        [(1, "Die Gärten von Versailles"), (2, "Seedlings")]
    assert [p["gameRefId"] for p in book["plays"]] == [1, 2, 2]
    assert "Die Gärten von Versailles and Seedlings" in book["about"]


def test_the_report_charts_and_pages_the_toy_games(toy, tmp_path):
    lib = library(tmp_path / "g.sqlite", (TIED, True), (PLAIN, True), (RUNNING, False))
    games, _ = played.load(lib, include_unfinished=True)
    out = tmp_path / "report"
    written = report.write(games, str(out), 20)
    assert str(out / "over-time.png") in written and str(out / "ludwig.png") in written
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Seedlings" in index and "Die Gärten von Versailles" in index
    assert "<td>Seedlings</td><td class=\"n\">2</td>" in index  # per game: title, players
    page = (out / "game" / ("%s-2.html" % BOX)).read_text(encoding="utf-8")
    assert "Seedlings" in page and "Ann (tie-break)" in page
    assert '<th class="n">seedling</th><th class="n">planting</th>' in page
    assert '<td>Ann (Orange)</td><td class="n">4</td><td class="n">2</td>' \
           '<td class="n">6</td><td class="n">1</td>' in page
    running = (out / "game" / ("%s-4.html" % BOX)).read_text(encoding="utf-8")
    assert "Still running" in running and "planting" in running


def test_a_report_of_toy_games_alone_has_no_versailles_part(toy, tmp_path):
    lib = Library(str(tmp_path / "g.sqlite"))
    sync(lib, 2, TIED)
    sync(lib, 3, PLAIN)
    games, _ = played.load(lib)
    out = tmp_path / "report"
    out.mkdir()
    (out / "ludwig.png").write_bytes(b"a chart of an earlier report")
    written = report.write(games, str(out), 20)
    assert sorted(os.listdir(out)) == ["game", "index.html", "list-1.html", "over-time.png",
                                       "report.css"]  # the stale Ludwig chart is gone
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "Ludwig" not in index and "<th>held</th>" not in index  # no game running
    assert len(written) == 2 + 1 + 1 + 1 + 1  # 2 game pages, css, list, chart, index


# ---- a game this lenotre does not know --------------------------------------------------

def _record(value):
    # A record of the box's format (journal.py: JSON, "*", CRC32 of the JSON, newline) of a
    # packed kind whose code this lenotre's record table does not have: a newer box's game
    text = encode(value).encode()
    return text + b"*%08x\n" % (binascii.crc32(text) & 0xFFFFFFFF)


NEWER = (store.record({"e": "setup", "game": "rosengarten", "players": ["Orange", "Cyan"],
                       "seed": 9}) + _record(["Z", 0, [1, 2]]) + _record(["Z", 1, [3]])
         + store.END)


def test_a_newer_boxs_game_is_stored_whole_and_named_as_unknown(tmp_path, capsys):
    path = str(tmp_path / "g.sqlite")
    lib = library(path)
    assert lib.add(BOX, 7, 0, NEWER[:50]) + lib.add(BOX, 7, 50, NEWER[50:]) == 3
    assert lib.journal(BOX, 7) == NEWER and lib.kinds()[BOX, 7] == "rosengarten"
    assert lib.events(BOX, 7)[1:] == [["Z", 0, [1, 2]], ["Z", 1, [3]]]  # kept as written
    lib.close()
    code, out, err = run(capsys, "show", "%s:7" % BOX, "--db", path)
    assert code == 2 and "'rosengarten'" in err and "it knows: " in err and "versailles" in err
    assert "journal is kept" in err and "update lenotre" in err and "Traceback" not in err
    code, out, err = run(capsys, "replay", "%s:7" % BOX, "--db", path)
    assert code == 2 and "'rosengarten'" in err
    code, out, _ = run(capsys, "games", "--db", path)
    assert "a game of 'rosengarten': not known here" in out
    code, out, err = run(capsys, "export", "--db", path, "--format", "json")
    assert code == 1 and [g["gid"] for g in json.loads(out)] == [1]
    assert "skipped game %s:7" % BOX in err and "rosengarten" in err
    code, out, _ = run(capsys, "library", "check", "--db", path)
    assert code == 0 and "is sound: 2 games" in out


def test_a_game_stored_before_lenotre_knew_it_shows_once_it_does(tmp_path, monkeypatch):
    lib = library(tmp_path / "g.sqlite", (TIED, True))
    with pytest.raises(UnknownGame) as exc:
        adapter("seedlings")
    assert "'seedlings'" in str(exc.value) and "versailles" in str(exc.value)
    games, problems = played.load(lib)
    assert [g.gid for g in games] == [1] and problems[0][0] == "%s:2" % BOX
    toygame.install(monkeypatch)  # lenotre updated: the game stored then is all there
    games, problems = played.load(lib)
    assert problems == [] and [(g.gid, g.kind) for g in games] == [(1, "versailles"),
                                                                     (2, "seedlings")]
    assert games[1].winners() == ["Orange"]


# ---- properties -----------------------------------------------------------------------------

PLANT = st.fixed_dictionaries({"e": st.just("plant"), "p": st.integers(-1, 4),
                               "n": st.integers(0, 4)})
EVENT = st.one_of(PLANT, st.just({"e": "undo"}), st.just({"e": "harvest"}),
                  st.just({"e": "weed"}))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(players=st.integers(1, 4), events=st.lists(EVENT, max_size=12),
       frame=st.integers(1, 90))
def test_any_toy_journal_is_stored_whole_and_replays_or_is_named(toy, tmp_path_factory,
                                                                  players, events, frame):
    # Whatever the box journaled (events the rules refuse too), cut into frames of any size:
    # the library holds it byte for byte, and loading it gives the game the rules core makes
    # of it or says why not, never anything else.
    log = [toygame.setup(["P%d" % i for i in range(players)])] + events
    lib = Library(str(tmp_path_factory.mktemp("lib") / "g.sqlite"))
    data = sync(lib, 2, log, frame=frame)
    assert lib.journal(BOX, 2) == data and lib.events(BOX, 2) == log
    assert lib.kinds() == {(BOX, 2): "seedlings"}
    games, problems = played.load(lib, include_unfinished=True)
    try:
        expected = toygame.Game.replay(log)
    except Exception as exc:  # the first event the rules refuse: named, not guessed at
        assert games == [] and type(exc).__name__ in problems[0][1]
    else:
        [g] = games
        assert g.totals() == expected.totals() and g.finished == (expected.outcome is not None)
        if g.finished:
            ranks = g.ranks()
            # the winners, and they alone, are first; the others by points
            assert [p for p in range(players) if ranks[p] == 1] == expected.outcome.winners
            others = [p for p in range(players) if ranks[p] > 1]
            for a in others:
                for b in others:
                    assert (ranks[a] < ranks[b]) == (g.totals()[a] > g.totals()[b])
    lib.close()


# ---- the game named everywhere (issue 23) ---------------------------------------------------

def test_games_export_and_report_name_each_game_and_filter_by_it(toy, tmp_path, capsys):
    lib = library(tmp_path / "g.sqlite", (TIED, True), (PLAIN, True), (RUNNING, False))
    lib.close()
    path = str(tmp_path / "g.sqlite")
    code, out, _ = run(capsys, "games", "--db", path)
    rows = out.splitlines()[1:]
    assert code == 0 and [r.split()[2] for r in rows] == ["Versailles"] + ["Seedlings"] * 3
    # one kind: the rows keep the whole list's numbers (show and replay take them)
    code, out, _ = run(capsys, "games", "--db", path, "--game", "seedlings")
    assert [r.split()[0] for r in out.splitlines()[1:]] == ["2", "3", "4"]
    code, out, _ = run(capsys, "games", "--db", path, "--game", "versailles")
    assert [r.split()[:3] for r in out.splitlines()[1:]] == [["1", BOX + ":1", "Versailles"]]
    with pytest.raises(SystemExit) as stop:  # argparse's refusal, as for any bad option
        run(capsys, "games", "--db", path, "--game", "chess")
    assert stop.value.code == 2 and "invalid choice: 'chess'" in capsys.readouterr().err
    # export: a kind's name where a game ID goes
    code, out, _ = run(capsys, "export", "--db", path, "--format", "json", "--game",
                       "seedlings")
    assert code == 0 and [g["gid"] for g in json.loads(out)] == [2, 3]  # finished only
    code, out, _ = run(capsys, "export", "--db", path, "--format", "json", "--game", "2")
    assert [g["gid"] for g in json.loads(out)] == [2]  # a row number, as before
    # report: each list row says which game; people per game, never averaged across games
    out_dir = tmp_path / "report"
    assert run(capsys, "report", "--db", path, "--out", str(out_dir))[0] == 0
    index = (out_dir / "index.html").read_text(encoding="utf-8")
    assert "<h3>Die Gärten von Versailles</h3>" in index and "<h3>Seedlings</h3>" in index
    listed = (out_dir / "list-1.html").read_text(encoding="utf-8")
    assert listed.count("<td>Seedlings</td>") == 3
    assert listed.count("<td>Die Gärten von Versailles</td>") == 1
    only = tmp_path / "versailles"
    assert run(capsys, "report", "--db", path, "--out", str(only), "--game", "versailles")[0] == 0
    assert sorted(os.listdir(only / "game")) == ["%s-1.html" % BOX]

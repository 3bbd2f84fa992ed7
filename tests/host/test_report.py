# `lenotre report` (docs/CLI.md): PNG charts and one HTML page from a real Library, and the
# numbers behind the charts checked against the replayed games.
import os
import re

import pytest

import librarygames as L
from lenotre import charts, played
from lenotre.cli import main
from lenotre.db import Library
from shared_rules.versailles.game import Game

PNG = b"\x89PNG\r\n\x1a\n"
ODD = "<b>A&B</b>"  # a name that is markup: the page must show it, not obey it
TEX = "$x_$"  # a name that would be bad mathtext: the charts must print it as it is
TWO = L.simulated(21, 2)
THREE = L.simulated(22, 3, names=[ODD, TEX, "Cyan"])
SHARED = L.shared_victory()
LARGEST = L.decided_by_largest_area()


@pytest.fixture
def db(tmp_path):
    return L.library(tmp_path / "games.sqlite", [
        ("b0x", 1, TWO, True), ("b0x", 2, THREE, True), ("b0x", 3, SHARED, True),
        ("b0x", 4, LARGEST, True), ("b0x", 5, L.running(), False)])


def report(capsys, *args):
    code = main(["report"] + list(args))
    out, err = capsys.readouterr()
    return code, out, err


def games_of(path):
    lib = Library(path)
    games, _ = played.load(lib)
    lib.close()
    return {g.id: g for g in games}


def test_report_writes_pngs_and_a_page_that_shows_them(db, tmp_path, capsys):
    out_dir = tmp_path / "report"
    code, out, err = report(capsys, "--db", db, "--out", str(out_dir))
    assert code == 0 and "index.html" in out
    names = sorted(os.listdir(out_dir))
    expected = ["index.html", "ludwig.png"] + ["%s-b0x-%d.png" % (kind, n)
                                               for kind in ("scores", "tokens")
                                               for n in (1, 2, 3, 4)]
    assert names == sorted(expected)  # the running game b0x:5 has no charts
    for name in names:
        if name.endswith(".png"):
            data = (out_dir / name).read_bytes()
            assert data.startswith(PNG) and len(data) > 10000
            assert b"Software" not in data and b"tIME" not in data
    page = (out_dir / "index.html").read_text(encoding="utf-8")
    shown = re.findall(r'<img src="([^"]+)"', page)
    assert sorted(shown) == sorted(n for n in names if n.endswith(".png"))
    assert all(not os.path.isabs(src) for src in shown)


def test_the_page_escapes_names_and_lists_every_finished_game(db, tmp_path, capsys):
    report(capsys, "--db", db, "--out", str(tmp_path / "r"))
    page = (tmp_path / "r" / "index.html").read_text(encoding="utf-8")
    assert ODD not in page and "&lt;b&gt;A&amp;B&lt;/b&gt;" in page and TEX in page
    rows = re.findall(r"<tr><td>(b0x:\d+)</td>", page)
    assert rows == ["b0x:1", "b0x:2", "b0x:3", "b0x:4"]
    assert "shared: Orange, Purple" in page and "Purple (largest area)" in page
    assert "Orange 10, Purple 10, Cyan 5" in page


def test_the_report_is_the_same_bytes_twice(db, tmp_path, capsys):
    report(capsys, "--db", db, "--out", str(tmp_path / "a"))
    report(capsys, "--db", db, "--out", str(tmp_path / "b"))
    for name in os.listdir(tmp_path / "a"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_last_limits_the_games_with_their_own_charts(db, tmp_path, capsys):
    code, _, _ = report(capsys, "--db", db, "--out", str(tmp_path / "r"), "--last", "1")
    assert code == 0
    assert sorted(os.listdir(tmp_path / "r")) == ["index.html", "ludwig.png",
                                                  "scores-b0x-4.png", "tokens-b0x-4.png"]
    code, _, err = report(capsys, "--db", db, "--out", str(tmp_path / "s"), "--last", "-1")
    assert code == 2 and "--last" in err


def test_no_ludwig_chart_without_a_two_player_game(tmp_path, capsys):
    db = L.library(tmp_path / "g.sqlite", [("b0x", 1, LARGEST, True)])
    report(capsys, "--db", db, "--out", str(tmp_path / "r"))
    assert "ludwig.png" not in os.listdir(tmp_path / "r")
    assert "Ludwig plays only with two" in (tmp_path / "r" / "index.html").read_text()


def test_an_empty_library_writes_nothing_and_says_so(tmp_path, capsys):
    path = str(tmp_path / "empty.sqlite")
    Library(path).close()
    code, out, err = report(capsys, "--db", path, "--out", str(tmp_path / "r"))
    assert code == 0 and "no finished games" in err and out == ""
    assert not os.path.exists(tmp_path / "r")


def test_a_game_that_does_not_replay_is_named_and_left_out(tmp_path, capsys):
    broken = [{"e": "setup", "game": "versailles", "players": ["Orange", "Purple"], "seed": 1},
              {"e": "score", "stage": 2}]
    db = L.library(tmp_path / "g.sqlite", [("b0x", 1, SHARED, True), ("b0x", 2, broken, True)])
    code, _, err = report(capsys, "--db", db, "--out", str(tmp_path / "r"))
    assert code == 1 and "b0x:2" in err
    assert "b0x-2" not in " ".join(os.listdir(tmp_path / "r"))


# ---- the numbers behind the charts -----------------------------------------------------------

def test_running_scores_meet_the_real_scores_at_both_scorings(db):
    for g in games_of(db).values():
        series = charts.running_scores(g)
        for p in range(len(g.players)):
            assert len(series[p]) == 14
            assert series[p][6] == g.game.scores[0][p][4]
            assert series[p][13] == g.totals()[p]


def test_running_scores_count_held_tokens_between_scorings():
    # Round 1 of stage 2: the stage-1 score plus 5 per large token held.
    g = played.Played("d", 1, True, None, TWO, Game.replay([dict(e) for e in TWO]))
    holders, banked = g.by_round()[7]
    series = charts.running_scores(g)
    for p in range(2):
        assert series[p][7] == banked[0][p] + 5 * holders.count(p)
        assert banked[0][p] == g.game.scores[0][p][4]


def test_token_timeline_ends_with_the_final_holders(db):
    for g in games_of(db).values():
        rounds = g.by_round()
        assert len(rounds) == 14 and rounds[-1][0] == list(g.game.holders)


def test_ludwig_stats_count_the_rounds_his_card_was_lower(db):
    g = games_of(db)["b0x:1"]
    rounds = [ev for ev in g.game.events if ev["e"] == "round"]
    beat, first, total = charts.ludwig_stats(g)
    assert total == 14
    assert beat == [sum(1 for ev in rounds if ev["ludwig"] < ev["cards"][p]) for p in (0, 1)]
    assert first == sum(1 for ev in rounds if ev["ludwig"] < min(ev["cards"]))
    # The hand-written game: players show 1 and 2 every round, so Ludwig never goes first.
    assert charts.ludwig_stats(games_of(db)["b0x:3"]) == ([0, 0], 0, 14)


def test_players_are_drawn_in_their_own_colour():
    assert charts.colour("Orange", 3) == (1.0, 80 / 255, 0.0)  # firmware/app/colors.py
    assert charts.colour("Zed", 0) != charts.colour("Zed", 1)  # a name off the palette

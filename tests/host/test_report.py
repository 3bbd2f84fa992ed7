# `lenotre report` (docs/CLI.md): the overview, the list pages and a page per game from a real
# Library; wins and averages checked against hand-worked games; the charts' data.
import calendar
import os
import re
import time

import pytest

import librarygames as L
from lenotre.library import played, report, stats
from lenotre.cli import main
from lenotre.games import versailles as V
from lenotre.games import versailles_charts
from lenotre.library.db import Library
from shared_rules.versailles.game import ROUNDS

PNG = b"\x89PNG\r\n\x1a\n"
ODD = "<b>A&B</b>"  # a name that is markup: the pages must show it, not obey it
TEX = "$x_$"  # a name that would be bad mathtext: the charts must print it as it is
TWO = L.simulated(21, 2)
THREE = L.simulated(22, 3, names=[ODD, TEX, "Cyan"])
SHARED = L.shared_victory()  # Orange 15 (stage 1: 6), Purple 15 (6): both win
LARGEST = L.decided_by_largest_area()  # Orange 10 (4), Purple 10 (4) wins, Cyan 5 (2)


@pytest.fixture
def db(tmp_path):
    return L.library(tmp_path / "games.sqlite", [
        ("b0x", 1, TWO, True), ("b0x", 2, THREE, True), ("b0x", 3, SHARED, True),
        ("b0x", 4, LARGEST, True), ("b0x", 5, L.running(), False)])


@pytest.fixture
def hand_worked(tmp_path):
    # The two hand-written games and a running one: the numbers below are worked by hand.
    return L.library(tmp_path / "hand.sqlite", [
        ("b0x", 1, SHARED, True), ("b0x", 2, LARGEST, True), ("b0x", 3, L.running(), False)])


def report_cmd(capsys, *args):
    code = main(["report"] + list(args))
    out, err = capsys.readouterr()
    return code, out, err


def games_of(path):
    lib = Library(path)
    games, _ = played.load(lib, include_unfinished=True)
    lib.close()
    return {g.id: g for g in games}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def rows(page, heading):
    # The cells of each row of the first table after `heading` (an <h1> or <h2>).
    start = page.index("<table", page.index(heading))
    table = page[start:page.index("</table>", start)]
    cells = [re.findall(r"<td[^>]*>(.*?)</td>", r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>",
                                                                          table)]
    return [c for c in cells if c]


def test_an_overview_list_pages_and_a_page_for_every_game(db, tmp_path, capsys):
    out_dir = tmp_path / "report"
    code, out, err = report_cmd(capsys, "--db", db, "--out", str(out_dir))
    assert code == 0 and "index.html" in out, err
    assert sorted(os.listdir(out_dir)) == ["game", "index.html", "list-1.html", "ludwig.png",
                                           "over-time.png", "report.css"]
    # The running game b0x:5 has its page too.
    assert sorted(os.listdir(out_dir / "game")) == ["b0x-%d.html" % n for n in range(1, 6)]
    for name in ("ludwig.png", "over-time.png"):
        data = (out_dir / name).read_bytes()
        assert data.startswith(PNG) and len(data) > 10000
        assert b"Software" not in data and b"tIME" not in data


def test_every_link_and_image_resolves_to_a_file(db, tmp_path, capsys):
    out_dir = tmp_path / "r"
    report_cmd(capsys, "--db", db, "--out", str(out_dir))
    pages = [str(out_dir / n) for n in os.listdir(out_dir) if n.endswith(".html")]
    pages += [str(out_dir / "game" / n) for n in os.listdir(out_dir / "game")]
    linked = set()
    for page in pages:
        for target in re.findall(r'(?:href|src)="([^"]+)"', read(page)):
            assert not os.path.isabs(target) and "://" not in target, target
            path = os.path.normpath(os.path.join(os.path.dirname(page), target))
            assert os.path.isfile(path), "%s links to missing %s" % (page, target)
            linked.add(path)
    # From the overview, every game's page is one click away (newest list or list page).
    index = read(out_dir / "index.html")
    for n in range(1, 6):
        assert 'href="game/b0x-%d.html"' % n in index
    assert str(out_dir / "ludwig.png") in linked and str(out_dir / "over-time.png") in linked
    # A game's page leads to the games before and after it (same sync time: by number).
    nav = re.findall(r'<a href="([^"]+)">', read(out_dir / "game" / "b0x-3.html"))[:3]
    assert nav == ["../index.html", "b0x-2.html", "b0x-4.html"]


def test_wins_and_averages_per_person_from_hand_worked_games(hand_worked, tmp_path, capsys):
    report_cmd(capsys, "--db", hand_worked, "--out", str(tmp_path / "r"))
    page = read(tmp_path / "r" / "index.html")
    # Orange: 15 (shared win) + 10 = 25 in 2 games; Purple: 15 (shared win) + 10 (win by the
    # largest area); Cyan: 5 in 1. The running game b0x:3 counts for nobody yet.
    # (a box without a roster: every seat a guest, counted per colour)
    assert rows(page, "<h2>People") == [
        ["Orange (guest)", "2", "1", "50%", "12.5", "15", "date unknown"],
        ["Purple (guest)", "2", "2", "100%", "12.5", "15", "date unknown"],
        ["Cyan (guest)", "1", "0", "0%", "5.0", "5", "date unknown"]]
    # Per game: 2 players + Ludwig, 1 game, 15 for both; 3 players, (10 + 10 + 5) / 3.
    kinds = rows(page, "<h2>Per game")
    assert kinds[0][:5] == ["Die Gärten von Versailles", "2 + Ludwig", "1", "15.0", "15.0"]
    assert kinds[0][5].startswith("15, Orange in <a href=\"game/b0x-1.html\">b0x:1</a>")
    assert kinds[1][:5] == ["Die Gärten von Versailles", "3", "1", "8.3", "10.0"]
    # Ludwig: the hand-written game shows cards 1 and 2 every round (stage cards 2r+1, 2r+2),
    # so his card is never lower than a player's: 0 of 14 rounds for each.
    assert rows(page, "<h2>Against Ludwig") == [["Orange", "1", "1", "0 of 14 (0%)", "0 (0%)"],
                                        ["Purple", "1", "1", "0 of 14 (0%)", "0 (0%)"]]


def test_a_person_is_the_roster_name_whatever_the_colour(hand_worked):
    # "Per person" is per roster person: Anna sat Orange in one game and Purple in the other.
    games = sorted(games_of(hand_worked).values(), key=lambda g: g.gid)
    for g, seated in zip(games, (["Anna", "Ben"], ["Cleo", "Anna", "Ben"], ["Anna", "Ben"])):
        g.person_name = g.person_key = seated.__getitem__  # as the roster would name the seats
    tallies = {t.name: (t.games, t.wins, t.average) for t in stats.per_person(games)}
    # Anna: Orange 15 (shared win) and Purple 10 (win); Ben: 15 (shared win) and Cyan 5.
    assert tallies == {"Anna": (2, 2, 12.5), "Ben": (2, 1, 10.0), "Cleo": (1, 0, 10.0)}


def test_a_guest_is_never_counted_with_a_person_of_the_seats_colour(hand_worked):
    # A library from before colour names were refused may hold a person called Orange: the
    # guests who sat Orange are not theirs (issue: 3 games and 2 wins instead of 1 lost game).
    games = sorted(games_of(hand_worked).values(), key=lambda g: g.gid)
    people = (["Orange", None], [None, None, None], [None, None])  # the person Orange: game 1
    for g, seated in zip(games, people):
        g.person_key = seated.__getitem__
        g.person_name = lambda p, g=g, seated=seated: seated[p] or g.players[p]
    tallies = {t.name: (t.games, t.wins, t.guest) for t in stats.per_person(games)}
    assert tallies["Orange"] == (1, 1, None)  # the person: their one game (a shared win)
    assert tallies["Orange (guest)"] == (1, 0, "Orange")  # the guest who sat Orange later
    assert list(tallies)[0] == "Orange" and all(t.guest for t in stats.per_person(games)[1:])


def test_the_running_game_is_on_the_overview_with_its_state(db, tmp_path, capsys):
    report_cmd(capsys, "--db", db, "--out", str(tmp_path / "r"))
    page = read(tmp_path / "r" / "index.html")
    g = games_of(db)["b0x:5"]
    # L.running(): setup and the 7 rounds of stage 1 with a claim or two; areas not reported
    assert g.status == "running" and g.where() == "stage 1 scoring"
    assert (V.large_tokens(g, 0), V.large_tokens(g, 1)) == ([], ["blue"])
    [running] = rows(page, "<h2>Running now")
    assert running[0] == '<a href="game/b0x-5.html">b0x:5</a>'
    assert running[2:6] == ["Orange, Purple + Ludwig", "stage 1 scoring", "Purple: blue",
                            "no scoring yet"]
    assert "1 running" in page
    game_page = read(tmp_path / "r" / "game" / "b0x-5.html")
    assert "Still running" in game_page and "stage 1 scoring" in game_page
    assert "Orange 0 so far" in game_page


def test_known_points_are_steps_at_the_scorings(db):
    for g in games_of(db).values():
        steps = V.known_points(g)
        for p in range(len(g.players)):
            s = steps[p]
            assert len(s) == len(g.game.rounds) + 1
            if g.finished:
                assert s[:ROUNDS] == [0] * ROUNDS
                assert s[ROUNDS:2 * ROUNDS] == [g.game.scores[0][p][4]] * ROUNDS
                assert s[2 * ROUNDS] == g.totals()[p]
            else:
                assert s == [0] * len(s)  # nothing scored yet: nothing known


def test_the_score_line_moves_up_only_at_a_scoring(db):
    # In the drawn SVG: every segment is flat, or vertical at round 7 or 14, never down.
    for g in games_of(db).values():
        svg = versailles_charts.score_svg(g, width=760)
        left, right = 48, 150
        scoring_x = {"%.1f" % (left + (760 - left - right) * r / 14) for r in (7, 14)}
        lines = re.findall(r'<polyline[^>]*points="([^"]+)"', svg)
        assert len(lines) == len(g.players)
        for line in lines:
            pts = [tuple(pt.split(",")) for pt in line.split()]
            for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
                assert y0 == y1 or (x0 == x1 and x0 in scoring_x and float(y1) < float(y0))


def test_the_pages_escape_names(db, tmp_path, capsys):
    report_cmd(capsys, "--db", db, "--out", str(tmp_path / "r"))
    for name in ("index.html", "list-1.html", "game/b0x-2.html"):
        page = read(tmp_path / "r" / name)
        assert ODD not in page and "&lt;b&gt;A&amp;B&lt;/b&gt;" in page and TEX in page, name


def test_the_report_is_the_same_bytes_twice(db, tmp_path, capsys):
    report_cmd(capsys, "--db", db, "--out", str(tmp_path / "a"))
    report_cmd(capsys, "--db", db, "--out", str(tmp_path / "b"))
    for top, _, files in os.walk(tmp_path / "a"):
        for name in files:
            mine = os.path.join(top, name)
            other = mine.replace(str(tmp_path / "a"), str(tmp_path / "b"))
            with open(mine, "rb") as f, open(other, "rb") as g:
                assert f.read() == g.read(), name


def test_last_limits_the_overview_and_the_list_pages_hold_every_game(db, tmp_path, capsys,
                                                                    monkeypatch):
    monkeypatch.setattr(report, "PAGE", 2)
    code, _, _ = report_cmd(capsys, "--db", db, "--out", str(tmp_path / "r"), "--last", "1")
    assert code == 0
    index = read(tmp_path / "r" / "index.html")
    newest = rows(index, "<h2>The newest games")
    assert len(newest) == 1 and "b0x-5" in newest[0][1]  # the running game: synced last
    assert "All 5 games</a> on 3 pages of 2" in index
    listed = []
    for n in (1, 2, 3):
        page = read(tmp_path / "r" / ("list-%d.html" % n))
        listed += [r[1] for r in rows(page, "<h1>All games")]
        assert '<a href="list-%d.html">' % (3 if n == 1 else 1) in page  # the pager
    assert len(listed) == 5 and len(set(listed)) == 5
    code, _, err = report_cmd(capsys, "--db", db, "--out", str(tmp_path / "s"), "--last", "-1")
    assert code == 2 and "--last" in err


def test_games_dated_by_nothing_but_their_sync_say_date_unknown(db, tmp_path, capsys):
    # played before the box's clock was ever set (no dated game on the box to bound them):
    # their first sync is the latest they can have been, and no day is known
    g = games_of(db)["b0x:1"]
    assert (g.when, g.when_estimated) == (1773513000, True)  # 2026-03-14 18:30:00 UTC
    assert stats.date(g) == "date unknown"
    report_cmd(capsys, "--db", db, "--out", str(tmp_path / "r"))
    index = read(tmp_path / "r" / "index.html")
    assert "played from" not in index and "; 4 of unknown date." in index
    assert "played before 2026-03-14 18:30:00 UTC" in read(tmp_path / "r" / "game" / "b0x-1.html")


def test_a_date_from_the_box_clock_has_no_tilde():
    class Clocked(played.Played):
        def __init__(self, ended):  # nothing but the times
            self.started, self.ended, self.after, self.before = None, ended, None, None
            self.first_synced = self.synced_at = None
    assert stats.date(Clocked(1773513000)) == "2026-03-14"
    assert stats.date(Clocked(None)) == "not dated"


class Dated:
    # A finished game as over_time() sees it: a date and nothing else.
    def __init__(self, day):
        self.finished = True
        self.when = calendar.timegm(time.strptime(day, "%Y-%m-%d"))


def test_games_over_time_takes_the_shortest_period_that_fits():
    weeks = [Dated("2026-03-02"), Dated("2026-03-05"), Dated("2026-03-19")]
    period, bins = stats.over_time(weeks)
    # ISO weeks 10 to 12: the empty week 11 is kept as a gap.
    assert period == "week" and [(label, len(gs)) for label, gs in bins] == [
        ("2026-W10", 2), ("2026-W11", 0), ("2026-W12", 1)]
    period, bins = stats.over_time([Dated("2024-11-30"), Dated("2026-01-31")])
    assert period == "month" and len(bins) == 15 and bins[1] == ("2024-12", [])
    period, bins = stats.over_time([Dated("2014-01-07"), Dated("2026-06-20")])
    assert period == "year" and [label for label, _ in bins][:2] == ["2014", "2015"]
    assert len(bins) == 13


def test_short_ids_are_the_shortest_unique_start_of_a_box_id():
    assert played.short_ids(["e6614c31aa", "e6614d00bb", "abcdef12", "b0x"]) == {
        "e6614c31aa": "e6614c", "e6614d00bb": "e6614d", "abcdef12": "abcd", "b0x": "b0x"}


def test_a_short_id_names_the_game_for_show(tmp_path, capsys):
    path = L.library(tmp_path / "g.sqlite", [("e6614c31a1b2c3d4", 3, LARGEST, True)])
    report_cmd(capsys, "--db", path, "--out", str(tmp_path / "r"))
    assert '<a href="game/e6614c31a1b2c3d4-3.html">e661:3</a>' in read(
        tmp_path / "r" / "index.html")
    assert main(["show", "--db", path, "e661:3"]) == 0
    assert "e6614c31a1b2c3d4:3" in capsys.readouterr().out


def test_no_ludwig_chart_without_a_two_player_game(tmp_path, capsys):
    db = L.library(tmp_path / "g.sqlite", [("b0x", 1, LARGEST, True)])
    report_cmd(capsys, "--db", db, "--out", str(tmp_path / "r"))
    assert "ludwig.png" not in os.listdir(tmp_path / "r")
    assert "Ludwig plays only with two" in read(tmp_path / "r" / "index.html")


def test_an_empty_library_writes_nothing_and_says_so(tmp_path, capsys):
    path = str(tmp_path / "empty.sqlite")
    Library(path).close()
    code, out, err = report_cmd(capsys, "--db", path, "--out", str(tmp_path / "r"))
    assert code == 0 and "no games in the database" in err and out == ""
    assert not os.path.exists(tmp_path / "r")


def test_a_game_that_does_not_replay_is_named_and_left_out(tmp_path, capsys):
    broken = [{"e": "setup", "game": "versailles", "players": ["Orange", "Purple"], "seed": 1},
              {"e": "score", "stage": 2}]
    db = L.library(tmp_path / "g.sqlite", [("b0x", 1, SHARED, True), ("b0x", 2, broken, True)])
    code, _, err = report_cmd(capsys, "--db", db, "--out", str(tmp_path / "r"))
    assert code == 1 and "b0x:2" in err
    assert os.listdir(tmp_path / "r" / "game") == ["b0x-1.html"]


def test_1300_games_keep_the_overview_one_screen_of_tables(tmp_path, capsys):
    # A group playing twice a week for 12 years: the overview stays small (the games are on
    # list pages of 100 and a page each). The time it takes is in bench/report.py.
    path = L.weekly_group(tmp_path / "big.sqlite", 1300)
    code, _, err = report_cmd(capsys, "--db", path, "--out", str(tmp_path / "r"))
    assert code == 0, err
    index = read(tmp_path / "r" / "index.html")
    assert len(index.encode()) < 40000
    assert "1301 games: 1300 finished, 1 running" in index
    assert len(rows(index, "<h2>The newest games")) == 20  # the newest, as --last says
    assert "All 1301 games</a> on 14 pages of 100" in index
    assert len(os.listdir(tmp_path / "r" / "game")) == 1301
    assert len(rows(read(tmp_path / "r" / "list-14.html"), "<h1>All games")) == 1


def test_ludwigs_record_counts_the_rounds_his_card_was_lower(db):
    # Over b0x:1 (random cards) and b0x:3 (hand-written: never lower), from the journal's own
    # round events: his card against each player's, and against both.
    games = games_of(db)
    rounds = [ev for ev in games["b0x:1"].game.events if ev["e"] == "round"]
    assert len(rounds) == 14
    records = {r.name: r for r in V.ludwig_record(games.values())}
    assert sorted(records) == ["Orange", "Purple"]  # the seats of the two 2-player games
    for p, name in enumerate(("Orange", "Purple")):
        r = records[name]
        assert (r.games, r.rounds) == (2, 28)
        assert r.before == sum(1 for ev in rounds if ev["ludwig"] < ev["cards"][p])
        assert r.first == sum(1 for ev in rounds if ev["ludwig"] < min(ev["cards"]))
        assert r.wins == (name in games["b0x:1"].winners()) + 1  # b0x:3: a shared victory
    assert 0 < records["Orange"].before < 14  # random cards: neither never nor always


def test_a_second_report_into_the_same_folder_leaves_no_stale_page(tmp_path, capsys):
    out = str(tmp_path / "r")
    first = L.library(tmp_path / "a.sqlite", [("b0x", 1, TWO, True), ("b0x", 2, LARGEST, True)])
    report_cmd(capsys, "--db", first, "--out", out)
    (tmp_path / "r" / "notes.txt").write_text("mine")  # not the report's: stays
    second = L.library(tmp_path / "b.sqlite", [("b0x", 2, LARGEST, True)])
    code, _, _ = report_cmd(capsys, "--db", second, "--out", out)
    assert code == 0
    assert sorted(os.listdir(out)) == ["game", "index.html", "list-1.html", "notes.txt",
                                       "over-time.png", "report.css"]  # no ludwig.png
    assert os.listdir(os.path.join(out, "game")) == ["b0x-2.html"]


def test_each_game_draws_its_players_in_their_colours_and_a_white_pawn_in_grey():
    # Issue 22: a player's colour is the game's (Gardens' flowers, Schlossgarten's pawns); the
    # report draws them in it. A white pawn on white paper would be unseen: it is drawn grey.
    from lenotre.draw.colours import PAPER, colour, seat_colour
    assert colour("Blue", 0) == (0, 60 / 255, 1.0) and colour("Orange", 3)[0] == 1.0
    white = colour("White", 1)
    assert max(white) <= PAPER / 255 and white[0] == white[1] == white[2], white
    assert colour("Sophie", 2) != colour("Sophie", 3)  # not a colour: a spare per seat

    class Seats:
        players = ["Blue", "Red", "Yellow", "White"]
    assert [seat_colour(Seats, p) for p in range(4)] == \
        ["#003cff", "#ff0000", "#ffaa00", "#757575"]

"""Every game dated, every player a person, on the desktop: the sync sets the box's clock and
puts the roster on it (the real firmware/link.py under MicroPython, tests/host/linkrig.py);
`lenotre players`; played.py's dates and people; BG Stats plays and the import file; CSV,
JSON and `show` with them (docs/CLI.md, docs/HOST.md)."""
import calendar
import copy
import csv
import io
import json
import os
import time
import uuid

import pytest

import librarygames as L
import roster as box_roster  # firmware/roster.py
import keptclock  # firmware/keptclock.py
from linkrig import Device, record_games
from lenotre.library import bgstats, played, stats
from lenotre.cli import main
from lenotre.library.db import Library
from lenotre.link.port import Port
from lenotre.library.people import Roster
from lenotre.link.sync import sync
from lenotre.link.syncproto import Proto

START = 1780401600  # 2026-06-02 12:00:00 UTC
END = START + 85 * 60 + 20  # 85 minutes and 20 seconds later


def _sync(flash, db, names=None, code=None):
    dev = Device(flash, **({"code": code} if code else {}))
    port = Port(dev.path, timeout=1.0)
    lib = Library(db)
    try:
        summary = sync(Proto(port, timeout=1.0), lib, roster=names)
    finally:
        port.close()
        lib.close()
        dev.kill()
    return summary


# ---- the sync: clock and roster onto the box -------------------------------------------------

def test_a_sync_sets_the_box_clock_and_puts_the_roster_on_it(tmp_path):
    flash = str(tmp_path / "flash")
    record_games(flash, [(5, 2, None)])
    db = str(tmp_path / "games.sqlite")
    before = int(time.time())
    summary = _sync(flash, db, ["Sophie", "Anna Maria"])
    kept = keptclock.Kept(os.path.join(flash, keptclock.KEPT)).now()
    assert before <= summary.clock <= kept <= int(time.time()) + 1
    assert summary.roster == 2
    assert box_roster.load(os.path.join(flash, "data") + "/") == ["Sophie", "Anna Maria"]
    assert "clock set, 2 people on its roster" in summary.lines(1.0, 0)[0]
    # the library's roster replaces the box's, an empty one too
    assert _sync(flash, db, []).roster == 0
    assert box_roster.load(os.path.join(flash, "data") + "/") == []


OLD_FIRMWARE = """import link
_handle = link._Server.handle
def _old(self, f):
    if f[0] in ("TIME", "ROSTER"):
        self.send("ERR unknown %s" % f[0])
        return True
    return _handle(self, f)
link._Server.handle = _old
link.serve()
"""


def test_a_box_whose_firmware_has_no_clock_still_syncs_and_says_so(tmp_path):
    flash = str(tmp_path / "flash")
    record_games(flash, [(5, 2, None)])
    summary = _sync(flash, str(tmp_path / "g.sqlite"), ["Sophie"], code=OLD_FIRMWARE)
    assert summary.new == 1 and summary.clock is None and summary.roster is None
    assert "the box has no clock (update it with `lenotre flash`" in summary.lines(1.0, 0)[0]


FULL_FLASH = """import roster
def _full(folder, names):
    raise OSError(28)
roster.save = _full
import link
link.serve()
"""


def test_a_box_that_cannot_take_the_roster_still_syncs_and_says_so(tmp_path):
    # a full flash refuses the roster file: the games still come, which is what frees space
    flash = str(tmp_path / "flash")
    record_games(flash, [(5, 2, None)])
    summary = _sync(flash, str(tmp_path / "g.sqlite"), ["Sophie"], code=FULL_FLASH)
    assert summary.new == 1 and not summary.problems and summary.clock is not None
    assert summary.roster is None
    assert [n for n in summary.notes if n.startswith("it kept its old roster (")]


# ---- lenotre players ---------------------------------------------------------------------------

def _cli(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_players_add_list_rename_remove(tmp_path, capsys):
    db = str(tmp_path / "games.sqlite")
    code, out, _ = _cli(capsys, "players", "--db", db, "list")
    assert code == 0 and "no people yet" in out and not os.path.exists(db)  # reading creates none
    for name in ("Sophie", "Jean-Luc", "Anna"):
        assert _cli(capsys, "players", "--db", db, "add", name)[0] == 0
    assert _cli(capsys, "players", "--db", db, "list")[1].splitlines() == \
        ["Sophie", "Jean-Luc", "Anna"]
    code, out, _ = _cli(capsys, "players", "--db", db, "rename", "anna", "Annie")
    assert code == 0 and "Anna is now Annie" in out
    code, out, _ = _cli(capsys, "players", "--db", db, "remove", "Jean-Luc")
    assert code == 0 and "games they played keep them" in out
    assert _cli(capsys, "players", "--db", db, "list")[1].splitlines() == ["Sophie", "Annie"]
    code, out, _ = _cli(capsys, "players", "--db", db, "add", "Jean-Luc")  # the same person
    assert code == 0 and "back on the roster" in out
    assert _cli(capsys, "players", "--db", db, "list")[1].splitlines() == \
        ["Sophie", "Jean-Luc", "Annie"]


@pytest.mark.parametrize("args, message", [
    (["add", "Maximilianeee"], "1 to 12 characters"),
    (["add", "Zo\u00eb"], "the box's screen has no other letters"),
    (["add", "Ludwig"], "the box's own word"),
    (["add", "LUDWIG"], "the box's own word"),
    (["add", "guest"], "the box's own word"),
    (["add", "Orange"], "a seat's colour, the name a guest plays under"),
    (["add", "cyan"], "a seat's colour"),
    (["rename", "Sophie", "SILVER"], "a seat's colour"),
    (["add", "sophie"], "Sophie is on the roster already"),
    (["add", "Anna"], "'Anna' was a name of Annie (renamed)"),
    (["rename", "Nobody", "X"], "Nobody is not on the roster"),
    (["rename", "Sophie", "Annie"], "'Annie' is Annie's name"),
    (["remove", "Anna"], "Anna is not on the roster"),
])
def test_players_refuses_bad_names_with_one_line(tmp_path, capsys, args, message):
    db = str(tmp_path / "games.sqlite")
    for name in ("Sophie", "Anna"):
        _cli(capsys, "players", "--db", db, "add", name)
    _cli(capsys, "players", "--db", db, "rename", "Anna", "Annie")
    code, out, err = _cli(capsys, "players", "--db", db, *args)
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1
    assert _cli(capsys, "players", "--db", db, "list")[1].splitlines() == ["Sophie", "Annie"]


def test_the_roster_holds_what_the_box_can(tmp_path, capsys):
    db = str(tmp_path / "games.sqlite")
    for i in range(box_roster.MAX):
        assert _cli(capsys, "players", "--db", db, "add", "p%d" % i)[0] == 0
    code, _, err = _cli(capsys, "players", "--db", db, "add", "one more")
    assert code == 2 and "at most 32 people" in err


# ---- played.py: dates and people ---------------------------------------------------------------

def _dated(events, start=START, end=END, people=None):
    # the events as a box whose clock was set records them: the setup's "t", the scorings'
    events = copy.deepcopy(events)
    events[0]["t"] = start
    if people:
        events[0]["people"] = people
    scores = [ev for ev in events if ev["e"] == "score"]
    for i, ev in enumerate(scores):
        ev["t"] = end - 3600 * (len(scores) - 1 - i)
    return events


def _load(tmp_path, games, names=()):
    lib = Library(str(tmp_path / "games.sqlite"))
    r = Roster(lib)
    for name in names:
        r.add(name)
    for device, gid, events in games:
        L.add(lib, device, gid, events)
    return lib


def test_a_game_played_by_the_box_clock_has_its_start_and_end(tmp_path):
    lib = _load(tmp_path, [("b", 1, _dated(L.simulated(11, 2)))])
    [g], _ = played.load(lib)
    assert (g.started, g.ended, g.when, g.when_estimated) == (START, END, END, False)
    assert g.duration_min == 85
    lib.close()


def test_a_game_played_before_the_clock_was_set_is_dated_by_its_first_sync(tmp_path):
    lib = _load(tmp_path, [("b", 1, L.simulated(11, 2))])
    [g], _ = played.load(lib)
    assert g.started is None and g.ended is None and g.duration_min is None
    assert g.when == lib.first_synced()[("b", 1)] and g.when_estimated
    assert played.date_text(g.when) == L.SYNCED
    lib.close()


def test_a_clock_set_in_mid_game_dates_the_end_only(tmp_path):
    events = _dated(L.simulated(11, 2))
    del events[0]["t"]
    lib = _load(tmp_path, [("b", 1, events)])
    [g], _ = played.load(lib)
    assert (g.started, g.ended, g.when, g.when_estimated, g.duration_min) == \
        (None, END, END, False, None)
    lib.close()


def test_times_no_pc_could_have_set_are_not_believed(tmp_path):
    events = _dated(L.simulated(11, 2), start=1609459200, end=True)  # 2021-01-01; a bool
    lib = _load(tmp_path, [("b", 1, events)])
    [g], _ = played.load(lib)
    assert g.started is None and g.ended is None and g.when_estimated
    lib.close()


# A game played while the box's clock was unset carries [power-on number, seconds since
# power-on] (firmware/clockmarks.py, stamp); the power-on's clock mark dates it.
LATER = "2026-06-09 20:00:00"  # a sync a week after START


def _unclocked(events, boot, start_up, end_up):
    events = copy.deepcopy(events)
    events[0]["t"] = [boot, start_up]
    events[-1]["t"] = [boot, end_up]  # the final scoring: the game's end
    return events


def test_a_game_played_before_the_clock_was_set_is_dated_by_its_power_ons_mark(tmp_path):
    lib = _load(tmp_path, [])
    L.add(lib, "b", 1, _unclocked(L.simulated(11, 2), 7, 100, 100 + 85 * 60 + 20),
          synced_at=LATER)
    [g], _ = played.load(lib)
    assert g.started is None and g.when_estimated  # no mark yet: bounded by its sync alone
    assert g.when_text() == "date unknown" and g.bounds_text().startswith("played before ")
    # the clock was set in that power-on 6,000 s after it came on, at START + 5,900: the game
    # began 100 s after power-on, so at START; another power-on's mark dates nothing here
    assert lib.add_clock_marks("b", [(7, 6000, START + 5900), (8, 10, END)]) == 2
    assert lib.add_clock_marks("b", [(7, 6000, START + 5900)]) == 0  # known: not again
    [g], _ = played.load(lib)
    assert (g.started, g.ended, g.when, g.when_estimated, g.duration_min) == \
        (START, END, END, False, 85)
    assert g.when_text() == "2026-06-02"
    other = _unclocked(L.simulated(11, 2), 9, 100, 200)  # power-on 9: no mark for it
    L.add(lib, "b", 2, other, synced_at=LATER)
    L.add(lib, "c", 1, _unclocked(L.simulated(12, 2), 7, 100, 200), synced_at=LATER)
    games = {(x.device, x.gid): x for x in played.load(lib)[0]}
    assert games[("b", 2)].started is None and games[("c", 1)].started is None  # box c: no mark
    lib.close()


def _box(path, games):
    # a library of box b's games, in its order, all first synced at LATER
    os.makedirs(str(path), exist_ok=True)
    lib = _load(path, [])
    for gid, events in enumerate(games, 1):
        L.add(lib, "b", gid, events, synced_at=LATER)
    return lib


def test_an_undated_game_lies_between_the_dated_games_around_it_on_its_box(tmp_path):
    day = 86400
    lib = _box(tmp_path, [_dated(L.simulated(11, 2)), L.simulated(12, 2),
                          _dated(L.simulated(13, 2), START + 3 * day, END + 3 * day),
                          L.simulated(14, 2)])
    games = {g.gid: g for g in played.load(lib)[0]}
    two, four = games[2], games[4]
    # game 2 began after game 1's end and before game 3's start: days apart, so no date
    assert (two.after, two.before, two.when) == (END, START + 3 * day, START + 3 * day)
    assert two.when_estimated and two.when_text() == "date unknown"
    assert two.bounds_text() == "played between 2026-06-02 13:25:20 and 2026-06-05 12:00:00 UTC"
    # game 4: after game 3's end, before its own first sync
    assert (four.after, four.before) == (END + 3 * day, calendar.timegm(
        time.strptime(LATER, "%Y-%m-%d %H:%M:%S")))
    lib.close()
    # the same day on both sides: that day, marked
    lib = _box(tmp_path / "x", [_dated(L.simulated(11, 2)), L.simulated(12, 2),
                                _dated(L.simulated(13, 2), END + 600, END + 4000)])
    games = {g.gid: g for g in played.load(lib)[0]}
    assert games[2].when_text() == "~2026-06-02" and stats.date(games[2]) == "~2026-06-02"
    # `show` names one game: its neighbours bound it all the same
    [one], _ = played.load(lib, only=("b", 2))
    assert (one.after, one.before) == (END, END + 600)
    lib.close()
    # a clock set wrong on the way (game 3 "began" before game 1 ended): only the upper bound
    # is believed
    lib = _box(tmp_path / "y", [_dated(L.simulated(11, 2)), L.simulated(12, 2),
                                _dated(L.simulated(13, 2), START - day, END - day)])
    games = {g.gid: g for g in played.load(lib)[0]}
    assert (games[2].after, games[2].before) == (None, START - day)
    assert games[2].when_text() == "date unknown"
    lib.close()


def test_a_resumed_games_copied_setup_does_not_bound_the_games_before_it(tmp_path):
    # game 1 left, game 2 played undated, then game 1 resumed as game 3: game 3's setup is game
    # 1's, with game 1's start, which says nothing of when game 3 began
    first = _dated(L.simulated(11, 2))
    lib = _load(tmp_path, [])
    for gid, events in ((1, first[:5]), (2, L.simulated(12, 2)), (3, first)):
        L.add(lib, "b", gid, events, synced_at=LATER)
    games = {g.gid: g for g in played.load(lib, include_unfinished=True)[0]}
    assert games[2].before == END  # game 3's end; not START, game 3's copied setup
    lib.close()


def test_old_undated_games_do_not_push_the_newest_out_of_newest_games(tmp_path):
    # 25 games played with the clock unset (no mark: no sync or flash in their power-ons),
    # then a flash set the clock and 3 dated games followed; one sync stored all 28 later
    lib = _load(tmp_path, [])
    for gid in range(1, 26):
        L.add(lib, "b", gid, L.simulated(gid, 2), synced_at=LATER)
    for k in range(3):
        L.add(lib, "b", 26 + k, _dated(L.simulated(40 + k, 2), START + 7200 * k,
                                        END + 7200 * k), synced_at=LATER)
    games, _ = played.load(lib)
    newest = stats.newest_first(games)
    assert [g.gid for g in newest[:3]] == [28, 27, 26]
    assert [stats.date(g) for g in newest[:3]] == ["2026-06-02"] * 3
    assert {stats.date(g) for g in newest[3:]} == {"date unknown"}
    assert [g.gid for g in newest[3:]] == list(range(25, 0, -1))  # the box's order kept
    lib.close()


def test_people_by_seat_follow_renames_and_guests_play_under_their_colour(tmp_path):
    events = _dated(L.simulated(12, 3), people=["Anna", None, "Sophie"])
    lib = _load(tmp_path, [("b", 1, events)], names=("Sophie", "Anna"))
    Roster(lib).rename("Anna", "Annie")
    [g], _ = played.load(lib)
    assert g.people == ["Annie", None, "Sophie"]
    assert [g.person_name(p) for p in range(3)] == ["Annie", "Purple", "Sophie"]
    assert [g.person_key(p) for p in range(3)] == ["Anna", None, "Sophie"]
    lib.close()


def test_recorded_people_that_make_no_sense_count_as_nobody(tmp_path):
    events = _dated(L.simulated(12, 3), people=["Anna", None])  # 2 for 3 seats
    lib = _load(tmp_path, [("b", 1, events)])
    [g], _ = played.load(lib)
    assert g.people == [None, None, None]
    lib.close()


# ---- BG Stats ------------------------------------------------------------------------------------

def _export(capsys, db, *args):
    code = main(["export", "--db", db] + list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def people_db(tmp_path):
    two = _dated(L.simulated(11, 2), people=["Sophie", None])
    three = _dated(L.simulated(12, 3), START + 86400, END + 86400,
                   people=["Anna", "Sophie", None])
    lib = _load(tmp_path, [("b", 1, two), ("b", 2, three), ("b", 3, L.simulated(13, 2))],
                names=("Sophie", "Anna"))
    Roster(lib).rename("Anna", "Annie")
    lib.close()
    return str(tmp_path / "games.sqlite")


def test_bgstats_play_date_is_the_end_with_its_duration_and_people(people_db, capsys):
    code, out, _ = _export(capsys, people_db, "--format", "bgstats")
    one, two, three = json.loads(out)
    assert one["playDate"] == "2026-06-02 13:25:20" and one["durationMin"] == 85
    assert two["playDate"] == "2026-06-03 13:25:20"
    assert "durationMin" not in three and three["playDate"] == L.SYNCED  # before any clock
    assert "clock was not set when it was played: played before " in three["comments"]
    sophie = [p for p in one["players"] if p["name"] == "Sophie"][0]
    assert sophie["sourcePlayerId"] == "lenotre-person-Sophie" and sophie["role"] == "Orange"
    guest = one["players"][1]
    assert guest == dict(guest, name="Purple", role="Purple", isAnonymous=True)
    assert "sourcePlayerId" not in guest
    # Annie was Anna when she played: her lasting id, her name now
    annie = two["players"][0]
    assert (annie["name"], annie["sourcePlayerId"]) == ("Annie", "lenotre-person-Anna")
    assert "location" not in one


def test_bgstats_location_from_the_option_or_the_environment(people_db, capsys, monkeypatch):
    _, out, _ = _export(capsys, people_db, "--format", "bgstats", "--location", "Club")
    assert {p["location"] for p in json.loads(out)} == {"Club"}
    monkeypatch.setenv("LENOTRE_LOCATION", "At home")
    _, out, _ = _export(capsys, people_db, "--format", "bgstats")
    assert {p["location"] for p in json.loads(out)} == {"At home"}
    _, out, _ = _export(capsys, people_db, "--format", "bgstats", "--location", "Club")
    assert {p["location"] for p in json.loads(out)} == {"Club"}  # the option wins
    for args, message in ((["--format", "csv", "--location", "Club"], "--location goes with"),
                          (["--format", "bgstats", "--location", " "], "needs a name")):
        code, out, err = _export(capsys, people_db, *args)
        assert code == 2 and out == "" and message in err


def test_bgstats_import_file_layout(people_db, capsys, tmp_path):
    path = tmp_path / "lenotre.bgsplay"
    code, out, _ = _export(capsys, people_db, "--format", "bgsplay", "--location", "Club",
                           "--out", str(path))
    assert code == 0 and out == ""  # no links for the import file
    f = json.loads(path.read_text(encoding="utf-8"))
    assert sorted(f) == ["about", "games", "locations", "players", "plays"]
    assert "3 plays" in f["about"]
    [game] = f["games"]
    assert game["name"] == "Die Gärten von Versailles" and game["highestWins"] is True
    players = {p["id"]: p for p in f["players"]}
    # each guest seat its own anonymous player, named by its colour (one "Guest" for all
    # made a play list the same player twice)
    assert sorted((p["name"], p["isAnonymous"]) for p in players.values()) == \
        [("Annie", False), ("Cyan", True), ("Ludwig", True), ("Orange", True), ("Purple", True),
         ("Sophie", False)]
    [loc] = f["locations"]
    assert loc["name"] == "Club"
    for entry in f["games"] + f["players"] + f["locations"] + f["plays"]:
        uuid.UUID(entry["uuid"])  # every entry has one: BG Stats knows it again by it
    one, two, three = f["plays"]
    assert all(p["gameRefId"] == game["id"] and p["locationRefId"] == loc["id"]
               for p in f["plays"])
    assert one["playDate"] == "2026-06-02 13:25:20" and one["durationMin"] == 85
    assert "durationMin" not in three
    seats = [(players[s["playerRefId"]]["name"], s["role"], s.get("score"), s["seatOrder"])
             for s in one["playerScores"]]
    assert [s[:2] for s in seats] == [("Sophie", "Orange"), ("Purple", "Purple"),
                                      ("Ludwig", "Automa")]
    assert seats[2][2] is None and [s[3] for s in seats] == [1, 2, 3]
    assert all(isinstance(s["score"], str) for s in one["playerScores"][:2])
    # Sophie is one player in both her games, whatever colour she played
    sophie = [i for i, p in players.items() if p["name"] == "Sophie"]
    assert [s["playerRefId"] for s in one["playerScores"]][0] in sophie
    assert [s["playerRefId"] for s in two["playerScores"]][1] in sophie
    # the same library gives the same file (uuids included): importing again duplicates nothing
    again = tmp_path / "again.bgsplay"
    _export(capsys, people_db, "--format", "bgsplay", "--location", "Club", "--out", str(again))
    assert again.read_bytes() == path.read_bytes()


def test_a_name_a_spreadsheet_would_run_goes_into_the_csv_as_text(people_db, capsys):
    # "=HYPERLINK(" is a legal name (printable ASCII): written raw, a spreadsheet opening the
    # export runs it as a formula. It goes out quoted; JSON keeps it as it is.
    code, out, _ = _cli(capsys, "players", "--db", people_db, "rename", "Sophie", "=HYPERLINK(")
    assert code == 0
    _, out, _ = _export(capsys, people_db, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    persons = {r["person"] for r in rows}
    assert "'=HYPERLINK(" in persons and "=HYPERLINK(" not in persons
    assert not [v for r in rows for v in r.values() if v and v[0] in "=+@"]
    assert all(int(r["total"]) >= 0 for r in rows if r["total"])  # numbers go out as numbers
    _, out, _ = _export(capsys, people_db, "--format", "json")
    assert "=HYPERLINK(" in {p for g in json.loads(out) for p in g["people"] if p}


def test_csv_and_json_carry_the_dates_and_the_people(people_db, capsys):
    _, out, _ = _export(capsys, people_db, "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    first = [r for r in rows if r["game"] == "1"]
    assert [(r["player"], r["person"]) for r in first] == [("Orange", "Sophie"), ("Purple", "")]
    assert {(r["date"], r["date_estimated"], r["started"], r["ended"]) for r in first} == \
        {("2026-06-02 13:25:20", "0", "2026-06-02 12:00:00", "2026-06-02 13:25:20")}
    assert {r["date_estimated"] for r in rows if r["game"] == "3"} == {"1"}
    _, out, _ = _export(capsys, people_db, "--format", "json")
    g = json.loads(out)[1]
    assert (g["started"], g["ended"], g["when"], g["when_estimated"]) == \
        (START + 86400, END + 86400, END + 86400, False)
    assert g["people"] == ["Annie", "Sophie", None]


def test_games_lists_people_by_their_name_now(people_db, capsys):
    code, out, _ = _cli(capsys, "games", "--db", people_db)
    rows = out.splitlines()[1:]
    assert code == 0 and "Sophie, Purple + Ludwig" in rows[0]
    assert "Annie, Sophie, Cyan" in rows[1]  # recorded as Anna, renamed since
    assert "Orange, Purple + Ludwig" in rows[2]  # before the box had a roster


def test_show_tells_when_and_who(people_db, capsys):
    code, out, _ = _cli(capsys, "show", "1", "--db", people_db)
    assert code == 0
    assert "played 2026-06-02 12:00 to 13:25 UTC (85 min)" in out
    assert "Orange: Sophie; Purple: a guest" in out
    code, out, _ = _cli(capsys, "show", "3", "--db", people_db)
    assert "played before %s:00 UTC (the box's clock was not set" % L.SYNCED[:16] in out


def test_played_payload_of_a_library_without_sync_times_falls_back_to_the_export_time(tmp_path):
    lib = Library(str(tmp_path / "g.sqlite"))
    L.add(lib, "d", 1, L.shared_victory(), synced_at=None)
    [g], _ = played.load(lib)
    assert g.when is None and not g.when_estimated
    assert bgstats.payload(g, now=0)["playDate"] == "1970-01-01 00:00:00"
    lib.close()


# ---- the box as flashed: the .mpy build on the virtual Pico (192 KB) ---------------------------

def test_on_the_flashed_box_each_colour_gets_a_person_and_the_game_its_start(vpico,
                                                                           firmware_files):
    from lenotre.link import flasher
    import store
    before = int(time.time())
    flasher.flash(vpico.port, firmware_files, roster=["Sophie", "Anna"])
    vpico.wait_for("LE NOTRE")
    vpico.press("ok")  # New game
    vpico.press("ok")  # 2 players
    vpico.press("ok")  # Orange
    assert "Orange is:" in vpico.text() and "Anna" in vpico.text()
    vpico.press("down")
    vpico.press("ok")  # Anna
    vpico.press("ok")  # Purple
    vpico.press("up")  # Guest
    vpico.press("ok")
    assert "Ora Anna" in vpico.text() and "Purple" in vpico.text()
    vpico.press("ok")  # start
    vpico.wait_for("Stage 1")
    [setup] = store.Store(os.path.join(str(vpico.flash), "data")).events(1)[:1]
    assert setup["people"] == ["Anna", None] and setup["players"] == ["Orange", "Purple"]
    assert before <= setup["t"] <= int(time.time())


def test_jurgen_and_bjorn_go_from_the_library_to_the_box_and_back(vpico, firmware_files,
                                                                 tmp_path, capsys):
    # Issue 25: German names on the roster: added on the PC, sent by the sync, chosen at the
    # flashed box (its screen draws ü and ö), kept by its journal, back in the library
    from lenotre.link import flasher
    db = str(tmp_path / "games.sqlite")
    for name in ("Jürgen", "Björn"):
        assert _cli(capsys, "players", "--db", db, "add", name)[0] == 0
    flasher.flash(vpico.port, firmware_files)
    vpico.wait_for("LE NOTRE")
    assert main(["sync", "--port", vpico.port, "--db", db]) == 0
    vpico.wait_for("LE NOTRE")
    vpico.press("ok")  # New game
    vpico.press("ok")  # 2 players
    vpico.press("ok")  # Orange
    assert "Jürgen" in vpico.text() and "Björn" in vpico.text()
    vpico.press("ok")  # Orange is Jürgen, the first
    vpico.press("ok")  # Purple
    vpico.press("ok")  # Purple is Björn, the one left
    assert "Ora Jürgen" in vpico.text() and "Pur Björn" in vpico.text()
    vpico.press("ok")  # start
    vpico.wait_for("Stage 1")
    capsys.readouterr()
    assert main(["sync", "--port", vpico.port, "--db", db]) == 0
    code, out, _ = _cli(capsys, "show", "1", "--db", db)
    assert code == 0 and "Orange: Jürgen; Purple: Björn" in out


def test_a_game_played_on_a_box_without_a_clock_is_dated_exactly_by_the_next_sync(
        vpico, firmware_files, tmp_path):
    # Flashed (the clock set), then the power goes: the box comes back with its RTC at
    # 2021-01-01, a game is set up, and only the sync after it sets the clock. The game's
    # setup holds [power-on number, seconds since power-on]; the sync reads when that
    # power-on's clock was set, and the library dates the game to the second.
    from vpico_client import VirtualPico
    from lenotre.link import flasher
    import store
    flasher.flash(vpico.port, firmware_files)
    vpico.stop()
    with VirtualPico(vpico.flash) as pico:  # power-on
        pico.wait_for("LE NOTRE")
        time.sleep(2.5)  # the game starts seconds after power-on, so the seconds count
        before = int(time.time())
        pico.press("ok")  # New game
        pico.press("ok")  # 2 players
        pico.press("ok")  # player 1: Orange
        pico.press("ok")  # player 2: Purple
        pico.press("ok")  # start
        pico.wait_for("Stage 1")
        after = int(time.time()) + 1
        [setup] = store.Store(os.path.join(str(pico.flash), "data")).events(1)[:1]
        with open(os.path.join(str(pico.flash), "data", "boot.txt")) as f:
            number = int(f.read().split()[0])
        assert setup["t"][0] == number and 2 <= setup["t"][1] <= after - before + 4
        db = str(tmp_path / "games.sqlite")
        assert main(["sync", "--port", pico.port, "--db", db]) == 0
    lib = Library(db)
    # the flash's mark (the power-on before) came with this sync's
    box = lib.games()[0][0]
    assert sorted(lib.clock_marks()) == [(box, number - 1), (box, number)]
    [g], _ = played.load(lib, include_unfinished=True)
    lib.close()
    assert not g.when_estimated and before - 1 <= g.started <= after

"""Every game dated, every player a person, on the desktop: the sync sets the box's clock and
puts the roster on it (the real firmware/link.py under MicroPython, tests/host/linkrig.py);
`lenotre players`; played.py's dates and people; BG Stats plays and the import file; CSV,
JSON and `show` with them (docs/CLI.md, docs/HOST.md)."""
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
import wallclock  # firmware/wallclock.py
from linkrig import Device, record_games
from lenotre.library import bgstats, played
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
    kept = wallclock.Kept(os.path.join(flash, wallclock.KEPT)).now()
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
    (["add", "Zo\u00eb"], "printable ASCII"),
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
    assert "first sync" in three["comments"]
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
    assert "first synced %s UTC (the box's clock was not set: estimated)" % L.SYNCED[:16] in out


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

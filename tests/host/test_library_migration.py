# A library from the release before games became a column (schema 1; fixtures/, made with
# that release's code by fixtures/make_release_library.py) opens in this lenotre without
# loss: a copy is kept, every row is still there, each game gets its kind from its setup,
# and show, the exports and the game pages say what that release said of it.
import io
import json
import os
import shutil
import sqlite3

import pytest

import librarygames as L
from lenotre.library import db, export, gamepage, played
from lenotre.cli import main
from lenotre.library.db import Library
from lenotre.library.gameview import show, summary

FIXTURES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures")
BOX, OTHER = "e6614c31a1b2c3d4", "b0x5eed"  # as make_release_library.py names them
TABLES = ("devices", "games", "events", "first_synced", "people", "person_names", "crashes",
          "superseded")


def fixture(name):
    with open(os.path.join(FIXTURES, name), encoding="utf-8", newline="") as f:
        return f.read()


def rows(path):
    # every table's rows, as plain values, in a stable order
    conn = sqlite3.connect(path)
    try:
        out = {}
        for table in TABLES:
            cols = [r[1] for r in conn.execute("PRAGMA table_info(%s)" % table)]
            out[table] = (cols, sorted(conn.execute("SELECT * FROM %s" % table).fetchall(),
                                       key=repr))
        out["version"] = conn.execute("PRAGMA user_version").fetchone()[0]
        return out
    finally:
        conn.close()


@pytest.fixture
def release(tmp_path):
    path = str(tmp_path / "games.sqlite")
    shutil.copyfile(os.path.join(FIXTURES, "release-library.sqlite"), path)
    return path


def test_the_release_library_is_schema_one_without_the_column(release):
    before = rows(release)
    assert before["version"] == 1 and "game" not in before["games"][0]
    assert len(before["games"][1]) == 8 and len(before["superseded"][1]) == 1


def test_it_migrates_keeping_a_copy_and_losing_nothing(release):
    before = rows(release)
    lib = Library(release, create=False)
    assert lib.version() == db.SCHEMA_VERSION == 2
    lib.close()
    after = rows(release)
    for table in TABLES:
        cols, old = before[table]
        new_cols, new = after[table]
        if table == "games":
            assert new_cols == cols + ["game"]
            assert [r[:-1] for r in new] == old  # journals, checksums, times: as they were
        else:
            assert (new_cols, new) == (cols, old)
    assert {r[-1] for r in after["games"][1]} == {"versailles"}
    assert rows(release + ".v1.bak") == before  # the copy kept before the migration


def test_the_column_is_each_games_setup_and_new_syncs_fill_it(release):
    lib = Library(release, create=False)
    kinds = lib.kinds()
    assert len(kinds) == 8 and set(kinds.values()) == {"versailles"}
    for (device, gid), kind in kinds.items():
        assert lib.events(device, gid)[0]["game"] == kind
    lib.add(BOX, 9, 0, L.journal(L.simulated(41, 3)))  # the next sync
    assert lib.kinds()[BOX, 9] == "versailles"
    lib.close()
    code = main(["library", "check", "--db", release])
    assert code == 0


def test_show_and_the_games_list_say_what_the_release_said(release):
    lib = Library(release, create=False)
    lines = []
    for device, gid, *_ in lib.games():
        events = lib.events(device, gid)
        lines.append(" | ".join(summary(events)))
        lines += show(events, "Game %s:%d" % (device, gid))
    lib.close()
    assert "\n".join(lines) + "\n" == fixture("release-show.txt")


def _write(write, games, **kw):
    out = io.StringIO()
    write(games, out, **kw)
    return out.getvalue()


def test_the_exports_are_the_releases(release):
    lib = Library(release, create=False)
    finished, problems = played.load(lib)
    every, _ = played.load(lib, include_unfinished=True)
    lib.close()
    assert problems == []
    assert _write(export.write_csv, every) == fixture("release-export.csv")
    # BG Stats's comments and the game pages say between which times an undated game was
    # played since issue 23 ("played before ...", "date unknown"), where the release said
    # "dated by its first sync": their fixtures were written again for that change alone
    bg = dict(now=1773500000, location="Home")
    assert _write(export.write_bgstats, finished, **bg) == fixture("release-export.bgstats.json")
    # the import file as the release wrote it but for its guests: one anonymous player per
    # guest colour since issue 23, where the release had one "Guest" for every guest seat (a
    # play then listed that player twice); the fixture was written again for that change alone
    assert _write(export.write_bgsplay, finished, **bg) == fixture("release-export.bgsplay.json")
    # JSON: the release's, and which game each is and the times around an undated one (keys
    # the release did not have)
    now = json.loads(_write(export.write_json, every))
    assert [g.pop("game") for g in now] == ["versailles"] * len(every)
    assert [g.pop("played_after") for g in now] == [None] * len(every)
    assert [g.pop("played_before") for g in now] == [g.before for g in every]
    assert now == json.loads(fixture("release-export.json"))


def test_the_game_pages_are_the_releases(release):
    lib = Library(release, create=False)
    every, _ = played.load(lib, include_unfinished=True)
    lib.close()
    pages = [gamepage.page(g, "%s:%d" % (g.device[:4], g.gid)) for g in every
             if (g.device, g.gid) in ((BOX, 1), (BOX, 2), (OTHER, 2))]
    assert "".join(pages) == fixture("release-pages.html")


def test_a_migration_that_fails_leaves_the_release_library_as_it_was(release, monkeypatch):
    before = rows(release)
    broken = db.MIGRATIONS[:-1] + [(2, "the game column", db.MIGRATIONS[-1][2]
                                    + "\nSELECT no_such_function();")]
    monkeypatch.setattr(db, "MIGRATIONS", broken)
    with pytest.raises(db.DbError):
        Library(release, create=False)
    assert rows(release) == before
    monkeypatch.undo()
    Library(release, create=False).close()
    assert rows(release)["version"] == 2

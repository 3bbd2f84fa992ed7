"""A damaged library (issue 9): every command says so in one line and exits non-zero, never a
traceback and never a sync that reports success on it; `lenotre library repair` keeps the
damaged file and rebuilds what it can, and a sync against the box restores the rest. Read
commands never create a library. Schema migrations keep a copy first."""
import os
import random
import shutil
import sqlite3

import pytest

from linkrig import install_firmware, journal_bytes, record_games
from lenotre.library import db
from lenotre.library.db import Library
from test_sync_cmd import _run, _sync

# Five finished games and a running one, as in the issue ("6 unchanged").
SPECS = [(21, 2, None), (22, 3, None), (24, 4, None), (25, 2, None), (26, 5, None),
         (23, 2, 9)]


@pytest.fixture(scope="module")
def box(tmp_path_factory, firmware_files):
    # -> (flash, logs, a sound library synced from it by `lenotre sync`): a virtual Pico with
    # the firmware (the sync soft-resets the box before its link runs)
    root = tmp_path_factory.mktemp("library")
    flash = str(root / "flash")
    logs = record_games(flash, SPECS)
    install_firmware(flash, firmware_files)
    path = str(root / "games.sqlite")
    code, out, err = _sync(flash, path)
    assert code == 0 and "6 new" in out, (out, err)
    return flash, logs, path


def _noise(n, seed):
    r = random.Random(seed)
    return bytes(r.randrange(256) for _ in range(n))


def _in_a_journal(data, path):
    # 300 bytes overwritten inside the first stored journal: SQLite's structure stays sound,
    # only the journal's checksum can tell
    lib = Library(path, create=False)
    journal = lib.journal(*lib.games()[0][:2])
    lib.close()
    at = data.index(journal[:200]) + 60
    return data[:at] + _noise(300, 9) + data[at + 300:]


DAMAGE = {
    "truncated": lambda data, path: data[:len(data) // 2],
    "header bytes": lambda data, path: _noise(100, 1) + data[100:],
    "mid-file bytes": lambda data, path: (data[:len(data) // 2] + _noise(2000, 2026)
                                          + data[len(data) // 2 + 2000:]),
    "bytes in a journal": _in_a_journal,
    "a text file": lambda data, path: b"my garden notes\n" * 200,
}


def _damaged(box, tmp_path, kind):
    _flash, _logs, sound = box
    with open(sound, "rb") as f:
        data = f.read()
    path = str(tmp_path / "games.sqlite")
    with open(path, "wb") as f:
        f.write(DAMAGE[kind](data, sound))
    return path


def _bytes(path):
    with open(path, "rb") as f:
        return f.read()


COMMANDS = [["games"], ["show", "1"], ["replay", "1"], ["export"], ["export", "--game", "1"],
            ["report", "--out", "REPORT"], ["sync", "--port", "NOPORT"], ["library", "check"]]


@pytest.mark.parametrize("kind", sorted(DAMAGE))
@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_every_command_says_the_library_is_damaged(box, tmp_path, kind, argv):
    path = _damaged(box, tmp_path, kind)
    before = _bytes(path)
    argv = [str(tmp_path / a) if a in ("REPORT", "NOPORT") else a for a in argv]
    code, out, err = _run(argv + ["--db", path])
    assert code == 1 and out == "", (out, err)
    assert "Traceback" not in err and len(err.splitlines()) == 1, err
    assert err.startswith("lenotre %s: error: the library %s is damaged: " % (argv[0], path))
    assert "`lenotre library repair` keeps a copy of it" in err
    assert _bytes(path) == before  # nothing was written to it
    assert not os.path.exists(str(tmp_path / "REPORT"))


def test_a_sync_into_a_damaged_library_stores_nothing_and_says_so(box, tmp_path):
    # The case: 2,000 random bytes mid-file, and `sync` printed "6 unchanged", exit 0.
    flash, _logs, _ = box
    path = _damaged(box, tmp_path, "mid-file bytes")
    before = _bytes(path)
    code, out, err = _sync(flash, path)
    assert code == 1 and "unchanged" not in out and "is damaged" in err
    assert _bytes(path) == before


@pytest.mark.parametrize("argv", [["games"], ["show", "1"], ["replay", "1"], ["export"],
                                  ["report", "--out", "REPORT"], ["library", "check"],
                                  ["library", "repair"]], ids=lambda a: a[0])
@pytest.mark.parametrize("zero", [False, True], ids=["missing", "0-byte file"])
def test_reading_never_creates_a_library(tmp_path, argv, zero):
    path = tmp_path / "lib" / "games.sqlite"
    if zero:
        path.parent.mkdir()
        path.write_bytes(b"")
    argv = [str(tmp_path / a) if a == "REPORT" else a for a in argv]
    code, out, err = _run(argv + ["--db", str(path)])
    assert code == 2 and out == ""
    assert err == ("lenotre %s: error: no library at %s yet: `lenotre sync` creates it from "
                   "the box (or give --db PATH)\n" % (argv[0], path))
    assert path.read_bytes() == b"" if zero else not path.parent.exists()


def test_a_sync_into_a_0_byte_file_makes_the_library(box, tmp_path):
    flash, logs, _ = box
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"")
    code, out, _err = _sync(flash, str(path))
    assert code == 0 and "6 new" in out
    _same_as_the_box(str(path), flash, logs)


def _same_as_the_box(path, flash, logs):
    lib = Library(path, create=False)
    try:
        games = {(g[1]): g for g in lib.games()}
        assert sorted(games) == sorted(logs)
        device = games[1][0]
        for gid, log in logs.items():
            assert lib.events(device, gid) == log
            assert lib.journal(device, gid) == journal_bytes(flash, gid)
    finally:
        lib.close()


@pytest.mark.parametrize("kind", sorted(DAMAGE))
def test_repair_keeps_the_damaged_file_and_a_sync_restores_every_game(box, tmp_path, kind):
    flash, logs, _ = box
    path = _damaged(box, tmp_path, kind)
    damaged = _bytes(path)
    code, out, err = _run(["library", "repair", "--db", path])
    assert code == 0 and err == "", err
    lines = out.splitlines()
    kept = lines[0][len("kept the damaged library as "):]
    assert lines[0].startswith("kept the damaged library as ") and _bytes(kept) == damaged
    assert "`lenotre sync`: it restores every game" in lines[-1]
    code, out, _ = _run(["library", "check", "--db", path])
    assert code == 0 and "is sound" in out, out
    assert _run(["games", "--db", path])[0] == 0
    code, out, err = _sync(flash, path)
    assert code == 0, (out, err)
    _same_as_the_box(path, flash, logs)
    assert _run(["library", "check", "--db", path])[1].startswith(
        "the library %s is sound: 6 games" % path)


def test_repair_salvages_the_games_a_damaged_file_still_holds(box, tmp_path):
    # Overwritten header bytes hide nothing else: every game comes back without the box.
    flash, logs, _ = box
    path = _damaged(box, tmp_path, "header bytes")
    out = _run(["library", "repair", "--db", path])[1]
    assert "6 games whole, 0 cut short" in out
    _same_as_the_box(path, flash, logs)
    # A journal with damaged bytes is cut before its first bad record, its events parsed
    # again from what stays; the other games are whole.
    path = _damaged(box, tmp_path, "bytes in a journal")
    out = _run(["library", "repair", "--db", path])[1]
    assert "5 games whole, 1 cut short" in out and "bad checksum at byte" in out
    lib = Library(path, create=False)
    device, gid = lib.games()[0][:2]
    cut = lib.journal(device, gid)
    assert 0 < len(cut) < len(journal_bytes(flash, gid))
    assert journal_bytes(flash, gid).startswith(cut)
    assert lib.events(device, gid) == logs[gid][:len(lib.events(device, gid))]
    lib.close()


def test_repair_makes_the_games_whose_rows_are_lost_from_their_events(box, tmp_path):
    # A page of the games table overwritten: the rows on it are gone, their events still hold
    # them; the repair makes their journals from the events, as the box wrote them, and says
    # which; a sync then finds nothing to replace.
    flash, logs, sound = box
    data = _bytes(sound)
    lib = Library(sound, create=False)
    device = lib.games()[0][0]
    at = data.index(lib.journal(device, 2)[:100]) // 4096 * 4096
    lib.close()
    path = str(tmp_path / "games.sqlite")
    with open(path, "wb") as f:
        f.write(data[:at] + _noise(4096, 5) + data[at + 4096:])
    code, out, err = _run(["library", "repair", "--db", path])
    assert code == 0, err
    made = [line for line in out.splitlines() if " made from their events" in line]
    assert len(made) == 1 and "%s:2" % device in made[0] and " could not be read: " not in out, out
    _same_as_the_box(path, flash, logs)  # byte for byte, before any sync
    assert _sync(flash, path)[0] == 0
    _same_as_the_box(path, flash, logs)


def test_check_finds_events_that_differ_from_their_journal(box, tmp_path):
    path = str(tmp_path / "games.sqlite")
    shutil.copyfile(box[2], path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE events SET event='{\"e\": \"undo\"}' WHERE gid=2 AND seq=3")
    conn.commit()
    conn.close()
    code, out, _ = _run(["library", "check", "--db", path])
    assert code == 1 and ":2: " in out and "journal's records give" in out
    assert _run(["library", "repair", "--db", path])[0] == 0
    _same_as_the_box(path, box[0], box[1])  # the events again as the journal says


def test_a_game_half_synced_is_no_damage(tmp_path):
    # A sync cut between two frames leaves part of a record stored: sound, and a repair
    # leaves it for the next sync to read whole.
    from librarygames import journal as journal_of
    from librarygames import simulated
    journal = journal_of(simulated(4, 2), closed=False)
    path = str(tmp_path / "games.sqlite")
    lib = Library(path)
    lib.add("b0x", 1, 0, journal[:1000])
    lib.close()
    code, out, _ = _run(["library", "check", "--db", path])
    assert code == 0 and "is sound: 1 game" in out
    assert _run(["library", "repair", "--db", path])[0] == 0
    lib = Library(path, create=False)
    kept = lib.journal("b0x", 1)
    assert journal[:1000].startswith(kept) and kept.endswith(b"\n") and len(kept) > 800
    lib.add("b0x", 1, len(kept), journal[len(kept):])  # the next sync goes on from there
    assert lib.events("b0x", 1) == simulated(4, 2)
    lib.close()


def test_an_unreadable_event_is_an_error_not_a_traceback(box, tmp_path):
    path = str(tmp_path / "games.sqlite")
    shutil.copyfile(box[2], path)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE events SET event='{not json' WHERE gid=1 AND seq=2")
    conn.commit()
    conn.close()
    for argv in (["games"], ["show", "1"], ["export"]):
        code, out, err = _run(argv + ["--db", path])
        assert code == 1 and "Traceback" not in err
        assert "is damaged: a stored event of game " in err and "unreadable" in err


# ---- schema versions ---------------------------------------------------------------------------

def _version0(path, box):
    # A library as lenotre wrote it before schema versions: today's, less what versions 1
    # and 2 add.
    shutil.copyfile(box[2], path)
    conn = sqlite3.connect(path)
    conn.executescript("DROP TRIGGER games_jcrc_insert; DROP TRIGGER games_jcrc_update; "
                       "ALTER TABLE games DROP COLUMN jcrc; ALTER TABLE games DROP COLUMN game; "
                       "PRAGMA user_version=0;")
    conn.close()


def test_an_old_library_is_migrated_after_a_copy_is_kept(box, tmp_path):
    path = str(tmp_path / "games.sqlite")
    _version0(path, box)
    lib = Library(path, create=False)
    assert lib.version() == db.SCHEMA_VERSION
    assert [r[0] for r in lib.conn.execute("SELECT jcrc IS NOT NULL FROM games")] == [1] * 6
    lib.close()
    kept = sqlite3.connect(path + ".v0.bak")
    assert kept.execute("PRAGMA user_version").fetchone()[0] == 0
    assert "jcrc" not in [r[1] for r in kept.execute("PRAGMA table_info(games)")]
    assert kept.execute("SELECT count(*) FROM events").fetchone()[0] == sum(
        len(log) for log in box[1].values())
    kept.close()
    code, out, _ = _run(["library", "check", "--db", path])
    assert code == 0 and "schema version %d" % db.SCHEMA_VERSION in out
    # Opened again: nothing more to migrate, no new copy.
    os.remove(path + ".v0.bak")
    Library(path, create=False).close()
    assert not os.path.exists(path + ".v0.bak")


def test_migrations_are_numbered_in_order():
    versions = [m[0] for m in db.MIGRATIONS]
    assert versions == list(range(1, len(versions) + 1))
    assert db.SCHEMA_VERSION == versions[-1]


def test_a_library_from_a_newer_lenotre_is_not_touched(box, tmp_path):
    path = str(tmp_path / "games.sqlite")
    shutil.copyfile(box[2], path)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version=%d" % (db.SCHEMA_VERSION + 1))
    conn.commit()
    conn.close()
    before = _bytes(path)
    code, _, err = _run(["games", "--db", path])
    assert code == 1 and "update lenotre" in err and "Traceback" not in err
    assert _bytes(path) == before


def test_a_library_locked_by_another_program_is_busy_not_damaged(box, tmp_path):
    # A lock is no damage: the sync stops, says so, gives the box back, and a repair is not
    # what it advises. Released, the next sync goes on.
    flash, logs, _ = box
    path = str(tmp_path / "games.sqlite")
    _sync(flash, path)
    other = sqlite3.connect(path)
    other.execute("BEGIN EXCLUSIVE")
    try:
        code, out, err = _sync(flash, path)
    finally:
        other.rollback()
        other.close()
    assert code == 1 and "Traceback" not in err, err
    assert "cannot use the library %s: SQLite says database is locked" % path in err
    assert "repair" not in err
    code, out, err = _sync(flash, path)
    assert code == 0 and "6 unchanged" in out, (out, err)

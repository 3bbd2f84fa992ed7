"""`lenotre library repair` on a library SQLite itself can no longer walk (issue 23): a root
page overwritten, the file cut in half, pages of noise. Before, the repair kept only what
SQLite's index reached (0 of 1,300 games with 16 bytes of the games table's root page
overwritten; 0 of 657 with the file cut in half). The games are read from the pages
themselves now (lenotre/library/salvage.py): every game kept is exactly its journal (or its
sound start), and every game whose pages are intact comes back."""
import random
import sqlite3

import pytest

import librarygames as L
from lenotre.cli import main
from lenotre.library import salvage
from lenotre.library.db import Library
from lenotre.library.librepair import sound_part

GAMES = 240
DEVICE = "bd970f4147bcec4c"


@pytest.fixture(scope="module")
def sound(tmp_path_factory):
    # -> (path, {gid: journal}): a library of GAMES games of 2 to 5 players, the longer ones
    # past a page (overflow chains), the games table several levels deep
    path = tmp_path_factory.mktemp("salvage") / "games.sqlite"
    logs = {gid: L.simulated(gid, 2 + gid % 4) for gid in range(1, GAMES + 1)}
    for gid in range(5, GAMES + 1, 10):  # a round entered and taken back 80 times: 5-6 KB
        log = logs[gid]
        logs[gid] = log[:2] + [{"e": "undo"}, log[1]] * 80 + log[2:]
    L.library(path, [(DEVICE, gid, log, True) for gid, log in logs.items()])
    lib = Library(str(path), create=False)
    journals = {gid: lib.journal(DEVICE, gid) for gid in logs}
    lib.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    lib.close()
    assert max(len(j) for j in journals.values()) > 4096  # some rows overflow their page
    return str(path), journals


def _root(path, table):
    conn = sqlite3.connect(path)
    try:
        return conn.execute("SELECT rootpage FROM sqlite_master WHERE name=?",
                            (table,)).fetchone()[0]
    finally:
        conn.close()


def _repair(tmp_path, data, capsys):
    path = tmp_path / "games.sqlite"
    path.write_bytes(data)
    assert main(["library", "repair", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    lib = Library(str(path), create=False)
    try:
        return {g[1]: lib.journal(DEVICE, g[1]) for g in lib.games()}, out
    finally:
        lib.close()


def _each_kept_is_its_journal(kept, journals):
    for gid, journal in kept.items():
        assert journals[gid].startswith(journal) and journal, gid


def test_the_pages_read_on_their_own_give_every_game_of_a_sound_file(sound):
    path, journals = sound
    found = {g: j for d, g, j in salvage.games(path, sound_part)}
    assert found == journals


def test_the_games_tables_root_page_overwritten_loses_no_game(sound, tmp_path, capsys):
    path, journals = sound
    data = bytearray(open(path, "rb").read())
    at = (_root(path, "games") - 1) * 4096
    data[at:at + 16] = bytes(random.Random(16).randrange(256) for _ in range(16))
    kept, out = _repair(tmp_path, bytes(data), capsys)
    assert kept == journals, "kept %d of %d" % (len(kept), len(journals))
    assert "read from the file's pages" in out


def test_the_file_cut_in_half_keeps_the_games_of_its_first_half(sound, tmp_path, capsys):
    path, journals = sound
    data = open(path, "rb").read()
    kept, out = _repair(tmp_path, data[:len(data) // 2 // 4096 * 4096], capsys)
    _each_kept_is_its_journal(kept, journals)
    # the games whose row and overflow pages lie in the first half: about half of them
    assert len(kept) >= GAMES // 3, "kept %d of %d" % (len(kept), GAMES)
    print("cut in half: kept %d of %d games" % (len(kept), GAMES))


def test_pages_of_noise_cost_only_the_games_on_them(sound, tmp_path, capsys):
    path, journals = sound
    data = bytearray(open(path, "rb").read())
    rnd = random.Random(7)
    pages = len(data) // 4096
    spoilt = rnd.sample(range(2, pages), 3)  # page 1 (the schema) kept
    for no in spoilt:
        data[no * 4096:(no + 1) * 4096] = bytes(rnd.randrange(256) for _ in range(4096))
    kept, out = _repair(tmp_path, bytes(data), capsys)
    _each_kept_is_its_journal(kept, journals)
    # a page holds a few rows' cells, or one row's overflow: three pages, a handful of games
    assert len(kept) >= GAMES - 3 * 12, "kept %d of %d" % (len(kept), GAMES)
    print("3 pages of noise: kept %d of %d games" % (len(kept), GAMES))


def test_the_schema_page_gone_still_gives_every_game(sound, tmp_path, capsys):
    # Page 1 (the header and the list of tables) all noise: SQLite reads nothing at all, the
    # repair used to leave a new, empty library
    path, journals = sound
    data = open(path, "rb").read()
    noise = bytes(random.Random(1).randrange(256) for _ in range(4096))
    kept, out = _repair(tmp_path, noise + data[4096:], capsys)
    assert kept == journals and "empty library" not in out


def _pages_of(path, table):
    # -> the page numbers of a table's b-tree and overflow pages (SQLite's dbstat)
    conn = sqlite3.connect(path)
    try:
        return [no for (no,) in conn.execute("SELECT pageno FROM dbstat WHERE name=?",
                                             (table,))]
    except sqlite3.OperationalError as exc:
        pytest.skip("this SQLite has no dbstat table to find a table's pages (%s)" % exc)
    finally:
        conn.close()


def test_the_games_tables_pages_all_lost_the_events_give_every_game_back(sound, tmp_path,
                                                                         capsys):
    # Every page of the games table (its rows, their journals' overflow) zeroed: the events
    # table still holds each game's events, and each event is its record again, so every
    # journal comes back byte for byte, its end mark with it
    path, journals = sound
    data = bytearray(open(path, "rb").read())
    pages = _pages_of(path, "games")
    assert len(pages) > 10
    for no in pages:
        data[(no - 1) * 4096:no * 4096] = bytes(4096)
    kept, out = _repair(tmp_path, bytes(data), capsys)
    assert kept == journals, "kept %d of %d" % (len(kept), len(journals))
    assert "of them %d made from their events" % GAMES in out
    print("the games table's %d pages zeroed: kept %d of %d games" % (len(pages), len(kept),
                                                                       GAMES))


def test_a_game_whose_events_stop_at_a_gap_comes_back_up_to_it(sound, tmp_path, capsys):
    # the games table gone and one game's events missing from its 6th on: its first five
    # come back (a running game's start), the others whole
    path, journals = sound
    work = str(tmp_path / "work.sqlite")
    with open(path, "rb") as f, open(work, "wb") as g:
        g.write(f.read())
    conn = sqlite3.connect(work)
    conn.execute("DELETE FROM events WHERE device=? AND gid=7 AND seq=5", (DEVICE,))
    conn.commit()
    conn.execute("PRAGMA secure_delete=ON")
    conn.close()
    data = bytearray(open(work, "rb").read())
    for no in _pages_of(work, "games"):
        data[(no - 1) * 4096:no * 4096] = bytes(4096)
    kept, out = _repair(tmp_path, bytes(data), capsys)
    assert set(kept) == set(journals)
    assert journals[7].startswith(kept[7]) and kept[7].count(b"\n") == 5
    assert {g: j for g, j in kept.items() if g != 7} == {
        g: j for g, j in journals.items() if g != 7}

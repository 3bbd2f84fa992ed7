"""`lenotre sync` against the real firmware/link.py under MicroPython (192 KB heap) on a
pseudo-terminal, over pyserial: full, repeated, cut, damaged and refused syncs; then games,
show and replay on what was stored. The rig is tests/host/linkrig.py."""
import os
import random
import shutil
import sqlite3
import time

import pytest

import store
from linkrig import Cut, Device, Proxy, game_log, journal_bytes, record_games, record_log
from lenotre.library.db import Library
from lenotre.link.port import LinkLost, Port
from lenotre.link.sync import sync
from lenotre.link.syncproto import DamagedFrames, Proto, ProtocolVersion
from lenotre.link import syncproto

# finished games of 2..5 players (filed in a pack), and two running ones (a .log each)
SPECS = [(11, 2, None), (12, 3, None), (13, 4, None), (14, 5, None), (15, 2, 12), (16, 3, 25)]


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    root = str(tmp_path_factory.mktemp("flash"))
    return root, record_games(root, SPECS)


@pytest.fixture
def box(template, tmp_path):
    # -> (flash folder, {gid: events}): a fresh copy of the recorded box for each test
    flash = str(tmp_path / "flash")
    shutil.copytree(template[0], flash)
    return flash, template[1]


def do_sync(flash, db, to_host=None, to_device=None, code=None, timeout=1.0, **kw):
    # One sync against a fresh device process (a proxy in between when hooks are given).
    # -> (summary or the exception raised, proto)
    dev = Device(flash, **({"code": code} if code else {}))
    proxy = Proxy(dev, to_host, to_device) if (to_host or to_device) else None
    port = Port(proxy.path if proxy else dev.path, timeout=timeout)
    proto = Proto(port, timeout=timeout, **kw)
    lib = Library(db)
    try:
        result = sync(proto, lib)
        proto.bye()
    except Exception as exc:  # the test looks at what was raised
        result = exc
    finally:
        port.close()
        lib.close()
        if proxy:
            proxy.stop()
        dev.kill()
    return result, proto


def device_acks(flash):
    st = store.Store(os.path.join(flash, "data"))
    return {gid: st.acked(gid) for gid, _ in st.games()}


def check_library(db, flash, logs, whole=True):
    # Every stored game: its journal is the box's bytes (a prefix of them, or all), and its
    # events are exactly the records those bytes complete - nothing twice, nothing wrong.
    lib = Library(db)
    try:
        rows = lib.games()
        assert len({(d, g) for d, g, *_ in rows}) == len(rows)
        for device, gid, finished, _synced, count in rows:
            data = lib.journal(device, gid)
            full = journal_bytes(flash, gid)
            assert full.startswith(data)
            records = data[:data.rfind(b"\n") + 1].count(b"\n")
            events = logs[gid][:records]
            assert lib.events(device, gid) == events
            if whole:
                assert data == full
        if whole:
            assert sorted(g for _, g, *_ in rows) == sorted(logs)
        return {g: len(lib.journal(d, g)) for d, g, *_ in rows}
    finally:
        lib.close()


# ---- whole syncs ----------------------------------------------------------------------------

def test_full_sync_stores_every_game_and_the_box_marks_them(box, tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    summary, _ = do_sync(flash, db)
    assert summary.games == 6 and summary.new == 6 and not summary.problems
    stored = check_library(db, flash, logs)
    assert device_acks(flash) == stored  # the box marked exactly what the host holds
    lib = Library(db)
    assert [f for _, _, f, _, _ in lib.games()] == [1, 1, 1, 1, 0, 0]
    assert all(s for _, _, _, s, _ in lib.games())  # synced_at set
    lib.close()


def test_second_sync_adds_nothing(box, tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    do_sync(flash, db)
    before = _dump(db)
    summary, proto = do_sync(flash, db)
    assert (summary.new, summary.updated, summary.unchanged) == (0, 0, 6)
    assert summary.bytes == 0 and summary.events == 0 and proto.resent == 0
    assert _dump(db) == before


def _dump(db):
    c = sqlite3.connect(db)
    try:
        return (c.execute("SELECT device, gid, journal, finished, synced_at FROM games "
                          "ORDER BY device, gid").fetchall(),
                c.execute("SELECT * FROM events ORDER BY device, gid, seq").fetchall())
    finally:
        c.close()


def test_new_events_on_a_running_game_come_with_the_next_sync(box, tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    do_sync(flash, db)
    st = store.Store(os.path.join(flash, "data"))
    full = game_log(15, 2)
    for ev in full[12:20]:
        st.append(5, ev)
    logs[5] = full[:20]
    summary, _ = do_sync(flash, db)
    assert (summary.new, summary.updated, summary.unchanged) == (0, 1, 5)
    assert summary.events == 8
    check_library(db, flash, logs)


def test_a_journal_the_box_repaired_replaces_the_synced_copy_which_is_kept_aside(box, tmp_path):
    # Issue 9: a running game whose journal the box repaired (a damaged record dropped with
    # what followed, then play went on) never synced again ("the box's journal differs ...
    # nothing more stored", exit 1 at every sync). The box's history is the truth: it
    # replaces the synced copy, which the library keeps (table superseded); said once.
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    do_sync(flash, db)
    lib = Library(db)
    old5, old6 = lib.journal(_device(flash), 5), lib.journal(_device(flash), 6)
    lib.close()
    log77 = game_log(77, 2)[:30]
    other = b"".join(store.record(ev, "versailles") for ev in log77)
    with open(os.path.join(flash, "data", "g0005.log"), "wb") as f:
        f.write(other)  # longer than game 5 was, and different bytes
    with open(os.path.join(flash, "data", "g0006.log"), "rb+") as f:
        f.truncate(len(f.read()) // 2 // 50 * 50)  # shorter than what was synced
    summary, _ = do_sync(flash, db)
    assert summary.problems == []
    said = " / ".join(summary.superseded)
    assert "game %s:5: the box repaired its journal (its bytes before byte %d differ" % (
        summary.device, len(old5)) in said
    assert "game %s:6: the box repaired its journal (the box holds" % summary.device in said
    assert "kept in the library's superseded table" in said
    lib = Library(db)
    try:
        assert lib.journal(summary.device, 5) == other == journal_bytes(flash, 5)
        assert lib.events(summary.device, 5) == log77
        assert lib.journal(summary.device, 6) == journal_bytes(flash, 6)
        assert [j for j, *_ in lib.superseded(summary.device, 5)] == [old5]
        assert [j for j, *_ in lib.superseded(summary.device, 6)] == [old6]
        assert [n for _, n, *_ in lib.superseded(summary.device, 5)] == [old5.count(b"\n")]
    finally:
        lib.close()
    acks = device_acks(flash)
    assert acks[5] == len(other) and acks[6] == len(journal_bytes(flash, 6))
    again, _ = do_sync(flash, db)  # said once: the next sync is a plain one
    assert again.superseded == [] and again.problems == [] and again.unchanged == 6


def test_a_running_game_damaged_on_the_box_then_played_on_syncs_again(box, tmp_path):
    # The steps: sync, damage one line in the middle of a running game's journal,
    # restart the box (it keeps the good records before the damage), play on, sync into the
    # same library: the game goes on being synced past where it was.
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    do_sync(flash, db)
    path = os.path.join(flash, "data", "g0006.log")
    data = open(path, "rb").read()
    lines = data.split(b"\n")
    lines[5] = lines[5].replace(b"*", b"#")  # one record's checksum mark damaged
    with open(path, "wb") as f:
        f.write(b"\n".join(lines))
    st = store.Store(os.path.join(flash, "data"))  # the box restarts: it mends the journal
    assert any("g0006.log" in p for p in st.problems)
    full = game_log(16, 3)
    played = full[:5] + [{"e": "undo"}] + full[4:40]  # play on, differently from before
    for ev in played[5:]:
        st.append(6, ev)
    summary, _ = do_sync(flash, db)
    assert summary.problems == [] and len(summary.superseded) == 1
    lib = Library(db)
    try:
        assert lib.events(summary.device, 6) == played
        assert lib.journal(summary.device, 6) == journal_bytes(flash, 6)
    finally:
        lib.close()
    assert store.Store(os.path.join(flash, "data")).synced(6)


def _device(flash):
    return open(os.path.join(flash, "data", "device.id")).read().strip()


# ---- a cut cable ---------------------------------------------------------------------------

def test_a_cut_link_at_random_points_loses_nothing_and_duplicates_nothing(box, tmp_path):
    flash, logs = box
    rng = random.Random(4)
    cuts = rounds = 0
    while cuts < 24:
        rounds += 1
        db = str(tmp_path / ("games%d.sqlite" % rounds))
        here = str(tmp_path / ("flash%d" % rounds))
        shutil.copytree(flash, here)
        for attempt in range(60):
            budget = rng.randint(1, 3000)
            lines_out = rng.randint(1, 40)
            seen = {"host": 0, "device": 0}

            def to_host(line, budget=budget, seen=seen):
                seen["host"] += len(line)
                if seen["host"] > budget:
                    raise Cut()
                return line

            def to_device(line, lines_out=lines_out, seen=seen):
                seen["device"] += 1
                if seen["device"] > lines_out and rng.random() < 0.5:
                    raise Cut()
                return line
            result, _ = do_sync(here, db, to_host, to_device)
            stored = check_library(db, here, logs, whole=False)
            acks = device_acks(here)
            # the box never marks more than the host holds
            assert all(acks[g] <= stored.get(g, 0) for g in acks), (acks, stored)
            if not isinstance(result, Exception):
                break
            assert isinstance(result, LinkLost), result
            cuts += 1
        summary, _ = do_sync(here, db)  # the next sync finishes the job
        assert not summary.problems
        assert check_library(db, here, logs) == device_acks(here)
    assert cuts >= 20


def test_the_box_marks_a_game_synced_only_after_the_ack(box, template, tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")

    def cut_before_ack(line):
        if line.startswith(b"LN ACK "):
            raise Cut()
        return line
    result, _ = do_sync(flash, db, to_device=cut_before_ack)
    assert isinstance(result, LinkLost)
    stored = check_library(db, flash, logs)  # every byte is in the library ...
    assert set(device_acks(flash).values()) == {0}  # ... and the box marked nothing
    summary, _ = do_sync(flash, db)
    assert summary.bytes == 0 and summary.unchanged == 6
    assert device_acks(flash) == stored

    flash2 = str(tmp_path / "flash2")
    shutil.copytree(template[0], flash2)
    db2 = str(tmp_path / "games2.sqlite")

    def cut_after_acked(line):
        if line.startswith(b"LN ACKED "):
            raise Cut()
        return line
    result, _ = do_sync(flash2, db2, to_host=cut_after_acked)
    assert isinstance(result, LinkLost)
    assert device_acks(flash2)[1] == len(journal_bytes(flash2, 1))  # marked, then the cut
    summary, _ = do_sync(flash2, db2)
    assert summary.bytes == 0
    assert device_acks(flash2) == check_library(db2, flash2, logs)


# ---- damage on the way ---------------------------------------------------------------------

def _flip(line):
    # one payload byte of a DATA line changed: the line's CRC no longer checks
    i = line.rfind(b" *") - 5
    return line[:i] + (b"A" if line[i:i + 1] != b"A" else b"B") + line[i + 1:]


def test_a_corrupt_frame_is_asked_again_and_never_stored(box, tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    flipped = []

    def to_host(line):
        if line.startswith((b"LN DATA", b"LN ZDATA")) and len(flipped) < 3:
            flipped.append(line)
            return _flip(line)
        return line
    summary, proto = do_sync(flash, db, to_host)
    assert len(flipped) == 3 and not summary.problems
    assert proto.bad_lines == 3 and proto.resent >= 3
    check_library(db, flash, logs)


def test_a_frame_damaged_every_time_is_a_clear_error_and_nothing_of_it_is_stored(box,
                                                                                 tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")

    def to_host(line):
        return _flip(line) if line.startswith((b"LN DATA 3 ", b"LN ZDATA 3 ")) else line
    filed = store.Store(os.path.join(flash, "data")).listing()
    compressed = [z for g, f, n, z in filed if g == 3][0] > 0  # sent whole by ZREAD
    result, _ = do_sync(flash, db, to_host, timeout=0.3, retries=3)
    assert isinstance(result, DamagedFrames)
    assert ("game 3: its compressed copy" if compressed else "game 3: the frame at byte 0") \
        in str(result) and "cable" in str(result)
    lib = Library(db)
    assert [g for _, g, *_ in lib.games()] == [1, 2]  # game 3: nothing
    lib.close()
    check_library(db, flash, logs, whole=False)


def test_garbage_on_the_port_before_and_between_frames(box, tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    rng = random.Random(9)
    junk = [b"garbage\n", b"\xff\xfe\x00junk LN \n", b"LN DATA 1 0 AAAA *00000000\n",
            b"print from the app\r\n", bytes(rng.randrange(256) for _ in range(80)) + b"\n"]

    def to_host(line):
        r = rng.random()
        if r < 0.3:
            return rng.choice(junk) + line
        if r < 0.4:
            return b"noise" + line  # glued to the front of a line
        return line

    def to_device(line):
        return rng.choice(junk) + line if rng.random() < 0.2 else line
    summary, proto = do_sync(flash, db, to_host, to_device, timeout=0.5)
    assert not isinstance(summary, Exception), summary
    assert not summary.problems
    check_library(db, flash, logs)


# ---- a full box -----------------------------------------------------------------------------

FULL = 1300  # finished games that fill a Pico's flash (docs/FIRMWARE.md, bench/journal_size.py)


@pytest.fixture(scope="module")
def full_box(tmp_path_factory):
    # 1,300 finished games (20 different ones over and over, filed in packs as the box files
    # them) and a running one
    root = str(tmp_path_factory.mktemp("full"))
    st = store.Store(os.path.join(root, "data"))
    logs = [game_log(seed, 2 + seed % 4) for seed in range(20)]
    for i in range(FULL):
        record_log(st, logs[i % 20])
    record_log(st, game_log(99, 3)[:12], finish=False)
    return root


def test_a_full_box_syncs_back_to_back_at_192k(full_box, tmp_path):
    # Issue 9: with 400 games the box refused ACK (MemoryError allocating 8336 bytes: the acks
    # were a dict that grows by rehashing into one contiguous block). Every command at 1,300
    # games, three syncs in a row on the Pico's 192 KB heap: all new, all unchanged, all new
    # into a second library (LIST, READ and ACK of every game each time).
    flash = str(tmp_path / "flash")
    shutil.copytree(full_box, flash)
    for n, db, new in ((1, "a.sqlite", FULL + 1), (2, "a.sqlite", 0), (3, "b.sqlite", FULL + 1)):
        start = time.monotonic()
        # a box of 1,300 games boots before it answers: on a busy machine that took more than
        # 6 tries of 2 s (wall time); the whole sync is still held to 60 s below
        summary, proto = do_sync(flash, str(tmp_path / db), timeout=5.0)
        assert not isinstance(summary, Exception), "sync %d: %s" % (n, summary)
        assert (summary.games, summary.new, summary.problems) == (FULL + 1, new, [])
        assert time.monotonic() - start < 60, "sync %d took %.1f s" % (n, time.monotonic() - start)
        assert proto.resent == 0
    st = store.Store(os.path.join(flash, "data"))
    assert st.count() == (FULL + 1, 0)  # every game acknowledged on the box


# ---- a box we must not trust ---------------------------------------------------------------

@pytest.mark.parametrize("version, words", [(0, "update the box's firmware"),
                                            (3, "update lenotre")])
def test_a_box_of_another_protocol_version_is_refused_and_nothing_stored(box, tmp_path,
                                                                         version, words):
    flash, _ = box
    db = str(tmp_path / "games.sqlite")
    code = "import link; link.PROTO = link.OLDEST = %d; link.serve()" % version
    result, _ = do_sync(flash, db, code=code)
    assert isinstance(result, ProtocolVersion)
    assert "protocol %d" % version in str(result) and words in str(result)
    assert "nothing was synced" in str(result)
    assert _dump(db) == ([], [])
    assert set(device_acks(flash).values()) == {0}


def test_a_box_of_protocol_1_is_synced_in_protocol_1(box, tmp_path, monkeypatch):
    # Boxes in the field speak protocol 1 (READ frames of 768 bytes, one ACK a game): this
    # lenotre asks HELLO 2, hears "ERR proto 1" and syncs in 1, every game whole; and a box
    # of protocol 2 still serves a lenotre of protocol 1.
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    seen = []

    def to_device(line):
        if line.startswith(b"LN "):
            seen.append(line.split(b" ")[1])
        return line
    summary, proto = do_sync(flash, db, to_device=to_device,
                             code="import link; link.PROTO = 1; link.serve()")
    assert not isinstance(summary, Exception), summary
    assert proto.version == 1 and b"ZREAD" not in seen and seen[:2] == [b"HELLO", b"HELLO"]
    check_library(db, flash, logs)
    acked = device_acks(flash)
    assert acked == {gid: len(journal_bytes(flash, gid)) for gid in acked}
    # a lenotre of protocol 1 and a box of 2: the box speaks 1
    monkeypatch.setattr(syncproto, "PROTO", 1)
    seen.clear()
    db = str(tmp_path / "old-host.sqlite")
    summary, proto = do_sync(flash, db, to_device=to_device)
    assert not isinstance(summary, Exception), summary
    assert proto.version == 1 and b"ZREAD" not in seen and seen[:1] == [b"HELLO"]
    check_library(db, flash, logs)


def _damage(path, at):
    # changes one character inside a record (same length): its CRC no longer checks
    with open(path, "r+b") as f:
        f.seek(at)
        c = f.read(1)
        f.seek(at)
        f.write(b"7" if c != b"7" else b"8")


def test_a_game_damaged_inside_a_pack_syncs_its_good_prefix_with_a_clear_message(tmp_path):
    # a plain pack, as every box filed before deflate: its records are read as they are
    flash = str(tmp_path / "flash")
    logs = record_games(flash, SPECS, squeeze=False)
    db = str(tmp_path / "games.sqlite")
    data = journal_bytes(flash, 2)
    tenth = sum(len(line) + 1 for line in data.split(b"\n")[:9])  # record 10 starts here
    pack = os.path.join(flash, "data", "p0001.pak")
    body = open(pack, "rb").read().index(data)
    _damage(pack, body + tenth + 12)
    summary, _ = do_sync(flash, db)
    assert len(summary.problems) == 1
    assert "game %s:2 is damaged on the box at byte %d" % (summary.device, tenth) in \
        summary.problems[0]
    lib = Library(db)
    assert lib.events(summary.device, 2) == logs[2][:9]
    assert len(lib.journal(summary.device, 2)) == tenth
    lib.close()
    assert device_acks(flash)[2] == tenth  # the box keeps the game: not all of it is synced
    check_library(db, flash, {**logs, 2: logs[2][:9]}, whole=False)


def test_a_game_damaged_inside_its_compressed_copy_is_reported_and_not_acked(box, tmp_path):
    # A compressed filing fails its Adler-32 as a whole: nothing of that game is stored or
    # acknowledged (the box keeps it), every other game syncs whole.
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    st = store.Store(os.path.join(flash, "data"))
    path, body, n, z = st._packs.where(2)
    assert z > 0
    _damage(path, body + z // 2)
    summary, _ = do_sync(flash, db)
    assert len(summary.problems) == 1
    assert "game %s:2: its compressed copy on the box does not read back" % summary.device \
        in summary.problems[0] and "the box keeps the game" in summary.problems[0]
    lib = Library(db)
    assert 2 not in [g for _, g, *_ in lib.games()]
    lib.close()
    acked = device_acks(flash)
    assert acked[2] == 0 and all(acked[g] == len(journal_bytes(flash, g)) for g in acked
                                 if g != 2)
    check_library(db, flash, {g: log for g, log in logs.items() if g != 2})


def test_a_running_game_damaged_on_the_box_syncs_its_good_prefix_and_says_so(box, tmp_path):
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    path = os.path.join(flash, "data", "g0006.log")
    lines = open(path, "rb").read().split(b"\n")
    _damage(path, sum(len(x) + 1 for x in lines[:7]) + 10)  # record 8 of 25
    summary, _ = do_sync(flash, db)
    assert any("g0006.log is damaged at line 8" in n for n in summary.notes), summary.notes
    lib = Library(db)
    assert lib.events(summary.device, 6) == logs[6][:7]
    lib.close()
    check_library(db, flash, {**logs, 6: logs[6][:7]})


# ---- the device side alone ------------------------------------------------------------------

def test_a_silent_host_gives_the_box_back_to_its_app(box):
    # Issue 9: after a killed sync the box stayed stopped in serve(). Silence for idle_ms
    # (after a request, or from the start) ends serve() with a reset, so main.py runs the app
    # (the unix port has no machine.reset: it exits with link.RESET_EXIT).
    import link as framing
    from lenotre.device import vpico
    assert vpico.RESET_EXIT == framing.RESET_EXIT  # the relay powers it up on this code
    flash, _ = box
    for requests in ([], [b"HELLO 1"]):
        dev = Device(flash, code="import link; link.serve(idle_ms=400)")
        port = Port(dev.path, timeout=2)
        try:
            for r in requests:
                port.write(framing.frame(r.decode()).encode())
                assert port.readline().startswith(b"LN HELLO 1 ")
            start = time.monotonic()
            assert dev.wait(5) == framing.RESET_EXIT
            assert time.monotonic() - start < 3
        finally:
            port.close()
            dev.kill()


def test_the_box_answers_garbage_with_err_and_keeps_serving(box):
    import link as framing
    flash, _ = box
    dev = Device(flash)
    port = Port(dev.path, timeout=2)
    try:
        def ask(raw):
            port.write(raw)
            return port.readline().decode()
        assert ask(b"hello there\n").startswith("LN ERR garbage")
        assert ask(b"LN HELLO 1 *00000000\n").startswith("LN ERR crc")
        assert ask(b"\xff\xfe\xfd\n").startswith("LN ERR")
        assert ask(b"x" * 5000 + b"\n").startswith("LN ERR garbage")
        for text, reply in (("FLY 1", "ERR unknown FLY"), ("READ a b c", "ERR ValueError"),
                            ("READ 1 99999 10", "ERR range game 1 has"),
                            ("READ 42 0 10", "ERR StoreError there is no game 42"),
                            ("ACK 1 999999", "ERR StoreError"), ("ACK 1", "ERR usage"),
                            ("HELLO 1", "HELLO 1 ")):
            got = ask(framing.frame(text).encode())
            assert framing.unframe(got.encode())[:len(reply.split())] == reply.split(), (text, got)
        ident = framing.unframe(got.encode())[2]
        assert open(os.path.join(flash, "data", "device.id")).read().strip() == ident
        assert ask(framing.frame("BYE").encode()).startswith("LN BYE")
        assert dev.wait() == 0
    finally:
        port.close()
        dev.kill()


def test_each_sync_that_changes_the_library_keeps_a_copy_of_it_before(box, tmp_path):
    # Issue 23: a damaged library, once repaired, kept only what SQLite's index still reached,
    # and a full box had deleted its oldest synced games. The last three states before a
    # changing sync are kept beside the library (PATH.before-sync-1 the newest).
    flash, logs = box
    db = str(tmp_path / "games.sqlite")
    do_sync(flash, db)  # into a new library: nothing to keep
    assert sorted(os.listdir(tmp_path)) == ["flash", "games.sqlite"]
    st = store.Store(os.path.join(flash, "data"))
    full = game_log(15, 2)
    states = []
    for n in range(4):
        states.append(_dump(db))
        st.append(5, full[12 + n])  # the running game goes on: the next sync changes it
        do_sync(flash, db)
    do_sync(flash, db)  # nothing new: no copy taken
    for k in (1, 2, 3):  # -1 the state before the last changing sync, -3 three syncs back
        assert _dump(db + ".before-sync-%d" % k) == states[-k]
    assert not os.path.exists(db + ".before-sync-4")

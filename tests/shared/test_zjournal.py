# Finished games filed compressed (shared_rules/zjournal.py, firmware/packs.py), on CPython
# (read back by zlib, as the PC does) and on MicroPython (read back by deflate.DeflateIO, as
# the box does): every byte and sync offset of a journal is what it was, plain packs written
# by earlier boxes read as before beside compressed ones, and damage or a cut while filing
# loses nothing.
import os

from support import mentions, raises, rmtree, scratch
from support import read_file as _read
from support import write_file as _write

import packs
from shared_rules import zjournal
from shared_rules.codec import decode, encode
from shared_rules.versailles.simulate import play
from store import END, CorruptJournal, Store, StoreError, parse, record

GAME = "versailles"  # the simulated games': the journal packs their events by its table


def _rand(seed):
    # xorshift32: the same bytes on every runtime
    x = [seed or 1]

    def nxt():
        v = x[0]
        v ^= (v << 13) & 0xFFFFFFFF
        v ^= v >> 17
        v ^= (v << 5) & 0xFFFFFFFF
        x[0] = v
        return v
    return nxt


def _log(seed, players):
    log = play(seed, players).log
    return [decode(encode(ev)) for ev in log]


def _record(s, log):
    gid = s.new_game(log[0])
    for ev in log[1:]:
        s.append(gid, ev)
    s.finish(gid)
    return gid


def _journal(log):
    return b"".join([record(ev, GAME) for ev in log]) + END


def test_streams_read_back_byte_for_byte():
    # Texts that reach every part of the fixed code: literals past 143, lengths up to 258,
    # distances up to the 1 KiB window and beyond it, no text at all.
    r = _rand(7)
    noise, abc = bytearray(), bytearray()
    for _ in range(1500):
        noise.append(r() & 255)
        abc.append(65 + r() % 3)
        abc.append(65 + r() % 3)
    texts = [b"", b"a", b"abcabcabcabc", b"x" * 600, bytes(range(256)) * 3, bytes(noise),
             bytes(abc)]
    words = [b"claim", b"round", b"[\"R\",[18,7],21]", b"Sophie", b"\xff\xfe"]
    texts.append(b"".join([words[r() % 5] for _ in range(800)]))
    for text in texts:
        z = zjournal.compress(text)
        assert zjournal.inflate(z, len(text)) == text
        if text:
            raises(ValueError, zjournal.inflate, z, len(text) - 1)
    assert len(zjournal.compress(b"x" * 600)) < 20
    # the zlib header promises a 1 KiB window: the box's reader allocates no more
    assert zjournal.compress(b"")[0] == 0x28


def test_compressing_gives_way_when_asked_and_otherwise_writes_the_same_stream():
    # compress(text, stop): stop() is asked every few dozen positions; once it says True the
    # work ends with None (the box's filing gives way to a button), else the stream is the
    # one compress(text) writes
    text = b"".join([record(ev, GAME) for ev in _log(3, 4)])
    asked = []

    def never():
        asked.append(1)
        return False
    assert zjournal.compress(text, never) == zjournal.compress(text)
    assert len(asked) >= 8
    n = len(asked)

    def third():
        asked.append(1)
        return len(asked) == n + 3
    assert zjournal.compress(text, third) is None and len(asked) == n + 3


def test_a_journal_loses_its_crcs_and_gets_them_back():
    journal = _journal(_log(3, 4))
    text = zjournal.strip(journal)
    assert b"*" not in text.replace(b'"*"', b"") and text.count(b"\n") == journal.count(b"\n")
    assert zjournal.restore(text) == journal
    z = zjournal.compress(text)
    assert zjournal.expand(z, len(journal)) == journal
    assert len(z) * 2 < len(journal)  # games a box holds: bench/capacity.py
    # a record that fails its CRC, or a cut one: not stripped (the journal is kept as it is)
    i = journal.find(b"\n", 100) - 1  # a CRC's last digit
    digit = b"1" if journal[i:i + 1] == b"0" else b"0"
    assert zjournal.strip(journal[:i] + digit + journal[i + 1:]) is None
    assert zjournal.strip(journal[:-1]) is None
    # damage anywhere in the stream is seen (its Adler-32), never read as another journal
    # (not in the last deflate byte's padding bits, which carry nothing)
    for at in (0, 1, 5, len(z) // 2, len(z) - 4, len(z) - 1):
        bad = z[:at] + bytes([z[at] ^ 0x10]) + z[at + 1:]
        raises(ValueError, zjournal.expand, bad, len(journal))
    raises(ValueError, zjournal.expand, z[:len(z) - 3], len(journal))


def test_finished_games_are_filed_compressed_with_the_same_bytes():
    root = scratch("test_zjournal_1")
    logs = [_log(1, 2), _log(2, 5), _log(3, 3)]
    s = Store(root)
    journals = []
    for log in logs:
        journals.append(_journal(log))
        _record(s, log)
    assert sorted(os.listdir(root)) == ["p0001.pak", "packs.ix"]
    pak = _read(root + "/p0001.pak")
    assert len(pak) * 2 < sum([len(j) for j in journals])
    assert parse(pak[:pak.find(b"\n") + 1], GAME)["z"] > 0
    for boot in range(2):
        for gid in (1, 2, 3):
            j = journals[gid - 1]
            assert s.size(gid) == len(j) and s.finished(gid)
            assert s.events(gid) == logs[gid - 1]
            got = b""  # as a sync reads it: frames at any offset
            for off in range(0, len(j), 700):
                got += s.read_from(gid, off, 700)
            assert got == j and s.read_from(gid, 11, 5) == j[11:16]
            assert s.read_from(gid, len(j), 10) == b""
        s = Store(root)
    rmtree(root)


def test_plain_packs_of_older_boxes_read_beside_compressed_ones():
    # A box in the field has plain packs; updated, it files compressed games after them in
    # the same pack. Both read; taking synced games out rewrites the pack with both kinds.
    root = scratch("test_zjournal_2")
    logs = [_log(4, 2), _log(5, 3), _log(6, 4), _log(7, 2)]
    old = Store(root, squeeze=False)
    _record(old, logs[0])
    _record(old, logs[1])
    s = Store(root)
    _record(s, logs[2])
    _record(s, logs[3])
    assert sorted(os.listdir(root)) == ["p0001.pak", "packs.ix"]
    assert [s._packs.where(g)[3] > 0 for g in (1, 2, 3, 4)] == [False, False, True, True]
    for gid in (1, 2, 3, 4):
        assert s.events(gid) == logs[gid - 1]
        assert s.read_from(gid, 0, 10 ** 5) == _journal(logs[gid - 1])
    s.mark_synced(1)
    s.mark_synced(3)
    s.delete(3)  # the pack rewritten without game 3
    s.delete(1)
    for st in (s, Store(root)):
        assert [g for g, i in st.games()] == [2, 4]
        assert st.events(2) == logs[1] and st.events(4) == logs[3]
        assert st.read_from(4, 0, 10 ** 5) == _journal(logs[3])
    rmtree(root)


def test_damage_in_a_compressed_game_is_reported_and_nothing_changes():
    root = scratch("test_zjournal_3")
    a, b = _log(8, 3), _log(9, 2)
    s = Store(root)
    _record(s, a)
    _record(s, b)
    pak = root + "/p0001.pak"
    data = _read(pak)
    second = data.find(b'{"g":2')
    at = data.find(b"\n", second) + 40  # inside game 2's compressed body
    data = data[:at] + bytes([data[at] ^ 0x04]) + data[at + 1:]
    _write(pak, data)
    s = Store(root)
    assert s.events(1) == a
    exc = raises(CorruptJournal, s.events, 2)
    mentions(exc, "p0001.pak", "game 2", "nothing was changed")
    raises(CorruptJournal, s.read_from, 2, 0, 100)
    assert _read(pak) == data and s.count() == (2, 2)
    rmtree(root)


def test_a_cut_while_filing_compressed_keeps_the_journal():
    # The power goes while the compressed game is written: the header and part of its body
    # are in the pack. Boot keeps the journal, seals that pack and files the game in a new one.
    root = scratch("test_zjournal_4")
    a, b = _log(10, 2), _log(11, 4)
    s = Store(root)
    _record(s, a)
    gid = s.new_game(b[0])
    for ev in b[1:]:
        s.append(gid, ev)
    s.append(gid, {"end": True})
    journal = _read(root + "/g0002.log")
    z = zjournal.compress(zjournal.strip(journal))
    with open(root + "/p0001.pak", "ab") as f:
        f.write(record({"g": 2, "n": len(journal), "z": len(z)}, GAME) + z[:len(z) // 2])
    s = Store(root)
    mentions(s.problems[0], "p0001.pak", "unreadable")
    assert sorted(os.listdir(root)) == ["p0001.pak", "p0002.pak", "packs.ix"]
    assert s.events(1) == a and s.events(2) == b
    assert s.read_from(2, 0, 10 ** 5) == journal
    # a cut between filing and removing the journal: boot sees the filed copy is whole
    _write(root + "/g0002.log", journal)
    s = Store(root)
    assert sorted(os.listdir(root)) == ["p0001.pak", "p0002.pak", "packs.ix"] and s.events(2) == b
    rmtree(root)


def test_a_compressed_copy_that_reads_back_wrong_keeps_the_journal():
    root = scratch("test_zjournal_5")
    a = _log(12, 3)
    s = Store(root)
    real = zjournal.Reader

    class Wrong(real):
        def read(self, k=-1):
            raise ValueError("read back wrong")
    zjournal.Reader = Wrong
    try:
        _record(s, a)
    finally:
        zjournal.Reader = real
    assert "g0001.log" in os.listdir(root) and s.problems
    mentions(s.problems[-1], "p0001.pak", "filed wrong", "journal kept")
    s = Store(root)  # boot files it again, in a new pack (the first one is sealed)
    assert "g0001.log" not in os.listdir(root) and s.events(1) == a
    assert s.read_from(1, 0, 10 ** 5) == _journal(a)
    rmtree(root)


def test_a_long_journal_is_filed_plain():
    # compressing holds the journal, its text and its stream at once: past SQUEEZE_MAX the
    # heap is not risked
    root = scratch("test_zjournal_6")
    s = Store(root)
    gid = s.new_game(_log(13, 2)[0])
    note = {"e": "note", "text": "x" * 200}
    while s.size(gid) <= packs.SQUEEZE_MAX:
        s.append(gid, note)
    s.finish(gid)
    pak = _read(root + "/p0001.pak")
    assert "z" not in parse(pak[:pak.find(b"\n") + 1], GAME) and s.size(gid) > packs.SQUEEZE_MAX
    assert s.read_from(gid, s.size(gid) - len(END), 100) == END
    raises(StoreError, s.append, gid, note)  # finished
    rmtree(root)

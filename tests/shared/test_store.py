# The power-safe journal (firmware/store.py), on CPython and on MicroPython alike: a power cut
# at any byte loses nothing that was acknowledged, damage is reported and kept aside, a full
# flash never costs a game, and only games the host has acknowledged are ever deleted.
# Scratch folders live under out/ (git-ignored); only `os` calls, as on the device.
import binascii
import gc
import os

from support import append_until_full, mentions, raises, rmtree, scratch, skip
from support import read_file as _read
from support import write_file as _write

import packs
import store
from resume import resume
from shared_rules.codec import decode, encode
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play
from store import (END, CorruptJournal, NotSynced, Store, StoreError, StoreFull, parse,
                   record)

GAME = "versailles"  # the simulated games': the journal packs their events by its table


def _fresh(n):
    return scratch("test_store_%d" % n)


def _used(root):
    return sum([os.stat(root + "/" + name)[6] for name in os.listdir(root)])


def _clear(root):
    for name in os.listdir(root):
        os.remove(root + "/" + name)


def _files(root):
    return sorted(os.listdir(root))


def _log(seed, players):
    # A real game's events, as plain dicts (a copy: the journal must not share them), made in
    # place: the game's whole state goes before the copies are made (a 192 KB heap)
    log = play(seed, players).log
    gc.collect()
    for i in range(len(log)):
        log[i] = decode(encode(log[i]))
    return log


def _plain(root, **kw):
    # a store that files finished games plain, as every box did before deflate and a box
    # without it (CircuitPython) does: the tests of the pack format's bytes
    return Store(root, squeeze=False, **kw)


def _record_game(s, log, finish=False):
    gid = s.new_game(log[0])
    for ev in log[1:]:
        s.append(gid, ev)
    if finish:
        s.finish(gid)
    return gid


def _status(s):
    return [(g, info["finished"], info["synced"]) for g, info in s.games()]


def _ids(s):
    return [g for g, info in s.games()]


def _bytes(log):
    return sum([len(record(ev, GAME)) for ev in log]) + len(END)


def _ends(log):
    # byte offset just past each record
    ends = []
    total = 0
    for ev in log:
        total += len(record(ev, GAME))
        ends.append(total)
    return ends


def test_record_format():
    rec = record({"e": "round", "cards": [3, 1]}, GAME)
    assert rec.startswith(b'["R",[3,1]]*') and rec.endswith(b"\n")
    assert len(rec) == len(b'["R",[3,1]]') + 10
    for c in rec:
        assert 0x20 <= c < 0x7F or c == 10  # ASCII lines: the sync link's alphabet
    assert parse(rec, GAME) == {"e": "round", "cards": [3, 1]}
    mentions(raises(ValueError, parse, rec[:-1]), "no newline")
    mentions(raises(ValueError, parse, rec[:5] + b"X" + rec[6:]), "checksum")
    mentions(raises(ValueError, parse, b"abc\n"), "checksum")
    mentions(raises(ValueError, parse, _with_crc(b"{oops")), "JSON")
    assert record({"name": "Sch\u00f6n"}, GAME).startswith(b'{"name":"Sch\\u00f6n"}*')
    # the same bytes on both runtimes, and a host can check them with any CRC32
    assert record({"e": "undo"}, GAME) == b'["U"]*5bc5e940\n' == _with_crc(b'["U"]')
    assert END == b'{"end":true}*5390f47e\n'


def test_events_are_packed_as_arrays_and_read_back_unchanged():
    # Every event of whole simulated games, 2 to 5 players (2: rounds carry "ludwig"), reads
    # back equal; the known kinds as arrays of their fields, at most 60% of the object's bytes.
    packed = plain = 0
    for players in (2, 3, 4, 5):
        for ev in play(players, players).log + [{"e": "undo"}]:
            rec = record(ev, GAME)
            assert parse(rec, GAME) == ev, ev
            assert rec[:1] == b"[", rec
            packed += len(rec)
            plain += len(encode(ev)) + 10
    assert packed * 10 <= plain * 6, (packed, plain)
    assert parse(record({"e": "round", "cards": [1, 2], "ludwig": 7}, GAME), GAME) == {
        "e": "round", "cards": [1, 2], "ludwig": 7}
    assert record({"e": "round", "cards": [1, 2], "ludwig": 7}, GAME).startswith(b'["R",[1,2],7]*')
    # What the table does not describe exactly is kept as the object it is.
    for odd in ({"e": "round", "cards": [1], "note": "x"}, {"e": "claim", "p": 1, "size": 3},
                {"e": "bid", "p": 0}, {"e": 5}, {"g": 3, "n": 120}, {}):
        rec = record(odd, GAME)
        assert rec[:1] == b"{" and parse(rec, GAME) == odd, odd
    # An array that no kind explains is a bad record; and a list is never recorded.
    for bad in (b'["Q",1]', b'["C",1,"red",4,9]', b"[]", b"[[1]]", b"[3]"):
        mentions(raises(ValueError, parse, _with_crc(bad), GAME), "unknown record kind")
    mentions(raises(ValueError, record, [1, 2]), "JSON object")


def _with_crc(text):
    return text + b"*" + ("%08x" % (binascii.crc32(text) & 0xFFFFFFFF)).encode() + b"\n"


def test_cut_at_every_byte_offset():
    # A power cut can stop the journal at any byte. For every k: the first k bytes of a real
    # game's journal (its END record included) as the file, boot a Store over it, and the
    # events whose whole line (newline included) lies within k are there, nothing else; the
    # game then goes on (or, with END whole, is finished and filed).
    # Every byte offset of a complete 3-player game (30 events, ~1.7 KB) on both runtimes:
    # ~2 s under MicroPython (unix port), so no sampling is needed.
    root = _fresh(1)
    log = _log(1, 3)
    s = Store(root)
    assert _record_game(s, log) == 1
    path = root + "/g0001.log"
    data = _read(path) + END
    ends = _ends(log)
    ends.append(ends[-1] + len(END))
    assert data == b"".join([record(ev, GAME) for ev in log]) + END and len(data) == ends[-1]
    replayed = {}
    for k in range(len(data) + 1):
        if k % 32 == 0:
            gc.collect()  # a 192 KB heap fragments: keep room for the bigger buffers
        _clear(root)
        _write(path, memoryview(data)[:k])
        s = Store(root)  # boot: a cut last record is dropped here
        done = 0
        while done < len(ends) and ends[done] <= k:
            done += 1
        keep = ends[done - 1] if done else 0
        if done > len(log):  # END is whole: finished, and filed at boot
            assert s.current() is None and s.finished(1) and s.events(1) == log, k
            assert s.read_from(1, 0, k) == data and _files(root) == ["p0001.pak", "packs.ix"], k
            continue
        assert s.current() == 1 and not s.finished(1), k
        assert s.size(1) == keep, k  # the journal is the clean prefix: appends start a line
        assert s.events(1) == log[:done], k
        nxt = log[done] if done < len(log) else {"e": "undo"}
        s.append(1, nxt)
        s = Store(root)  # and once more after a reboot
        evs = s.events(1)
        assert evs == log[:done] + [nxt], k
        rec = record(nxt, GAME)
        assert s.size(1) == keep + len(rec) and s.read_from(1, keep, 999) == rec, k
        if done not in replayed:  # the same events replay the same: once per prefix
            g = Game.replay(evs)
            assert len(g.log) == done + 1
            replayed[done] = True
    assert len(replayed) == len(log) + 1
    rmtree(root)


def test_damage_in_the_middle_is_reported_and_kept_aside():
    # A bad record with good ones after it is no cut write: the good prefix becomes the
    # journal, the original is kept aside byte for byte, and the report names file, line and
    # reason: CorruptJournal from events()/recover(), or `problems` when boot finds it.
    root = _fresh(2)
    log = _log(5, 3)[:30]
    s = Store(root)
    _record_game(s, log)
    path = root + "/g0001.log"
    data = _read(path)
    ends = _ends(log)
    at = ends[3] + 4  # inside record 5's JSON
    flipped = data[:at] + (b"7" if data[at:at + 1] != b"7" else b"8") + data[at + 1:]
    _write(path, flipped)  # while the box runs
    exc = raises(CorruptJournal, s.events, 1)
    mentions(exc, "g0001.log", "line 5", "checksum", "25 good records after it", "g0001.bad")
    assert exc.line == 5 and exc.kept == 4 and exc.aside == "g0001.bad"
    assert _read(root + "/g0001.bad") == flipped  # the original, byte for byte
    assert _read(path) == data[:ends[3]]  # the good prefix
    assert s.events(1) == log[:4]  # the game goes on from there
    s.append(1, log[4])
    s = Store(root)
    assert s.events(1) == log[:5] and s.problems == []
    assert _files(root) == ["g0001.bad", "g0001.log"]
    # Found at boot (here with a cut tail too): repaired, reported, the next original kept
    # under a new name; nothing is deleted.
    data = _read(path)
    damaged = data[:10] + b"#" + data[11:] + b'{"e":"ro'
    _write(path, damaged)
    s = Store(root)
    assert len(s.problems) == 1
    mentions(s.problems[0], "g0001.log", "line 1", "4 good records after it", "g0001.bad2")
    assert s.events(1) == [] and s.current() == 1
    assert _files(root) == ["g0001.bad", "g0001.bad2", "g0001.log"]
    assert _read(root + "/g0001.bad2") == damaged and _read(root + "/g0001.bad") == flipped
    s.append(1, log[0])  # the game starts over from its setup
    assert s.recover(1) == 0  # a clean journal: nothing to do
    # recover() reports damage as events() does
    _write(path, _read(path) + b"garbage\n" + record(log[1], GAME))
    exc = raises(CorruptJournal, s.recover, 1)
    mentions(exc, "line 2", "g0001.bad3")
    assert s.events(1) == log[:1]
    rmtree(root)


def test_a_full_flash_keeps_every_game():
    root = _fresh(3)
    a, b, c = _log(1, 2), _log(2, 2), _log(3, 4)
    # room for the two finished games and half of the third
    cap = store.RESERVE + _bytes(a) + _bytes(b) + _bytes(c) // 2
    s = _plain(root, capacity=cap)
    assert s.free_bytes() == cap
    _record_game(s, a, finish=True)
    _record_game(s, b, finish=True)
    gid = s.new_game(c[0])
    n, full = append_until_full(s, gid, c, 1)
    assert full is not None and n < len(c)
    mentions(full, "flash full", "lenotre sync", "no game was lost")
    assert s.free_bytes() < store.RESERVE + len(record(c[n], GAME))
    before = {}
    for g in (1, 2, 3):
        before[g] = s.read_from(g, 0, 100000)
    for boot in range(2):
        assert s.events(1) == a and s.events(2) == b and s.events(3) == c[:n]
        assert _status(s) == [(1, True, False), (2, True, False), (3, False, False)]
        s = _plain(root, capacity=cap)
    # Nothing is synced: nothing may go, and the flash stays full.
    assert s.make_room(2000) == []
    raises(StoreFull, s.append, 3, c[n])
    raises(StoreFull, s.new_game, a[0])
    exc = raises(NotSynced, s.delete, 1)
    mentions(exc, "game 1", "not synced", "nothing was deleted")
    for g in (1, 2, 3):
        assert s.read_from(g, 0, 100000) == before[g]
    # The host acknowledges game 1 and what there is of the running game 3 (this works on a
    # full flash): only game 1 is a synced *finished* game, so only it makes room (it shares
    # a pack with game 2: the pack is rewritten without it).
    s.mark_synced(1)
    s.mark_synced(3)
    assert s.synced(1) and s.synced(3) and not s.synced(2)
    assert s.make_room(3000) == [1]
    assert _status(s) == [(2, True, False), (3, False, True)]
    s.append(3, c[n])
    assert not s.synced(3)  # new bytes the host has not seen
    assert s.events(3) == c[:n + 1]
    # A partly acknowledged game is not synced.
    s.mark_synced(2, 100)
    assert not s.synced(2) and s.acked(2) == 100
    raises(NotSynced, s.delete, 2)
    raises(StoreError, s.mark_synced, 2, 10 ** 6)
    # Appends that run out make room by themselves, from synced finished games only.
    s.mark_synced(2)
    s = _plain(root, capacity=cap)
    assert s.synced(2) and s.acked(2) == s.size(2)
    while n + 1 < len(c):
        n += 1
        s.append(3, c[n])
    s.finish(3)
    assert s.events(3) == c and _ids(s) == [2, 3]
    d = _log(4, 3)
    assert _record_game(s, d) == 4  # needs room after ~20 events: game 2 makes it
    assert _ids(s) == [3, 4]  # the unsynced game 3 stays
    assert s.events(3) == c and s.events(4) == d
    rmtree(root)


def test_make_room_deletes_synced_finished_games_oldest_first():
    root = _fresh(4)
    logs = [_log(10 + i, 2) for i in range(4)]
    pack_bytes = packs.PACK_BYTES
    packs.PACK_BYTES = 1  # a pack per game, to see the order
    try:
        s = Store(root)
        for log in logs:
            _record_game(s, log, finish=True)
    finally:
        packs.PACK_BYTES = pack_bytes
    assert _files(root) == ["p0001.pak", "p0002.pak", "p0003.pak", "p0004.pak", "packs.ix"]
    s.new_game(logs[0][0])  # game 5 runs
    s.mark_synced(5)
    for g in (3, 1, 2):
        s.mark_synced(g)
    s.capacity = _used(root) + store.RESERVE  # full: no room for anything more
    assert s.make_room(100) == [1]  # the oldest synced finished game, and only as needed
    assert s.make_room(s.free_bytes() - store.RESERVE + 1) == [2]
    assert s.make_room(10 ** 6) == [3]  # the unsynced game 4 and the running game 5 stay
    assert s.make_room(10 ** 6) == []
    assert _ids(s) == [4, 5]
    assert s.events(4) == logs[3]
    s = Store(root)
    assert _ids(s) == [4, 5] and s.current() == 5
    rmtree(root)


def test_ids_grow_and_are_never_reused():
    root = _fresh(5)
    log = _log(4, 2)
    s = Store(root)
    assert s.current() is None and _status(s) == []
    g1 = _record_game(s, log[:5], finish=True)
    g2 = _record_game(s, log[:3])
    assert (g1, g2) == (1, 2)
    s = Store(root)  # reboot
    assert s.current() == 2
    assert _status(s) == [(1, True, False), (2, False, False)]
    s.mark_synced(1)
    raises(StoreError, s.append, 1, log[5])  # finished
    raises(StoreError, s.events, 9)
    s = Store(root)
    assert _status(s) == [(1, True, True), (2, False, False)]
    s.delete(1)
    s = Store(root)
    assert _status(s) == [(2, False, False)]
    s.finish(2)
    s.mark_synced(2)
    s.delete(2)
    assert _status(s) == [] and s.current() is None
    s = Store(root)
    assert s.new_game(log[0]) == 3  # not 1, not 2: next.id remembers
    s.finish(3)
    s.mark_synced(3)
    s.delete(3)
    s = Store(root)
    assert s.new_game(log[0]) == 4
    assert _status(s) == [(4, False, False)] and s.current() == 4
    rmtree(root)


def test_boot_cleans_what_a_power_cut_left():
    root = _fresh(6)
    log = _log(6, 3)
    s = Store(root)
    _record_game(s, log[:6], finish=True)
    _record_game(s, log[:4])
    s.mark_synced(1)
    files = _files(root)
    assert files == ["g0002.log", "p0001.pak", "packs.ix", "synced.log"]
    journal = _read(root + "/g0002.log")
    # Temp files of renames that never happened: the old files are whole, the temps go: a
    # journal's at boot, the others at the app's first idle step (settle)
    _write(root + "/g0002.tmp", journal[:30])
    _write(root + "/synced.tmp", b'{"g":1,"n"')
    _write(root + "/next.tmp", b"")
    _write(root + "/p0001.tmp", b"junk")
    _write(root + "/g0007.tmp", record(log[0], GAME)[:9])  # a new game cut before its rename
    s = Store(root)
    assert _files(root) == sorted(files + ["next.tmp", "p0001.tmp", "synced.tmp"])
    assert s.settle() and not s.settle()
    assert _files(root) == files
    assert _status(s) == [(1, True, True), (2, False, False)]
    assert s.events(2) == log[:4]
    # A cut mark: the torn acknowledgement line is dropped, the whole ones stand.
    with open(root + "/synced.log", "ab") as f:
        f.write(record({"g": 2, "n": 5}, GAME)[:8])
    s = Store(root)
    assert _status(s) == [(1, True, True), (2, False, False)]
    assert s.problems and _read(root + "/synced.log") == record({"g": 1, "n": s.size(1)}, GAME)
    # Moving a damaged journal aside was cut between its two renames: boot finishes it.
    os.rename(root + "/g0002.log", root + "/g0002.bad")
    _write(root + "/g0002.tmp", journal[:len(record(log[0], GAME))])
    s = Store(root)
    assert s.events(2) == log[:1]
    assert _files(root) == ["g0002.bad", "g0002.log", "p0001.pak", "packs.ix", "synced.log"]
    rmtree(root)


def test_boot_writes_nothing_for_a_cut_count():
    # The power going just after the menu is drawn cuts the power-on's count (boot.tmp, then
    # its rename): boot leaves that temp to the app's first idle step, so the next power-on
    # writes no flash before its menu (its remove cost up to 230 ms on a full box, emulated)
    root = _fresh(61)
    s = Store(root)
    _record_game(s, _log(61, 2), finish=True)
    _write(root + "/boot.tmp", b"7 ")
    before = [(n, _read(root + "/" + n)) for n in _files(root)]
    s = Store(root)
    assert [(n, _read(root + "/" + n)) for n in _files(root)] == before
    assert s.settle() and "boot.tmp" not in _files(root) and not s.settle()
    rmtree(root)


def test_finished_games_are_filed_in_packs():
    # One file per game would cost a whole 4 KB littlefs block per game: finished games are
    # filed in packs. Their bytes, sizes and sync offsets do not change.
    root = _fresh(7)
    a, b = _log(7, 2), _log(8, 5)
    s = _plain(root)
    _record_game(s, a)
    raw = _read(root + "/g0001.log")
    s.finish(1)
    raw += END
    assert s.size(1) == len(raw) and s.read_from(1, 0, 10 ** 5) == raw
    assert s.events(1) == a and s.finished(1)
    _record_game(s, b, finish=True)
    assert _files(root) == ["p0001.pak", "packs.ix"]
    # A power cut between filing a game and removing its journal: boot removes the copy.
    _write(root + "/g0001.log", raw)
    s = _plain(root)
    assert _files(root) == ["p0001.pak", "packs.ix"] and s.events(1) == a
    assert _status(s) == [(1, True, False), (2, True, False)]
    # A cut while filing (bytes no header explains): the pack takes no more games, is kept
    # as is, the next game goes to a new pack.
    with open(root + "/p0001.pak", "ab") as f:
        f.write(record({"g": 3, "n": 900}, GAME) + raw[:50])
    s = _plain(root)
    mentions(s.problems[0], "p0001.pak", "unreadable")
    _record_game(s, a, finish=True)
    assert _files(root) == ["p0001.pak", "p0002.pak", "packs.ix"]
    assert s.events(3) == a and s.events(2) == b
    for g in (1, 2, 3):
        s.mark_synced(g)
    s.capacity = _used(root) + store.RESERVE
    assert s.make_room(100) == [3]  # the damaged pack is never deleted to make room
    s.capacity = None
    # delete() of a synced game in a sound pack rewrites the pack without it
    _record_game(s, b, finish=True)
    _record_game(s, a, finish=True)
    assert _files(root) == ["next.id", "p0001.pak", "p0002.pak", "packs.ix", "synced.log"]
    s.mark_synced(4)
    s.delete(4)
    assert _ids(s) == [1, 2, 5]
    s = _plain(root)
    assert s.events(5) == a and _status(s) == [(1, True, True), (2, True, True),
                                              (5, True, False)]
    raises(StoreError, s.delete, 1)  # in the damaged pack: kept
    # Damage inside a filed game is reported; nothing is changed.
    pak = root + "/p0002.pak"
    data = _read(pak)
    i = data.find(b'["R"')
    data = data[:i] + b'["Q"' + data[i + 4:]
    _write(pak, data)
    exc = raises(CorruptJournal, _plain(root).events, 5)
    mentions(exc, "p0002.pak", "game 5", "line 2", "nothing was changed")
    assert _read(pak) == data
    rmtree(root)


def test_read_from_gives_exact_bytes_for_resumable_sync():
    root = _fresh(8)
    log = _log(9, 4)
    s = Store(root)
    gid = _record_game(s, log)
    data = b"".join([record(ev, GAME) for ev in log])
    for finished in (False, True):
        size = s.size(gid)
        assert size == len(data)
        for off in (0, 1, 17, 100, size - 1, size, size + 5):
            for n in (0, 1, 7, 100, 10 ** 5):
                assert s.read_from(gid, off, n) == data[off:off + n], (off, n)
        got = b""
        while len(got) < size:  # resume by offset, 97 bytes a time
            got += s.read_from(gid, len(got), 97)
        assert got == data
        if not finished:
            s.finish(gid)
            data += END
    rmtree(root)


def test_cut_while_filing_a_finished_game():
    # Filing appends the finished journal to a pack, then removes the journal. A power cut
    # at any byte of that append: boot keeps the game whole and filed once.
    root = _fresh(9)
    a, b = _log(11, 2), _log(12, 3)
    s = Store(root)
    _record_game(s, a, finish=True)
    _record_game(s, b)
    s.finish(2)
    pack = _read(root + "/p0001.pak")
    journal = s.read_from(2, 0, 10 ** 5)
    first = len(record({"g": 1, "n": s.size(1)}, GAME)) + s.size(1)
    for j in range(len(pack) - first + 1):
        _clear(root)
        _write(root + "/p0001.pak", memoryview(pack)[:first + j])
        _write(root + "/g0002.log", journal)
        s = Store(root)
        assert _status(s) == [(1, True, False), (2, True, False)], j
        assert s.events(1) == a and s.events(2) == b, j
        assert s.read_from(2, 0, 10 ** 5) == journal, j
        files = _files(root)
        if j in (0, len(pack) - first):
            assert files == ["p0001.pak", "packs.ix"], j  # filed at boot, or the copy removed
        else:  # a cut entry: that pack is sealed, the game is filed in the next one
            assert files == ["p0001.pak", "p0002.pak", "packs.ix"], j
            assert len(s.problems) == 1
        assert s.current() is None
    rmtree(root)


class _CutBlocks:
    # A RAM block device for vfs.VfsLfs2 that loses power after `budget` program/erase
    # operations: the cut operation lands half done, later ones do nothing and fail. A dead
    # device answers every call with -EIO without allocating: file finalisers that run during
    # a collection (heap locked) then fail like the rest.
    def __init__(self, count, size):
        self.blocks = [bytearray(size) for _ in range(count)]  # no big block of heap
        self.size = size
        self.budget = -1
        self.ops = 0

    def _cut(self):
        self.ops += 1
        if self.budget < 0:
            return False
        self.budget -= 1
        return self.budget < 0

    def readblocks(self, n, buf, off=0):
        if self.budget == 0:
            return -5
        buf[:] = self.blocks[n][off:off + len(buf)]

    def writeblocks(self, n, buf, off=None):
        if off is None:
            self.ioctl(6, n)
            off = 0
        if self.budget == 0:
            return -5
        cut = self._cut()
        end = len(buf) // 2 if cut else len(buf)
        self.blocks[n][off:off + end] = buf[:end]
        if cut:
            raise OSError(5)

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.blocks)
        if op == 5:
            return self.size
        if op == 6:
            if self.budget == 0:
                return -5
            cut = self._cut()
            blk = self.blocks[arg]
            for i in range(self.size // 2 if cut else self.size):
                blk[i] = 0xFF
            if cut:
                raise OSError(5)
            return 0
        return 0


def test_power_cut_on_littlefs():
    # The Pico's filesystem itself, where the port has it (MicroPython's VfsLfs2 over a RAM
    # block device; CPython has no littlefs and skips this): power fails after the n-th flash
    # operation, for every n over a short game, its filing in a pack and a sync mark. After the
    # reboot every append that returned is there, the one in flight at most, and play goes on.
    _power_cuts(False)


def test_power_cut_on_littlefs_with_records_ahead():
    # The same with the Pico's store: records ahead of the journal (ahead.py), folded into it
    # at every third record as an idle box does, the game filed at its idle step.
    _power_cuts(True)


def _power_cuts(ahead):
    from ahead import AheadStore
    kind = AheadStore if ahead else Store
    try:
        import vfs
        vfs.VfsLfs2
    except (ImportError, AttributeError):
        skip("this runtime has no littlefs (vfs.VfsLfs2): MicroPython's unix port has it")
    full = _log(13, 2)
    log = full[:8]
    bdev = _CutBlocks(40, 512)
    n = 0
    while True:
        bdev.budget = -1
        vfs.VfsLfs2.mkfs(bdev)
        vfs.mount(vfs.VfsLfs2(bdev), "/cut")
        done = 0
        phase = 0
        bdev.budget = n
        try:
            s = kind("/cut/data")
            s.new_game(log[0])
            done = 1
            for ev in log[1:]:
                s.append(1, ev)
                done += 1
                if done % 3 == 0:
                    s.settle()
            s.finish(1)
            s.settle()
            phase = 1
            s.mark_synced(1)
            phase = 2
        except OSError:
            pass
        s = None
        bdev.budget = 0  # the power stays off until every open file of that boot is gone
        gc.collect()
        vfs.umount("/cut")
        bdev.budget = -1
        vfs.mount(vfs.VfsLfs2(bdev), "/cut")
        try:
            s = kind("/cut/data")
            games = s.games()
            if done == 0:
                assert _status(s) in ([], [(1, False, False)]), (n, games)
                if not games:
                    s.new_game(log[0])
                evs = s.events(1)
                assert evs == log[:1], n
            else:
                evs = s.events(1)
                assert evs in (log[:done], log[:done + 1]), (n, done, len(evs))
                fin = s.finished(1)
                assert fin or phase == 0, n
                if phase == 2:
                    assert s.synced(1), n
                if not fin:
                    s.append(1, full[len(evs)])
                    assert s.events(1) == full[:len(evs) + 1], n
                    Game.replay(s.events(1))
        finally:
            vfs.umount("/cut")
        if phase == 2:
            break
        n += 1
    assert n > 20  # the cuts did land all over the sequence


def test_ids_and_sizes_past_16_bits_are_kept_whole():
    # The packs' index holds 16-bit numbers until one does not fit: then that pack's goes to
    # 32 bits (a box that has seen 65,535 games, a journal past 64 KB).
    root = _fresh(21)
    _write(root + "/next.id", record({"next": 70000}, GAME))
    s = Store(root)
    small = _log(3, 2)
    a = _record_game(s, small, finish=True)
    assert a == 70000
    b = s.new_game(small[0])
    note = {"e": "round", "cards": [1, 2], "note": "x" * 90}  # 124 bytes a record
    for i in range(560):
        s.append(b, note)
    s.finish(b)
    tail = record(note, GAME) + END
    for boot in range(2):
        assert s.events(a) == small and s.finished(b)
        assert s.size(b) == len(record(small[0], GAME)) + 560 * len(record(note, GAME)) + len(END) > 65535
        assert s.read_from(b, s.size(b) - len(tail), 1000) == tail
        assert s.count() == (2, 2)
        assert sorted([g for g, f, n in s.each()]) == [70000, 70001]
        s = Store(root)
    rmtree(root)


def _small(n):
    # n short finished games' logs (a setup, a record, END): many games, little flash
    base = _log(3, 2)
    return [base[:2] for _ in range(n)]


class _PackGames:
    # with _PackGames(n): packs of n games at most inside it
    def __init__(self, n):
        self.n = n

    def __enter__(self):
        self.old = packs.PACK_GAMES
        packs.PACK_GAMES = self.n

    def __exit__(self, *exc):
        packs.PACK_GAMES = self.old


def _filed(root, n):
    # -> (a store on root with n short games filed, their logs)
    s = Store(root)
    logs = _small(n)
    for log in logs:
        _record_game(s, log, finish=True)
    return s, logs


def _boot_scans(root):
    # -> (the store booted on root, the packs its boot read from their headers)
    import packscan
    scans = []
    real = packscan.scan
    packscan.scan = lambda packs, no: scans.append(no) or real(packs, no)
    try:
        return Store(root), scans
    finally:
        packscan.scan = real


def test_the_packs_directory_is_on_flash_and_boot_reads_no_header_where_it_matches():
    # packs.ix holds what every pack's headers say (8 bytes a game): the heap keeps 10
    # bytes a pack, and boot reads the directory, not the packs, where it matches them
    root = _fresh(23)
    with _PackGames(4):  # three packs of ten games
        s, logs = _filed(root, 10)
        assert _files(root) == ["p0001.pak", "p0002.pak", "p0003.pak", "packs.ix"]
        assert os.stat(root + "/packs.ix")[6] == 8 * (10 + 3)  # a run's start a pack
        s, scans = _boot_scans(root)
        assert scans == [] and len(s._packs.packs) == packs.P * 3
        assert [s.events(g) for g in range(1, 11)] == logs and s.count() == (10, 10)
        assert s._packs.where(6)[0].endswith("p0002.pak")
    rmtree(root)


def test_a_packs_directory_cut_or_spoilt_is_read_again_from_the_packs():
    # A power cut between a game's filing and its directory entry, a directory cut in the
    # middle of an entry, one full of noise, one naming a pack that is gone: boot reads the
    # packs it does not match from their headers, loses no game and writes it whole again.
    root = _fresh(24)
    with _PackGames(4):
        s, logs = _filed(root, 6)
        ix = root + "/packs.ix"
        whole = _read(ix)
        for spoilt in (whole[:-8], whole[:-3], whole[:20], b"\x07" * 40, b"",
                       whole + bytes((0, 0, 9, 0, 0, 0, 0, 0)), whole[8 * 6:]):
            _write(ix, spoilt)
            s, scans = _boot_scans(root)
            assert [s.events(g) for g in range(1, 7)] == logs, spoilt
            assert not s.problems and s.count() == (6, 6)
            s, scans = _boot_scans(root)  # written whole again: the next boot trusts it
            assert scans == [] and os.stat(ix)[6] == len(whole), spoilt
            assert [s.events(g) for g in range(1, 7)] == logs, spoilt
        os.remove(root + "/p0001.pak")  # a pack gone (as by hand): its run goes too
        s = Store(root)
        assert sorted([g for g, f, n in s.each()]) == [5, 6]
        assert os.stat(ix)[6] == 8 * 3
    rmtree(root)


def test_a_pack_rewritten_to_make_room_takes_more_games_and_boot_writes_its_directory():
    # Taking a game out rewrites its pack and leaves packs.ix behind it: the store keeps that
    # pack's directory in the heap, adds the games filed into it after, and the next boot
    # reads the pack from its headers and writes the directory again.
    root = _fresh(26)
    with _PackGames(4):
        s, logs = _filed(root, 3)
        s.mark_synced(1)
        s.delete(1)
        logs.append(_log(4, 2))
        _record_game(s, logs[3], finish=True)  # into the rewritten pack: it has room
        assert _files(root) == ["next.id", "p0001.pak", "packs.ix", "synced.log"]
        for boot in range(3):
            assert [s.events(g) for g in (2, 3, 4)] == logs[1:], boot
            assert not s.holds(1) and s.count() == (3, 3)
            s, scans = _boot_scans(root)
            assert scans == ([1] if boot == 0 else []), boot
    rmtree(root)


def _boot_reads(root):
    # -> (the store booted on root, the packs.ix entries its boot read one by one: those
    # after what packs.sum covered)
    import packix
    got = []
    real_load, real_runs = packix.load, packix._runs

    def load(packs, seen, n):
        known = real_load(packs, seen, n)
        got.append(known[0] if known else 0)
        return known

    def runs(packs, seen, ix):
        found = real_runs(packs, seen, ix)
        got.append(packs.ixn)
        return found
    packix.load, packix._runs = load, runs
    try:
        s = Store(root)
        s.settle()  # the app's first idle step: the summary boot made is written
        return s, got[-1] - got[0] if len(got) == 2 else 0
    finally:
        packix.load, packix._runs = real_load, real_runs


def test_boot_takes_the_packs_summary_for_the_entries_it_covers_and_reads_the_rest():
    # packs.sum keeps what reading packs.ix found (each pack's run, the ids met) for its
    # first entries, with their CRC-32: boot reads only the entries after those, writes it
    # again once SUM_AFTER (here 3) or more were read so, and reads every entry where it
    # does not match
    import packix
    import packsum
    root = _fresh(27)
    summary = root + "/" + packsum.SUM
    after = packix.SUM_AFTER
    packix.SUM_AFTER = 3
    try:
        with _PackGames(4):
            s, logs = _filed(root, 10)
            Store(root)  # no summary yet: every entry read, the summary made, not yet written:
            try:  # a flash write is no part of a power-on (issue 21)
                os.stat(summary)
                assert False, "boot wrote packs.sum"
            except OSError:
                pass
            s, read = _boot_reads(root)  # ... but at the first idle step
            assert read == 13 and os.stat(summary)[6] > 0
            s, read = _boot_reads(root)
            assert read == 0 and s.count() == (10, 10) and len(s._packs.packs) == packs.P * 3
            assert [s.events(g) for g in range(1, 11)] == logs
            assert s._packs.where(6)[0].endswith("p0002.pak") and s._packs.last == 3
            for k, n in ((1, 1), (2, 2), (3, 4)):  # a game more each time: pack 3, then 4
                logs.append(_log(4 + k, 2))
                _record_game(s, logs[-1], finish=True)
                s, read = _boot_reads(root)
                assert read == n and [s.events(g) for g in range(1, 11 + k)] == logs, k
            s, read = _boot_reads(root)  # 4 read one by one: written again
            assert read == 0 and s.count() == (13, 13) and s._packs.last == 4
            whole = _read(summary)
            for spoilt in (whole[:-4], whole[:28], b"\x07" * len(whole),
                           whole[:8] + b"\x09" + whole[9:]):  # cut, noise, its CRC-32 failing
                _write(summary, spoilt)
                s, read = _boot_reads(root)
                assert read == 17 and s.count() == (13, 13), spoilt  # every entry read again
                assert [s.events(g) for g in range(1, 14)] == logs, spoilt
                s, read = _boot_reads(root)  # written again: the next boot reads none
                assert read == 0 and [s.events(g) for g in range(1, 14)] == logs, spoilt
            s.mark_synced(1)
            s.delete(1)  # pack 1 rewritten: packs.ix written again at the next boot
            for boot in range(3):
                s, read = _boot_reads(root)
                assert read == (16 if boot == 1 else 0), boot  # the summary no longer matches
                assert [s.events(g) for g in range(2, 14)] == logs[1:] and not s.holds(1), boot
    finally:
        packix.SUM_AFTER = after
    rmtree(root)


def test_the_heap_holds_nothing_a_game_for_the_packs():
    # MicroPython: a box of 100 filed games keeps no more heap for its packs than one of 20,
    # but the few bytes a pack (a box of 3,000 games kept 24 KB of their directory there)
    if not hasattr(gc, "mem_alloc"):
        skip("MicroPython only: gc.mem_alloc counts the heap's allocations")
    root = _fresh(25)
    with _PackGames(20):
        s = Store(root)
        held = []
        log = _small(1)[0]
        for n in range(100):
            _record_game(s, log, finish=True)
            if n + 1 in (20, 100):
                s = None
                gc.collect()
                before = gc.mem_alloc()
                s = Store(root)
                gc.collect()
                held.append(gc.mem_alloc() - before)
        # four packs more: 20 bytes each in the packs' array, its growth rounded to the heap's
        # 16-byte blocks; 80 games more in 8-byte entries would be 640
        assert held[1] - held[0] <= 4 * packs.P * 4 + 64, held
    rmtree(root)


def test_a_game_is_found_where_a_full_search_finds_it_in_any_order():
    # where() tries first the entry after the one it found last (a sync, a listing and an
    # ACK go game after game); whatever the order, it answers what a search of the packs
    # answers (the entry tried first is only a guess, checked)
    root = _fresh(28)
    with _PackGames(4):  # three packs
        s, logs = _filed(root, 10)
    p = s._packs

    def searched(g):
        p._dir = None  # no directory read last: the full search
        return p.where(g)
    want = dict([(g, searched(g)) for g in range(12)])
    assert want[0] is None and want[11] is None and len(set(want.values())) == 11
    for order in (range(1, 11), range(10, 0, -1), (3, 4, 4, 9, 1, 2, 11, 5, 6, 7, 0, 8, 10)):
        assert [p.where(g) for g in order] == [want[g] for g in order]
    rmtree(root)


def test_a_game_filed_twice_counts_once_by_its_last_filing():
    # Filing reads the copy back; a bad copy keeps the journal, and a later boot files it
    # again: the pack then holds the game twice. It is one game, read from its last filing.
    root = _fresh(22)
    s = _plain(root)
    first, second = _log(5, 2), _log(6, 3)
    _record_game(s, first, finish=True)
    real = packs.same
    packs.same = lambda path, where: False  # the copy reads back wrong
    try:
        b = _record_game(s, second, finish=True)
    finally:
        packs.same = real
    assert "g0002.log" in _files(root) and s.problems
    pak = root + "/p0001.pak"
    data = _read(pak)
    at = data.rfind(b'["R"')  # the bad copy really differs from the journal
    _write(pak, data[:at] + b'["Q"' + data[at + 4:])
    for boot in range(3):
        s = _plain(root)  # boot 1 files the journal again (the pack takes it: it is sound)
        assert "g0002.log" not in _files(root)
        assert s.count() == (2, 2) and [g for g, f, n in s.each()].count(b) == 1
        assert s.events(b) == second and s.events(1) == first
        assert _ids(s) == [1, 2]
        # game after game, as a sync reads them: its last filing, not the entry after 1's
        last = s._packs.where(b)
        assert last[1] > s._packs.where(1)[1] and s._packs.where(b) == last
    heads = 0
    with open(pak, "rb") as f:  # line by line: a whole pack in one piece is much at 192 KB
        line = f.readline()
        while line:
            heads += line.startswith(b'{"g":2,')
            line = f.readline()
    assert heads == 2  # both filings are there
    rmtree(root)


def test_a_game_resumed_goes_on_as_a_new_game_and_leaves_the_box():
    # A game left unfinished and resumed goes on as a new game: the old journal but its END,
    # written whole, every record (an undo and what it took back too); then the old game is
    # deleted, synced or not, from its pack (the others in it stay), so it cannot be resumed
    # a second time from the same point. A cut between the two leaves both, nothing lost.
    for make in (Store, _plain):  # filed compressed, and plain
        root = _fresh(23)
        s = make(root)
        log = _log(7, 3)
        left = s.new_game(log[0])
        for ev in log[1:5]:
            s.append(left, ev)
        s.append(left, {"e": "undo"})
        s.finish(left)
        other = _record_game(s, _log(8, 2), finish=True)  # the same pack
        s.mark_synced(other)
        s.mark_synced(left, 40)  # a part of it was synced
        was = s.read_from(left, 0, s.size(left))
        assert was.endswith(END) and s.events(left)[-1] == {"e": "undo"}
        new = resume(s, left)
        for boot in range(2):
            assert new == 3 and s.current() == new and not s.finished(new)
            assert not s.holds(left) and _ids(s) == [other, new]
            assert s.read_from(new, 0, s.size(new)) == was[:-len(END)]
            assert s.events(new) == log[:5] + [{"e": "undo"}]
            assert s.events(other) == _log(8, 2) and s.synced(other)
            assert s.acked(new) == 0 and s.acked(left) == 0
            s = make(root)
        s.append(new, log[5])  # it goes on
        assert s.events(new)[-1] == log[5]
        assert raises(StoreError, resume, s, new)  # one being played is not resumed
        rmtree(root)


def test_a_power_cut_between_a_resumes_copy_and_the_old_games_deletion_loses_nothing():
    root = _fresh(24)
    s = Store(root)
    log = _log(9, 2)
    left = _record_game(s, log[:4], finish=True)

    class Cut(Exception):
        pass

    def cut(self, gid):
        raise Cut()
    real = packs.Packs.drop
    packs.Packs.drop = cut  # the power goes as the old game is taken out of its pack
    try:
        resume(s, left)
    except Cut:
        pass
    finally:
        packs.Packs.drop = real
    s = Store(root)  # boot: the copy is whole, the old game still there
    assert _ids(s) == [1, 2] and s.current() == 2 and s.finished(1)
    assert s.events(1) == s.events(2) == log[:4]
    # a flash with no room to take the old game out of its pack: it stays, and boot's
    # problems say so; the copy goes on
    s.finish(2)

    def full(self, gid):
        raise StoreFull("flash full")
    packs.Packs.drop = full
    try:
        new = resume(s, 2)
    finally:
        packs.Packs.drop = real
    assert new == 3 and s.holds(2) and s.current() == 3
    assert mentions(s.problems[-1], "game 2", "game 3")
    rmtree(root)

# The mirror (firmware/mirror.py) on CPython and on MicroPython: the journal being written is
# copied outside the filesystem, and boot puts back what a power cut took with a whole flash
# sector (CircuitPython's FAT erases 4 KiB to rewrite 512 bytes; bench/circuitpython.py
# --only-erase-cuts shows the loss on the emulated Pico). A lost sector is modelled on the
# store's files: the journal's bytes erased (0xFF), or the file gone with its directory entry.
# The nvm is a bytearray the size of CircuitPython's microcontroller.nvm on the Pico.
import os

from support import mentions, raises, scratch
from support import read_file as _read
from support import write_file as _write

from mirror import HEAD, Mirror
from shared_rules.codec import decode
from store import END, Store, record

NVM = 4096


def _log(name):
    # a whole simulated game's log (tests/shared/games/make.py)
    with open("tests/shared/games/%s.jsonl" % name) as f:
        return [decode(line) for line in f]


def _box(name, log, upto=None, nvm=None):
    # a store with a mirror, game 1 recorded from log (its first `upto` events)
    root = scratch("test_mirror_" + name)
    nvm = bytearray(b"\xff" * NVM) if nvm is None else nvm
    s = Store(root, mirror=Mirror(nvm))
    gid = s.new_game(log[0])
    for ev in log[1:upto]:
        s.append(gid, ev)
    return root, nvm, s, gid


def _boot(root, nvm):
    return Store(root, mirror=Mirror(nvm))


def _erase(path, start, n):
    # the flash sector holding bytes [start, start + n) of the file erased: they read 0xFF
    data = bytearray(_read(path))
    end = min(len(data), start + n)
    data[start:end] = b"\xff" * (end - start)
    _write(path, data)


def test_the_mirror_follows_the_journal_record_by_record():
    log = _log("versailles")
    root, nvm, s, gid = _box("follows", log)
    journal = _read(root + "/g0001.log")
    assert nvm[:5] == b"LNM1 "
    assert bytes(nvm[HEAD:HEAD + len(journal)]) == journal
    assert nvm[HEAD + len(journal)] == 255  # erased: the end
    m = Mirror(nvm)
    assert m.load() == gid and m.covers() == len(journal) and m.start == 0


def _long():
    # a journal longer than the 4 KiB nvm: a Sanssouci game's records twice over (5.7 KB; the
    # store does not check events, and whole games of the four take 1.4 to 2.9 KB)
    log = _log("sanssouci")
    return log + log[1:]


def test_a_journal_longer_than_the_mirror_keeps_its_last_records_copied():
    log = _long()
    root, nvm, s, gid = _box("long", log)
    journal = _read(root + "/g0001.log")
    assert len(journal) > NVM
    m = Mirror(nvm)
    assert m.load() == gid and m.covers() == len(journal) and m.start > 0
    assert journal[m.start - 1:m.start] == b"\n"  # the copy starts on a record
    assert bytes(nvm[HEAD:m.end]) == journal[m.start:]


def test_a_journal_tail_erased_by_a_cut_comes_back_from_the_mirror():
    log = _log("versailles")
    root, nvm, s, gid = _box("tail", log)
    path = root + "/g0001.log"
    n = len(_read(path))
    _erase(path, n - 700, 4096)  # the sector with the journal's last 700 bytes
    s = _boot(root, nvm)
    assert s.events(gid) == log
    assert mentions(s.problems[-1], "g0001.log", "put back from the mirror")
    s.append(gid, {"e": "undo"})  # the game goes on, and the mirror with it
    assert s.events(gid) == log + [{"e": "undo"}]
    assert Mirror(nvm).load() == gid


def test_a_journal_lost_with_its_directory_comes_back_whole_with_its_id():
    log = _log("gardens")
    root, nvm, s, gid = _box("gone", log, upto=40)
    os.remove(root + "/g0001.log")
    s = _boot(root, nvm)
    assert s.current() == gid and s.events(gid) == log[:40]
    assert s.new_game(log[0]) == gid + 1  # its id is never handed out again


def test_damage_in_the_middle_keeps_the_original_aside_and_the_records_after_it_come_back():
    log = _log("versailles")
    root, nvm, s, gid = _box("middle", log)
    path = root + "/g0001.log"
    whole = _read(path)
    _erase(path, 300, 200)  # good records before and after
    s = _boot(root, nvm)
    assert s.events(gid) == log
    assert _read(path) == whole
    assert "g0001.bad" in os.listdir(root)  # the damaged file, as it was
    assert [p for p in s.problems if "damaged at line" in p]


def test_a_cut_that_spoils_the_mirror_costs_nothing_and_the_copy_starts_again():
    log = _log("schlossgarten")
    root, nvm, s, gid = _box("spoilt", log, upto=20)
    nvm[0:NVM] = b"\xff" * NVM  # the power went between the nvm sector's erase and program
    s = _boot(root, nvm)
    assert s.events(gid) == log[:20] and not s.problems
    s.append(gid, log[20])
    m = Mirror(nvm)
    assert m.load() == gid and m.covers() == len(_read(root + "/g0001.log"))


def test_a_mirror_one_record_behind_the_journal_is_brought_up_to_it():
    # the cut fell after the journal's write and before the mirror's
    log = _log("versailles")
    root, nvm, s, gid = _box("behind", log, upto=10)
    before = bytes(nvm)
    s.append(gid, log[10])
    nvm[0:NVM] = before
    s = _boot(root, nvm)
    assert s.events(gid) == log[:11]
    s.append(gid, log[11])
    m = Mirror(nvm)
    assert m.load() == gid and m.covers() == len(_read(root + "/g0001.log"))
    assert s.events(gid) == log[:12]


def test_a_finished_game_filed_whole_is_not_put_back_twice():
    log = _log("versailles")
    root, nvm, s, gid = _box("filed", log)
    s.finish(gid)
    assert "g0001.log" not in os.listdir(root)  # filed in a pack
    s = _boot(root, nvm)
    assert "g0001.log" not in os.listdir(root) and s.events(gid) == log
    assert s.finished(gid) and not s.problems


def test_a_finished_game_whose_pack_was_lost_comes_back_finished():
    log = _log("versailles")
    root, nvm, s, gid = _box("pack", log)
    s.finish(gid)
    for name in os.listdir(root):
        if name.endswith(".pak"):
            os.remove(root + "/" + name)
    s = _boot(root, nvm)
    assert s.events(gid) == log and s.finished(gid)


def test_a_finished_game_whose_filed_copy_a_later_cut_spoilt_comes_back_from_the_mirror():
    # On the emulated CircuitPython Pico (bench/circuitpython.py --only-erase-cuts, the cut
    # after sector erase 92): the game filed, its .log removed, then another file's write
    # erased the sector holding the pack's last bytes. The mirror still holds the game
    # whole: it is its journal again, filed anew, and every event reads back.
    log = _log("versailles")
    root, nvm, s, gid = _box("spoilt", log)
    s.finish(gid)
    pak = root + "/p0001.pak"
    size = len(_read(pak))
    _erase(pak, size - 300, 300)
    s = _boot(root, nvm)
    mentions(s.problems, "g0001", "p0001.pak", "spoilt by a power cut", "put back")
    assert s.events(gid) == log and s.finished(gid)
    assert os.listdir(root) == ["p0001.pak"]  # filed again, after the spoilt copy (FAT: no packs.ix)
    s = _boot(root, nvm)
    assert s.problems == [] and s.events(gid) == log  # the last filing is the game's


def test_a_game_deleted_once_synced_never_comes_back():
    log = _log("versailles")
    root, nvm, s, gid = _box("deleted", log)
    s.finish(gid)
    s.mark_synced(gid)
    s.delete(gid)
    s = _boot(root, nvm)
    assert not s.holds(gid) and not s.problems


def test_a_lost_journal_longer_than_the_mirror_keeps_its_last_records_aside_and_says_so():
    log = _long()
    root, nvm, s, gid = _box("aside", log)
    m = Mirror(nvm)
    m.load()
    os.remove(root + "/g0001.log")
    s = _boot(root, nvm)
    assert not s.holds(gid)
    said = [p for p in s.problems if "not in the mirror" in p]
    assert said and mentions(said[0], "g0001.log", "bytes 0 to %d" % m.start, "g0001.bad")
    assert _read(root + "/g0001.bad") == bytes(nvm[HEAD:m.end])
    assert s.new_game(log[0]) == gid + 1


class _Failing:
    # an nvm whose writes fail (worn out, say): reads as blank
    def __len__(self):
        return NVM

    def __getitem__(self, i):
        return b"\xff" * len(range(*i.indices(NVM))) if type(i) is slice else 255

    def __setitem__(self, i, v):
        raise OSError(5)


def test_a_mirror_that_cannot_be_written_never_stops_the_game():
    log = _log("versailles")
    root, nvm, s, gid = _box("failing", log, upto=5, nvm=_Failing())
    assert s.events(gid) == log[:5]
    assert [p for p in s.problems if "the mirror missed a record" in p]


def test_a_record_too_big_for_half_the_mirror_still_fits_it():
    root = scratch("test_mirror_big")
    nvm = bytearray(b"\xff" * 512)
    s = Store(root, mirror=Mirror(nvm))
    gid = s.new_game({"e": "setup", "game": "versailles", "players": ["Anna", "Ben"], "seed": 1})
    big = {"e": "note", "text": "x" * 300}
    s.append(gid, big)
    m = Mirror(nvm)
    assert m.load() == gid and bytes(nvm[HEAD:m.end]).endswith(record(big))
    assert m.covers() == len(_read(root + "/g0001.log"))
    assert raises(ValueError, Mirror(bytearray(b"\xff" * 64)).reset, 1, 0, END * 4)


class _Flash:
    # nvm as CircuitPython writes it on the Pico: a write that only clears bits (over erased
    # bytes) is programmed as it is; any other erases the whole sector first: counted here
    def __init__(self):
        self.b = bytearray(b"\xff" * NVM)
        self.erases = 0

    def __len__(self):
        return NVM

    def __getitem__(self, i):
        return self.b[i]

    def __setitem__(self, i, v):
        start = i.indices(NVM)[0]
        for k in range(len(v)):
            if v[k] & ~self.b[start + k] & 0xFF:
                self.erases += 1
                break
        self.b[i] = v


def test_a_game_erases_the_mirrors_sector_once_its_records_are_programmed_over_erased_bytes():
    # the flash's wear and the window a cut can hit: one erase a game, not one a record
    flash = _Flash()
    log = _log("versailles")
    root, nvm, s, gid = _box("wear", log, nvm=flash)
    assert flash.erases == 0 and Mirror(flash).load() == gid  # an erased nvm to begin with
    s.finish(gid)
    s.new_game(log[0])
    s.append(gid + 1, log[1])
    assert flash.erases == 1 and Mirror(flash).load() == gid + 1

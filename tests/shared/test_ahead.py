# Records written ahead of their journal (firmware/ahead.py, AheadStore, as the Pico's
# store runs): on CPython and MicroPython alike, a record is on flash when append returns, the
# journal gets it when the app is idle (Store.settle) or anything reads the game, and a power
# cut at any byte of either write loses no record that was acknowledged nor doubles one.
import gc
import os

from support import append_until_full, rmtree, scratch
from support import read_file as _read
from support import write_file as _write

from ahead import MAX, AheadStore
from shared_rules.codec import decode, encode
from shared_rules.versailles.simulate import play
from store import END, record

GAME = "versailles"  # the simulated games': the journal packs their events by its table


def _log(seed, players):
    log = play(seed, players).log
    gc.collect()
    return [decode(encode(ev)) for ev in log]


def _journal(log):
    return b"".join([record(ev, GAME) for ev in log])


def _record_ends(ahead, records):
    # -> where each of `records` ends in the ahead file's bytes, which end with them: a cut
    # at k keeps those whose end is at or before k
    head = len(ahead) - len(_journal(records))
    return [head + len(_journal(records[:k])) for k in range(1, len(records) + 1)]


def _begun(name, seed, players):
    # -> (a fresh store's folder, a game's events, the store, the game's id: its setup written)
    root = scratch(name)
    log = _log(seed, players)
    s = AheadStore(root)
    return root, log, s, s.new_game(log[0])


def _started(name, seed, players):
    # _begun's, the box idle once since: the setup in the journal
    root, log, s, gid = _begun(name, seed, players)
    s.settle()
    return root, log, s, gid


def _ahead_of_the_journal(name, seed, players):
    # A game's setup in its journal, its next three records ahead of it, the power then cut
    # -> (the store's folder, the game's events, its id, its journal's path, the ahead file)
    root, log, s, gid = _started(name, seed, players)
    for ev in log[1:4]:
        s.append(gid, ev)
    return root, log, gid, root + "/g%04d.log" % gid, _read(root + "/ahead/a.log")


def test_a_record_goes_ahead_and_into_the_journal_when_the_box_is_idle():
    root, log, s, gid = _started("test_ahead_1", 3, 2)
    path = root + "/g%04d.log" % gid
    s.append(gid, log[1])
    s.append(gid, log[2])
    # on flash, ahead of the journal: the journal itself is not touched (no littlefs block
    # copied and erased before the press's frame)
    assert _read(path) == _journal(log[:1])
    assert os.stat(root + "/ahead/a.log")[6] > len(_journal(log[1:3]))
    s.settle()  # the app's idle step
    assert _read(path) == _journal(log[:3])
    # the folded file stays, and a reboot does not add its records twice
    assert AheadStore(root).events(gid) == log[:3]
    # a read of the game sees every record at once: it folds them first
    for ev in log[3:9]:
        s.append(gid, ev)
    assert s.size(gid) == len(_journal(log[:9])) and s.events(gid) == log[:9]
    assert _read(path) == _journal(log[:9])
    rmtree(root)


def test_a_new_games_setup_goes_ahead_and_its_journal_is_made_when_the_box_is_idle():
    # Creating the journal is a commit in the store's folder (a sector erase or two when its
    # metadata block is full): the press that starts a game writes only the ahead file
    root, log, s, gid = _begun("test_ahead_begin", 3, 3)
    path = root + "/g%04d.log" % gid
    assert sorted(os.listdir(root)) == ["ahead"]
    assert _read(root + "/ahead/a.log").endswith(_journal(log[:1]))
    assert s.current() == gid and s.holds(gid)
    s.append(gid, log[1])
    assert sorted(os.listdir(root)) == ["ahead"]
    s.settle()
    assert _read(path) == _journal(log[:2])
    s.append(gid, log[2])
    assert AheadStore(root).events(gid) == log[:3]
    # a game begun before the last one was folded: the last one's records first
    s2 = AheadStore(scratch("test_ahead_begin2"))
    g1 = s2.new_game(log[0])
    s2.append(g1, log[1])
    g2 = s2.new_game(log[0])
    assert g2 == g1 + 1 and s2.events(g1) == log[:2] and s2.events(g2) == log[:1]
    rmtree(s2.root)
    rmtree(root)


def test_a_cut_before_a_new_games_journal_is_made_loses_nothing_acknowledged():
    # The power goes at any byte of the ahead file's write of a new game's setup (and a
    # record after it), or after the fold made the journal and before it wrote it: boot has
    # the game with every whole record, or no game when its setup was not whole
    root, log, s, gid = _begun("test_ahead_begin_cut", 4, 2)
    s.append(gid, log[1])
    ahead = _read(root + "/ahead/a.log")
    ends = _record_ends(ahead, log[:2])
    path = root + "/g%04d.log" % gid
    for empty in (False, True):
        for k in range(len(ahead) + 1):
            rmtree(root)
            os.mkdir(root)
            os.mkdir(root + "/ahead")
            _write(root + "/ahead/a.log", ahead[:k])
            if empty:  # the fold's open made the file, the power went before its write
                _write(path, b"")
            s = AheadStore(root)
            whole = len([e for e in ends if e <= k])
            if whole:
                assert [g for g, _ in s.games()] == [gid] and s.events(gid) == log[:whole], k
                assert s.new_game(log[0]) == gid + 1, k
            else:
                assert [g for g, _ in s.games()] == ([gid] if empty else []), k
                assert not s.problems, (k, s.problems)
    rmtree(root)


def test_a_new_games_old_ahead_header_brings_back_no_game_filed_or_deleted():
    # The ahead file keeps a game's setup after its fold; once the game is filed, or synced
    # and deleted, a boot does not make it again from there
    root, log, s, gid = _begun("test_ahead_begin_gone", 6, 2)
    s.append(gid, {"e": "note", "text": "x" * MAX})  # too long to go ahead: a plain fold
    assert _read(root + "/ahead/a.log").endswith(_journal(log[:1]))
    for ev in log[1:]:
        s.append(gid, ev)
    s.finish(gid)
    while s.settle():
        pass
    assert "g%04d.log" % gid not in os.listdir(root)
    assert [g for g, _ in AheadStore(root).games()] == [gid]
    s = AheadStore(root)
    g2 = s.new_game(log[0])
    s.append(g2, {"e": "note", "text": "y" * MAX})
    s.mark_synced_all(((gid, s.size(gid)), (g2, s.size(g2))))
    s.finish(g2)
    while s.settle():
        pass
    s.mark_synced(g2)
    s.delete(g2)
    s.delete(gid)
    assert [g for g, _ in AheadStore(root).games()] == []
    assert AheadStore(root).new_game(log[0]) == g2 + 1
    rmtree(root)


def test_boot_adds_what_a_power_cut_left_ahead():
    # The power goes with records ahead: boot puts them into the journal. Cut at every byte
    # of the ahead file's last write: the records whole within the cut are there, no other.
    root, log, gid, path, ahead = _ahead_of_the_journal("test_ahead_2", 4, 3)
    base = _journal(log[:1])
    ends = _record_ends(ahead, log[1:4])
    assert ahead.endswith(_journal(log[1:4])) and ends[0] > len(record(log[1], GAME))
    for k in range(len(ahead) + 1):
        _write(path, base)
        _write(root + "/ahead/a.log", ahead[:k])
        s = AheadStore(root)
        whole = len([e for e in ends if e <= k])
        assert s.events(gid) == log[:1 + whole], k
        assert _read(path) == _journal(log[:1 + whole]), k
        s.append(gid, log[4])  # play goes on after it, in order
        assert AheadStore(root).events(gid) == log[:1 + whole] + [log[4]], k
    rmtree(root)


def test_a_cut_while_folding_is_finished_at_boot():
    # The fold appends the records to the journal in one write: littlefs lands all or none,
    # a host folder may keep part of it. For every byte of it: boot drops the cut record and
    # adds the rest from the ahead file, once.
    root, log, gid, path, ahead = _ahead_of_the_journal("test_ahead_3", 5, 2)
    base = _journal(log[:1])
    folded = _journal(log[1:4])
    for k in range(len(folded) + 1):
        _write(root + "/ahead/a.log", ahead)
        _write(path, base + folded[:k])
        s = AheadStore(root)
        assert s.events(gid) == log[:4], k
        assert _read(path) == base + folded, k
    rmtree(root)


def test_finishing_files_the_game_once_the_box_is_idle():
    root, log, s, gid = _started("test_ahead_4", 6, 2)
    for i, ev in enumerate(log[1:]):
        s.append(gid, ev)
        if i % 3 == 2:
            s.settle()
    s.finish(gid)
    # END went ahead; the game is finished at once, filed in a pack when the box is idle
    assert s.current() is None
    assert s.settle(False) and not s.settle(False)  # the fold alone: the buttons not resting
    assert sorted(os.listdir(root)) == ["ahead", "g%04d.log" % gid] and s.finished(gid)
    assert s.settle() and not s.settle()
    assert sorted(os.listdir(root)) == ["ahead", "p0001.pak", "packs.ix"]
    assert s.events(gid) == log
    assert s.read_from(gid, 0, 1 << 20) == _journal(log) + END
    # a power cut with END ahead: boot folds it and sees the game finished; its filing waits
    # for the idle step as before the cut (not before the menu is drawn)
    g2 = s.new_game(log[0])
    s.append(g2, log[1])
    s.finish(g2)
    s = AheadStore(root)
    assert s.current() is None and s.events(g2) == log[:2] and s.finished(g2)
    assert sorted(os.listdir(root)) == ["ahead", "g%04d.log" % g2, "p0001.pak", "packs.ix"]
    assert not s.settle(False)  # the buttons not resting: nothing to do
    assert s.settle() and not s.settle()
    assert sorted(os.listdir(root)) == ["ahead", "p0001.pak", "packs.ix"]
    assert s.events(g2) == log[:2]
    rmtree(root)


def test_a_record_too_long_to_go_ahead_keeps_its_place():
    root, log, s, gid = _started("test_ahead_5", 7, 2)
    long_one = {"e": "note", "text": "x" * MAX}
    s.append(gid, log[1])
    s.append(gid, long_one)  # folds the one before it, then goes to the journal itself
    s.append(gid, log[2])
    assert _read(root + "/g%04d.log" % gid) == _journal([log[0], log[1], long_one])
    expected = [log[0], log[1], long_one, log[2]]
    assert s.events(gid) == expected
    assert AheadStore(root).events(gid) == expected  # the stale file adds nothing
    # records of another game never wait behind the first's: a new game folds them first
    g2 = s.new_game(log[0])
    s.append(g2, log[1])
    s.append(gid, log[3])
    s = AheadStore(root)
    assert s.events(gid) == expected + [log[3]] and s.events(g2) == log[:2]
    rmtree(root)


def test_a_stranger_ahead_file_is_reported_and_the_journal_left_alone():
    # an ahead file whose journal is shorter than where its records began: something else
    # changed the journal; its records are not guessed into it
    root, log, s, gid = _started("test_ahead_6", 8, 2)
    s.append(gid, log[1])
    s.settle()
    s.append(gid, log[2])
    _write(root + "/g%04d.log" % gid, b"")
    s = AheadStore(root)
    assert [p for p in s.problems if "ahead/a.log" in p and "not added" in p], s.problems
    assert s.events(gid) == []
    rmtree(root)


def test_a_filing_gives_way_to_a_button_and_is_done_at_the_next_rest():
    # Filing compresses the finished game (140 ms of a 5-player game on the Pico): a button
    # pressed meanwhile (settle's stop) ends it with nothing written, the game finished and
    # whole in its journal; the next rest files it
    root, log, s, gid = _started("test_ahead_stop", 6, 4)
    for ev in log[1:]:
        s.append(gid, ev)
    s.finish(gid)
    assert s.settle(False)  # the fold
    asked = []

    def pressed_at_the_second_question():
        asked.append(1)
        return len(asked) == 2
    assert s.settle(True, pressed_at_the_second_question)
    assert len(asked) == 2
    assert sorted(os.listdir(root)) == ["ahead", "g%04d.log" % gid]
    assert s.finished(gid) and s.events(gid) == log
    assert s.settle(True, lambda: False) and not s.settle()
    assert sorted(os.listdir(root)) == ["ahead", "p0001.pak", "packs.ix"]
    assert s.read_from(gid, 0, 1 << 20) == _journal(log) + END
    assert AheadStore(root).events(gid) == log
    rmtree(root)


def _cut_here(root):
    # -> the events of every game a box would boot with, were its power cut now (its store's
    # files copied into a folder of their own and booted there)
    copy = scratch("test_ahead_cut")
    for name in os.listdir(root):
        if name != "ahead":
            _write(copy + "/" + name, _read(root + "/" + name))
    os.mkdir(copy + "/ahead")
    for name in os.listdir(root + "/ahead"):
        _write(copy + "/ahead/" + name, _read(root + "/ahead/" + name))
    s = AheadStore(copy)
    out = [s.events(gid) for gid, _ in s.games()]
    rmtree(copy)
    return out


def test_the_idle_fold_starts_the_file_again_and_a_cut_after_it_loses_nothing():
    # After the idle step's fold the file holds the game's header at the journal's new end:
    # the next record is appended without the journal's size looked up (1.5-2.5 ms of a press
    # on the Pico). A record written to the journal another way (too long to go ahead) makes
    # the next one look again, and power cuts between them keep every record, once.
    import ahead
    root, log, s, gid = _started("test_ahead_ready", 6, 4)
    s.append(gid, log[1])
    s.settle()
    assert _cut_here(root) == [log[:2]]  # the header alone ahead
    looked = []
    size = ahead.size
    ahead.size = lambda path: looked.append(path) or size(path)
    try:
        s.append(gid, log[2])
        assert looked == []
        assert _cut_here(root) == [log[:3]]  # before the fold
        looked = []
        s.settle()
        long = {"e": "note", "text": "x" * MAX}
        s.append(gid, long)
        assert looked == []  # the long one went to the journal itself
        s.append(gid, log[3])
        assert looked == [s._log(gid)]
    finally:
        ahead.size = size
    assert _cut_here(root) == [log[:3] + [long, log[3]]]
    s.settle()
    assert AheadStore(root).events(gid) == log[:3] + [long, log[3]]
    rmtree(root)


class _Counted(AheadStore):
    # counts the store's measures of its free bytes (statvfs on the Pico: a walk of littlefs)
    measured = 0

    def free_bytes(self):
        self.measured += 1
        return AheadStore.free_bytes(self)


def _used(root):
    return sum([os.stat(root + "/" + n)[6] for n in os.listdir(root) if n != "ahead"])


def test_a_press_writes_on_the_room_measured_when_idle_and_a_full_flash_still_refuses():
    # A record's write checks the room measured in the last idle step, less what was charged
    # since, not the flash itself (1.4-3.4 ms of a press on the emulated Pico); where that
    # does not show enough it measures, and a full flash refuses the record as before
    from ahead import CHARGE
    from flash import RESERVE
    root = scratch("test_ahead_room")
    log = _log(5, 3)
    s = _Counted(root, capacity=10 ** 6)
    gid = s.new_game(log[0])
    s.settle()  # idle: measured
    s.measured = 0
    s.append(gid, log[1])
    s.append(gid, log[2])
    assert s.measured == 0
    s.settle()
    assert s.measured == 1 and s.size(gid) == len(_journal(log[:3]))
    s.measured = 0
    s.settle()  # nothing written since: nothing measured
    assert s.measured == 0
    # room for the reserve and a few records, not for a record's charge: the flash is
    # measured at each write, then refuses; no record acknowledged is lost
    s.capacity = _used(root) + RESERVE + 2 * len(record(log[3], GAME)) + MAX
    assert s.capacity - _used(root) < RESERVE + CHARGE
    s.settle()
    s._room = None
    s.settle()
    n, full = append_until_full(s, gid, log, 3)
    assert full is not None and s.measured >= 2
    assert AheadStore(root).events(gid) == log[:n]
    rmtree(root)


def _played(s, log):
    # A game played to its end the way the app does: each record ahead, folded at once (the
    # buttons never resting long enough to file it) -> its id
    gid = s.new_game(log[0])
    for ev in log[1:]:
        s.append(gid, ev)
        s.settle(False)
    s.finish(gid)
    s.settle(False)
    return gid


def _left_unread(s):
    # -> the games whose journals boot left unread (AheadStore._boot_log), in id order
    return sorted(g for g in s._logs if s._logs[g] == 2)


def test_games_finished_without_a_rest_are_filed_in_idle_steps_not_at_boot():
    # Games played one after another, none filed (the buttons never rested 1.5 s), then the
    # power goes: boot files none of them before the menu, nor reads their journals whole
    # (each ends in its END: no cut record to drop); the idle steps read each, then file it,
    # oldest first. Filing each at boot kept a full box's menu ~420 ms a game (emulated image).
    root = scratch("test_ahead_6")
    logs = [_log(7, 2), _log(8, 3), _log(9, 2)]
    s = AheadStore(root)
    gids = [_played(s, log) for log in logs]
    assert sorted(os.listdir(root)) == ["ahead"] + ["g%04d.log" % g for g in gids]
    s = AheadStore(root)
    assert sorted(os.listdir(root)) == ["ahead"] + ["g%04d.log" % g for g in gids]
    assert _left_unread(s) == gids and s.current() is None
    assert not s.settle(False)  # the buttons not resting: nothing to do
    steps = 0
    while s.settle():
        steps += 1
    assert steps == 2 * len(gids)  # a read, then a filing, a game
    assert _left_unread(s) == [] and not s.problems
    assert sorted(os.listdir(root)) == ["ahead", "p0001.pak", "packs.ix"]
    for gid, log in zip(gids, logs):
        assert s.events(gid) == log and s.finished(gid)
    rmtree(root)


def test_a_game_finished_before_the_last_one_was_filed_is_filed_too():
    # Both finished in one power-on, the first not filed when the second ends: the idle
    # steps file both (the second one's END no longer makes the store forget the first)
    root = scratch("test_ahead_7")
    logs = [_log(7, 2), _log(8, 2)]
    s = AheadStore(root)
    gids = [_played(s, log) for log in logs]
    while s.settle():
        pass
    assert sorted(os.listdir(root)) == ["ahead", "p0001.pak", "packs.ix"]
    assert [s.events(g) for g in gids] == logs
    rmtree(root)


def test_a_finished_journal_left_unread_at_boot_is_read_before_anything_sees_it():
    # Damage in the middle of a finished journal is found where boot would have found it:
    # by the idle step before its filing, or by the first read of the game, whichever comes
    # first: the good prefix becomes the journal, the original is kept aside, problems says so
    root = scratch("test_ahead_8")
    log = _log(7, 2)
    s = AheadStore(root)
    gid = _played(s, log)
    path = root + "/g%04d.log" % gid
    data = _read(path)
    cut = len(_journal(log[:3]))
    _write(path, data[:cut + 3] + b"#" + data[cut + 4:])  # the 4th record spoilt
    for read in (True, False):
        s = AheadStore(root)
        assert not s.problems and _left_unread(s) == [gid]
        if read:
            assert s.events(gid) == log[:3]
        else:
            while s.settle():
                pass
        assert len(s.problems) == 1 and "damaged at line 4" in s.problems[0], s.problems
        assert not s.finished(gid)  # its END is past the damage
        assert _read(path) == _journal(log[:3]) and _read(root + "/g%04d.bad" % gid) == (
            data[:cut + 3] + b"#" + data[cut + 4:])
        assert "p0001.pak" not in os.listdir(root)
        _write(path, data[:cut + 3] + b"#" + data[cut + 4:])
        os.remove(root + "/g%04d.bad" % gid)
    rmtree(root)

# The sync acknowledgements (firmware/acks.py) on CPython and MicroPython alike: what the host
# acknowledged survives a reboot, only grows, is dropped for games that are gone, and a box
# full of games (1,300) holds its acks in a few fixed runs, not in one block that grows.
import gc
import os

from support import rmtree, scratch

from acks import RUN, Acks
from store import record


def _acks(root):
    problems = []
    a = Acks(root + "/", problems, lambda: 10 ** 9)
    a.load()
    return a, problems


def test_acks_only_grow_and_survive_a_reboot():
    root = scratch("test_acks_1")
    a, _ = _acks(root)
    assert a.get(7) == -1
    a.mark(7, 300)
    a.mark(7, 200)  # less than before: nothing changes, nothing written
    a.mark(8, 0)
    assert (a.get(7), a.get(8), a.get(9)) == (300, 0, -1)
    b, problems = _acks(root)
    assert (b.get(7), b.get(8), b.get(9)) == (300, 0, -1) and problems == []
    with open(root + "/synced.log", "rb") as f:
        assert f.read().count(b"\n") == 2  # one record per ack that raised one
    rmtree(root)


def test_a_journal_past_64_kb_is_acknowledged_whole():
    # a run holds 16-bit numbers until one does not fit: then that run goes to 32 bits
    root = scratch("test_acks_2")
    a, _ = _acks(root)
    a.mark(3, 1000)
    a.mark(5, 70000)
    a.mark(6, 65534)
    assert (a.get(3), a.get(5), a.get(6)) == (1000, 70000, 65534)
    b, _ = _acks(root)
    assert (b.get(3), b.get(5), b.get(6)) == (1000, 70000, 65534)
    rmtree(root)


def test_forget_drops_the_acks_of_games_gone_and_rewrites_the_file():
    root = scratch("test_acks_3")
    a, _ = _acks(root)
    for gid in (1, 2, 65, 130):
        a.mark(gid, 10 * gid)
    a.forget(lambda gid: gid != 2 and gid != 65)
    assert [a.get(g) for g in (1, 2, 65, 130)] == [10, -1, -1, 1300]
    assert sorted(a.runs) == [0, 2]  # the run of 65 had nothing else: gone
    b, _ = _acks(root)
    assert [b.get(g) for g in (1, 2, 65, 130)] == [10, -1, -1, 1300]
    rmtree(root)


def test_a_cut_or_bad_record_is_dropped_and_said():
    root = scratch("test_acks_4")
    with open(root + "/synced.log", "wb") as f:
        f.write(record({"g": 4, "n": 99}) + b'{"g":5,"n":1}*00000000\n' + b'{"g":6')
    a, problems = _acks(root)
    assert (a.get(4), a.get(5), a.get(6)) == (99, -1, -1)
    assert problems == ["synced.log: dropped a cut or bad record"]
    b, problems = _acks(root)
    assert b.get(4) == 99 and problems == []  # the file was rewritten clean
    rmtree(root)


def test_a_full_box_of_acks_is_a_few_fixed_runs():
    # Issue 9: a dict of 1,300 acks grew by rehashing into one contiguous block (a box of
    # 400 games refused ACK: MemoryError allocating 8336 bytes). 1,300 acks are 21 runs of
    # RUN ids; read back from synced.log the same.
    root = scratch("test_acks_5")
    a, _ = _acks(root)
    for gid in range(1, 1301):
        a.mark(gid, 900 + gid % 7)
    assert len(a.runs) == 1300 // RUN + 1
    assert [len(run) for run in a.runs.values()] == [RUN] * len(a.runs)
    gc.collect()
    b, problems = _acks(root)
    assert problems == [] and len(b.runs) == len(a.runs)
    assert [b.get(g) for g in (1, 64, 65, 1300, 1301)] == [901, 901, 902, 900 + 1300 % 7, -1]
    rmtree(root)


def _loaded(root):
    # -> (Acks loaded from root, the records it parsed one by one)
    import ackssum
    parsed = []
    real = ackssum.parse
    ackssum.parse = lambda line: parsed.append(line) or real(line)
    try:
        a, problems = _acks(root)
        return a, len(parsed)
    finally:
        ackssum.parse = real


def test_boot_takes_synced_sum_for_the_records_it_covers_and_parses_the_rest():
    # synced.sum holds the acks synced.log's first bytes hold, with their CRC-32: a load
    # parses only the records after those, writes it again once SUM_AFTER bytes or more were
    # parsed so, and parses every record where it does not match (cut, spoilt, rewritten)
    import ackssum
    root = scratch("test_acks_sum")
    a, _ = _acks(root)
    acked = {}
    for gid in range(1, 301):  # a few runs, one of them in 32 bits
        acked[gid] = 70000 + gid if gid == 77 else 100 + gid
        a.mark(gid, acked[gid])

    def right(b):
        return all(b.get(g) == acked[g] for g in acked) and b.get(311) == -1
    summary = root + "/" + ackssum.SUM
    a, parsed = _loaded(root)  # no summary yet: every record, and the summary written
    assert parsed == 300 and right(a) and os.stat(summary)[6] > 0
    a, parsed = _loaded(root)
    assert parsed == 0 and right(a) and sorted(a.wide) == [1]
    for gid in range(301, 311):  # ten more: parsed, too few to write it again
        acked[gid] = gid
        a.mark(gid, gid)
    for _ in (0, 1):
        a, parsed = _loaded(root)
        assert parsed == 10 and right(a)
    whole = open(summary, "rb").read()
    for spoilt in (whole[:-4], whole[:20], b"\x07" * len(whole), whole[:6] + b"\x09" + whole[7:]):
        with open(summary, "wb") as f:
            f.write(spoilt)
        a, parsed = _loaded(root)
        assert parsed == 310 and right(a), spoilt
        a, parsed = _loaded(root)  # written again
        assert parsed == 0 and right(a), spoilt
    a.forget(lambda g: g != 5)  # synced.log rewritten: the summary no longer matches
    del acked[5]
    a, parsed = _loaded(root)
    assert parsed == 309 and right(a) and a.get(5) == -1
    rmtree(root)


def test_an_ack_record_is_the_journals_record_byte_for_byte():
    # synced.log's lines are made directly (the canonical JSON encoder took 1.3 ms a record
    # on the Pico): the same bytes journal.record makes, which boot and the host read back
    from acks import REC_MAX, ack_record
    from journal import parse, record
    for gid, n in ((1, 0), (7, 123), (64, 65535), (999999999, 999999999), (4095, 70000)):
        line = ack_record(gid, n)
        assert line == record({"g": gid, "n": n}), line
        assert parse(line) == {"g": gid, "n": n} and len(line) <= REC_MAX

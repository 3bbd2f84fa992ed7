# The sync link's ACK (firmware/link.py), on CPython and on MicroPython: the acks a host sends
# one line after the other are marked in one write to synced.log, and each line still gets its
# own ACKED, in order, only once the marks are on flash.
import gc
import os

from support import Answers, rmtree, scratch

import link
import store
from shared_rules.versailles.simulate import play


class _Pipe:
    # A host that has sent all its lines at once: ready() while any is left
    def __init__(self, requests):
        self.lines = [link.frame(r).encode() for r in requests] + [link.frame("BYE").encode()]

    def __call__(self):
        return self.lines.pop(0) if self.lines else b""

    def ready(self):
        return bool(self.lines)


def _box(root, n):
    # a store with n finished games: -> (it, [(id, bytes)])
    st = store.Store(root)
    log = play(3, 2).log[:3]
    gc.collect()
    games = []
    for _ in range(n):
        gid = st.new_game(log[0])
        for ev in log[1:]:
            st.append(gid, ev)
        st.finish(gid)
        games.append((gid, st.size(gid)))
    return st, games


def _counting(st):
    # -> the list of the pairs each st.mark_synced_all call was given
    marks = []
    real = st.mark_synced_all
    st.mark_synced_all = lambda pairs: marks.append(list(pairs)) or real(pairs)
    return marks


def test_acks_sent_back_to_back_are_marked_in_one_write_and_answered_each():
    root = scratch("test_link_acks_1")
    st, games = _box(root, 5)
    marks = _counting(st)
    a, b, c = games[:2], games[2:4], games[4:]
    acks = ["ACK " + " ".join(["%d %d" % p for p in part]) for part in (a, b, c)]
    out = Answers()
    link.serve(st, _Pipe(["HELLO 2"] + acks + ["LIST"]), out, "ab" * 8, None)
    got = out.fields()
    assert got[1:4] == [["ACKED"] + ["%d" % x for p in part for x in p] for part in (a, b, c)]
    assert marks == [games]  # one write for the three lines
    listed = [f for f in got if f[0] == "GAME"]  # LIST after them: every game acknowledged
    assert [(int(f[1]), int(f[2]), int(f[3])) for f in listed] == [(g, n, n) for g, n in games]
    assert store.Store(root).count() == (5, 0)  # on flash
    rmtree(root)


def test_an_ack_beside_other_requests_and_a_bad_line_is_answered_in_turn():
    # Only ACK lines that follow each other go together; a damaged line between them is
    # answered ERR crc in its place, and the acks on either side of it are each marked.
    root = scratch("test_link_acks_2")
    st, games = _box(root, 3)
    marks = _counting(st)
    pipe = _Pipe(["HELLO 2", "ACK %d %d" % games[0], "ACK %d %d" % games[1],
                  "ACK %d %d" % games[2]])
    pipe.lines[2] = pipe.lines[2].replace(b"ACK", b"ACX")  # its CRC no longer checks
    out = Answers()
    link.serve(st, pipe, out, "ab" * 8, None)
    got = out.fields()
    assert [f[0] for f in got] == ["HELLO", "ACKED", "ERR", "ACKED", "BYE"]
    assert got[2] == ["ERR", "crc"] and marks == [[games[0]], [games[2]]]
    assert store.Store(root).count() == (3, 1)
    rmtree(root)


def _parsed_at_boot(root):
    # -> (the store opened again, as a power-on does; the ack records it parsed one by one)
    import ackssum
    parsed = []
    real = ackssum.parse
    ackssum.parse = lambda line: parsed.append(line) or real(line)
    try:
        return store.Store(root), len(parsed)
    finally:
        ackssum.parse = real


def test_a_syncs_end_leaves_synced_sum_so_the_restart_parses_no_ack():
    # Issue 21: the power-on after a sync that acknowledged 2,500 games parsed every ack it
    # added (2.4 s on the Pico) and only then wrote synced.sum. The sync's end writes it:
    # already there when the host goes silent and the box restarts.
    import ackssum
    root = scratch("test_link_acks_3")
    st, games = _box(root, 130)  # enough for synced.log to take a summary
    reqs = ["HELLO 2"] + ["ACK " + " ".join(["%d %d" % p for p in games[i:i + 48]])
                          for i in range(0, len(games), 48)]
    lines = [link.frame(r).encode() for r in reqs]
    seen = []

    def read():
        return lines.pop(0) if lines else None  # then silence: the host went away

    def restart():
        seen.append(ackssum.load(st.acks, os.stat(root + "/synced.log")[6]))
    link.serve(st, read, Answers(), "ab" * 8, None, on_idle=restart)
    n = os.stat(root + "/synced.log")[6]
    assert len(seen) == 1 and seen[0][0] == n  # on flash before the restart, the whole file
    again, parsed = _parsed_at_boot(root)
    assert parsed == 0 and all(again.synced(g) for g, _ in games)
    rmtree(root)


def test_a_sync_whose_ack_failed_leaves_no_summary():
    # A refused ACK may have left a cut record in synced.log: no summary may cover it. A
    # sync that marked nothing writes none either.
    import ackssum
    root = scratch("test_link_acks_4")
    st, games = _box(root, 130)
    good = "ACK " + " ".join(["%d %d" % p for p in games[:100]])
    bad = "ACK %d %d" % (games[100][0], games[100][1] + 1)  # more bytes than the game has
    out = Answers()
    link.serve(st, _Pipe(["HELLO 2", good, "CLOCKS", bad]), out, "ab" * 8, None)
    assert [f[0] for f in out.fields()] == ["HELLO", "ACKED", "CLOCKS", "ERR", "BYE"]
    assert not _exists(root + "/" + ackssum.SUM)
    link.serve(st, _Pipe(["HELLO 2", "CLOCKS"]), Answers(), "ab" * 8, None)
    assert not _exists(root + "/" + ackssum.SUM)
    again, parsed = _parsed_at_boot(root)  # the good acks kept, read one by one
    assert parsed == 100 and again.synced(games[0][0]) and not again.synced(games[100][0])
    rmtree(root)


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False

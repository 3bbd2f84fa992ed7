# The sync link's ACK (firmware/link.py), on CPython and on MicroPython: the acks a host sends
# one line after the other are marked in one write to synced.log, and each line still gets its
# own ACKED, in order, only once the marks are on flash.
import gc

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

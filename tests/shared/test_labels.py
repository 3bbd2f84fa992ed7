# Finished games' rows written as games are filed (firmware/labels.py), on CPython and on
# MicroPython: found whichever order the menu asks, a line cut by a power cut read as missing
# (the menu then replays that game), and a file that keeps only the games still on the box.
# (The app writing and reading them: test_app.py.)
from support import scratch

from labels import KEEP, NAME, Labels, keeps


def _fresh(name):
    return Labels(scratch(name) + "/")


def _read(labels):
    with open(labels.path, "rb") as f:
        return f.read()


def test_a_line_a_game_and_a_game_without_one_is_none():
    lb = _fresh("labels_basic")
    assert lb.get(1) is None  # no file yet
    lb.add(1, "w 44 Sophie")
    lb.add(12, "l S1R3")
    lb.add(2, "w 7 Zoë")  # any name a roster holds
    assert (lb.get(1), lb.get(12), lb.get(2), lb.get(3)) == ("w 44 Sophie", "l S1R3",
                                                             "w 7 Zoë", None)
    assert _read(lb).startswith(b"1 w 44 Sophie|") and _read(lb).endswith(b"\n")


def test_a_line_cut_by_a_power_cut_reads_as_missing_and_the_next_starts_clean():
    lb = _fresh("labels_cut")
    for gid in (1, 2, 3):
        lb.add(gid, "w %d Orange" % (10 * gid))
    whole = _read(lb)
    for cut in range(1, len(b"3 w 30 Orange|xx\n")):  # inside the last line
        with open(lb.path, "wb") as f:
            f.write(whole[:-cut])
        lb.mark = None
        # only its newline lost: the line is whole; any more: missing
        assert lb.get(3) == ("w 30 Orange" if cut == 1 else None), cut
        assert lb.get(2) == "w 20 Orange"
    lb.add(4, "w 40 Lime")
    assert (lb.get(4), lb.get(2), lb.get(3)) == ("w 40 Lime", "w 20 Orange", None)
    assert b"\n4 w 40 Lime|" in _read(lb)  # on a line of its own after the cut one


def test_rows_are_found_in_any_order_the_menu_asks():
    lb = _fresh("labels_order")
    n = 300  # about 6 KB: several chunks, and past the search's window
    for gid in range(1, n + 1):
        lb.add(gid, "w %d P%d" % (gid % 90, gid))
    orders = (list(range(n, 0, -1)), list(range(1, n + 1)), [150, 7, 299, 1, 300, 151, 149])
    for order in orders:
        for gid in order:
            assert lb.get(gid) == "w %d P%d" % (gid % 90, gid), gid
    assert lb.get(n + 1) is None and lb.get(0) is None


def test_past_its_size_the_file_keeps_only_the_games_still_on_the_box():
    lb = _fresh("labels_compact")
    lb.MAX_BYTES = lb.limit = 400
    alive = lambda gid: gid % 3 != 0  # noqa: E731  (games 3, 6, 9... deleted to make room)
    passes = []  # (bytes before, the game being added) of each compaction
    compact = lb._compact
    adding = [0]

    def counted(keep):
        passes.append((len(_read(lb)), adding[0]))
        compact(keep)
    lb._compact = counted
    lb.keep = alive
    for gid in range(1, 121):
        adding[0] = gid
        lb.add(gid, "w 5 Cyan")
    # a pass once past 400 bytes, then past twice what the last one left: never at every add
    assert 2 <= len(passes) <= 4 and all(before > 400 for before, _ in passes), passes
    kept = [int(line.split(b" ")[0]) for line in _read(lb).split(b"\n") if line]
    assert [g for g in kept if alive(g)] == [g for g in range(1, 121) if alive(g)]
    last = passes[-1][1]  # a game deleted is gone once a pass ran after it was added
    assert [g for g in kept if not alive(g)] == [g for g in range(last, 121) if not alive(g)]
    assert lb.get(3) is None and lb.get(last - 1 - (last - 1) % 3) is None
    assert lb.get(119) == "w 5 Cyan" and lb.get(1) == "w 5 Cyan"


def test_only_the_newest_games_on_the_box_keep_their_line():
    class Box:  # the store's two answers keeps() asks
        def top(self):
            return 1000

        def holds(self, gid):
            return gid != 990  # deleted to make room

    keep = keeps(Box())
    assert keep(1000) and keep(1000 - KEEP + 1) and not keep(1000 - KEEP) and not keep(990)
    lb = Labels(scratch("labels_keep") + "/", Box())
    lb.MAX_BYTES = lb.limit = 200
    for gid in range(1000 - KEEP - 5, 1001):
        lb.add(gid, "w 9 Pink")
    assert lb.get(1000 - KEEP - 1) is None and lb.get(990) is None  # gone at a pass
    assert lb.get(1000) == "w 9 Pink" and lb.get(1000 - KEEP + 1) == "w 9 Pink"

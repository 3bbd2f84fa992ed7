# Regression (issue 11): a box of 1,300 games, all synced, with its flash full. Each new game
# makes room by deleting the oldest synced games; make_room built a list of every synced id
# (Packs.synced) and met a MemoryError at the Pico's 192 KB on the unix port. It now walks the
# index in place, one pack's ids in an array at a time (bench/full_box.py prints the figures).
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "bench"))

import full_box  # noqa: E402


@pytest.mark.parametrize("source, heap", [
    # the box's own image: the app's code read in place from its ROMFS, 192 KB beside it
    (False, 192),
    # the official UF2's way, the code in the heap (here compiled from source, 8-byte
    # pointers): 171 KB live at the menu, and at 192 KB the boot's pack scan met a heap in
    # pieces on a checkout with a longer path (its file names are in the heap too). The
    # emulated Pico, pointers of 4 bytes, holds it with room (docs/FIRMWARE.md, "A full box's
    # heap"); 208 KB.
    (True, 208),
])
def test_a_full_box_of_synced_games_makes_room_for_new_ones(source, heap):
    got = full_box.run(1300, more=40, sample=False, source=source, heap=heap * 1024)
    assert got["box"] == "1300 games, 0 not synced"
    games, _, free = got["games"].split()
    # 40 games played on a full flash: the oldest synced ones went to make room for them
    assert 1300 - 130 < int(games) < 1300 + 40 and int(free) > 0, got
    assert int(got["after"]) < heap * 1024


@pytest.mark.parametrize("blob", [100_000, 157_654, 167_160, 200_001])
def test_the_heap_beside_the_romfs_is_the_boxs_never_roomier(blob):
    # (the allocation table grows in steps: a first, linear guess left 64 bytes too many)
    import unixrom  # tests/rigs
    want = unixrom._free(unixrom.HEAP, 0)
    got = unixrom._free(unixrom.heapsize(blob), blob)
    assert want - 128 <= got <= want, (got, want)

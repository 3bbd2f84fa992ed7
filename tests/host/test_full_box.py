# Regression (issue 11): a box of 1,300 games, all synced, with its flash full. Each new game
# makes room by deleting the oldest synced games; make_room built a list of every synced id
# (Packs.synced) and met a MemoryError at the Pico's 192 KB on the unix port. It now walks the
# index in place, one pack's ids in an array at a time (bench/full_box.py prints the figures).
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "bench"))

import full_box  # noqa: E402


def test_a_full_box_of_synced_games_makes_room_for_new_ones_at_192_kb():
    got = full_box.run(1300, more=40, sample=False)  # SystemExit with the box's output if not
    assert got["box"] == "1300 games, 0 not synced"
    games, _, free = got["games"].split()
    # 40 games played on a full flash: the oldest synced ones went to make room for them
    assert 1300 - 130 < int(games) < 1300 + 40 and int(free) > 0, got
    assert int(got["after"]) < 192 * 1024

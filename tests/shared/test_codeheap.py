# Which games' code the heap holds (firmware/app/codeheap.py), on the box's runtimes: a game
# entered lets the others' code go, and entering the game already held (every action's frame)
# allocates nothing.
import sys

from support import boot_box, dropping, micropython_only, scratch

import app  # noqa: F401  (the box in this process)
from app import codeheap


@dropping
def test_entering_a_game_lets_every_other_games_code_go():
    h, a = boot_box(scratch("codeheap_enter"))
    codeheap.enter("gardens", screens=True)
    assert "app.gardens" in sys.modules and "app.gardens_beds" in sys.modules
    assert "shared_rules.gardens.game" in sys.modules
    codeheap.enter("versailles", "schlossgarten")
    assert "app.versailles" in sys.modules
    for m in ("app.gardens", "app.gardens_beds", "shared_rules.gardens",
              "shared_rules.gardens.game"):
        assert m not in sys.modules, m
    import shared_rules
    assert "gardens" not in dir(shared_rules)  # its package no longer keeps it alive
    codeheap.keep(None)
    assert "app.versailles" not in sys.modules and "app.versailles_claims" not in sys.modules


def test_entering_the_game_held_again_allocates_nothing():
    # what runs as every action's frame is made: dictionary lookups, nothing made
    micropython_only("MicroPython's heap lock")
    import gc

    import micropython
    h, a = boot_box(scratch("codeheap_again"))
    codeheap.enter("gardens", screens=True)
    gc.collect()
    micropython.heap_lock()
    try:
        codeheap.enter("gardens", screens=True)
        codeheap.enter("gardens", "versailles")
    finally:
        micropython.heap_unlock()


@dropping
def test_finished_games_lets_boots_preloaded_screens_go_and_keeps_the_rules():
    # Where the code is in the heap, boot's preload of the next game's flow and screens
    # leaves when Finished games opens (a box of two games at 192 KB had no room left to
    # replay a row); its rules stay for the rows' replays, and a preloaded game's screens
    # leave with it as an entered one's do. The game in play's screens leave too (opening a
    # game of its kind beside it found no 464 bytes at 192 KB), its flow and rules stay
    h, a = boot_box(scratch("codeheap_look"))
    in_flash = codeheap.IN_FLASH
    codeheap.IN_FLASH = False
    try:
        codeheap.preload("versailles")
        assert "app.versailles_claims" in sys.modules and "app.versailles" in sys.modules
        import shared_rules.versailles.game  # noqa: F401  (a row's replay loaded them)
        codeheap.look(None)
        for m in ("app.versailles", "app.versailles_claims", "app.versailles_scoring",
                  "app.versailles_tokens"):
            assert m not in sys.modules, m
        assert "shared_rules.versailles.game" in sys.modules
        codeheap.enter("gardens", screens=True)
        codeheap.look("gardens")  # the game in play keeps its flow and rules, not its screens
        assert "app.gardens" in sys.modules and "shared_rules.gardens.game" in sys.modules
        assert "app.gardens_beds" not in sys.modules
        codeheap.enter("gardens", screens=True)  # the game shown again: they come back
        assert "app.gardens_beds" in sys.modules
    finally:
        codeheap.IN_FLASH = in_flash


def test_the_idle_step_after_a_press_collects_a_heap_half_taken():
    # Where the code is in flash no collection runs on a press's way to its frame (18-29 ms
    # of a Sanssouci tile on the emulated Pico): the idle step after the press collects once
    # the heap is more than half taken, garbage included; without a press it does nothing
    micropython_only("gc.mem_alloc counts the heap's garbage")
    import gc
    gc.collect()
    live = gc.mem_alloc()
    in_flash = codeheap.IN_FLASH
    codeheap.IN_FLASH = True
    try:
        for _ in range(40):
            bytearray(512)  # garbage at once, counted as taken until a collection
        while gc.mem_free() >= gc.mem_alloc():
            bytearray(512)
        taken = gc.mem_alloc()
        assert taken >= live + 40 * 512
        codeheap.collect_if_tight()  # in flash: not on the press's way
        assert gc.mem_alloc() >= taken
        assert codeheap.idle(pressed=False) is False
        assert gc.mem_alloc() >= taken
        assert codeheap.idle(pressed=True) is True
        assert gc.mem_alloc() <= live + 4096 < taken
    finally:
        codeheap.IN_FLASH = in_flash


@dropping
def test_when_the_store_has_settled_a_filings_code_leaves():
    # Filing a finished game compressed loads zfiling and zjournal (1.5 KB of objects even
    # frozen into the image, kept for good before); the app's idle step after the store's
    # work lets them go, and the next filing loads them again and files as the first did
    import os

    from ahead import AheadStore
    root = scratch("codeheap_filing")
    s = AheadStore(root)
    logs = {}
    for seed in (1, 2):
        log = [{"e": "setup", "game": "gardens", "players": ["Orange", "Cyan"], "seed": seed}]
        log += [{"e": "turn", "c": "b", "beds": [["bbry"]] * (i % 3)} for i in range(30)]
        gid = s.new_game(log[0])
        for ev in log[1:]:
            s.append(gid, ev)
        s.finish(gid)
        while s.settle():
            pass
        assert "zfiling" in sys.modules and "shared_rules.zjournal" in sys.modules
        assert not codeheap.idle(settle=False)
        assert "zfiling" in sys.modules  # no work done: nothing leaves
        codeheap.idle(settle=True)
        for m in ("zfiling", "shared_rules.zjournal"):
            assert m not in sys.modules, m
        import shared_rules
        assert "zjournal" not in dir(shared_rules)  # its package no longer keeps it alive
        logs[gid] = log
    assert sorted(os.listdir(root)) == ["ahead", "p0001.pak", "packs.ix"]
    for gid in logs:
        assert s.events(gid) == logs[gid]


def test_a_boot_whose_preload_finds_no_room_still_reaches_the_menu():
    # The 192 KB sim soak (tests/host/simsoak.py): after a crash the simulators restart the
    # app in the same heap, in pieces, and boot's preload of the last game's code met a
    # MemoryError there again and again (hundreds of crashes a seed). The preload is a head
    # start only: without it the box boots to its menu and loads the game's code when shown.
    saved = app.preload

    def no_room(root="data"):
        raise MemoryError("memory allocation failed, allocating 944 bytes")
    app.preload = no_room
    try:
        h, a = boot_box(scratch("codeheap_no_preload"))
    finally:
        app.preload = saved
    from support import screen_texts
    assert screen_texts(h)[0] == "LE NOTRE", screen_texts(h)
    from support import press
    press(h, a, "ok")  # New game: the game's code loads now
    assert "How many players" in screen_texts(h), screen_texts(h)

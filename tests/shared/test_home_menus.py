# The menus at the table, in this process on the simulated hardware, on CPython and on
# MicroPython: Finished games' rows (the game, its day, what "*" means), a game left and
# resumed (it leaves the list; back from it the menu is on "Resume game"), and New game's
# line about the player count after turning through the games. Apart from test_app.py:
# test_guard imports that module, and its size is the guard harness's heap.
from support import scratch

import app  # noqa: F401  (the box in this process: run_mpy's harness heap)
from test_app import (_boot, _finished_game, _new_game, _play_won, _press, _round, _row,
                      _texts)


def test_finished_rows_name_the_game_and_its_day_and_say_what_the_mark_means():
    # A row was "4 Cyan 41*": no game, no day, and nothing said what "*" is. Now each row is
    # the id, the game's short name and its day ("today", else the date), then the winner
    # and points (or where it was left); the bottom line says what "*" means; all of it fits.
    from app import finished, ui
    h, a = _boot(scratch("app_rows_days"))
    h.wall.set(1780401600 - 3 * 86400)  # 2026-05-30
    names = ["Orange", "Purple", "Lime"]
    won, first = _play_won(a, names)
    h.wall.set(1780401600)  # 2026-06-02: today
    a.new_game(names)
    assert a.record(won.log[1])
    where = a.flow.where(a.game)
    a.file(a.gid, a.game)  # left for a new one
    a.game = None
    a.home()
    a.store.mark_synced(first)
    clipped = ui.clipped
    a.push(finished.Finished(a))
    a.redraw()
    w = won.outcome.winners[0]
    assert _texts(h) == ["Finished games", "%d Ver today" % (first + 1), "left %s*" % where,
                         "%d Ver 30 May" % first, "%s %d" % (names[w], won.totals()[w]),
                         "* not synced yet"], _texts(h)
    assert ui.clipped == clipped
    # the lines of the older kind ("w 44 Sophie"): read as missing, the game replayed once
    # and its row written again with its game and day
    from labels import Labels
    Labels(a.store.dir).add(first, "w 1 Nobody")
    _press(h, a, "back")
    a.push(finished.Finished(a))
    a.redraw()
    assert _texts(h)[3:5] == ["%d Ver 30 May" % first, "%s %d" % (names[w], won.totals()[w])]
    assert _row(a, first) == "W Ver 20603 %d %s" % (won.totals()[w], names[w])


def test_the_row_words_of_a_game_won_and_of_one_left():
    # The game's short name and its day (days since 1970, UTC, of its end's time, else its
    # setup's; "p<power-on>" for a time taken with the clock unset; "-" for none), then the
    # winner's points and name, or where it was left
    from app.flows import flow
    from app.core import row_words
    from shared_rules.versailles.game import Game
    left = Game(["Orange", "Purple", "Lime"], 1)
    left.log[0]["t"] = 1780401600  # 2026-06-02 12:00 UTC: day 20606
    left.play_round([1, 2, 3])
    where = flow("versailles").where(left)
    assert where and row_words(left) == "L Ver 20606 " + where  # where its flow says
    left.log[0]["t"] = [7, 1200]
    assert row_words(left) == "L Ver p7 " + where
    won = _finished_game(["Orange", "Purple", "Lime"])
    won.stamp(1780401600 + 86400)  # the game's end, the next day: that is its day
    w = won.outcome.winners[0]
    assert row_words(won) == "W Ver 20607 %d %s" % (won.totals()[w], won.players[w])

    class G:
        GAME = "chess"  # no flow for it on this box, nor a line in the registry
        players = ["Orange", "Purple", "Lime"]
        outcome = None
        keep = False  # a game viewed: its time as its journal was read
        when = None

        def totals(self):
            return [30, 52, 52]
    g = G()
    assert row_words(g) == "L che - ?"

    class O:
        winners = [1, 2]  # shared: the row names the first
    g.outcome = O()
    assert row_words(g) == "W che - 52 Purple"


def test_a_finished_rows_day_reads_today_or_its_date():
    from app.finished import day_text
    h, a = _boot(scratch("app_day_text"))
    a.step()  # its first idle step: the power-on counted
    assert a.power_on
    assert day_text(a, "20606") == "2 Jun"  # the clock unset: never "today" for a date
    assert day_text(a, "p%d" % a.power_on) == "today"  # this power-on's, clock unset
    assert day_text(a, "p%d" % (a.power_on + 1)) == "" and day_text(a, "-") == ""
    h.wall.set(1780401600)  # 2026-06-02 12:00 UTC
    assert day_text(a, "20606") == "today" and day_text(a, "20605") == "1 Jun"
    assert day_text(a, "20453") == "31 Dec"


def test_a_resumed_game_leaves_finished_games_and_back_from_it_the_menu_is_on_resume():
    # A game left, then resumed from Finished games, stayed there, resumable: resumed again it
    # went on a second time from the old point ("Game 1 goes on as 3"). It leaves the list
    # (and the box: the new game holds all of it). And back from the game it goes on as, the
    # menu's cursor is on "Resume game", not on the row the menu was left at.
    flash = scratch("app_resume_once")
    h, a = _boot(flash)
    _new_game(h, a)
    _round(h, a, 3)
    a.file(a.gid, a.game)  # left for a new one, as Home's New game does
    a.game = a.gid = None
    a.home()
    _press(h, a, "down")
    _press(h, a, "ok")  # Finished games
    assert _texts(h)[0] == "Finished games" and "left S1R2*" in _texts(h), _texts(h)
    _press(h, a, "ok")
    assert _texts(h)[0] == "Game 1: S1R2", _texts(h)
    _press(h, a, "ok")  # resume
    assert _texts(h)[0] == "S1 R1: place" and a.gid == 2, _texts(h)
    assert "Game 1 goes on" in _texts(h), _texts(h)
    from app.finished import Finished
    a.push(Finished(a))  # nothing there: game 1 goes on as game 2
    a.redraw()
    assert _texts(h)[:2] == ["Finished games", "(none yet)"], _texts(h)
    assert not a.store.holds(1) and a.store.current() == 2
    _press(h, a, "back")
    assert _texts(h)[0] == "S1 R1: place", _texts(h)
    _press(h, a, "back")
    home = a.stack[-1]
    assert home.items[home.at][0] == "Resume game", (home.at, _texts(h))
    h, a = _boot(flash)  # and after a restart
    assert a.gid == 2 and _texts(h)[0] == "S1 R1: place", _texts(h)
    _press(h, a, "back")
    assert a.stack[-1].items[a.stack[-1].at][0] == "Resume game"


def test_new_game_turned_round_the_games_back_to_versailles_still_says_ludwig():
    # At New game, -> turns through the installed games without loading their flows; back at
    # Versailles the "+ Ludwig" of its 2-player count was gone (its flow was let go on the
    # way). The line is kept as the flow is seen, for every count.
    from app import flows
    h, a = _boot(scratch("app_turn_note"))
    _press(h, a, "ok")  # New game: Versailles, the first installed, 2 players
    assert _texts(h)[0] == "Versailles" and "+ Ludwig" in _texts(h), _texts(h)
    for _ in flows.names():
        _press(h, a, "next")
    assert _texts(h)[0] == "Versailles" and "+ Ludwig" in _texts(h), _texts(h)
    _press(h, a, "up")  # 3 players: Ludwig does not play
    assert "+ Ludwig" not in _texts(h) and _texts(h)[3] == "3", _texts(h)
    _press(h, a, "down")
    assert _texts(h)[-1] == "+ Ludwig", _texts(h)


def test_the_game_set_up_last_is_kept_after_the_start_is_drawn_not_on_its_way():
    # Starting a game of another game than the last one changes the setting New game opens
    # with; writing it replaced a file on the press's way to its frame (two littlefs commits:
    # the press that started a game met 3 sector erases, 244 ms on the emulated image). It is
    # written in the idle step after the game's first screen is out, and kept across a boot.
    from app import core, settings
    flash = scratch("app_last_game")
    h, a = _boot(flash)
    seen = []
    save = settings.save
    settings.save = lambda root, s: seen.append(list(_texts(h))) or save(root, s)
    try:
        _new_game(h, a)
    finally:
        settings.save = save
    assert len(seen) == 1 and seen[0][0] == "Stage 1 Round 1", seen
    assert core.settings is settings and not a.later
    assert settings.load(a.store.root)["game"] == "versailles"  # on flash: a boot reads it


def _last_press(h, a, names):
    # a whole game recorded on app `a`, idle steps before its last event as between a
    # table's presses (what waited, the settings, written), then the last: -> (game, its id)
    a.new_game(names)
    won, gid = _finished_game(names), a.gid
    for ev in won.log[1:-1]:
        assert a.record(ev)
    for _ in range(2):
        h.clock.advance(10)
        a.step()
    assert a.record(won.log[-1]) and a.game.outcome is not None
    return won, gid


def test_a_finished_games_row_is_written_at_the_idle_step_after_the_last_press():
    # The press that ends a game writes the journal's end and its frame; the game's row in
    # Finished games (labels.txt) is appended at the next idle step, off the press's way (an
    # append can cost a sector erase). A power cut before it costs the menu one replay.
    from labels import Labels
    names = ["Orange", "Purple", "Lime"]
    h, a = _boot(scratch("app_row_idle"))
    won, gid = _last_press(h, a, names)
    assert Labels(a.store.dir, a.store).get(gid) is None
    h.clock.advance(10)
    a.step()  # the frame of the final scores
    h.clock.advance(10)
    a.step()  # idle: the row goes
    w = won.outcome.winners[0]
    row = Labels(a.store.dir, a.store).get(gid)
    assert row is not None and row.endswith("%d %s" % (won.totals()[w], names[w])), row
    # cut before it: the row missing after the power comes back; Finished games replays the
    # game once and writes its row
    flash = scratch("app_row_cut")
    h, a = _boot(flash)
    won, gid = _last_press(h, a, names)
    h, a = _boot(flash)
    assert Labels(a.store.dir, a.store).get(gid) is None
    from app import finished
    a.push(finished.Finished(a))
    a.redraw()
    assert "%s %d*" % (names[w], won.totals()[w]) in _texts(h), _texts(h)
    assert Labels(a.store.dir, a.store).get(gid) is not None

# The app on the simulated hardware, in-process, on CPython and on MicroPython: resume after a
# restart or a torn write, boot skip, a full flash, and an idle loop that allocates nothing.
import gc

from support import micropython_only, scratch

import app as appmod
import store
from app import App
from hal import sim


def _press(h, a, button, ms=60):
    h.pins[button].level = 0
    _run(h, a, ms)
    h.pins[button].level = 1
    _run(h, a, 40)


def _run(h, a, ms):
    for _ in range(ms // 10):
        h.clock.advance(10)
        a.step()


def _texts(h):
    return h.display.shown_texts


def _new_game(h, a, players=3):
    _press(h, a, "ok")  # New game
    for _ in range(players - 2):
        _press(h, a, "up")
    _press(h, a, "ok")
    for _ in range(players):
        _press(h, a, "ok")
    _press(h, a, "ok")  # start
    assert _texts(h)[0] == "Stage 1 Round 1", _texts(h)


def _round(h, a, players):
    _press(h, a, "ok")
    for p in range(players):
        _press(h, a, "up", 60 if p else 700)  # Orange holds: a jump of five
        _press(h, a, "ok")


def _boot(flash):
    h = sim.build(flash)
    a = App(h)
    a.step()
    return h, a


def test_resumes_exactly_where_it_was_after_a_restart():
    flash = scratch("app_resume")
    h, a = _boot(flash)
    _new_game(h, a)
    _round(h, a, 3)
    _round(h, a, 3)
    before = _texts(h)
    assert before[0] == "S1 R2: place"
    h2, a2 = _boot(flash)  # power off, power on
    assert _texts(h2) == before
    assert a2.game.round == 2 and a2.game.players == ["Orange", "Purple", "Cyan"]


def test_torn_last_record_is_dropped_and_the_game_goes_on():
    flash = scratch("app_torn")
    h, a = _boot(flash)
    _new_game(h, a)
    _round(h, a, 3)
    gid = a.gid
    size = a.store.size(gid)
    _round(h, a, 3)
    full = a.store.read_from(gid, 0, a.store.size(gid))
    # Power cut halfway through writing round 2's record: only its first bytes reached flash.
    cut = size + (len(full) - size) // 2
    data = flash + "/data"  # the journal's folder in the flash, as on the Pico
    name = data + "/" + [n for n in __import__("os").listdir(data) if n.endswith(".log")][0]
    with open(name, "wb") as f:
        f.write(full[:cut])
    h2, a2 = _boot(flash)
    assert a2.game.round == 1 and _texts(h2)[0] == "S1 R1: place"
    _round(h2, a2, 3)  # and the game continues
    assert a2.game.round == 2
    assert len(a2.store.events(gid)) == 3


def test_holding_a_button_at_boot_skips_the_app():
    h = sim.build(scratch("app_skip"))
    h.pins["back"].level = 0
    h.keypad.poll(h.clock.ticks_ms())
    assert appmod.start(h, forever=False) is None
    h.pins["back"].level = 1
    h.keypad.poll(h.clock.ticks_ms() + 50)
    assert appmod.start(h, forever=False) is not None


def test_full_flash_says_so_and_keeps_the_game():
    flash = scratch("app_full")
    h = sim.build(flash)
    h.store = store.Store(flash + "/data", capacity=store.RESERVE + 150)
    a = App(h)
    a.step()
    _new_game(h, a)
    rounds = 0
    while rounds < 7:
        _round(h, a, 3)
        if _texts(h)[0] == "Not allowed":
            break
        rounds += 1
    assert rounds < 7, "the capacity never ran out"
    said = " ".join(_texts(h))
    assert "full" in said and "sync" in said, said
    # Nothing acknowledged was lost: the journal holds every round the hub showed.
    _press(h, a, "ok")
    assert a.game.round == rounds
    assert len(a.store.events(a.gid)) == 1 + rounds
    # A new game cannot start either; the menu says why instead of crashing.
    a.home()
    _press(h, a, "down")  # past "Resume game"
    _press(h, a, "ok")
    _press(h, a, "ok")  # leave the running game? yes
    _press(h, a, "ok")  # 2 players
    _press(h, a, "ok")  # colours
    _press(h, a, "ok")
    assert _texts(h)[0] == "Start Versailles"
    _press(h, a, "ok")
    assert _texts(h)[0] == "Not allowed", _texts(h)


def test_idle_loop_allocates_nothing():
    micropython_only("gc.mem_alloc counts the heap's allocations")
    h, a = _boot(scratch("app_idle"))
    _new_game(h, a)
    _run(h, a, 2000)  # let the toast and everything else settle
    gc.collect()
    before = gc.mem_alloc()
    for _ in range(1000):
        h.clock.advance(10)
        a.step()
    assert gc.mem_alloc() == before, gc.mem_alloc() - before


def test_winner_screen_explains_the_tie_break():
    # "In case of a tie, the winner is the player among those tied who has the single
    # largest garden area ... If this still results in a tie, the tied players share".
    from shared_rules.versailles.game import Game
    from app.results import Winner
    h, a = _boot(scratch("app_tie"))
    g = Game(["Orange", "Purple", "Cyan"], 1)
    for stage in (1, 2):
        for r in range(7):
            g.play_round([3 * r + 1, 3 * r + 2, 3 * r + 3])
        g.report_areas(0, [3, 3, 0, 0, 0, 0])
        g.report_areas(1, [0, 0, 3, 3, 0, 0])
        g.report_areas(2, [2, 0, 0, 0, 3, 0] if stage == 1 else [2, 1, 0, 0, 3, 0])
        g.score()
    assert g.outcome.tiebreak and g.outcome.winners == [0, 1] and g.outcome.shared
    a.push(Winner(a, g))
    a.redraw()
    said = _texts(h)
    assert said[0] == "Shared victory"
    assert "Tie at 12 points" in said and "Orange, Purple" in said
    assert "same largest" in said and "area: 3" in said
    # Regression (issue 8): a shared victory named and lit its first winner only. The status
    # pixel takes each winner's colour in turn: Orange's red-led, Purple's blue-led.
    seen = set()
    for _ in range(40):
        _run(h, a, 50)
        seen.add(h.strip.shown[a._status_px])
    assert len(seen) == 2, seen
    assert sorted(max(range(3), key=lambda c: rgb[c]) for rgb in seen) == [0, 2], seen
    # A tie the single largest area decides: Purple's 10 beats Orange's 9.
    from shared_rules.versailles.scoring import outcome

    class Finished:  # what the results screens read of a game: its setup and outcome
        players = ["Orange", "Purple", "Cyan"]
        events = [{"e": "setup", "players": players}]
    g = Finished()
    g.outcome = outcome([50, 50, 40], [[9, 0, 0, 0, 0, 0], [0, 10, 0, 0, 0, 0],
                                       [12, 0, 0, 0, 0, 0]], g.players)
    a.pop()
    a.push(Winner(a, g))
    a.redraw()
    said = _texts(h)
    assert said[0] == "Winner" and "Purple" in said
    assert "largest area:" in said and "Ora 9 Pur 10" in said



def test_a_toast_fits_its_frame_and_never_covers_a_message():
    # Regression (issue 8): "Ludwig swaps->35" filled all 16 columns and touched the frame;
    # a toast drawn over a "Not allowed" message hid its last lines.
    from app import ui
    h, a = _boot(scratch("app_toast"))
    _new_game(h, a)
    _run(h, a, 2000)
    before = ui.clipped
    for text, lines in (("Ludwig swaps->35", ["Ludwig", "swaps->35"]),
                        ("Undone: Orange claims blue 5", ["Undone: Orange", "claims blue 5"]),
                        ("Orange: blue", ["Orange: blue"]),
                        ("Undone: Purple claims yellow 12",
                         ["Undone: Purple", "claims yellow", "12"])):
        a.say(text)
        _run(h, a, 20)
        shown = _texts(h)
        assert shown[-len(lines):] == lines, shown
        d = h.display
        top = ui.H - 10 - ui.LINE * len(lines)
        for y in range(top + 1, ui.H - 1):  # inside the frame: a dark column either side
            for x in (1, 2, ui.W - 3, ui.W - 2):
                assert not d.pixel(x, y), (text, x, y)
        assert d.pixel(0, top) and d.pixel(ui.W - 1, ui.H - 1)  # the frame itself
        _run(h, a, 1400 + 500 * (len(lines) - 1))
        assert _texts(h)[-1] == shown[-1]  # read for 1.5 s, half a second more a line
        _run(h, a, 200)
        assert shown[-1] not in _texts(h)  # then gone
    assert ui.clipped == before
    # A toast said as a message comes up waits, whole, until the message is acknowledged.
    a.say("Orange: blue")
    a.error(ValueError("Cyan holds blue with 5 fields; Purple needs more than 5"))
    _run(h, a, 3000)
    assert "Orange: blue" not in _texts(h) and _texts(h)[0] == "Not allowed", _texts(h)
    _press(h, a, "ok")
    assert _texts(h)[-1] == "Orange: blue", _texts(h)
    _run(h, a, 1600)
    assert "Orange: blue" not in _texts(h)


def test_every_winner_of_a_five_way_shared_victory_is_named_whole():
    # "If this still results in a tie, the tied players share the victory": up to five, on
    # the Winner screen and on the hub once the game is over, none cut.
    from shared_rules.versailles.scoring import outcome
    from app import ui
    from app.results import Winner

    class Over:
        players = ["Orange", "Purple", "Silver", "Cyan", "Lime"]
        events = [{"e": "setup", "players": players}]
        outcome = None
        phase = "over"
    g = Over()
    g.outcome = outcome([40] * 5, [[9, 0, 0, 0, 0, 0]] * 5, g.players)
    assert g.outcome.shared and len(g.outcome.winners) == 5
    h, a = _boot(scratch("app_five_winners"))
    before = ui.clipped
    a.push(Winner(a, g))
    a.redraw()
    said = " ".join(_texts(h))
    for name in g.players:
        assert name in said, said
    assert "Tie at 40 points" in said and "area: 9" in said
    from app.results import over
    a.display.fill(0)
    over(a.display, g)
    said = " ".join(a.display.texts)
    assert said.startswith("Game over Shared victory"), said
    for name in g.players:
        assert name in said, said
    assert ui.clipped == before


def test_a_tie_broken_among_five_lists_every_largest_area():
    from shared_rules.versailles.scoring import outcome
    from app import ui
    from app.results import Winner

    class Over:
        players = ["Orange", "Purple", "Silver", "Cyan", "Lime"]
        events = [{"e": "setup", "players": players}]
    g = Over()
    g.outcome = outcome([40] * 5, [[9, 0, 0, 0, 0, 0], [0, 10, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0],
                                   [7, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]], g.players)
    h, a = _boot(scratch("app_five_tied"))
    before = ui.clipped
    a.push(Winner(a, g))
    a.redraw()
    said = _texts(h)
    assert said[:2] == ["Winner", "Purple"], said
    assert said[2:] == ["Tie at 40 points", "largest area:", "Ora 9 Pur 10", "Sil 3 Cya 7",
                        "Lim 2"], said
    assert ui.clipped == before


def _finished_game(names):
    # a whole game through the rules core, one scoring each stage
    from shared_rules.versailles.game import Game
    g = Game(names, 1)
    for stage in (1, 2):
        for r in range(7):
            g.play_round([len(names) * r + 1 + p for p in range(len(names))])
        for p in range(len(names)):
            g.report_areas(p, [3 if p == 0 else 1, 0, 0, 0, 0, 0])
        g.score()
    return g


def _play_won(a, names):
    # a whole game played and won on app `a`, its events recorded one by one -> (the game,
    # its id)
    a.new_game(names)
    won = _finished_game(names)
    for ev in won.log[1:]:
        assert a.record(ev), ev
    return won, a.gid


def _filed(a, g):
    # -> the id of game g journalled and filed by the store alone, as a sync's test box has it
    gid = a.store.new_game(g.log[0])
    for ev in g.log[1:]:
        a.store.append(gid, ev)
    a.store.finish(gid)
    return gid


def test_finished_games_lists_the_game_just_won_without_a_second_copy_of_it():
    # After a 5-player game the .mpy build at 192 KB sometimes could not replay the game just
    # won beside the one in memory: its row read "1 ?" (damaged). The row and the scoreboard
    # use the game in memory; another game's replay that meets a heap in pieces is tried
    # once more after a collection.
    from app import finished
    h, a = _boot(scratch("app_just_won"))
    older = _finished_game(["Cyan", "Pink"])
    _filed(a, older)
    won = _finished_game(["Orange", "Purple", "Lime"])
    a.gid = _filed(a, won)
    a.game = won
    asked = []
    events = a.store.events

    def tight(g, into=None):
        asked.append(g)
        if asked.count(g) == 1:
            raise MemoryError("memory allocation failed")
        return events(g, into)
    a.store.events = tight
    a.push(finished.Finished(a))
    a.redraw()
    # (games of the rules core alone: no time, so no day)
    rows = ["2 Ver", "Orange %d*" % won.totals()[0], "1 Ver", "Cyan %d*" % older.totals()[0]]
    assert _texts(h)[:5] == ["Finished games"] + rows, _texts(h)
    # the older game read after the MemoryError (a view reads a journal twice: which events
    # stand, then those), the new one never
    assert asked == [1, 1, 1]
    _press(h, a, "ok")
    assert _texts(h)[0] == "Final scores" and a.stack[-1].g is won
    kept = len(won.log)
    _press(h, a, "back", 700)  # a long back on a finished game's board: nothing undone
    assert len(won.log) == kept and a.stack[-1].g is won and won.outcome is not None


def _row(a, gid):
    from labels import Labels
    return Labels(a.store.dir).get(gid)


def test_a_game_won_or_left_writes_its_finished_row_and_the_menu_reads_it_without_a_replay():
    # Opening Finished games replayed each row's game: 1 s for six rows with 1,000 games on
    # the emulated Pico. A game filed by the app writes its row's words (labels.txt).
    from app import finished
    h, a = _boot(scratch("app_labels"))
    names = ["Orange", "Purple", "Lime"]
    won, first = _play_won(a, names)
    import sys
    assert "labels" not in sys.modules  # its 2.6 KB leave the heap once the row is written
    w = won.outcome.winners[0]
    day = "p%d" % a.power_on  # played with the clock unset: this power-on's
    assert _row(a, first) == "W Ver %s %d %s" % (day, won.totals()[w], names[w])
    others = ["Cyan", "Pink", "Silver"]
    a.new_game(others)
    assert a.record(_finished_game(others).log[1])  # a round played, then left
    where = a.flow.where(a.game)
    a.home()
    _press(h, a, "down")  # past Resume game
    _press(h, a, "ok")  # New game
    _press(h, a, "ok")  # leave the running game: it is filed unfinished
    # (a box with more than one game installed draws its > beside the title)
    assert a.game is None and "How many players" in _texts(h)[1:3], _texts(h)
    assert _row(a, first + 1) == "L Ver %s %s" % (day, where), _row(a, first + 1)

    def no_replay(*args):
        raise AssertionError("a row replayed its game")
    a.store.events = no_replay
    a.push(finished.Finished(a))
    a.redraw()
    assert _texts(h)[1:5] == ["%d Ver today" % (first + 1), "left %s*" % where,
                             "%d Ver today" % first, "%s %d*" % (names[w], won.totals()[w])], \
        _texts(h)
    assert "labels" in sys.modules
    _press(h, a, "back")  # Finished games left: labels.py goes with it
    assert "labels" not in sys.modules and _texts(h)[0] != "Finished games"


def test_rows_filed_before_labels_are_replayed_once_then_read():
    from app import finished
    flash = scratch("app_labels_old")
    h, a = _boot(flash)
    older = _finished_game(["Cyan", "Pink"])
    gid = _filed(a, older)  # by the store alone: no row written
    assert _row(a, gid) is None
    a.push(finished.Finished(a))
    a.redraw()
    row = ["%d Ver" % gid, "Cyan %d*" % older.totals()[0]]
    assert _texts(h)[1:3] == row, _texts(h)
    assert _row(a, gid) == "W Ver - %d Cyan" % older.totals()[0]  # written down for next time
    h, a = _boot(flash)
    a.store.events = None  # a replay now would fail: the row comes from its line
    a.push(finished.Finished(a))
    a.redraw()
    assert _texts(h)[1:3] == row, _texts(h)


def test_finished_games_opens_when_labels_py_does_not_fit_replaying_each_row():
    # labels.py is loaded when Finished games opens; a heap with no room for it costs speed,
    # never the menu (every row replayed, as before labels.txt)
    import builtins
    from app import finished
    h, a = _boot(scratch("app_labels_nomem"))
    older = _finished_game(["Cyan", "Pink"])
    gid = _filed(a, older)
    real = builtins.__import__
    refused = []

    def no_room(name, *args):
        if name == "labels":
            refused.append(name)
            raise MemoryError("memory allocation failed")
        return real(name, *args)
    import sys
    sys.modules.pop("labels", None)
    builtins.__import__ = no_room
    try:
        a.push(finished.Finished(a))
        a.redraw()
    finally:
        builtins.__import__ = real
    assert refused == ["labels", "labels"]  # tried twice, a collection between
    assert _texts(h)[1:3] == ["%d Ver" % gid, "Cyan %d*" % older.totals()[0]], _texts(h)

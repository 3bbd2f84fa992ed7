# The main loop's guard (firmware/guard.py) and the crash log (firmware/crashlog.py), on the
# simulated hardware, in-process, on CPython and on MicroPython: an exception in a screen's
# draw or key, a display that raises OSError, a MemoryError, all caught, logged, shown, and the
# app restarted with the journal intact; crashes at boot stop on the safe screen; the watchdog.
import binascii
import os
import sys

from support import raises, scratch
from test_app import _new_game, _press, _round, _run

import app as appmod
import crashlog
import guard as guardmod
from app import App
from guard import Guard
from hal import sim
from shared_rules.versailles.game import Game

# Every screen's module loaded now, while the heap is young, as a box's boot loads them: a
# test that fills the heap then finds them there.
appmod.preload()


def _boot(flash, make=App, spare=None):
    h = sim.build(flash)
    g = Guard(h, make)
    if spare is not None:
        g.spare = spare
    g.run(forever=False)
    g.step()
    return h, g


class _Stepper:
    # test_app's helpers step an app; here the guard steps it
    def __init__(self, g):
        self.step = g.step


def _texts(h):
    return h.display.shown_texts


def _game_at_round_2(flash, spare=None):
    h, g = _boot(flash, spare=spare)
    s = _Stepper(g)
    try:
        _new_game(h, s)
        _round(h, s, 3)
        _round(h, s, 3)
    except AssertionError:
        raise AssertionError("crashed: %r" % (g.newest,))  # what the guard caught says more
    assert g.crashes == 0 and g.app.game.round == 2
    return h, g, s


def _log(flash):
    # the crash log in the box's data/ folder, made if no store made it yet
    try:
        os.mkdir(flash + "/data")
    except OSError:
        pass
    return crashlog.CrashLog(flash + "/data/")


def _crash_log(flash):
    # -> the crash records on flash, as the sync link sends them
    from store import parse
    return [parse(line) for line in _log(flash).crashes()]


def _restarts_with_the_same_game(h, g, s, before, shown):
    # the error screen says what happened; after RESTART_MS the app is back, game and screen
    assert _texts(h)[0] == "Restarting", _texts(h)
    assert "Games are safe." in _texts(h) and "ok: restart now" in _texts(h)
    assert h.strip.shown[h.pixels.role("status")] != (0, 0, 0)  # the status pixel says it
    _run(h, s, guardmod.RESTART_MS + 20)
    import gc
    gc.collect()
    assert g.state == guardmod.RUN, (g.newest, gc.mem_free() if hasattr(gc, "mem_free") else 0)
    assert g.app.game.snapshot() == before
    assert Game.replay(g.app.store.events(g.app.gid)).snapshot() == before
    assert _texts(h) == shown, _texts(h)


def test_an_exception_in_a_screens_key_is_caught_logged_shown_and_the_game_restarts():
    flash = scratch("guard_key")
    h, g, s = _game_at_round_2(flash)
    before, shown, gid = g.app.game.snapshot(), _texts(h), g.app.gid
    events = len(g.app.game.events)

    def broken(button, kind):
        raise IndexError("list index out of range")
    g.app.stack[-1].key = broken
    _press(h, s, "ok")
    assert g.crashes == 1
    assert "IndexError: list index" in " ".join(_texts(h))
    [rec] = _crash_log(flash)
    assert rec["err"] == "IndexError: list index out of range" and rec["n"] == 1
    assert rec["g"] == gid and rec["ev"] == events
    assert "broken" in rec["tb"] and "app/core.py" in rec["tb"], rec["tb"]
    _restarts_with_the_same_game(h, g, s, before, shown)
    _round(h, s, 3)  # and the game goes on
    assert g.app.game.round == 3 and g.crashes == 1


def test_an_exception_in_a_screens_draw_restarts_at_once_with_ok():
    flash = scratch("guard_draw")
    h, g, s = _game_at_round_2(flash)
    before, shown = g.app.game.snapshot(), _texts(h)

    def broken(d):
        raise ValueError("bad draw")
    g.app.stack[-1].draw = broken
    g.app.dirty = True
    g.step()
    assert g.crashes == 1 and _texts(h)[0] == "Restarting"
    _press(h, s, "ok")  # no need to wait
    assert g.state == guardmod.RUN and g.app.game.snapshot() == before
    assert _texts(h) == shown
    assert _crash_log(flash)[0]["err"] == "ValueError: bad draw"


class _FailingShow:
    # An I2C display that stops answering: show() raises OSError(EIO) `times` times.
    def __init__(self, display, times):
        self.display = display
        self.times = times
        self.show = display.show

    def __call__(self):
        if self.times > 0:
            self.times -= 1
            raise OSError(5)  # EIO: what a Pico's I2C raises when the OLED does not answer
        self.show()


def test_a_display_that_raises_oserror_is_caught_and_the_pixel_says_it():
    flash = scratch("guard_i2c")
    h, g, s = _game_at_round_2(flash)
    before = g.app.game.snapshot()
    frame = binascii.crc32(h.display.shown)  # not a 1 KB copy: the box's heap is the test's
    h.display.show = _FailingShow(h.display, 2)  # the app's frame, then the error screen's
    _press(h, s, "up")  # Hub ignores up, but the key makes it redraw
    assert g.crashes == 1 and g.state == guardmod.ERROR
    err = _crash_log(flash)[0]["err"]
    assert err.startswith("OSError: ") and "5" in err, err  # "[Errno 5] EIO" on MicroPython
    assert binascii.crc32(h.display.shown) == frame  # the error screen could not be shown ...
    status = h.pixels.role("status")
    assert h.strip.shown[status] != (0, 0, 0)  # ... but the status pixel glows red
    assert [c for i, c in enumerate(h.strip.shown) if i != status] == [(0, 0, 0)] * 7
    _run(h, s, guardmod.RESTART_MS + 20)  # the display answers again: the app is back
    assert g.state == guardmod.RUN and g.app.game.snapshot() == before
    assert _texts(h)[0] == "S1 R2: place"


def test_a_memory_error_is_caught_with_the_heap_full():
    # with the reserve the guard keeps when the heap can spare it (here: always)
    flash = scratch("guard_mem")
    h, g, s = _game_at_round_2(flash, spare=0)
    assert g._reserve is not None or sys.implementation.name != "micropython"
    before, shown = g.app.game.snapshot(), _texts(h)

    def hog(button, kind):
        if sys.implementation.name != "micropython":
            raise MemoryError()  # CPython would take the machine's memory: raised as is
        # MicroPython: the app's own state fills the heap until it gives out, and keeps it
        # (as a game that grew would): only the guard letting go of the app frees it
        g.app.hog = [None]
        while True:
            g.app.hog[0] = [g.app.hog[0]]
    g.app.stack[-1].key = hog
    _press(h, s, "ok")
    assert g.crashes == 1 and _texts(h)[0] == "Restarting", _texts(h)
    assert _crash_log(flash)[0]["err"].startswith("MemoryError")
    _restarts_with_the_same_game(h, g, s, before, shown)


def test_a_memory_error_at_boot_with_no_heap_left_is_still_caught():
    # At boot the reserve is not there yet: the guard's handler itself must not raise when
    # not even a small record can be made (found by bench/guard_steps.py: its own
    # StringIO for the traceback raised MemoryError out of the guard).
    flash = scratch("guard_mem_boot")
    hog = [None]

    def greedy(hal):
        if sys.implementation.name != "micropython":
            raise MemoryError()
        while True:  # a chain of the smallest pieces there are, kept while the guard works
            hog[0] = [hog[0]]
    h = sim.build(flash)
    g = Guard(h, greedy)
    g.run(forever=False)  # must not raise
    hog[0] = None
    assert g.crashes == 1 and g.state == guardmod.ERROR
    assert g.newest["err"].startswith("MemoryError") and g.newest["boot"] == 1
    g.make = App  # the heap is back: the restart boots the app
    _run(h, _Stepper(g), guardmod.RESTART_MS + 20)
    assert g.state == guardmod.RUN and g.app is not None and _texts(h)[0] == "LE NOTRE"


def test_crashes_at_boot_stop_on_the_safe_screen():
    flash = scratch("guard_loop")
    made = []

    def broken_app(hal):
        made.append(1)
        raise RuntimeError("cannot start")
    h, g = _boot(flash, broken_app)
    s = _Stepper(g)
    for n in range(1, guardmod.LOOP):
        assert g.state == guardmod.ERROR and len(made) == n
        _run(h, s, guardmod.RESTART_MS + 20)
    assert g.state == guardmod.SAFE and len(made) == guardmod.LOOP
    said = _texts(h)
    assert said[0] == "Le Notre stopped" and "Crashed 3 times" in said, said
    assert "ok: try again" in said and "RuntimeError:" in said
    _run(h, s, 5 * guardmod.RESTART_MS)  # it stays: no more restarts
    assert len(made) == guardmod.LOOP and g.crashes == guardmod.LOOP
    assert [r["boot"] for r in _crash_log(flash)] == [1, 1, 1]
    # Power off and on: the log remembers the loop, the app is not even tried.
    h2, g2 = _boot(flash, broken_app)
    assert g2.state == guardmod.SAFE and len(made) == guardmod.LOOP
    assert _texts(h2)[0] == "Le Notre stopped"
    # ok tries again (and the next crash at boot is the first of a new streak)
    _press(h2, _Stepper(g2), "ok")
    assert len(made) == guardmod.LOOP + 1 and g2.state == guardmod.ERROR


def test_a_crash_after_the_app_ran_a_while_is_no_loop():
    flash = scratch("guard_late")
    h, g, s = _game_at_round_2(flash)
    _run(h, s, guardmod.STABLE_MS)
    for n in range(guardmod.LOOP + 1):
        g.app.stack[-1].key = None  # TypeError when called
        _press(h, s, "ok")
        assert g.state == guardmod.ERROR, n
        _run(h, s, guardmod.RESTART_MS + guardmod.STABLE_MS)
        assert g.state == guardmod.RUN
    assert [r["boot"] for r in _crash_log(flash)] == [0] * (guardmod.LOOP + 1)
    assert [r["n"] for r in _crash_log(flash)] == [1, 2, 3, 4]


def test_boot_crashes_with_a_good_run_between_are_no_loop():
    # two crashes at boot, then the app runs STABLE_MS: the streak ends (an "ok" mark), so
    # one more crash at boot only restarts
    flash = scratch("guard_streak")
    log = _log(flash)
    for _ in range(guardmod.LOOP - 1):
        log.add({"err": "RuntimeError: once", "boot": 1})
    assert _log(flash).streak == guardmod.LOOP - 1
    h, g = _boot(flash)
    _run(h, _Stepper(g), guardmod.STABLE_MS + 20)
    assert _log(flash).streak == 0
    g.app.stack[-1].draw = None
    g.app.dirty = True
    g.stable = False  # as if right at boot
    g.step()
    assert g.state == guardmod.ERROR


def test_a_crash_record_is_made_with_the_heap_locked_and_reads_back():
    # The record the guard writes when the heap cannot make one: formatted in the buffers
    # the log made at boot, nothing allocated (MicroPython's heap locked: any allocation
    # raises), then read back as any crash record, numbers going on
    flash = scratch("guard_bare")
    log = _log(flash)
    log.add({"err": "E1", "boot": 0})
    msg = "memory allocation failed, allocating 1280 bytes"
    log.last += 1
    try:
        import micropython
        lock, unlock = micropython.heap_lock, micropython.heap_unlock
    except (ImportError, AttributeError):  # CPython: formatted all the same
        lock = unlock = lambda: None
    lock()
    try:
        log._format("MemoryError", msg, 12, 41, 123456, False)
    finally:
        unlock()
    log.last -= 1
    assert log.bare("MemoryError", msg, 12, 41, 123456, False) == 2
    assert log.bare("OSError", 'say "hi"\n', None, None, 7, True) == 3
    got = _crash_log(flash)
    assert got[1] == {"n": 2, "err": "MemoryError: " + msg, "tb": "", "g": 12, "ev": 41,
                      "ms": 123456, "boot": 0}, got
    assert got[2]["err"] == "OSError: say ?hi??" and got[2]["g"] is None, got
    log = _log(flash)
    assert log.last == 3 and log.streak == 1 and log.add({"err": "E4", "boot": 0}) == 4


def test_a_memory_error_the_log_cannot_format_is_logged_from_the_kept_buffers():
    # The record made, but the log's own formatting (JSON, CRC) meets a full heap: the
    # guard writes the bare record instead; the box restarts into its game
    flash = scratch("guard_bare_log")
    h, g, s = _game_at_round_2(flash)
    before, shown = g.app.game.snapshot(), _texts(h)
    gid, events = g.app.gid, len(g.app.game.events)

    def full(rec):
        raise MemoryError("memory allocation failed, allocating 512 bytes")
    g.log.add = full

    def fails(button, kind):
        raise MemoryError("memory allocation failed, allocating 1280 bytes")
    g.app.stack[-1].key = fails
    _press(h, s, "ok")
    assert g.crashes == 1 and _texts(h)[0] == "Restarting", _texts(h)
    rec = _crash_log(flash)[-1]
    assert rec["err"] == "MemoryError: memory allocation failed, allocating 1280 bytes", rec
    assert rec["g"] == gid and rec["ev"] == events and rec["boot"] == 1, rec
    _restarts_with_the_same_game(h, g, s, before, shown)


def test_the_crash_log_stays_small_and_survives_a_cut_write():
    flash = scratch("guard_log")
    log = _log(flash)
    long_text = "x" * 300
    for i in range(60):
        log.add({"err": "E%d %s" % (i, long_text), "boot": 0})
        assert os.stat(log.path)[6] <= crashlog.MAX
    got = _crash_log(flash)
    assert [r["n"] for r in got] == list(range(61 - len(got), 61)), got  # the newest, in order
    assert len(got) >= crashlog.KEEP
    # a power cut in the middle of an append: the cut record goes, numbers go on
    with open(log.path, "ab") as f:
        f.write(b'{"boot":0,"err":"cut')
    log = _log(flash)
    assert log.last == 60
    assert log.add({"err": "after", "boot": 0}) == 61
    assert [r["err"] for r in _crash_log(flash)][-2:] == ["E59 " + long_text, "after"]


class _Watchdog:
    def __init__(self):
        self.started = None
        self.feeds = 0
        self.stopped = False

    def start(self, ms):
        self.started = ms

    def feed(self):
        self.feeds += 1

    def stop(self):
        self.stopped = True


def test_the_watchdog_is_fed_every_step_and_stopped_for_the_hosts_ctrl_c():
    h = sim.build(scratch("guard_wdt"))
    wdt = h.watchdog = _Watchdog()
    steps = []
    sleep = h.clock.sleep_ms

    def sleep_then_interrupt(ms):
        steps.append(ms)
        sleep(ms)
        if len(steps) == 50:
            raise KeyboardInterrupt  # the host's Ctrl-C, as the Pico raises it in the loop
    h.clock.sleep_ms = sleep_then_interrupt
    raises(KeyboardInterrupt, appmod.start, h)
    assert wdt.started == guardmod.WATCHDOG_MS <= 8388  # the RP2040's longest
    assert wdt.feeds == 50 and wdt.stopped


def test_ctrl_c_inside_a_step_is_not_a_crash():
    flash = scratch("guard_intr")
    h, g = _boot(flash)

    def interrupted(button, kind):
        raise KeyboardInterrupt
    g.app.stack[-1].key = interrupted
    h.pins["ok"].level = 0
    h.clock.advance(60)
    g.step()
    h.pins["ok"].level = 1
    h.clock.advance(40)
    raises(KeyboardInterrupt, g.step)
    assert g.crashes == 0 and _crash_log(flash) == []

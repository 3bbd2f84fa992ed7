# The main loop's guard (docs/FIRMWARE.md, "The guard"): the box never dies at the table.
# Whatever a step raises (a bug in a screen, an I2C OSError from the display, a MemoryError)
# is caught here, written to the crash log on flash (crashlog.py), shown on an error screen,
# and the app restarts from its journal: hal.restart (machine.reset(); the simulated device's
# new process), else the App made again in-process (tests). The journal is the truth: an
# event is on flash before any screen shows it, so a restart finds every one. The RP2040's
# watchdog (hal.watchdog) resets a box whose loop hangs. Crashes at boot, LOOP times in a row,
# stop the restarts: the safe screen stays, and the sync link still works (the host's Ctrl-C).
import gc
import sys

from micropython import const

import crashlog

RESTART_MS = const(5000)  # the error screen stays this long (ok: at once), then a restart
STABLE_MS = const(10000)  # a crash before the app ran this long is a crash at boot
LOOP = const(3)  # crashes at boot in a row: no more restarts, the safe screen
CRASHED = u"Crashed 3 times"  # LOOP's, made once
# The RP2040's watchdog goes to 8388 ms at most, far above the slowest step (a soak's, on the
# unix port). Fed once a step, so only a hang trips it.
WATCHDOG_MS = const(8000)
# Given back first thing on a crash: room to log and draw it with the heap full. In pieces:
# a fragmented heap has 512 bytes here and there long after it has no 4 KB in one. Kept only
# when the heap can spare it, _SPARE free once the app booted: in a 192 KB heap on the unix
# port an empty box has 68 KB free then and keeps one; a box of 1,300 games has 57 KB, and
# later, in its Finished menu, not 512 bytes to spare: it keeps none,
# and a crash gets by on the app's memory, let go first, and a record made beforehand.
# Twice the room a crash with the heap full needs: 1 KB on the unix port (test_guard's
# heap-full MemoryError draws its screen with 2 pieces, not with 1), half that with the
# Pico's 4-byte pointers.
RESERVE = 4 if sys.maxsize >> 32 else 2
PIECE = const(512)
_SPARE = const(65536)
STEP_MS = const(10)
OK = const(4)  # buttons.OK
PRESS = const(1)  # buttons.PRESS
COLS = const(16)
RED = (255, 0, 0)  # the status pixel while an error shows (capped by the strip)

RUN = const(0)
ERROR = const(1)  # the error screen, until the restart
SAFE = const(2)  # crashed at boot LOOP times: stays until ok


class Guard:
    spare = _SPARE  # a reserve only with this much heap free after boot (tests lower it)

    def __init__(self, hal, make):
        self.hal = hal
        self.make = make  # make(hal) -> a running App
        self.app = None
        self.state = RUN
        self.crashes = 0  # caught since power on: the tests assert it stays 0
        self.newest = None  # the newest crash caught or read from the log (a dict)
        self.streak = 0  # crashes at boot in a row, when there is no log to count them
        self.until = 0
        self.started = 0
        self.stable = False
        self._reserve = None
        # the record of a crash when the heap cannot give even that (filled in, not made)
        self._bare = {"err": "", "tb": "", "g": None, "ev": None, "ms": 0, "boot": 0}
        self._clock = hal.clock
        self.log = None  # type: crashlog.CrashLog | None
        try:
            self.log = crashlog.CrashLog(hal.store.dir)
        except Exception:  # a flash that fails: the guard works on without its log
            self.log = None

    # ---- the loop --------------------------------------------------------------------------
    def run(self, forever=True):
        # -> the App (forever=False: once booted, for tests). The watchdog is stopped on the
        # way out: the host's Ctrl-C (KeyboardInterrupt passes the guard) hands the box to
        # the REPL, whose sync or flash must not be reset half-way.
        wdt = self.hal.watchdog
        if wdt is not None and forever:
            wdt.start(WATCHDOG_MS)
        try:
            if self.log is not None and self.log.streak >= LOOP:
                self.crashes_at_boot(self.log.newest)
            else:
                self.boot()
            if not forever:
                return self.app
            sleep = self._clock.sleep_ms
            while True:
                self.step()
                if wdt is not None:
                    wdt.feed()
                sleep(STEP_MS)
        finally:
            if wdt is not None and forever:
                wdt.stop()

    def step(self):
        try:
            app = self.app
            if self.state == RUN and app is not None:
                app.step()
                if not self.stable and self._since(self.started) >= STABLE_MS:
                    self.stable = True
                    self.streak = 0
                    if self.log is not None:
                        self.log.settled()
            else:
                self._error_step()
        except Exception as exc:  # never KeyboardInterrupt: the host's Ctrl-C must pass
            app = None  # so that crashed() can give the app's memory back
            self.crashed(exc)

    def _since(self, t):
        c = self._clock
        return c.ticks_diff(c.ticks_ms(), t)

    # ---- a crash ---------------------------------------------------------------------------
    def crashed(self, exc):
        # Allocates little before the reserve and the app are given back: a MemoryError
        # lands here with the heap full.
        self._reserve = None
        gid = ev = None
        app = self.app
        if app is not None:
            gid = getattr(app, "gid", None)
            game = getattr(app, "game", None)
            if game is not None:
                ev = len(game.events)
            game = None
        self.app = app = None
        if isinstance(exc, MemoryError):
            # every game's code leaves before the crash is logged: what an app that failed
            # half-made (at boot) loaded would leave the log no room, and the restart (a
            # reset, or the tests' in-process one) loads what it needs again. (No new
            # name here: where the code is in the heap, one more interned name can ask
            # MicroPython's table of names for its next 14 KB block.)
            try:
                _reset_heap(True)
            except Exception:
                pass
        gc.collect()
        self.crashes += 1
        boot = not self.stable
        self.streak = self.streak + 1 if boot else 0
        ms = self._clock.ticks_ms()
        try:
            rec = {"err": describe(exc), "tb": where(exc), "g": gid, "ev": ev, "ms": ms,
                   "boot": 1 if boot else 0}
        except MemoryError:  # not even that much heap: the record made at start, filled in
            rec = self._bare
            rec["err"] = type(exc).__name__
            rec["g"], rec["ev"] = gid, ev  # one at a time: no tuple made
            rec["ms"], rec["boot"] = ms, 1 if boot else 0
        self.newest = rec
        streak = self.streak
        log = self.log
        if log is not None:
            try:
                if rec is self._bare:
                    raise MemoryError
                log.add(rec)
            except MemoryError:  # written from the buffers the log made at boot
                try:
                    log.bare(type(exc).__name__, _message(exc), gid, ev, ms, boot)
                except Exception:
                    pass
            except Exception:  # the flash fails too: the screen still says what happened
                pass
            streak = log.streak
        if boot and streak >= LOOP:
            self.crashes_at_boot(rec)
            return
        self.state = ERROR
        self.until = self._clock.ticks_add(self._clock.ticks_ms(), RESTART_MS)
        self.show(u"Restarting", None, rec["err"], 4, u"ok: restart now")

    def crashes_at_boot(self, rec):
        self.state = SAFE
        self.show(u"Le Notre stopped", CRASHED, rec["err"] if rec else "?", 3, u"ok: try again")

    def _error_step(self):
        c = self._clock
        now = c.ticks_ms()
        ev = self.hal.keypad.poll(now)
        pressed = ev and ev >> 2 == OK and ev & 3 == PRESS
        if self.state == SAFE:
            if pressed:
                self.streak = 0
                if self.log is not None:
                    self.log.settled()
                self.restart()
        elif pressed or c.ticks_diff(now, self.until) >= 0:
            self.restart()

    def show(self, heading, first, err, rows, hint):
        # heading; first (or None); the error in at most `rows` lines; "Games are safe."; the
        # hint. Drawn with the display's own text() (no app module: the app may be what is
        # broken), every line within 16 columns. The display may be what failed: then the
        # status pixel, red, still says it. Nothing here may raise, MemoryError included.
        try:
            lines = wrap(err)[:rows] + [u"Games are safe."]
            if first:
                lines.insert(0, first)
            d = self.hal.display
            d.fill(0)
            d.fill_rect(0, 0, 128, 9, 1)  # the title bar, as app.ui draws it
            d.text(heading, (128 - 8 * len(heading)) // 2, 1, 0)
            for i in range(len(lines)):
                d.text(lines[i], 0, 11 + 8 * i, 1)
            d.text(hint, 0, 56, 1)
            d.show()
        except Exception:
            pass
        try:
            px = self.hal.pixels
            px.fill((0, 0, 0))
            px.set(px.role("status"), RED)
            px.show()
        except Exception:
            pass

    # ---- (re)starting ----------------------------------------------------------------------
    def restart(self):
        hal = self.hal
        if hal.restart is not None:
            hal.restart()  # machine.reset(): boots afresh from flash, never returns
            return
        # No hal.restart (tests): what a reset does, in-process: the store boots from flash
        # again (what it held in memory may be what went wrong), then the app from the journal.
        try:
            _reset_heap()
            old = hal.store
            hal.store = type(old)(old.root, old.capacity)  # Store, or the Pico's AheadStore
        except Exception as exc:
            self.crashed(exc)
            return
        self.boot()

    def boot(self):
        self.state = RUN
        self.started = self._clock.ticks_ms()
        self.stable = False
        try:
            self.app = self.make(self.hal)
            self._keep()
        except Exception as exc:
            self.crashed(exc)

    def _keep(self):
        # The reserve, once the app stands and if the heap can spare it (MicroPython; CPython
        # has no heap to run out of). Not to be had: the guard goes on without it rather
        # than count a crash.
        if self._reserve is not None or not hasattr(gc, "mem_free"):
            return
        gc.collect()
        if gc.mem_free() < self.spare:
            return
        try:
            self._reserve = [bytearray(PIECE) for _ in range(RESERVE)]
        except MemoryError:
            self._reserve = None


def _reset_heap(every=False):
    # the code a reset would have let go (app/codeheap.py), when the app's modules load;
    # every: every game's code, the one boot loads too
    try:
        from app import codeheap
    except Exception:
        return
    if every:
        codeheap.keep(None)
    else:
        codeheap.reset()


def _message(exc):
    # -> the exception's own message if it has one as text (nothing made: a MemoryError's
    # is there already), else ""
    args = exc.args
    return args[0] if args and isinstance(args[0], str) else ""


def wrap(text):
    # app.ui's word wrap when the app's modules load, else cut every 16 columns
    try:
        from app.ui import wrap as words
        return words(text)
    except Exception:
        return [text[i:i + COLS] for i in range(0, len(text), COLS)]


def describe(exc):
    # "IndexError: list index out of range", cut to what a record keeps
    text = str(exc)
    return (type(exc).__name__ + (": " + text if text else ""))[:120]


def where(exc):
    # The innermost frames, "app/results.py:22 draw|...", from the traceback: MicroPython's
    # printed one, CPython's traceback module.
    frames = []
    if hasattr(sys, "print_exception"):
        import io
        buf = io.StringIO()
        sys.print_exception(exc, buf)
        for line in buf.getvalue().split("\n"):
            line = line.strip()
            if line.startswith('File "'):
                # File "app/results.py", line 22, in draw
                parts = line[6:].split('", line ')
                if len(parts) == 2:
                    no, _, fn = parts[1].partition(", in ")
                    frames.append("%s:%s %s" % (_short(parts[0]), no, fn))
    else:
        import traceback
        for f in traceback.extract_tb(exc.__traceback__):
            frames.append("%s:%s %s" % (_short(f.filename), f.lineno, f.name))
    return "|".join(frames[-3:])


def _short(path):
    # the file's place in the firmware: "app/results.py", not the whole desktop path; the
    # source a maker opens, where the .mpy build names its compiled file (toolchain.py)
    if path.endswith(".mpy"):
        path = path[:-4] + ".py"
    parts = path.replace("\\", "/").split("/")
    return "/".join(parts[-2:]) if len(parts) > 1 and parts[-2] == "app" else parts[-1]

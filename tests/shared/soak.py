# The random-press soak (test_soak.py, `make soak`): the real app inside its guard on the
# simulated hardware, in-process, driven by seeded random presses of all five buttons (short,
# long, held into repeats), on CPython and MicroPython alike. Stretches of table-like play
# (mostly ok, up, down) finish games; stretches of any button abandon them, undo, open the
# menus. What counts as a failure: any crash the guard caught (it must not hide a bug from
# a test), and a journal that does not replay to the app's game.
#
#   micropython -X heapsize=192k tests/shared/soak.py PRESSES [SEED] [--session N]
#       [--build DIR]      (cwd: the repo root; N presses between power cycles, 0: none)
import sys

# weights of: up, down, back, next, ok, long back (undo)
PICK = ("up", "down", "back", "next", "ok", "undo")
BUTTONS = PICK[:5]
PLAY = (20, 20, 2, 3, 40, 1)
CHAOS = (15, 15, 25, 15, 20, 10)
KINDS = ("press", "long", "repeat")
RING = 40  # presses the report shows


class Rng:
    # xorshift32: the same numbers on every runtime, nothing to import
    def __init__(self, seed):
        self.s = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        s = self.s
        s ^= (s << 13) & 0xFFFFFFFF
        s ^= s >> 17
        s ^= (s << 5) & 0xFFFFFFFF
        self.s = s
        return s

    def below(self, n):
        return self.next() % n

    def weighted(self, weights):
        r = self.below(sum(weights))
        for i in range(len(weights)):
            r -= weights[i]
            if r < 0:
                return i
        return len(weights) - 1


class SoakFailure(AssertionError):
    pass


class _Undos:
    # a journal's reader (store.events' `into`) that counts its undos and keeps nothing
    n = 0

    def append(self, ev):
        if ev.get("e") == "undo":
            self.n += 1


class Soak:
    def __init__(self, flash, seed):
        from app import App
        from guard import Guard
        from hal import sim

        self.flash = flash
        self.h = self.g = None
        self.rng = Rng(seed)
        self.seed = seed
        self.presses = 0
        self.ring = bytearray(3 * RING)  # the last presses: kind, button, screen
        self.names = []  # screen class names met, in order
        self.screens = {}  # screen class -> presses made there
        self.games = {"finished": 0, "abandoned": 0, "running": 0, "undos": 0}
        self.checks = 0
        self.steps = 0
        self.cycles = 0
        self.crashes = 0
        self.power_on()
        self.booted = set(sys.modules)  # what the box loads as it boots

    def power_on(self):
        from app import App
        from guard import Guard
        from hal import sim

        self.h = sim.build(self.flash)
        self.g = Guard(self.h, App)
        self.g.run(forever=False)
        self._step()

    def power_cycle(self):
        # Off and on again, as between two evenings at the table: the box booted afresh on
        # the same flash replays the journal (App.open_game) and must resume the very state
        # the app had; a game that had ended is replayed here. Nothing else is alive then:
        # a second game beside the app's does not fit a fragmented 192 KB heap.
        import gc
        from shared_rules import games
        app = self.g.app
        gid, game = app.gid, app.game
        before = game.snapshot() if game is not None else None
        over = game is not None and game.outcome is not None
        app = game = None
        self.h = self.g = None
        if sys.implementation.name == "micropython":
            # A reset empties the Pico's heap; in this process the modules loaded since boot
            # (games' flows, rules and screens, loaded as a game needed them) would stay,
            # strewn over the heap: with two games installed the box then booted into a
            # long game of Gardens with no 1 KB in one piece for its events. They go, and
            # load again as the box needs them, as after a reset.
            from app import codeheap
            codeheap.drop([m for m in sys.modules if m not in self.booted])
        gc.collect()
        self.power_on()
        app = self.g.app
        self.checks += 1
        if before is None:
            pass
        elif not over:  # whichever game: the presses turn to every installed one
            if app.gid != gid or app.game is None or app.game.snapshot() != before:
                self.fail("game %d resumed in another state" % gid)
        elif games.replay(app.store.events(gid)).snapshot() != before:
            self.fail("the journal of game %d does not replay to the state it ended in" % gid)
        self.cycles += 1

    def _step(self):
        self.g.step()
        self.steps += 1
        if self.g.crashes:
            self.fail("the guard caught a crash")

    def run_ms(self, ms):
        c = self.h.clock
        for _ in range(ms // 10):
            c.advance(10)
            self._step()

    def hold(self, button, ms):
        pin = self.h.pins[button]
        pin.level = 0
        self.run_ms(ms)
        pin.level = 1
        self.run_ms(40)

    def press(self, mode):
        # Allocates nothing that outlives it: what the harness keeps alive between presses,
        # strewn over the heap, would fragment the app's 192 KB (the keys go in a ring).
        app = self.g.app
        top = type(app.stack[-1]).__name__
        n = self.screens.get(top)
        if n is None:
            self.names.append(top)
            n = 0
        self.screens[top] = n + 1
        what = self.rng.weighted(mode)
        r = self.rng.below(100)
        if PICK[what] == "undo":
            kind, button, ms = 1, 2, 650
        elif r < 88:
            kind, button, ms = 0, what, 60
        elif r < 95:
            kind, button, ms = 1, what, 650
        else:  # held into repeats
            kind, button, ms = 2, what, 650 + 150 * (1 + self.rng.below(12))
        ring = self.ring
        i = 3 * (self.presses % RING)
        ring[i], ring[i + 1], ring[i + 2] = kind, button, self.names.index(top)
        self.hold(BUTTONS[button] if button < 5 else "back", ms)
        if self.rng.below(20) == 0:
            self.run_ms(1600)  # long enough for a toast to go
        self.presses += 1

    def keys(self):
        # -> the last presses, oldest first: "long back @Hub"
        out = []
        for p in range(max(0, self.presses - RING), self.presses):
            i = 3 * (p % RING)
            r = self.ring
            out.append("%s %s @%s" % (KINDS[r[i]], PICK[r[i + 1]], self.names[r[i + 2]]))
        return out

    def check_journal(self):
        # The running game's journal holds, record for record, every event the app's game
        # took (its log, undos included), read a few hundred bytes at a time: beside a game
        # on a fragmented 192 KB heap there is no room for a second one. check_end() replays.
        from store import parse
        app = self.g.app
        self.checks += 1
        if app.game is None:
            return
        log, store, gid, name = app.game.log, app.store, app.gid, app.game.GAME
        size, off, rest, i = store.size(gid), 0, b"", 0
        while off < size:
            chunk = store.read_from(gid, off, 256)
            off += len(chunk)
            rest += chunk
            while b"\n" in rest:
                line, rest = rest.split(b"\n", 1)
                rec = parse(line + b"\n", name)  # the game's own record table
                if rec.get("end"):
                    continue
                if i >= len(log) or rec != log[i]:
                    self.fail("game %d: journal record %d is %r, the game took %r"
                              % (gid, i, rec, log[i] if i < len(log) else None))
                i += 1
        if i != len(log) or rest:
            self.fail("game %d: the journal holds %d records, the game took %d"
                      % (gid, i, len(log)))

    def check_all_games(self):
        # Every game on the box replays with the rules core; -> counts of the games finished
        # (the winner shown), abandoned (a new game started over them), running, and undos.
        import gc
        import store as storemod
        from shared_rules import games
        self.crashes = self.g.crashes
        self.h = self.g = None  # the box off: nothing beside the game replayed
        if sys.implementation.name == "micropython":  # nor its screens (see power_cycle)
            from app import codeheap
            codeheap.drop([m for m in sys.modules if m not in self.booted])
        gc.collect()
        store = storemod.Store(self.flash + "/data")  # the box's layout
        n = self.games
        undos = _Undos()
        for gid, finished, size in store.each():
            gc.collect()
            store.events(gid, undos)
            # every event through the rules core, none kept (EventLog.view): a whole replay's
            # events of a long game of Gardens (a turn each, 100 and more) found no 1 KB in
            # one piece in the heap the session left
            game = games.view(lambda sink: store.events(gid, sink))
            if game.outcome is not None:
                n["finished"] += 1
            elif finished:
                n["abandoned"] += 1
            else:
                n["running"] += 1
        n["undos"] += undos.n
        return n

    def fail(self, why):
        # Printed line by line, then a short exception: at 192 KB one long report string may
        # not fit the heap the crash left.
        import gc
        g = self.g
        g.app = None
        gc.collect()
        print("soak seed %d, press %d: %s: %r" % (self.seed, self.presses, why, g.newest))
        print("last keys (kind button @screen), oldest first:")
        for k in self.keys():
            print("  " + k)
        raise SoakFailure("soak seed %d, press %d: %s: %s" % (
            self.seed, self.presses, why, g.newest["err"] if g.newest else "(see above)"))

    def run(self, presses, check_every=250, session=2000):
        # session: presses between power cycles (0: all in one session), each one a check
        # that the box resumes the very game it held
        mode = PLAY
        while self.presses < presses:
            if session and self.presses and self.presses % session == 0:
                self.power_cycle()
            if self.presses % 300 == 0:
                mode = CHAOS if self.rng.below(5) == 0 else PLAY
            self.press(mode)
            if self.presses % check_every == 0:
                self.check_journal()
        self.check_journal()
        self.power_cycle()
        return self

    def summary(self):
        screens = sorted(self.screens)
        n = self.games
        return ("%d presses, %d steps, %d power cycles; games finished %d, abandoned %d, "
                "running %d; undos %d; %d journal checks; crashes %d; screens (presses): %s"
                % (self.presses, self.steps, self.cycles, n["finished"], n["abandoned"],
                   n["running"], n["undos"], self.checks, self.crashes,
                   " ".join(["%s:%d" % (s, self.screens[s]) for s in screens])))


def main(argv):
    # soak.py PRESSES [SEED] [--build DIR] [--tests DIR]: a build of toolchain.build(), the
    # firmware as the Pico holds it (.mpy), searched instead of firmware/ and shared_rules/;
    # tests: the shared tests' helpers compiled, instead of tests/shared/ (their source
    # compiled in the box's own heap would take room the box never lacks)
    build = None
    session = 2000
    if "--build" in argv:
        i = argv.index("--build")
        build = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    tests = "tests/shared"
    if "--tests" in argv:  # the tests' own helpers compiled (.mpy), as the firmware is
        i = argv.index("--tests")
        tests = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    if "--session" in argv:
        i = argv.index("--session")
        session = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    if sys.implementation.name != "micropython":
        sys.path.insert(0, "host/lenotre/shims")
    for p in ("", "firmware", tests) if build is None else (tests, build + "/lib", build):
        sys.path.insert(0, p)
    from support import scratch
    if build is None:  # from source: every game's screens compiled while the heap is young
        import app  # (make soak's run from source, at 416 KB: the Makefile)
        from app import codeheap
        app.preload()
        codeheap.preload(every=True)
    presses = int(argv[0]) if argv else 20000
    seed = int(argv[1]) if len(argv) > 1 else 1
    s = Soak(scratch("soak"), seed).run(presses, session=session)
    s.check_all_games()  # every game replays
    print(s.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main(getattr(sys, "argv", [])[1:]))

# Which games' code the heap holds (docs/FIRMWARE.md, "Memory"): the one place that decides.
# On MicroPython a module costs the heap its objects even where its code is read in place
# from flash (the box's own image: frozen, or in its ROMFS): a game's flow, screens and rules
# 2.5-5 KB frozen, twice that from a ROMFS, all of their code too where modules are loaded
# into the heap (the official UF2, the unix port). The heap holds the code of the game the
# app holds and of the one being set up or looked at beside it, and the setup screens only
# while a game is set up. A game's code is its flow, its MODULES, its app/<flow>_*.py modules
# and its rules (shared_rules.<name>). What leaves goes from sys.modules *and* from its
# package's attributes, which kept it alive.
from micropython import const
import sys

from app import flows


def in_flash(path, runtime):
    # -> whether the app package (its file: `path`) runs in place from flash, on the box's
    # own image: from its ROMFS (/rom/), or frozen into the firmware, where MicroPython names
    # a module's file by the module alone ("app/__init__.py"), while one on a filesystem is a
    # .mpy ("app/__init__.mpy" on littlefs) or has its folder (the unix port's sources)
    path = path or ""
    return path.startswith("/rom/") or (runtime == "micropython" and path == "app/__init__.py")


def drops(runtime):
    # -> whether code leaves the heap: on MicroPython. CPython (the tests, `lenotre sim`) has
    # the room and keeps every module: a test keeps the classes it imported. CircuitPython
    # keeps them too (docs/FIRMWARE.md, "Memory"). The tests of the letting go turn it on
    # (tests/shared/support.py, dropping).
    return runtime == "micropython"


def squeezes(runtime, flash):
    # -> whether finished games are filed compressed (firmware/packs.py): where the code is
    # in flash, or off MicroPython. Compressing a 5-player game holds its journal, its text
    # and its hash chains at once: where the code also sits in a 192 KB heap, that leaves
    # the Finished list no room, so there games are filed plain, which read the same
    # way.
    return flash or runtime != "micropython"


IN_FLASH = in_flash(getattr(sys.modules.get("app"), "__file__", None), sys.implementation.name)
DROP = drops(sys.implementation.name)
SQUEEZE = squeezes(sys.implementation.name, IN_FLASH)
_later = None  # type: object  # the game preload() left for idle(), or None
_screens = {}  # type: dict  # game -> its flow's MODULES, known once its flow was entered
_kept = set()  # type: set  # modules loaded for good (preload(every=True)): never dropped
# the generic modules the app loads when a screen first needs them (the soak's list)
_LAZY = const(("app.setup", "app.scoreboard", "roster", "shared_rules.roster",
               "shared_rules.scoreboard"))


def collect_if_tight():
    # A collection on a press's way to its frame only where the code is in the heap and the
    # heap is more than half taken (in a 192 KB heap a turn's garbage can leave a game's
    # events no room to grow). With the code in flash the idle step collects instead
    # (idle()): on the press's way a collection would cost a Sanssouci tile 18-29 ms on
    # the Pico.
    if not IN_FLASH:
        import gc
        if not hasattr(gc, "mem_free") or _half_taken(gc):
            gc.collect()


def _half_taken(gc):
    # whether the heap is more than half taken, live objects and garbage
    return gc.mem_free() < gc.mem_alloc()


def idle(pressed=False, settle=False):
    # The app's idle step, once a frame is out -> whether it did something: what
    # preload(later=True) left, loaded now (once); else, after a press (`pressed`), a
    # collection where the heap is half taken, so that a press rarely meets MicroPython's
    # own collection (20-30 ms on the Pico: the heap full of a few dozen presses' garbage).
    # CPython collects on its own. settle: the store did its idle work (it may have filed a
    # game), so the filing's code (firmware/zfiling.py: 1.5 KB of objects even frozen)
    # leaves. (No new names here: the .mpy build's table of interned names is at its
    # 1,260, and two more take it past, docs/FIRMWARE.md.)
    global _later
    if settle:
        drop(("zfiling", "shared_rules.zjournal"), False)
    if _later is None:
        if pressed:
            import gc
            if hasattr(gc, "mem_free") and _half_taken(gc):
                gc.collect()
                return True
        return False
    last = _later
    _later = None
    preload(last)
    return True


def enter(name, beside=None, screens=False):
    # -> game `name`'s flow, loaded after every other game's code but that of `beside` (the
    # game the app holds, or None) has left. screens: its MODULES too, loaded together after
    # a collection (one by one, later, they would meet a heap the game has left in pieces).
    # a few dictionary lookups when nothing has to go: it runs at every action's frame.
    keep(name, beside)
    f = sys.modules.get(flows.FLOWS.get(name, ""))
    if f is None:
        f = flows.flow(name)
    _screens[name] = f.MODULES
    if screens and DROP:
        for m in f.MODULES:
            if m not in sys.modules:
                import gc
                gc.collect()
                for m in f.MODULES:
                    __import__(m)
                break
    return f


def keep(name, beside=None):
    # Only the code of game `name` and of `beside` (None: no game) stays in the heap.
    # Allocates nothing when nothing has to go (tests/shared/test_app.py).
    if not DROP:
        return
    gone = 0
    mine = None
    for other in flows.FLOWS:
        if other != name and other != beside and _loaded(other):
            if mine is None:  # made only when something has to go
                mine = _screens.get(name, ()) + _screens.get(beside, ())
            gone += _drop_game(other, mine)
    if gone:
        import gc
        gc.collect()


def setup_over(flow):
    # The game has started: the setup screens (the generic ones, the roster, the game's own
    # SETUP and app/<flow>_setup.py) leave until the next New game: a long game needs the room
    drop(("app.setup", "roster", "shared_rules.roster", flows.FLOWS.get(flow.GAME, "") +
          "_setup") + tuple(getattr(flow, "SETUP", ())))


def look(beside=None):
    # Finished games: every game's screens leave, their rules stay for the rows' replays;
    # of `beside` (the game in play, which the app holds) its flow stays and its screens go
    # too: no screen of it is on the stack, and shown again it loads them back (enter).
    # Where the code is in the heap, the next game's flow that boot preloads leaves a list
    # of two games no room to replay one in a 192 KB heap, and the screens of the game in
    # play no room to open a game of its own kind beside it; a game opened loads its flow
    # again.
    if DROP and not IN_FLASH:
        gone = sum([_drop_game(n, (), False) for n in flows.FLOWS if n != beside])
        if beside is not None:
            mine = [m for m in _screens.get(beside, ()) if m in sys.modules]
            drop(mine, False)
            gone += len(mine)
        if gone:
            import gc
            gc.collect()


def reset():
    # A reset's effect on the heap, for an in-process restart (the guard with no hal.restart):
    # every game's code but boot's (preload's) and every screen loaded on demand leaves, to
    # load again as after machine.reset(); the box's own modules stay (the hal's are in use),
    # and so does the boot's game, which the boot would load again at once
    keep(_booted)
    drop(_LAZY + ("app.finished", "labels") + tuple(
        [m for m in sys.modules if m.endswith("_setup")]))


def forget(name):
    # One screen's module out of the heap, when its game is done with it
    drop((name,), False)


def _loaded(name):
    # whether any of game `name`'s code is in the heap: its flow or its rules package
    rules = _rules.get(name)
    if rules is None:
        rules = _rules[name] = "shared_rules." + name
    mods = sys.modules
    return flows.FLOWS[name] in mods or rules in mods


_rules = {}  # type: dict  # game -> its rules package's name, made once
_booted = None  # the game whose code boot loads (preload)


def _drop_game(name, keep, rules=True):
    # -> how many of game `name`'s modules left the heap (but those in `keep`); rules: its
    # rules package too
    module = flows.FLOWS[name]
    own, pkg = module + "_", "shared_rules." + name
    screens = _screens.get(name, ())
    gone = [m for m in sys.modules if m not in keep and (
        m == module or m in screens or m.startswith(own)
        or rules and (m == pkg or m.startswith(pkg + ".")))]
    drop(gone, False)
    return len(gone)


def drop(modules, collect=True):
    # Modules out of the heap (imported again when next asked for): out of sys.modules and
    # out of their package's attributes. Those loaded for good stay.
    if not DROP:
        return
    for m in modules:
        if m in _kept or sys.modules.pop(m, None) is None:
            continue
        dot = m.rfind(".")
        parent = sys.modules.get(m[:dot]) if dot > 0 else None
        if parent is not None:
            # not `in dir(parent)`: MicroPython's dir() tries every interned name as an
            # attribute, 30 ms a module on the Pico (a game's nine would cost a press 275 ms)
            try:
                delattr(parent, m[dot + 1:])
            except AttributeError:  # CPython: the package never had it as an attribute
                pass
    if collect:
        import gc
        gc.collect()


def preload(last="", every=False, later=False):
    # Boot: the flow and screens of the game New game opens, `last` (the one set up last),
    # else the first installed, while the heap is young. every: each installed game's code,
    # its setup screens and the generic ones, kept for good (the soak from source, where a
    # compile late in a heap in pieces meets a MemoryError; the box compiles nothing). later:
    # not now but at the app's first idle step (idle()), once the menu is drawn.
    global _booted, _later
    if later:
        _later = last
        return
    names = flows.names()
    if every:
        for name in names:
            f = flows.flow(name)
            mods = f.MODULES + tuple(getattr(f, "SETUP", ())) + _LAZY
            for m in mods:
                __import__(m)
            _kept.add(flows.FLOWS[name])
            for m in mods:
                _kept.add(m)
            for m in sys.modules:  # its rules too
                if m.startswith("shared_rules." + name):
                    _kept.add(m)
    elif names:
        _booted = last if last in names else names[0]
        f = flows.flow(_booted)
        _screens[_booted] = f.MODULES  # they leave with the game, as an entered one's do
        for m in f.MODULES:
            __import__(m)

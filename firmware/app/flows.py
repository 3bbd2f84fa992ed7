# Each game's flow on the box, by its registry name (shared_rules/games.py): the module that
# holds what is particular to the game at the table; everything else (the menu, setup of
# players and colours, results, finished games, sync status) is the app's, for every game.
# A flow module has:
#   GAME        its registry name
#   MODULES     its screens' modules: app.preload() loads them with the generic ones
#   setup(app)  pushes the game's first setup screen (most games: app.setup.PlayerCount)
#   note(n)     a line for the setup screens with n players ("+ Ludwig"), or ""
#   more(app, names, people)    optional: the game's own setup screens after the colours, the
#               last pushing app.setup.StartGame(app, names, people, extra) (extra: its fields)
#   SETUP       optional: the modules of those screens (they leave the heap with app.setup
#               once the game starts)
#   Hub         the game screen, drawn from the game state alone: resume, undo and every
#               action land on it (app.show_game)
#   describe(g, event)          the undo toast's words for the event taken back
#   where(g)    where an unfinished game stands, in 4 columns ("S1R4")
#   scoreboard(app, g, final)   -> its scoreboard screen (app.results.Scoreboard will do)
#   light(app, g, top)          what its pixels mean: app.light(position, rgb) for each of
#               board.PIXELS but "status" (the app's: whose turn), top the screen shown
# A new game: its rules under shared_rules/<name>/, a line in shared_rules/games.py, its flow
# module here under app/ and a line in FLOWS.
FLOWS = {
    "versailles": "app.versailles",
    "sanssouci": "app.sanssouci",
    "gardens": "app.gardens",
    "schlossgarten": "app.schlossgarten",
}


def register(name, module):
    # A flow from elsewhere (a test's toy game): its module imported by name
    FLOWS[name] = module


def names():
    # -> the registry names of the installed games, in the registry's order
    return [g[0] for g in installed()]


def installed():
    # -> [(name, title, (fewest, most))] of the registry's games that have a flow here
    from shared_rules.games import GAMES
    return [g for g in GAMES if g[0] in FLOWS]


def flow(name):
    # -> the game's flow module, imported on first use; ValueError naming the games there are
    module = FLOWS.get(name)
    if module is None:
        raise ValueError("no flow for the game %r on this box; games: %s"
                         % (name, ", ".join(sorted(FLOWS))))
    got = __import__(module, None, None, ("GAME",))
    _screens[name] = got.MODULES
    return got


def screens(name):
    # A game of `name` is shown: its flow's screens (MODULES) load now if they are not
    # loaded, after a collection, together: not one by one in the holes a game leaves later
    # (a box with several games preloads only the one New game opens; compiled from source, a
    # screen loaded in mid-game met no 2 KB on the unix port)
    import sys
    wanted = [m for m in flow(name).MODULES if m not in sys.modules]
    if wanted:
        import gc
        gc.collect()
        for m in wanted:
            __import__(m)


_screens = {}  # type: dict  # game -> its flow's MODULES, kept when the flow is unloaded
# Whether modules leave the heap: on MicroPython. CPython (tests, `lenotre sim`) has the
# room and keeps them: a test there keeps the classes it imported, and a second copy of a
# game's rules would not be them (isinstance failed in the next test of the process). The
# tests of the dropping itself turn it on.
DROP = __import__("sys").implementation.name == "micropython"
_kept = set()  # type: set  # modules preloaded for good (preload(every=True)): never dropped


# The box holds one game's code at a time, two while a game is set up or looked at beside the
# one held. A game's code is its flow, its screens, its own modules (app/<flow>_*.py) and its
# rules (shared_rules.<name>...); left in the heap, two games' code broke it into pieces:
# Versailles's left a 4-player Schlossgarten game no room at 192 KB (unix port), 38 KB stayed
# after viewing a finished Versailles game beside a Sanssouci one, and the soak with two games
# installed found no 1 KB in one piece to replay a game.
def keep_only(name):
    # A game of `name` starts or is shown: every other game's code leaves the heap
    tidy((name,))


def tidy(keep):
    # Every game's code but that of the games in `keep` (names; None for none) leaves
    mine = ()
    for name in keep:
        mine += _screens.get(name, ())
    gone = 0
    for other in FLOWS:
        if other not in keep:
            gone += _drop(other, mine)
    if gone:
        import gc
        gc.collect()


def unload(name, game=None):
    # A flow turned away from at setup leaves the heap (the chosen game's flow stays), with
    # its screens and its game's rules unless `game`, the app's, is one of it (the rules of
    # one game and the flow of another at the player count, beside the setup screens, left
    # no room on the unix port at 192 KB). Then a collection, before the next flow loads.
    import gc
    import sys
    module = FLOWS.get(name)
    if module in sys.modules and len(installed()) > 1:
        if game is not None and game.GAME == name:
            drop((module,))
        else:
            _drop(name, ())
        gc.collect()


def drop_setup(flow):
    # The game has started: the setup screens (the generic ones, the roster, the game's own:
    # its SETUP modules, app/<flow>_setup.py) leave the heap until the next New game: games of
    # many events, Sanssouci's and Gardens's, need the room at 192 KB
    drop(("app.setup", "roster", "shared_rules.roster", FLOWS.get(flow.GAME, "") + "_setup")
         + tuple(getattr(flow, "SETUP", ())))


def _drop(name, keep):
    # -> how many of game `name`'s modules left the heap (but those in `keep`)
    import sys
    module, rules = FLOWS[name], "shared_rules." + name
    own = _screens.get(name, ())
    gone = [m for m in sys.modules if m not in keep and (
        m == module or m in own or m.startswith(module + "_")
        or m == rules or m.startswith(rules + "."))]
    drop(gone, False)
    return len(gone)


def drop(modules, collect=True):
    # Modules out of the heap (imported again when next asked for): out of sys.modules and
    # out of their package's attributes, which keep them alive on MicroPython (sys.modules
    # alone freed nothing there). Those preloaded for good stay.
    import sys
    if not DROP:
        return
    for m in modules:
        if m in _kept or sys.modules.pop(m, None) is None:
            continue
        dot = m.rfind(".")
        parent = sys.modules.get(m[:dot]) if dot > 0 else None
        if parent is not None and m[dot + 1:] in dir(parent):
            delattr(parent, m[dot + 1:])
    if collect:
        import gc
        gc.collect()


def forget(name):
    # One module out of the heap (a screen's, when its game is done with it)
    drop((name,), False)


def preload(last="", every=False):
    # The flow and screens of the game a New game opens (app.preload: the box will most
    # likely open it, and its screens lie together on the young heap): `last`, the game set
    # up last (the setting "game"), else the first installed; with one game, that one.
    # Another game's flow loads when it is chosen or opened, and this one leaves then
    # (unload, keep_only). every: each installed game's, its setup screens and the generic
    # ones too, kept for good (the soak from source, where compiling a module late in a heap
    # in pieces met a MemoryError; the box loads .mpy files)
    import sys
    names = [g[0] for g in installed()]
    if every:
        for name in names:
            f = flow(name)
            mods = f.MODULES + tuple(getattr(f, "SETUP", ())) + LAZY
            for m in mods:
                __import__(m)
            _kept.add(FLOWS[name])
            for m in mods:
                _kept.add(m)
            for m in sys.modules:  # its rules too: tidy would drop them, to compile again
                if m.startswith("shared_rules." + name):
                    _kept.add(m)
    elif names:
        for m in flow(last if last in names else names[0]).MODULES:
            __import__(m)


# the generic modules the app loads when a screen first needs them (the soak's list)
LAZY = ("app.setup", "app.scoreboard", "roster", "shared_rules.roster",
        "shared_rules.scoreboard")

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
}


def register(name, module):
    # A flow from elsewhere (a test's toy game): its module imported by name
    FLOWS[name] = module


def installed():
    # -> [(name, title, (fewest, most))] of the registry's games that have a flow here
    from shared_rules.games import GAMES
    return [g for g in GAMES if g[0] in FLOWS]


def flow(name):
    # -> the game's flow module, imported on first use with its screens' modules (as
    # preload does for a box's one game): loaded later, at a press deep in a game, a screen's
    # module found no room in the heap the game had left in pieces (the soak, two games
    # installed); ValueError naming the games there are
    module = FLOWS.get(name)
    if module is None:
        raise ValueError("no flow for the game %r on this box; games: %s"
                         % (name, ", ".join(sorted(FLOWS))))
    import sys
    loaded = sys.modules.get(module)
    if loaded is not None:
        return loaded
    import gc
    gc.collect()
    f = __import__(module, None, None, ("GAME",))
    for m in f.MODULES:
        __import__(m)
    return f


def unload(name):
    # A flow turned away from at setup leaves the heap (the chosen game's flow stays): the
    # flow and, on MicroPython, its screens' modules and the game's rules
    # (shared_rules.<name>.*): Versailles's flow and rules are 31 KB of the unix port's
    # 192 KB (.mpy build). CPython (tests, lenotre sim) has the room, and a test there
    # keeps the classes it imported: a second copy of a game's rules would not be them.
    import sys
    module = FLOWS.get(name)
    if module not in sys.modules or len(installed()) < 2:
        return
    drop = [module]
    if sys.implementation.name == "micropython":
        rules = "shared_rules." + name
        drop += list(getattr(sys.modules[module], "MODULES", ()))
        # its rules, and its own screens' modules named after it (app/<flow>_*.py)
        drop += [k for k in sys.modules if k == rules or k.startswith(rules + ".")
                 or k.startswith(module + "_")]
    for k in drop:
        forget(k)


def drop_setup(flow):
    # The game has started: the setup screens (the generic ones, the roster, the game's own:
    # app/<flow>_setup.py) leave MicroPython's heap until the next New game: a game of many
    # events, Sanssouci's, needs the room at 192 KB. CPython keeps them (unload)
    import sys
    if sys.implementation.name != "micropython":
        return
    for name in ("app.setup", "roster", "shared_rules.roster", FLOWS.get(flow.GAME, "")
                 + "_setup"):
        forget(name)


def only(name):
    # The game shown or set up is the one whose flow stays: the others (a finished game's,
    # viewed from Finished games) leave MicroPython's heap. Each flow kept loaded once used
    # left two games' flows and rules in it (+38 KB in the soak); CPython keeps them (unload)
    import sys
    if sys.implementation.name != "micropython":
        return
    for other in FLOWS:
        if other != name:
            unload(other)


def forget(name):
    # A module out of the heap: out of sys.modules and out of its package's attributes,
    # which keep it alive on MicroPython (sys.modules alone freed nothing there)
    import sys
    sys.modules.pop(name, None)
    if "." in name:
        parent, leaf = name.rsplit(".", 1)
        package = sys.modules.get(parent)
        if package is not None and leaf in dir(package):
            delattr(package, leaf)


def preload():
    # With one game installed, its flow and its screens (app.preload: the box will open it);
    # with several, none: the chosen game's flow loads when it is chosen or opened.
    games = installed()
    if len(games) == 1:
        for m in flow(games[0][0]).MODULES:
            __import__(m)

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
#   SETUP_MODULES   optional: the modules of those screens, which leave the heap with the
#               generic setup's once the game starts (drop_setup)
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
    # -> the game's flow module, imported on first use; ValueError naming the games there are
    module = FLOWS.get(name)
    if module is None:
        raise ValueError("no flow for the game %r on this box; games: %s"
                         % (name, ", ".join(sorted(FLOWS))))
    return __import__(module, None, None, ("GAME",))


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
        drop += [k for k in sys.modules if k == rules or k.startswith(rules + ".")]
    for k in drop:
        forget(k)


def drop_setup(flow):
    # The game has started: the setup screens (the generic ones, the roster, the game's own)
    # leave MicroPython's heap until the next "New game" (a game of many events, Sanssouci's,
    # needs the room; on CPython they stay, as unload's rules do)
    import sys
    if sys.implementation.name != "micropython":
        return
    for name in ("app.setup", "roster", "shared_rules.roster") + getattr(flow, "SETUP_MODULES",
                                                                           ()):
        forget(name)


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

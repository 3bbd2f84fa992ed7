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
    "schlossgarten": "app.schlossgarten",
}


def register(name, module):
    # A flow from elsewhere (a test's toy game): its module imported by name
    FLOWS[name] = module


def installed():
    # -> [(name, title, (fewest, most))] of the registry's games that have a flow here
    from shared_rules.games import GAMES
    return [g for g in GAMES if g[0] in FLOWS]


_brought = {}  # type: dict  # flow module -> the modules its first import brought in


def flow(name):
    # -> the game's flow module, imported on first use; ValueError naming the games there are
    module = FLOWS.get(name)
    if module is None:
        raise ValueError("no flow for the game %r on this box; games: %s"
                         % (name, ", ".join(sorted(FLOWS))))
    import sys
    if module in sys.modules:
        return sys.modules[module]
    before = list(sys.modules)
    got = __import__(module, None, None, ("GAME",))
    _brought[module] = [m for m in sys.modules if m not in before]
    return got


def unload(name):
    # A flow turned away from at setup leaves the heap (the chosen game's flow stays), and
    # with it the game's own modules its first import brought in (its rules: Versailles's
    # left a Schlossgarten game no room on the unix port). A package keeps its submodules
    # as attributes: they go too, or the module would stay in the heap.
    import sys
    module = FLOWS.get(name)
    if module not in sys.modules or len(installed()) < 2:
        return
    for m in _brought.pop(module, [module]):
        if m == module or name in m.split("."):
            sys.modules.pop(m, None)
            parent, _, child = m.rpartition(".")
            if parent in sys.modules and hasattr(sys.modules[parent], child):
                delattr(sys.modules[parent], child)


def preload():
    # With one game installed, its flow and its screens (app.preload: the box will open it);
    # with several, none: the chosen game's flow loads when it is chosen or opened.
    games = installed()
    if len(games) == 1:
        for m in flow(games[0][0]).MODULES:
            __import__(m)

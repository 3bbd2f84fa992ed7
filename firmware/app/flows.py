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
    "gardens": "app.gardens",
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
    # flow, its screens and its game's rules package (shared_rules.<name>), which the flow
    # imported. The seam every game shares stays.
    import sys
    module = FLOWS.get(name)
    if module not in sys.modules or len(installed()) < 2 or module in _kept:
        return
    gone = [module] + list(getattr(sys.modules[module], "MODULES", ()))
    rules = "shared_rules." + name
    drop([m for m in sys.modules if m in gone or m == rules or m.startswith(rules + ".")])


def tidy(keep):
    # The box holds one game's code at a time (shared_rules/games.py), two while a game is
    # set up or looked at beside the one held: every loaded flow but those of the games in
    # `keep` (names; None for none) leaves with its rules. Finished games' rows load the flow
    # of each game they list; left there, two games' code broke the heap into pieces (the
    # soak with two games installed: no 1 KB in one piece to replay a game)
    import sys
    for name in FLOWS:
        if name not in keep and FLOWS[name] in sys.modules:
            unload(name)


def drop(modules):
    # Modules out of the heap (imported again when next asked for): out of sys.modules and
    # out of their package, which keeps its submodules as attributes otherwise
    import gc
    import sys
    for m in modules:
        if m in _kept or sys.modules.pop(m, None) is None:
            continue
        dot = m.rfind(".")
        parent = sys.modules.get(m[:dot]) if dot > 0 else None
        if parent is not None and hasattr(parent, m[dot + 1:]):
            delattr(parent, m[dot + 1:])
    gc.collect()


_kept = set()  # type: set  # flows and screens preloaded for good: unload and drop leave them


def preload(every=False):
    # With one game installed, its flow and its screens (app.preload: the box will open it);
    # with several, none: the chosen game's flow loads when it is chosen or opened. every:
    # each installed game's, its setup screens and the generic ones too, kept for good (the
    # soak from source, where compiling a module late in a heap in pieces met a MemoryError;
    # the box loads .mpy files)
    games = installed()
    if len(games) == 1 or every:
        for g in games:
            f = flow(g[0])
            screens = f.MODULES + (getattr(f, "SETUP", ()) + LAZY if every else ())
            for m in screens:
                __import__(m)
            if every:
                _kept.add(FLOWS[g[0]])
                for m in screens:
                    _kept.add(m)


# the generic modules the app loads when a screen first needs them (the soak's list)
LAZY = ("app.setup", "app.scoreboard", "roster", "shared_rules.roster",
        "shared_rules.scoreboard")

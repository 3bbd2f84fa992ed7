# Each game's flow on the box, by its registry name (shared_rules/games.py): the module that
# holds what is particular to the game at the table; everything else (the menu, setup of
# players and colours, results, finished games, sync status) is the app's, for every game.
# A flow module has:
#   GAME        its registry name
#   MODULES     its screens' modules, and any other module only it loads on the box, loaded
#               together when a game of it is shown and leaving the heap with it
#               (app/codeheap.py: which games' code the heap holds)
#   setup(app)  pushes the game's first setup screen (most games: app.setup.PlayerCount)
#   note(n)     a line for the setup screens with n players ("+ Ludwig"), or ""
#   more(app, names, people)    optional: the game's own setup screens after the colours, the
#               last pushing app.setup.StartGame(app, names, people, extra) (extra: its fields)
#   SETUP       optional: the modules of those screens (they leave the heap with app.setup
#               once the game starts)
#   house(n, extra)             optional: the game's house rule for n players, (field,
#               ((value, line), ...)) with the rulebook's reading first, or None
#               (app.setup.StartGame shows it, ^v turns it; docs/RULES.md)
#   setup_text(g)               optional: the rulebook's setup for the game just started,
#               said on a screen of its own before its first turn
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
        raise ValueError(u"no flow for the game %r on this box; games: %s"
                         % (name, ", ".join(sorted(FLOWS))))
    return __import__(module, None, None, ("GAME",))

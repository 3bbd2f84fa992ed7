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
    "schlossgarten": "app.schlossgarten",
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
    got = __import__(module, None, None, ("GAME",))
    _screens[name] = got.MODULES
    return got


def screens(name):
    # A game of `name` is shown: its flow's screens (MODULES) load now if they are not
    # loaded, after a collection, together: not one by one in the holes a game leaves later
    # (a box with several games preloads none but the one New game opens; compiled from
    # source, a screen loaded in mid-game met no 2 KB on the unix port)
    import sys
    wanted = [m for m in flow(name).MODULES if m not in sys.modules]
    if wanted:
        import gc
        gc.collect()
        for m in wanted:
            __import__(m)


_screens = {}  # type: dict  # game -> its flow's MODULES, kept when the flow is unloaded


def keep_only(name):
    # A game of `name` starts or is shown: every other game's flow, screens and rules leave
    # the heap (loaded by a game played before, or viewed from Finished games: Versailles's
    # left a 4-player Schlossgarten game no room on the unix port at 192 KB, and 38 KB
    # stayed after viewing a finished Versailles game beside a Sanssouci one)
    mine = _screens.get(name, ())
    gone = 0
    for other in FLOWS:
        if other != name:
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
            forget(module)
        else:
            _drop(name, ())
        gc.collect()


def drop_setup(flow):
    # The game has started: the setup screens (the generic ones, the roster, the game's own:
    # app/<flow>_setup.py) leave the heap until the next New game: a game of many events,
    # Sanssouci's, needs the room at 192 KB
    import gc
    for name in ("app.setup", "roster", "shared_rules.roster",
                 FLOWS.get(flow.GAME, "") + "_setup"):
        forget(name)
    gc.collect()


def _drop(name, keep):
    # -> how many of game `name`'s modules left the heap: its flow, its screens and its own
    # modules (app/<flow>_*.py; but those in `keep`) and its rules (shared_rules.<name>...)
    import sys
    module = FLOWS[name]
    own = [m for m in _screens.get(name, ()) if m not in keep]
    gone = 0
    for m in list(sys.modules):
        if m == module or m in own or name in m.split(".") or (
                m.startswith(module + "_") and m not in keep):
            forget(m)
            gone += 1
    return gone


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


def preload(last=""):
    # The flow and screens of the game a New game opens (app.preload: the box will most
    # likely open it, and its screens lie together on the young heap): `last`, the game set
    # up last (the setting "game"), else the first installed; with one game, that one.
    # Another game's flow loads when it is chosen or opened, and this one leaves then
    # (unload, keep_only).
    names = [g[0] for g in installed()]
    if names:
        for m in flow(last if last in names else names[0]).MODULES:
            __import__(m)

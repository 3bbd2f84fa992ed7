"""The games the box keeps, by the setup event's "game". Each is a package shared_rules/<name>/
whose `game` module has `Game` (an eventlog.EventLog) and the facts below; the package is
imported only when a game of it is opened, so the box holds one game's rules at a time."""
from shared_rules import errors as E

# name, title on the box (16 characters at most), players (fewest, most)
GAMES = (  # type: tuple
    ("versailles", "Versailles", (2, 5)),
    ("sanssouci", "Sanssouci", (2, 4)),
    ("gardens", "Gardens", (2, 4)),
    ("schlossgarten", "Schlossgarten", (2, 4)),
)


_MODULES = {}  # type: dict  # name -> rules module, of games registered from elsewhere


def register(name, title, players, module):
    """A game whose rules live outside shared_rules/ (a test's toy game): its registry line and
    its rules module's import name. unregister(name) takes it away again."""
    global GAMES
    unregister(name)
    GAMES = GAMES + ((name, title, players),)
    _MODULES[name] = module


def unregister(name):
    """Take away a game register() added."""
    global GAMES
    GAMES = tuple([g for g in GAMES if g[0] != name])
    _MODULES.pop(name, None)


def names():
    """Returns the registry's game names, in its order."""
    return [g[0] for g in GAMES]


def info(name):
    """Returns (name, title, (fewest, most)); InvalidSetup naming the games there are"""
    for g in GAMES:
        if g[0] == name:
            return g
    raise E.InvalidSetup(E.local("no game called %r; games: %s") % (name, ", ".join(names())))


def rules(name):
    """Returns the game's rules module (shared_rules.<name>.game), imported on first use"""
    info(name)
    return __import__(_MODULES.get(name) or "shared_rules.%s.game" % name, None, None,
                      ("Game",))


def new_game(setup):
    """Returns a game of the kind the setup event names, set up with it"""
    if not isinstance(setup, dict) or setup.get("e") != "setup":
        raise E.InvalidEvent("a game log starts with a setup event, got %r" % (setup,))
    g = rules(setup.get("game")).Game()
    g.push(setup)
    return g


def replay(events):
    """Returns the game these events make, whatever game their setup names"""
    if not events:
        raise E.InvalidEvent("a game log starts with a setup event; this one is empty")
    g = new_game(events[0])
    for ev in events[1:]:
        g.push(ev)
    return g


def view(read):
    """Returns the game a journal makes, to look at only (eventlog.EventLog.view), whatever
    game its setup names"""
    from shared_rules.eventlog import standing
    marks = standing(read)
    return rules(marks.game).Game.view(read, marks)

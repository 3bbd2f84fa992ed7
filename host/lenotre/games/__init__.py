"""What the desktop does with each kind of game, looked up by its setup event's "game".

A game's rules live in shared_rules/<name>/ (shared_rules.games); how the desktop shows,
replays, exports and charts it lives in an adapter here: a module lenotre/games/<name>.py
whose ADAPTER is a base.Adapter. The generic code (played.py, gameview.py, export.py,
bgstats.py, gamepage.py, report.py) asks the adapter and nothing game-specific.

A journal of a game this lenotre has no adapter for (a box with newer firmware) is stored
like any other (db.py never asks which game it is); reading it raises UnknownGame, which
names the game and the ones this lenotre knows. See docs/HOST.md, "Games"."""
import importlib

# registry name (the setup's "game") -> the module holding its ADAPTER
ADAPTERS = {
    "versailles": "lenotre.games.versailles",
    "sanssouci": "lenotre.games.sanssouci",
    "gardens": "lenotre.games.gardens",
    "schlossgarten": "lenotre.games.schlossgarten",
}
_loaded = {}


class UnknownGame(ValueError):
    """A game this lenotre cannot show: `name` as the setup gave it (None: no setup)."""

    def __init__(self, name):
        if name is None:
            what = "its events do not start with a setup naming the game"
        else:
            what = "it is a game of %r, which this lenotre does not know" % (name,)
        ValueError.__init__(self, "%s (it knows: %s). Its journal is kept in the library as "
                                  "the box sent it: update lenotre to show and export it"
                            % (what, ", ".join(names())))
        self.name = name


def names():
    return sorted(ADAPTERS)


def game_of(events):
    # -> the game the setup event names, None when there is no setup naming one
    first = events[0] if events else None
    if isinstance(first, dict) and first.get("e") == "setup":
        name = first.get("game")
        return name if isinstance(name, str) else None
    return None


def adapter(name):
    # -> the adapter of the game called `name`; UnknownGame if there is none
    if name not in ADAPTERS:
        raise UnknownGame(name)
    module = ADAPTERS[name]
    if module not in _loaded:
        _loaded[module] = importlib.import_module(module).ADAPTER
    return _loaded[module]


def for_events(events):
    # -> the adapter of the game these events are of
    return adapter(game_of(events))


def adapters_of(games):
    # -> the adapters of these replayed games (played.Played), in the order they first come
    out = []
    for g in games:
        if g.adapter not in out:
            out.append(g.adapter)
    return out


def charts():
    # -> every file name an adapter's part of the report may write beside the overview
    return set().union(*[adapter(name).CHARTS for name in names()])

# The boot menu and what hangs off it: a new game (app.setup), resume, finished games
# (app.finished), settings, sync. The same for every game: a game's own screens are its
# flow's (app/flows.py).
import gc

from app import ui
from version import VERSION
LEAVE = u"Leave the running game? It stays saved unfinished and can be synced."


class Home(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "LE NOTRE", [], back=False)
        self.refresh()

    def refresh(self):
        app = self.app
        items = []
        if app.game is not None and app.game.outcome is None:
            items.append((u"Resume game", app.show_game))
        items.append((u"New game", self.new_game))
        items.append((u"Finished games", self.finished))
        items.append((u"Settings", lambda: app.push(Settings(app))))
        items.append((u"Sync status", lambda: app.push(SyncStatus(app))))
        self.items = items
        self.at = min(self.at, len(items) - 1)

    def draw(self, d):
        self.refresh()
        ui.Menu.draw(self, d)

    def finished(self):
        gc.collect()  # the module lands low in the heap, not among the last screen's garbage
        from app.finished import Finished
        self.app.push(Finished(self.app))

    def new_game(self):
        app = self.app
        if app.game is not None and app.game.outcome is None:
            app.push(ui.Confirm(app, u"New game", LEAVE, then=self._abandon))
        else:
            _choose(app)

    def _abandon(self):
        app = self.app
        app.file(app.gid, app.game)
        app.game = None
        app.gid = None
        _choose(app)


def _choose(app):
    # The game set up last, its player count first (-> turns to another game). The setup
    # screens load now, the first time (app.preload), after a collection: a game just left
    # is garbage by now, and its pieces go first.
    gc.collect()
    from app.setup import choose
    choose(app)


class Settings(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, u"Settings", [])
        self.refresh()

    def refresh(self):
        app = self.app
        s = app.settings
        self.items = [
            (u"Sound: " + (u"on" if s["sound"] else u"off"), self._toggle_sound),
            (u"Light: %d/4" % s["light"], self._light),
            # the language menu (app/languages.py), loaded only when shown; its module named
            # by a string: in an import statement it would be one more interned name
            (u"Language", lambda: app.push(__import__("app.languages", None, None, (
                "Menu",)).Menu(app))),
            (u"Version " + VERSION, lambda: None),
        ]

    def _toggle_sound(self):
        self.app.settings["sound"] = not self.app.settings["sound"]
        self.app.save_settings()
        self.refresh()

    def _light(self):
        s = self.app.settings
        s["light"] = s["light"] % 4 + 1
        self.app.save_settings()
        self.refresh()


class SyncStatus(ui.Screen):
    def draw(self, d):
        store = self.app.store
        games, unsynced = store.count()
        ui.title(d, u"Sync status")
        ui.put(d, u"Games:      %4d" % games, 0, 12)
        ui.put(d, u"Not synced: %4d" % unsynced, 0, 21)
        ui.put(d, u"Free:   %5d KB" % (store.free_bytes() // 1024), 0, 30)
        ui.put(d, u"USB + run", 0, 42)
        ui.put(d, "`lenotre sync`", 0, 51)

    def key(self, button, kind):
        if kind == ui.PRESS and button in (ui.OK, ui.BACK):
            self.app.pop()

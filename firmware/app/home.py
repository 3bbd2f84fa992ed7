# The boot menu and what hangs off it: a new game, resume, finished games, settings, sync.
from array import array

from shared_rules.versailles.game import Game

from app import ui
from app.colors import PALETTE, rgb_of

VERSION = "0.1"


class Home(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "LE NOTRE", [], back=False)
        self.refresh()

    def refresh(self):
        app = self.app
        items = []
        if app.game is not None and app.game.phase != "over":
            items.append(("Resume game", app.show_game))
        items.append(("New game", self.new_game))
        items.append(("Finished games", lambda: app.push(Finished(app))))
        items.append(("Settings", lambda: app.push(Settings(app))))
        items.append(("Sync status", lambda: app.push(SyncStatus(app))))
        self.items = items
        self.at = min(self.at, len(items) - 1)

    def draw(self, d):
        self.refresh()
        ui.Menu.draw(self, d)

    def new_game(self):
        app = self.app
        if app.game is not None and app.game.phase != "over":
            app.push(ui.Confirm(app, "New game", "Leave the running game? It stays saved "
                                "unfinished and can be synced.", then=self._abandon))
        else:
            app.push(PlayerCount(app))

    def _abandon(self):
        app = self.app
        app.store.finish(app.gid)
        app.game = None
        app.gid = None
        app.push(PlayerCount(app))


class PlayerCount(ui.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.n = 2

    def draw(self, d):
        ui.title(d, "Versailles")
        ui.center(d, "How many players", 13)
        ui.big_center(d, str(self.n), 26, 3)
        ui.center(d, "+ Ludwig" if self.n == 2 else "", 52)

    def key(self, button, kind):
        if button == ui.UP and kind != ui.LONG:
            self.n = min(5, self.n + 1)
        elif button == ui.DOWN and kind != ui.LONG:
            self.n = max(2, self.n - 1)
        elif button == ui.OK and kind == ui.PRESS:
            self.app.push(ColorPick(self.app, self.n, []))
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


class ColorPick(ui.Screen):
    # Each player picks a colour; the status pixel shows it. Taken colours are skipped.
    def __init__(self, app, n, chosen):
        ui.Screen.__init__(self, app)
        self.n = n
        self.chosen = chosen
        self.free = [name for name, _ in PALETTE if name not in chosen]
        self.at = 0
        self.status = self.free[0]

    def draw(self, d):
        ui.title(d, "Player %d of %d" % (len(self.chosen) + 1, self.n))
        ui.center(d, "Your colour:", 14)
        ui.big_center(d, self.free[self.at], 28)
        ui.hint(d, "up/dn  ok:choose")

    def key(self, button, kind):
        if button in (ui.UP, ui.DOWN) and kind != ui.LONG:
            step = -1 if button == ui.UP else 1
            self.at = (self.at + step) % len(self.free)
            self.status = self.free[self.at]
        elif button == ui.OK and kind == ui.PRESS:
            chosen = self.chosen + [self.free[self.at]]
            app = self.app
            if len(chosen) < self.n:
                app.push(ColorPick(app, self.n, chosen))
            else:
                app.push(StartGame(app, chosen))
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


class StartGame(ui.Screen):
    def __init__(self, app, names):
        ui.Screen.__init__(self, app)
        self.names = names

    def draw(self, d):
        ui.title(d, "Start Versailles")
        y = 12
        for name in self.names:
            d.fill_rect(4, y + 1, 6, 6, 1)
            ui.put(d, name, 16, y)
            y += 9
        if len(self.names) == 2:
            ui.put(d, "+ Ludwig", 16, y)
        ui.hint(d, "ok:start back")

    def key(self, button, kind):
        if button == ui.OK and kind == ui.PRESS:
            self.app.new_game(self.names)
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


class Finished(ui.Menu):
    # Latest finished first. A box may hold 1,300 finished games: the menu keeps only their
    # ids (an array, 2 bytes a game, in the order they were filed, which is the order they
    # finished) and makes a row's label and action when the row is drawn.
    def __init__(self, app):
        ids = array("H" if app.store.top() <= 0xFFFF else "I")
        for gid, finished, n in app.store.each():
            if finished and gid != app.gid:
                ids.append(gid)
        ui.Menu.__init__(self, app, "Finished games", _Rows(app, ids))


class _Rows:
    # The Finished menu's items, made on demand: (label, action) of the i-th latest game. A
    # label names the winner and the points ("1297 Sophie 44", "*" while not synced): a
    # replay, so the labels of the rows last drawn are kept.
    def __init__(self, app, ids):
        self.app = app
        self.ids = ids
        self.labels = {}

    def __len__(self):
        return len(self.ids) or 1

    def __getitem__(self, i):
        if not len(self.ids):
            return "(none yet)", self.app.pop
        gid = self.ids[len(self.ids) - 1 - i]
        label = self.labels.get(gid)
        if label is None:
            if len(self.labels) >= 2 * ui.Menu.rows:
                self.labels = {}
            label = self.labels[gid] = self.label(gid)
        return label, lambda: self.open(gid)

    def label(self, gid):
        store = self.app.store
        mark = "" if store.synced(gid) else "*"
        try:
            g = Game.replay(store.events(gid))
        except Exception:  # damaged or not a game the rules take: opening it says why
            return "%d ?%s" % (gid, mark)
        w = g.outcome.winners[0] if g.outcome is not None else None
        if w is None:
            return "%d -%s" % (gid, mark)
        head, tail = "%d " % gid, " %d%s" % (g.totals()[w], mark)
        return head + g.players[w][:ui.COLS - 1 - len(head) - len(tail)] + tail  # x=4: 15 fit

    def open(self, gid):
        from app.results import Scoreboard, Unfinished
        app = self.app
        try:
            game = Game.replay(app.store.events(gid))
        except Exception as exc:  # StoreError (a damaged journal), RulesError
            app.push(ui.Message(app, "Game %d" % gid, "cannot be shown: %s" % exc))
            return
        if game.outcome is None:  # left for a new game mid-way: no scores to show
            app.push(Unfinished(app, gid, game))
            return
        app.push(Scoreboard(app, game, final=True))


class Settings(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "Settings", [])
        self.refresh()

    def refresh(self):
        app = self.app
        s = app.settings
        self.items = [
            ("Sound: " + ("on" if s["sound"] else "off"), self._toggle_sound),
            ("Light: %d/4" % s["light"], self._light),
            ("Version " + VERSION, lambda: None),
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
        ui.title(d, "Sync status")
        ui.put(d, "Games:      %4d" % games, 0, 12)
        ui.put(d, "Not synced: %4d" % unsynced, 0, 21)
        ui.put(d, "Free:   %5d KB" % (store.free_bytes() // 1024), 0, 30)
        ui.put(d, "USB + run", 0, 42)
        ui.put(d, "`lenotre sync`", 0, 51)

    def key(self, button, kind):
        if kind == ui.PRESS and button in (ui.OK, ui.BACK):
            self.app.pop()

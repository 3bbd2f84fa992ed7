# The boot menu and what hangs off it: a new game, resume, finished games, settings, sync.
import gc
from array import array

from shared_rules.versailles.game import Game

from app import ui
from app.colors import PALETTE, rgb_of

VERSION = "0.1"
LEAVE = "Leave the running game? It stays saved unfinished and can be synced."


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
            app.push(ui.Confirm(app, "New game", LEAVE, then=self._abandon))
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
            import roster  # loaded and read now, for this setup only: the heap keeps no roster
            app = self.app
            app.push(ColorPick(app, self.n, [], [], roster.load(app.store.dir)))
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


class ColorPick(ui.Screen):
    # Each player picks a colour; the status pixel shows it. Taken colours are skipped. With a
    # roster on the box, each colour is then given a person (PersonPick).
    def __init__(self, app, n, chosen, people=None, names=()):
        ui.Screen.__init__(self, app)
        self.n = n
        self.chosen = chosen
        self.people = people or []  # per seat chosen so far: a roster name, or None (guest)
        self.names = names  # the roster
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
            if self.names:
                self.app.push(PersonPick(self.app, self.n, chosen, self.people, self.names))
            else:
                _next_seat(self.app, self.n, chosen, self.people + [None], self.names)
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


def _next_seat(app, n, chosen, people, names):
    if len(chosen) < n:
        app.push(ColorPick(app, n, chosen, people, names))
    else:
        app.push(StartGame(app, chosen, people))


class PersonPick(ui.Menu):
    # Who plays the colour just chosen: a roster name not taken yet, or Guest (nobody on the
    # roster). Up from the first row wraps to Guest, the last.
    def __init__(self, app, n, chosen, people, names):
        import roster
        self.n, self.chosen, self.people, self.names = n, chosen, people, names
        self.status = chosen[-1]
        items = [(name, self._pick(name)) for name in names if name not in people]
        items.append((roster.GUEST, self._pick(None)))
        ui.Menu.__init__(self, app, "%s is:" % chosen[-1], items)

    def _pick(self, person):
        return lambda: _next_seat(self.app, self.n, self.chosen, self.people + [person],
                                  self.names)


class StartGame(ui.Screen):
    def __init__(self, app, names, people=None):
        ui.Screen.__init__(self, app)
        self.names = names
        self.people = people or [None] * len(names)

    def draw(self, d):
        ui.title(d, "Start Versailles")
        y = 12
        named = [1 for p in self.people if p]
        for i in range(len(self.names)):
            colour, person = self.names[i], self.people[i]
            if not named:
                d.fill_rect(4, y + 1, 6, 6, 1)
                ui.put(d, colour, 16, y)
            else:  # "Ora Sophie": 3 + 1 + 12 letters, a whole line (the 3 tell colours apart)
                ui.put(d, colour[:3] + " " + person if person else colour, 0, y)
            y += 9
        if len(self.names) == 2:
            ui.put(d, "+ Ludwig", 0 if named else 16, y)
        ui.hint(d, "ok:start back")

    def key(self, button, kind):
        if button == ui.OK and kind == ui.PRESS:
            self.app.new_game(self.names, self.people)
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


class Finished(ui.Menu):
    # Latest finished first. A box may hold 1,300 finished games: the menu keeps only their
    # ids (2 bytes a game, in the order they were filed, which is the order they finished)
    # and makes a row's label and action when the row is drawn.
    def __init__(self, app):
        ids = _Ids(app.store.top() > 0xFFFF)
        for gid, finished, n in app.store.each():
            if finished:  # the game just won too: the store files it as it ends
                ids.append(gid)
        ui.Menu.__init__(self, app, "Finished games", _Rows(app, ids))


class _Ids:
    # Game ids in arrays of 64: one array of 1,148 ids (2.3 KB in one piece) was more than a
    # full box's heap, in pieces after the scan, could give (MemoryError opening the list).
    PIECE = 64

    def __init__(self, wide):
        self.kind = "I" if wide else "H"
        self.pieces = []
        self.n = 0

    def append(self, gid):
        if self.n % self.PIECE == 0:
            self.pieces.append(array(self.kind))
        self.pieces[-1].append(gid)
        self.n += 1

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return self.pieces[i // self.PIECE][i % self.PIECE]


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

    def game(self, gid):
        # The game just won is in memory already: after a 5-player game a second copy did
        # not always fit beside it (.mpy at 192 KB on the unix port: MemoryError). Any other
        # is viewed from its journal: its state without its events (with 1,148 games on the
        # box a 5-player game's whole replay did not fit beside the list).
        app = self.app
        if gid == app.gid and app.game is not None:
            return app.game
        try:
            return Game.view(lambda sink: app.store.events(gid, sink))
        except MemoryError:  # the heap in pieces: once more after a collection
            gc.collect()
            return Game.view(lambda sink: app.store.events(gid, sink))

    def label(self, gid):
        store = self.app.store
        mark = "" if store.synced(gid) else "*"
        try:
            g = self.game(gid)
        except Exception:  # damaged or not a game the rules take: opening it says why
            return "%d ?%s" % (gid, mark)
        if g.outcome is None:  # left for a new game: where ("1297 left S1R3*", 15 fit)
            from app.results import where
            label = "%d left %s%s" % (gid, where(g), mark)
            return label if len(label) < ui.COLS else "%d %s%s" % (gid, where(g), mark)
        w = g.outcome.winners[0]
        name, points = g.players[w], g.totals()[w]
        g = None
        gc.collect()  # the replay's pieces go before the label is made: it would split them
        head, tail = "%d " % gid, " %d%s" % (points, mark)
        return head + name[:ui.COLS - 1 - len(head) - len(tail)] + tail  # x=4: 15 fit

    def open(self, gid):
        from app.results import Scoreboard, Unfinished
        app = self.app
        try:
            game = self.game(gid)
        except Exception as exc:  # StoreError (a damaged journal), RulesError
            app.push(ui.Message(app, "Game %d" % gid, "cannot be shown: %s" % exc))
            return
        if game.outcome is None:  # left for a new game mid-way: no scores to show
            if not game.keep:  # resuming it copies its events: the whole replay
                game = None
                game = Game.replay(app.store.events(gid))
            app.push(Unfinished(app, gid, game))
            return
        board = Scoreboard(app, game, final=True)
        board.undoable = False  # a finished game, looked at: a long back takes nothing back
        app.push(board)


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

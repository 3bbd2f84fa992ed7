# The boot menu and what hangs off it: a new game (app.setup), resume, finished games,
# settings, sync. The same for every game: a game's own screens are its flow's (app/flows.py).
import gc
from array import array

from app import flows, ui
from app.core import unload_labels
from shared_rules import games

VERSION = "0.1"
LEAVE = "Leave the running game? It stays saved unfinished and can be synced."


class Home(ui.Menu):
    def __init__(self, app):
        ui.Menu.__init__(self, app, "LE NOTRE", [], back=False)
        self.refresh()

    def refresh(self):
        app = self.app
        items = []
        if app.game is not None and app.game.outcome is None:
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
        if app.game is not None and app.game.outcome is None:
            app.push(ui.Confirm(app, "New game", LEAVE, then=self._abandon))
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


class Finished(ui.Menu):
    # Latest finished first. A box may hold 1,300 finished games: the menu keeps only their
    # ids (2 bytes a game, in the order they were filed, which is the order they finished)
    # and makes a row's label and action when the row is drawn.
    def __init__(self, app):
        ids = _Ids("H" if app.store.top() <= 0xFFFF else "I")
        for gid, finished, n in app.store.each():
            if finished:  # the game just won too: the store files it as it ends
                ids.append(gid)
        ui.Menu.__init__(self, app, "Finished games", _Rows(app, ids))

    def key(self, button, kind):
        ui.Menu.key(self, button, kind)
        if button == ui.BACK and kind == ui.PRESS:  # left: its rows and labels.py go
            self.items = None
            unload_labels()


def row_words(g):
    # -> a game's row in labels.txt: "w 44 Sophie" (the winner's points and name; the first
    # of a shared victory) or, with no winner, "l S1R3" (where it was left, by its flow)
    o = g.outcome
    if o is None:
        try:
            return "l " + flows.flow(g.GAME).where(g)
        except Exception:  # a game with no flow on this box
            return "l ?"
    w = o.winners[0]
    return "w %d %s" % (g.totals()[w], g.players[w])


def _rows(app):
    # -> labels.txt's rows, loaded here, not at boot (2.6 KB of heap the menu does not need);
    # once more after a collection if the heap is in pieces; None if it still does not fit
    # (then every row is replayed, as before the file)
    for _ in (0, 1):
        try:
            from labels import Labels
            return Labels(app.store.dir, app.store)
        except MemoryError:
            gc.collect()
    return None


class _Ids:
    # Game ids in arrays of RUN: one array of 1,300 grew by reallocation and needed a block of
    # 1.7 to 2 KB that the heap of a box with 1,148 or 1,300 games did not have (MemoryError
    # on the unix port, .mpy at 192 KB); runs of 128 bytes fit in the holes there are.
    RUN = 64

    def __init__(self, typecode):
        self.code = typecode
        self.runs = []  # type: list
        self.n = 0

    def append(self, gid):
        if self.n % self.RUN == 0:
            self.runs.append(array(self.code))
        self.runs[-1].append(gid)
        self.n += 1

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return self.runs[i // self.RUN][i % self.RUN]


class _Rows:
    # The Finished menu's items, made on demand: (label, action) of the i-th latest game. A
    # label names the winner and the points ("1297 Sophie 44", "*" while not synced): a
    # replay, so the labels of the rows last drawn are kept.
    def __init__(self, app, ids):
        self.app = app
        self.ids = ids
        self.labels = {}
        self.rows = _rows(app)  # each game's row, if written

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
            return games.view(lambda sink: app.store.events(gid, sink))
        except MemoryError:  # once more, after a collection, if the heap is in pieces
            gc.collect()
            return games.view(lambda sink: app.store.events(gid, sink))

    def label(self, gid):
        app = self.app
        mark = "" if app.store.synced(gid) else "*"
        words = (self.rows and self.rows.get(gid)) or self.replayed(gid)
        if words is None:  # damaged or not a game the rules take: opening it says why
            return "%d ?%s" % (gid, mark)
        if words[0] == "l":  # left for a new game: where ("1297 left S1R3*", 15 fit)
            label = "%d left %s%s" % (gid, words[2:], mark)
            return label if len(label) < ui.COLS else "%d %s%s" % (gid, words[2:], mark)
        points, name = words[2:].split(" ", 1)
        head, tail = "%d " % gid, " %s%s" % (points, mark)
        return head + name[:ui.COLS - 1 - len(head) - len(tail)] + tail  # x=4: 15 fit

    def replayed(self, gid):
        # -> the row's words from the game itself (filed before labels.txt, or its line cut
        # by a power cut), written down for next time; None if it cannot be read
        try:
            g = self.game(gid)
        except Exception:
            return None
        words = row_words(g)
        g = None
        gc.collect()  # the replay's pieces go before the label is made: it would split them
        app = self.app
        rows = self.rows
        if rows and gid != app.gid and rows.keep(gid):  # the game in play writes its own
            try:
                rows.add(gid, words)
            except Exception:  # a full flash: replayed again next time
                pass
        return words

    def open(self, gid):
        from app.results import Unfinished
        app = self.app
        try:
            game = self.game(gid)
            flows.tidy((game.GAME, app.game.GAME if app.game is not None else None))
            flow = flows.flow(game.GAME)
        except Exception as exc:  # StoreError (a damaged journal), RulesError, no flow
            app.push(ui.Message(app, "Game %d" % gid, "cannot be shown: %s" % exc))
            return
        if game.outcome is None:  # left for a new game mid-way: no scores to show
            # shown from its view; the whole replay, to resume it, once the game held is let
            # go (results.Unfinished): two long games of Gardens side by side did not fit
            app.push(Unfinished(app, gid, game, flow))
            return
        try:
            board = flow.scoreboard(app, game, True)
        except MemoryError:  # its screen's module met a heap in pieces: once more, collected
            gc.collect()
            board = flow.scoreboard(app, game, True)
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

# Finished games, from the menu: the latest first, each row the game and its day, then its
# winner and points, or where it was left; a row opens that game's scores (or its state, if
# it was left). Loaded when the menu opens and let go when it is left: a box in play never
# holds it (7 KB of heap, which a box booting into its game beside 1,300 others does
# not have).
from micropython import const
import gc
import sys
from array import array

from app import codeheap, core, ui
from app.core import unload_labels
from shared_rules import games

_MONTHS = const(u"JanFebMarAprMayJunJulAugSepOctNovDec")


class Finished(ui.Menu):
    # Latest finished first. A box may hold 1,300 finished games: the menu keeps only their
    # ids (2 bytes a game, in the order they were filed, which is the order they finished)
    # and makes a row's label and action when the row is drawn. A row is two lines (the
    # game, its short name and day; the winner and points, or where it was left), three rows
    # a screen over the line that says what "*" means.
    rows = 3

    def __init__(self, app):
        codeheap.look(app.game.GAME if app.game is not None else None)
        ids = _Ids("H" if app.store.top() <= 0xFFFF else "I")
        for gid, finished, n in app.store.each():
            if finished:  # the game just won too: the store files it as it ends
                ids.append(gid)
        ui.Menu.__init__(self, app, u"Finished games", _Rows(app, ids))
        # the dates' calendar (picoclock.civil) goes with the menu, unless the box's clock
        # uses it (a Pico's, and the module is in use there)
        self.calendar = "picoclock" not in sys.modules

    def draw(self, d):
        ui.title(d, self.heading)
        top = max(0, min(self.at - self.rows + 1, len(self.items) - self.rows))
        for i in range(top, min(len(self.items), top + self.rows)):
            y = 10 + (i - top) * 15
            c = 1
            if i == self.at:
                d.fill_rect(0, y, ui.W, 15, 1)
                c = 0
            lines = self.items[i][0].split("\n")
            ui.put(d, lines[0], 4, y, c)
            if len(lines) > 1:
                ui.put(d, lines[1], 12, y + 8, c)
        ui.hint(d, u"* not synced yet")

    def key(self, button, kind):
        ui.Menu.key(self, button, kind)
        if button == ui.BACK and kind == ui.PRESS:  # left: its rows, labels.py and this go
            self.items = None
            unload_labels()
            if self.calendar:
                codeheap.forget("picoclock")
            codeheap.forget("app.finished")


def _rows(app):
    # -> labels.txt's rows, loaded here, not at boot (2.6 KB of heap the menu does not need);
    # once more after a collection if the heap is in pieces; None if it still does not fit
    # (then every row is replayed, as with no such file)
    for _ in (0, 1):
        try:
            from labels import Labels
            return Labels(app.store.dir, app.store)
        except MemoryError:
            gc.collect()
    return None


class _Ids:
    # Game ids in arrays of RUN: one array of 1,300 would grow by reallocation and need a block
    # of 1.7 to 2 KB, which a fragmented 192 KB heap beside 1,300 games rarely has in one
    # piece; runs of 128 bytes fit in the holes there are.
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
            return u"(none yet)", self.app.pop
        gid = self.ids[len(self.ids) - 1 - i]
        label = self.labels.get(gid)
        if label is None:
            if len(self.labels) >= 2 * ui.Menu.rows:
                self.labels = {}
            label = self.labels[gid] = self.label(gid)
        return label, lambda: self.open(gid)

    def game(self, gid):
        # The game just won is in memory already: after a 5-player game a second copy may not
        # fit beside it in a 192 KB heap. Any other is viewed from its journal: its state
        # without its events (on a box of 1,148 games a 5-player game's whole replay does not
        # fit beside the list).
        app = self.app
        if gid == app.gid and app.game is not None:
            return app.game
        try:
            return games.view(lambda sink: app.store.events(gid, sink))
        except MemoryError:  # once more, if the heap is in pieces: without labels.py (2.6 KB,
            self.rows = None  # read again when the menu opens next) and after a collection
            unload_labels()
            gc.collect()
            return games.view(lambda sink: app.store.events(gid, sink))

    def label(self, gid):
        # -> the row's lines: "4 Ver today" (id, the game's short name, its day) and
        # "Cyan 41*" (the winner and points) or "left S1R3*" (where it was left); "*" while
        # not synced. A game that cannot be read: "4 ?*" (opening it says why).
        app = self.app
        mark = "" if app.store.synced(gid) else "*"
        words = self.written(gid) or self.replayed(gid)
        if words is None:  # damaged or not a game the rules take: opening it says why
            return "%d ?%s" % (gid, mark)
        kind, name, day, rest = words.split(" ", 3)
        head = ("%d %s %s" % (gid, name, day_text(app, day))).rstrip()
        if kind == "L":  # left for a new game: where
            return u"%s\nleft %s%s" % (head, rest, mark)
        points, who = rest.split(" ", 1)
        tail = " %s%s" % (points, mark)
        return "%s\n%s%s" % (head, ui.local(who)[:SECOND - len(tail)], tail)

    def written(self, gid):
        # -> the row's words from labels.txt, or None (a row of the older kind, without the
        # game and the day, too: replayed and written again); once more after a collection
        # if the heap has no 256 bytes in one piece for its read (late in a long session),
        # then None: the row is replayed instead, or shows "?", and the menu goes on
        for _ in (0, 1):
            try:
                words = self.rows.get(gid) if self.rows else None
                return words if words and words[0] in "WL" else None
            except MemoryError:
                gc.collect()
        return None

    def replayed(self, gid):
        # -> the row's words from the game itself (no row in labels.txt, or its line cut
        # by a power cut), written down for next time; None if it cannot be read
        try:
            g = self.game(gid)
        except Exception:
            return None
        words = core.row_words(g)
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

    def viewed(self, gid):
        # -> (game `gid` viewed, its flow). Where the flow's code meets a heap the replay has
        # left in pieces (code in a 192 KB heap), the flow is loaded first and the game
        # replayed again
        app = self.app
        beside = app.game.GAME if app.game is not None else None
        game = self.game(gid)
        kind = game.GAME
        try:
            return game, codeheap.enter(kind, beside)
        except MemoryError:
            game = None
            gc.collect()
        flow = codeheap.enter(kind, beside)
        return self.game(gid), flow

    def open(self, gid):
        from app.results import Unfinished
        app = self.app
        try:
            game, flow = self.viewed(gid)
        except Exception as exc:  # StoreError (a damaged journal), RulesError, no flow
            app.push(ui.Message(app, u"Game %d" % gid, u"cannot be shown: %s" % exc))
            return
        if game.outcome is None:  # left for a new game mid-way: no scores to show
            # shown from its view; the whole replay, to resume it, once the game held is let
            # go (results.Unfinished): two long games of Gardens side by side do not fit
            app.push(Unfinished(app, gid, game, flow))
            return
        try:
            board = flow.scoreboard(app, game, True)
        except MemoryError:  # its screen's module met a heap in pieces: once more, collected
            gc.collect()
            board = flow.scoreboard(app, game, True)
        board.undoable = False  # a finished game, looked at: a long back takes nothing back
        app.push(board)


SECOND = (ui.W - 12) // 8  # a row's second line, indented under its first: 14 columns


def day_text(app, day):
    # -> a row's day as the player reads it: "today", "14 Mar" (UTC, as the PC dates games),
    # or "" when the game's time is not known (the clock unset then, on another power-on)
    if day[0] == "p":
        return u"today" if day[1:] == str(app.power_on) else ""
    if not day.isdigit():
        return ""
    n = int(day)
    now = app.wall_time()  # unix seconds; else the clock is unset: the date alone
    if type(now) is int and now // 86400 == n:
        return u"today"
    from picoclock import civil
    m, k = civil(n)[1:]
    return "%d %s" % (k, _MONTHS[3 * m - 3:3 * m])

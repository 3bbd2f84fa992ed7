# A turn of Sanssouci at the box (app/sanssouci.py's hub opens it): the tile taken (its cell
# on the player's grid: the motif's column, the colour's row), the card played (only the
# cards that allow that tile), the gardener's cell when the tile's own is filled (only the
# cells the rules allow), then a noble move (only the legal ones, their points shown).
from shared_rules.sanssouci.board import COLS, FIRST, ROWS, cell
from shared_rules.sanssouci.cards import JOKER

from app import codeheap, ui
from app.sanssouci import (COLOUR6, MOTIF6, MOTIF10, cell_lines, draw_garden, move_cursor,
                           panel)

START = (3, 4)  # a player's first tile: mid-garden (orange Treppe), any cell 2 + 4 away


def after_tile(app):
    # The hub, and over it the noble moves when there are any. A collection first where the
    # heap is tight: a game of 150 events kept between a turn's garbage breaks a 192 KB heap
    # into pieces too small for the events' list to grow (where the code is in the heap, as
    # in the .mpy build)
    codeheap.collect_if_tight()
    app.show_game()
    moves = app.game.noble_moves()
    if moves:
        app.push(NoblePick(app, moves))


def cards_for(g, p, m, r):
    # -> [(label, card, wild)]: the cards that let p take the tile, the likeliest first: the
    # motif's own card, the two-colour cards with its colour (neighbouring colours first),
    # the five-colour joker (until played), any other motif card as a joker ("wild")
    out = [(u"%s card" % MOTIF10[m], m, 0)]
    pairs = []
    for a in range(FIRST, ROWS):
        for b in range(a + 1, ROWS):
            if r in (a, b):
                pairs.append((b - a, a, b))
    pairs.sort()
    for _, a, b in pairs:
        out.append(("%s/%s" % (ui.local(COLOUR6[a]), ui.local(COLOUR6[b])), 10 * a + b, 0))
    if not g.jokers[p]:
        out.append((u"5-colour joker", JOKER, 0))
    for k in range(COLS):
        if k != m:
            out.append((u"%s wild" % MOTIF10[k], k, 1))
    return out


def last_tile(g, p):
    # -> (row, motif) of p's last tile, START before the first: where the tile's cursor
    # starts. A player builds on what they built (rows and columns score when complete) and
    # keeps a card from turn to turn: in the hand-worked 4-player game the cursor moved 137
    # presses from there against 244 from mid-garden (in random simulated games, 5% more).
    # A round is a tile and at most a noble a player: p's last tile is among the last 2n
    # events.
    events = g.events
    for i in range(len(events) - 1, max(0, len(events) - 2 * g.n) - 1, -1):
        ev = events[i]
        if ev.get("e") == "tile" and ev.get("p") == p:
            return ev["r"], ev["m"]
    return START


class TilePick(ui.Screen):
    # The tile taken, as the cell it belongs on: up/down the colour's row, > and < (back) the
    # motif's column, round at the edges, from the player's last tile; ok takes it; a long
    # back leaves the turn.
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        g = app.game
        self.p = g.to_play()
        self.status = g.players[self.p]
        self.row, self.m = last_tile(g, self.p)

    def draw(self, d):
        g = self.app.game
        c = cell(self.row, self.m)
        ui.title(d, u"%s's tile" % ui.short(g.players[self.p]))
        draw_garden(d, g.gardens[self.p], None, c)
        panel(d, cell_lines(c) + ["", u"filled" if g.gardens[self.p][c] else ""])
        ui.hint(d, u"^v<>:cell ok")

    def key(self, button, kind):
        app = self.app
        if button == ui.BACK and kind == ui.LONG:
            app.pop()
        elif kind == ui.LONG or move_cursor(self, button):  # the cursor moves on repeats too
            return
        elif button == ui.OK and kind == ui.PRESS:
            g = app.game
            app.push(CardPick(app, self.p, self.m, self.row, cards_for(g, self.p, self.m,
                                                                       self.row)))


class CardPick(ui.Menu):
    # The card played, among those that allow the tile; ok places the tile on its own cell
    # (or asks where its gardener goes), back returns to the tile.
    def __init__(self, app, p, m, r, cards):
        self.p, self.m, self.r = p, m, r
        self.cards = cards
        self.status = app.game.players[p]
        ui.Menu.__init__(self, app, u"Card played", self)  # its own items (below)

    # The menu's items made as a row is drawn, not kept: a list of (label, bound method)
    # tuples would take 400 bytes that a full box's 4-player game lacks on the Pico here
    def __len__(self):
        return len(self.cards)

    def __getitem__(self, i):
        return self.cards[i][0], self._take

    def _take(self):
        app = self.app
        g = app.game
        _, card, wild = self.cards[self.at]
        cells = g.legal_cells(self.m, self.r, self.p)
        own = cell(self.r, self.m)
        if cells == [own]:
            place(app, self.p, card, self.m, self.r, wild, own)
        else:
            app.push(GardenerPick(app, self.p, card, self.m, self.r, wild, cells))


def place(app, p, card, m, r, wild, at):
    ev = {"e": "tile", "p": p, "card": card, "m": m, "r": r, "at": at}
    if wild:
        ev["wild"] = 1
    if app.record(ev):
        after_tile(app)


class GardenerPick(ui.Screen):
    # The tile's own cell is filled: it becomes a gardener on one of `cells` (the rules'
    # choice), nearest the tile's own cell first (where the player looks; in the hand-worked
    # game 13 presses against 39 in reading order): down or > the next, up the one before;
    # ok lays it, back returns to the card.
    def __init__(self, app, p, card, m, r, wild, cells):
        ui.Screen.__init__(self, app)
        self.p, self.card, self.m, self.r, self.wild = p, card, m, r, wild
        # ties in reading order (MicroPython's sort is not stable: the key says it)
        cells.sort(key=lambda c: 100 * (abs(c // COLS - r) + abs(c % COLS - m)) + c)
        self.cells = cells
        self.at = 0
        self.status = app.game.players[p]

    def draw(self, d):
        g = self.app.game
        c = self.cells[self.at]
        ui.title(d, u"Gardener: where?")
        draw_garden(d, g.gardens[self.p], None, c)
        panel(d, cell_lines(c) + ["", "%d/%d" % (self.at + 1, len(self.cells))])
        ui.hint(d, u"v>^:cell ok back")

    def key(self, button, kind):
        app = self.app
        if kind == ui.LONG:
            return
        if button in (ui.DOWN, ui.NEXT):
            self.at = (self.at + 1) % len(self.cells)
        elif button == ui.UP:
            self.at = (self.at - 1) % len(self.cells)
        elif kind != ui.PRESS:
            return
        elif button == ui.OK:
            place(app, self.p, self.card, self.m, self.r, self.wild, self.cells[self.at])
        elif button == ui.BACK:
            app.pop()


class NoblePick(ui.Screen):
    # One noble may move after the tile: only the legal moves, the noble's stop framed on the
    # grid and its points beside it, from the move worth most (the first of them: the one a
    # player mostly makes, 22 of the hand-worked game's 29); > the next noble that can move,
    # up/down its stops; ok moves it, back moves none (the hub's > still may, until the next
    # tile).
    def __init__(self, app, moves=None):
        # moves: g.noble_moves(), where the caller has them already
        ui.Screen.__init__(self, app)
        g = app.game
        self.p = g.open
        self.status = g.players[self.p]
        self.moves = moves or g.noble_moves()  # [(motif, row, points)], by motif then row
        self.at = 0
        for i in range(len(self.moves)):
            if self.moves[i][2] > self.moves[self.at][2]:
                self.at = i
        # the hint's keys that do something here: up/down where a noble has two stops or
        # more, > where two nobles or more can move
        nobles = len(set([m for m, _, _ in self.moves]))
        self.keys = ("^v" if nobles < len(self.moves) else "") + (">" if nobles > 1 else "")

    def _same(self, i):
        return self.moves[i][0] == self.moves[self.at][0]

    def draw(self, d):
        g = self.app.game
        m, r, points = self.moves[self.at]
        ui.title(d, u"Move a noble?")
        draw_garden(d, g.gardens[self.p], g.nobles[self.p], cell(r, m))
        panel(d, [MOTIF6[m], ui.local(COLOUR6[g.nobles[self.p][m]]), u"  to",
                  ui.local(COLOUR6[r]), u"+%d pt" % points])
        ui.hint(d, (u"%s ok:+%d <:none" % (self.keys, points)) if self.keys
                else u"ok:+%d back:none" % points)

    def key(self, button, kind):
        app = self.app
        n = len(self.moves)
        if kind == ui.LONG:
            return
        if button == ui.NEXT:  # the first stop of the next noble
            i = self.at
            while self._same(i):
                i = (i + 1) % n
                if i == self.at:
                    break
            self.at = i
        elif button in (ui.UP, ui.DOWN):  # the same noble's next or previous stop
            step = 1 if button == ui.DOWN else -1
            i = (self.at + step) % n
            while not self._same(i):
                i = (i + step) % n
            self.at = i
        elif kind != ui.PRESS:
            return
        elif button == ui.OK:
            m, r, _ = self.moves[self.at]
            if app.record({"e": "noble", "p": self.p, "m": m, "r": r}):
                codeheap.collect_if_tight()  # as after_tile
                app.show_game()
        elif button == ui.BACK:
            app.pop()

# Entering a Schlossgarten turn that builds (app/schlossgarten.py's hub, ok): the element
# placed from the player's supply, the smaller elements it was built over (only when there are
# any on the field), then the landscape tiles taken, one press each (up 3, ok 2, down 1). The
# number of tiles follows from the squares: the element's, less those of the elements it
# covers. A tile that brings the player to 21 ends the game there and then: the turn is
# recorded up to that tile and the winner shown (docs/RULES.md, S5).
from shared_rules.schlossgarten.game import GOAL, element, size

from app import ui
from app.ui import short

TILE_KEYS = ((ui.UP, "up", 3), (ui.OK, "ok", 2), (ui.DOWN, "down", 1))


def _label(name):
    return "%s (%d)" % (name, size(element(name)))


class ElementPick(ui.Menu):
    # The player's supply: ok picks the element placed; back returns to the hub
    def __init__(self, app):
        g = app.game
        self.p = g.current()
        self.status = g.players[self.p]
        items = [(_label(name), self._picker(name)) for name in g.supply(self.p)]
        ui.Menu.__init__(self, app, "%s builds" % short(g.players[self.p]), items)

    def _picker(self, name):
        return lambda: self._pick(name)

    def _pick(self, name):
        app = self.app
        if app.game.coverable(name):
            app.push(OverPick(app, self.p, name))
        else:
            to_tiles(app, self.p, name, [])


class OverPick(ui.Menu):
    # What the element was built over: the first row goes on, with the number of tiles left
    # to take; ok on an element ticks it ("*") or unticks it (or says it does not fit) and
    # goes back to the first row.
    def __init__(self, app, p, name):
        g = app.game
        self.p = p
        self.name = name
        self.status = g.players[p]
        self.over = []  # [seat, element] ticked, in the order ticked
        self.pairs = g.coverable(name)
        ui.Menu.__init__(self, app, "%s over" % name, [])
        self._items()

    def _left(self):
        # squares of the new element not on elements it covers: its tiles
        return size(element(self.name)) - sum([size(element(e)) for _, e in self.over])

    def _items(self):
        g = self.app.game
        left = self._left()
        items = [("%s, %d tile%s" % ("done" if self.over else "none", left,
                                      "" if left == 1 else "s"), self._go)]
        for s, e in self.pairs:
            mark = "*" if [s, e] in self.over else " "
            items.append(("%s%s %s" % (mark, short(g.players[s])[:6], e), self._ticker(s, e)))
        self.items = items

    def _ticker(self, s, e):
        return lambda: self._tick(s, e)

    def _tick(self, s, e):
        pair = [s, e]
        if pair in self.over:
            self.over.remove(pair)
        elif self._left() < size(element(e)):
            self.at = 0
            self.app.push(ui.Message(self.app, "Too large",
                                     too_large(self.name, self.app.game.players[s], e)))
            return
        else:
            self.over.append(pair)
        self._items()
        self.at = 0

    def _go(self):
        to_tiles(self.app, self.p, self.name, self.over)


def too_large(name, owner, e):
    # an element ticked that does not fit beside those ticked under the new one
    return "No room left under the %s for %s's %s." % (name, short(owner), e)


def to_tiles(app, p, name, over):
    # The tiles' values next; none to take (the element covers only elements): recorded now
    n = size(element(name)) - sum([size(element(e)) for _, e in over])
    if n:
        app.push(TilePick(app, p, name, over, n))
    else:
        record(app, p, [], name, over)


def record(app, p, tiles, name=None, over=()):
    # the turn as the rules core's Game.play writes it: parts left out when empty
    from app.schlossgarten import done
    event = {"e": "turn", "p": p, "tiles": tiles}
    if name is not None:
        event["el"] = name
    if over:
        event["over"] = list(over)
    if app.record(event):
        done(app)


class TilePick(ui.Screen):
    # One press a tile: up 3, ok 2, down 1. back takes the last tile entered back (none: the
    # previous screen).
    def __init__(self, app, p, name, over, n):
        ui.Screen.__init__(self, app)
        self.p, self.name, self.over, self.n = p, name, over, n
        self.status = app.game.players[p]
        self.tiles = []

    def draw(self, d):
        g = self.app.game
        ui.title(d, "%s tile %d/%d" % (short(g.players[self.p]), len(self.tiles) + 1, self.n))
        y = 12
        for _, word, value in TILE_KEYS:
            ui.put(d, "%-5s%d point%s" % (word, value, "" if value == 1 else "s"), 8, y)
            y += 9
        had = g.points(self.p)
        ui.put(d, "%d+%d = %d of %d" % (had, sum(self.tiles), had + sum(self.tiles), GOAL),
               0, 43)
        ui.hint(d, "back: tile back")

    def key(self, button, kind):
        app = self.app
        if kind != ui.PRESS:
            return
        if button == ui.BACK:
            if self.tiles:
                self.tiles.pop()
            else:
                app.pop()
            return
        for b, _, value in TILE_KEYS:
            if b == button:
                self.take(value)

    def take(self, value):
        app = self.app
        g = app.game
        tiles = self.tiles + [value]
        if len(tiles) > g.excavations():  # refused before more values are asked in vain
            app.error("%s cannot take %d tiles now: one tile is excavated a turn at most, "
                      "%d are taken so far" % (g.players[self.p], len(tiles), g.taken))
            return
        self.tiles = tiles
        if g.win_at(self.p, tiles):  # 21: the game ends at this tile, the element never placed
            record(app, self.p, tiles)
        elif len(tiles) == self.n:
            record(app, self.p, tiles, self.name, self.over)

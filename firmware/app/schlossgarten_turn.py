# Entering a Schlossgarten turn that builds (app/schlossgarten.py's hub, ok): the element
# placed from the player's supply, the smaller elements it was built over (only when there are
# any on the field), then the landscape tiles taken, one press each (up 3, ok 2, down 1), and
# the turn said whole before it is recorded. The number of tiles follows from the squares: the
# element's, less those of the elements it covers. A tile that brings the player to 21 ends the
# game there and then: the turn is recorded up to that tile and the winner shown
# (docs/RULES.md, S5).
from shared_rules.errors import local
from shared_rules.schlossgarten.game import ELEMENTS, GOAL, element, size

from app import ui
from app.ui import short

TILE_KEYS = ((ui.UP, u"up", 3), (ui.OK, u"ok", 2), (ui.DOWN, u"down", 1))


def _label(name):
    return "%s (%d)" % (local(name), size(element(name)))


class ElementPick(ui.Menu):
    # The player's six elements, always in the rulebook's order (a row keeps its place as
    # elements are built and come back); up and down skip those on the field, so the bar
    # starts on the first in the supply. ok picks it (on one on the field, which only a
    # supply all built leaves the bar on, says so); back returns to the hub.
    def __init__(self, app):
        g = app.game
        self.p = g.current()
        self.status = g.players[self.p]
        supply = g.supply(self.p)
        self.open = [name in supply for name in ELEMENTS]
        items = [(_label(name), self._picker(name)) if name in supply else
                 (u"%s: built" % local(name), self._built(name)) for name in ELEMENTS]
        ui.Menu.__init__(self, app, u"%s builds" % short(g.players[self.p]), items)
        if supply:
            self.at = self.open.index(True)

    def key(self, button, kind):
        if button in (ui.UP, ui.DOWN) and kind != ui.LONG:
            step = 1 if button == ui.DOWN else -1
            n = len(self.items)
            for k in range(1, n + 1):  # the next row in the supply, round the list
                if self.open[(self.at + step * k) % n]:
                    self.at = (self.at + step * k) % n
                    return
            return
        ui.Menu.key(self, button, kind)

    def _picker(self, name):
        return lambda: self._pick(name)

    def _built(self, name):
        return lambda: self.app.push(ui.Message(self.app, u"On the field", built(
            self.app.game.players[self.p], name)))

    def _pick(self, name):
        app = self.app
        if app.game.coverable(name):
            app.push(OverPick(app, self.p, name))
        else:
            to_tiles(app, self.p, name, [])


def built(owner, name):
    # an element picked that is on the field, not in the supply
    return (u"%s's %s is on the field: it comes back when a larger one is built over it."
            % (short(owner), local(name)))


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
        ui.Menu.__init__(self, app, u"%s over" % local(name), [])
        self._items()

    def _left(self):
        # squares of the new element not on elements it covers: its tiles
        return size(element(self.name)) - sum([size(element(e)) for _, e in self.over])

    def _items(self):
        g = self.app.game
        left = self._left()
        items = [((u"%s, %d tile" if left == 1 else u"%s, %d tiles")
                  % (u"done" if self.over else u"none", left), self._go)]
        for s, e in self.pairs:
            mark = "*" if [s, e] in self.over else " "
            items.append(("%s%s %s" % (mark, short(g.players[s])[:6], local(e)),
                          self._ticker(s, e)))
        self.items = items

    def _ticker(self, s, e):
        return lambda: self._tick(s, e)

    def _tick(self, s, e):
        pair = [s, e]
        if pair in self.over:
            self.over.remove(pair)
        elif self._left() < size(element(e)):
            self.at = 0
            self.app.push(ui.Message(self.app, u"Too large",
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
    return u"No room left under the %s for %s's %s." % (local(name), short(owner), local(e))


def to_tiles(app, p, name, over):
    # The tiles' values next; none to take (the element covers only elements): the turn as
    # it stands, to be confirmed
    n = size(element(name)) - sum([size(element(e)) for _, e in over])
    if n:
        app.push(TilePick(app, p, name, over, n))
    else:
        confirm(app, p, [], name, over)


def confirm(app, p, tiles, name=None, over=()):
    # The turn said whole before it is recorded: ok records it, back returns to its entry
    app.push(ui.Confirm(app, u"Record turn?", said(app.game, p, tiles, name, over),
                        then=lambda: record(app, p, tiles, name, over)))


def said(g, p, tiles, name=None, over=()):
    # "Orange builds terrace on tiles 3. Back: Purple pool -2." (what was built over goes
    # back to its owner, who loses its points); name None: the win at a tile (S5), the
    # element never placed
    who = short(g.players[p])
    taken = "+".join([str(v) for v in tiles])
    if name is None:
        return u"%s takes %s and reaches %d: the game ends." % (who, taken, GOAL)
    text = u"%s builds %s%s." % (who, local(name), (u" on tiles " + taken) if tiles else "")
    if over:
        text += u" Back: " + ", ".join(["%s %s -%d" % (short(g.players[s]), local(e),
                                                       size(element(e)))
                                        for s, e in over]) + "."
    total = g.points(p) + sum(tiles) + size(element(name)) - sum(
        [size(element(e)) for s, e in over if s == p])
    if total >= GOAL:
        text += u" %s reaches %d: the game ends." % (who, total)
    return text


def back_toast(g, over):
    # Once recorded: the elements built over that went back to their owners, in the toast's
    # three lines (three 1-square elements under one: how many)
    from app import TOAST_COLS, TOAST_LINES
    if len(over) == 1:
        s, e = over[0]
        return u"%s's %s back, -%d" % (short(g.players[s]), local(e), size(element(e)))
    text = u"Back: " + ", ".join(["%s %s" % (short(g.players[s]), local(e)) for s, e in over])
    if len(ui.wrap(text, TOAST_COLS)) > TOAST_LINES:
        return u"%d elements back to their owners" % len(over)
    return text


def record(app, p, tiles, name=None, over=()):
    # the turn as the rules core's Game.play writes it: parts left out when empty
    from app.schlossgarten import done
    event = {"e": "turn", "p": p, "tiles": tiles}
    if name is not None:
        event["el"] = name
    if over:
        event["over"] = list(over)
    if app.record(event):
        done(app, back_toast(app.game, over) if over else None)


class TilePick(ui.Screen):
    # One press a tile: up 3, ok 2, down 1; the last tile (or the one that reaches 21) asks to
    # record the turn. back takes the last tile entered back (none: the previous screen);
    # with every tile in, ok asks again.
    def __init__(self, app, p, name, over, n):
        ui.Screen.__init__(self, app)
        self.p, self.name, self.over, self.n = p, name, over, n
        self.status = app.game.players[p]
        self.tiles = []

    def _complete(self):
        return len(self.tiles) == self.n or self.app.game.win_at(self.p, self.tiles)

    def draw(self, d):
        g = self.app.game
        done = self._complete()
        ui.title(d, u"%s tile %d/%d" % (short(g.players[self.p]),
                                        len(self.tiles) + (0 if done else 1), self.n))
        ui.center(d, u"for the %s" % local(self.name), 11)
        y = 20
        for _, word, value in TILE_KEYS:
            ui.put(d, (u"%-5s%d point" if value == 1 else u"%-5s%d points") % (word, value), 8, y)
            y += 8
        had = g.points(self.p)
        ui.put(d, u"%d+%d = %d of %d" % (had, sum(self.tiles), had + sum(self.tiles), GOAL),
               0, 46)
        ui.hint(d, u"ok:record back" if done else u"back: tile back")

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
        if self._complete():
            if button == ui.OK:
                self._ask()
            return
        for b, _, value in TILE_KEYS:
            if b == button:
                self.take(value)

    def take(self, value):
        app = self.app
        g = app.game
        tiles = self.tiles + [value]
        if len(tiles) > g.excavations():  # refused before more values are asked in vain
            app.error(u"%s cannot take %d tiles now:" % (local(g.players[self.p]), len(tiles))
                      + " " + u"one tile is excavated a turn at most, %d are taken so far"
                      % g.taken)
            return
        self.tiles = tiles
        if self._complete():
            self._ask()

    def _ask(self):
        # 21 reached: the game ends at this tile, the element never placed
        won = self.app.game.win_at(self.p, self.tiles)
        confirm(self.app, self.p, list(self.tiles), None if won else self.name,
                () if won else self.over)

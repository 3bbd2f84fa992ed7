# The Versailles flow at the table: the hub between rounds, card entry, token claims.
from shared_rules.versailles.game import CARDS, OVER, PLAY, ROUNDS, SCORING
from shared_rules.versailles.tiles import TYPES

from app import ui
from app.ui import short
from app.colors import LUDWIG
from app.entry import NumberEntry


class Hub(ui.Screen):
    # Between rounds: the placement order of the last round; ok goes on, > claims a token,
    # back opens the menu, a long back undoes the last action.
    def draw(self, d):
        g = self.app.game
        if g.phase == OVER:
            return self._over(d, g)
        last = g.rounds[-1] if g.rounds and g.rounds[-1][0] == g.stage else None
        if last is None:
            ui.title(d, "Stage %d Round 1" % g.stage)
        else:  # the round just played: who takes which tile, in placement order
            ui.title(d, "S%d R%d: place" % (g.stage, last[1] + 1))
        if last is None:
            ui.put(d, "Round 1 of %d" % ROUNDS, 0, 13)
            ui.put(d, "ok  enter cards", 0, 26)
            ui.put(d, ">   claim token", 0, 35)
            ui.put(d, "hold back: undo", 0, 44)
        else:
            y = 11
            for i, (seat, card, tile) in enumerate(g.distribution()):
                name = g.name(seat)
                # "tile name card": the tile's place in the row, Ludwig's goes out
                ui.put(d, "%2d %-6s %2d%s" % (tile, name[:6], card,
                                             " out" if seat == g.n else ""), 0, y)
                y += 8
        ui.hint(d, ("ok:R%d " % (g.round + 1) if g.phase == PLAY else "ok:score")
                + " >:token")

    def _over(self, d, g):
        from app.results import over
        over(d, g)

    def key(self, button, kind):
        app = self.app
        g = app.game
        if button == ui.BACK and kind == ui.LONG:
            app.undo()
        elif button == ui.BACK and kind == ui.PRESS:
            app.home()
        elif button == ui.DOWN and kind == ui.PRESS:  # the token holders (app.tokens)
            from app.tokens import Tokens
            app.push(Tokens(app))
        elif g.phase == OVER:
            if button == ui.OK and kind == ui.PRESS:
                from app.results import Scoreboard
                app.push(Scoreboard(app, g, final=True))
        elif button == ui.NEXT and kind == ui.PRESS:
            app.push(Claim(app))
        elif button == ui.OK and kind == ui.PRESS:
            if g.phase == PLAY:
                app.push(CardEntry(app))
            elif g.phase == SCORING:
                from app.scoring import start_scoring
                start_scoring(app)


class CardEntry(ui.Screen):
    # Each player in seat order enters the card they revealed; Ludwig's is shown first.
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        g = app.game
        self.cards = []
        self.ludwig = g.ludwig_preview()
        self.ludwig_color = LUDWIG if self.ludwig else None
        self._next_player()

    def _free(self, c):
        g = self.app.game
        return not g.seen[c] and c not in self.cards

    def _next_player(self):
        g = self.app.game
        # Likely value: the middle of the cards still in the players' hands.
        free = [c for c in range(1, CARDS + 1) if self._free(c)]
        self.entry = NumberEntry(free[len(free) // 2], 1, CARDS, self._free)
        self.status = g.players[len(self.cards)]

    def draw(self, d):
        g = self.app.game
        ui.title(d, "R%d %s's card" % (g.round + 1, short(self.status)))
        lc = self.ludwig
        if lc:
            ui.put(d, "Ludwig plays %2d" % lc, 0, 12)
        ui.big_center(d, str(self.entry.value), 26, 3)
        ui.hint(d, "hold:10 ok back")

    def key(self, button, kind):
        app = self.app
        if self.entry.key(button, kind):
            return
        if button == ui.OK and kind == ui.PRESS:
            self.cards.append(self.entry.value)
            if len(self.cards) < app.game.n:
                self._next_player()
                return
            preview = self.ludwig
            if app.record({"e": "round", "cards": self.cards}):
                app.show_game()
                g = app.game
                if preview and g.rounds[-1][2][-1] != preview:
                    # a player showed Ludwig's card: he played his next spare instead
                    app.say("Ludwig swaps->%d" % g.rounds[-1][2][-1])
        elif button == ui.BACK and kind == ui.PRESS:
            if self.cards:
                self.cards.pop()
                self._next_player()
            else:
                app.pop()
        elif button == ui.BACK and kind == ui.LONG:
            app.undo()


class Claim(ui.Screen):
    # A token claim in three steps: which type, who, how many connected fields.
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        g = app.game
        self.step = 0
        self.t = 0
        order = g.distribution() if g.rounds else [(0, 0, 0)]
        self.p = order[0][0] if order[0][0] < g.n else order[1][0]
        self.entry = NumberEntry(4, 4, 4)  # the size step replaces it

    def draw(self, d):
        g = self.app.game
        name = TYPES[self.t]
        h = g.holders[self.t]
        ui.title(d, "Token: " + name)
        ui.put(d, "held: %s %d" % (short(g.players[h]), g.held[self.t]) if h >= 0
               else "nobody holds it", 0, 12)
        if self.step == 0:
            ui.big_center(d, name, 28)
            ui.hint(d, "up/dn ok back")
        elif self.step == 1:
            ui.center(d, "who takes it?", 24)
            ui.big_center(d, short(g.players[self.p]), 36)
        else:
            ui.put(d, short(g.players[self.p]) + " has:", 0, 22)
            ui.big_center(d, str(self.entry.value), 34, 3)

    def key(self, button, kind):
        app = self.app
        g = app.game
        if self.step == 2 and self.entry.key(button, kind):
            return
        if button == ui.BACK and kind == ui.LONG:
            app.undo()
            return
        if button in (ui.UP, ui.DOWN) and kind != ui.LONG:
            step = 1 if button == ui.DOWN else -1
            if self.step == 0:
                self.t = (self.t + step) % len(TYPES)
            else:
                self.p = (self.p + step) % g.n
        elif button == ui.OK and kind == ui.PRESS:
            if self.step == 0:
                self.step = 1
            elif self.step == 1:
                self.step = 2
                self.status = g.players[self.p]
                t, h = self.t, g.holders[self.t]
                start = g.held[t] + 1 if h >= 0 else 4
                start = max(start, g.claimed[self.p][t])
                self.entry = NumberEntry(start, 4, max(4, g.fields(self.p)))
            else:
                if app.record({"e": "claim", "p": self.p, "type": TYPES[self.t],
                               "size": self.entry.value}):
                    app.pop()
                    app.say("%s: %s" % (short(g.players[self.p]), TYPES[self.t]))
        elif button == ui.BACK and kind == ui.PRESS:
            if self.step == 0:
                app.pop()
            else:
                self.step -= 1
                self.status = None

# The results of a game: the scoreboard with each player's points by part, a game left
# unfinished, and the winner with the tie-break spelled out. Apart from the scoring wizard
# (app.scoring), so opening a finished game loads only these.
from app import ui
from app.ui import short


from shared_rules.versailles.scoring import PARTS


class Scoreboard(ui.Screen):
    # Players by total: this stage's points and the total. Down (and up) pages through each
    # player's points by part and stage: areas, large tokens, small tokens, construction.
    undoable = True  # a long back takes the scoring back (not when opened from Finished)
    def __init__(self, app, game, final):
        ui.Screen.__init__(self, app)
        self.g = game
        self.final = final
        self.page = 0  # 0: the table; i: the breakdown of the i-th player in it

    def order(self):
        totals = self.g.totals()
        return sorted(range(self.g.n), key=lambda p: -totals[p])

    def draw(self, d):
        g = self.g
        if self.page:
            return self._player(d, self.order()[self.page - 1])
        totals = g.totals()
        ui.title(d, "Final scores" if self.final else "Stage %d scores" % len(g.scores))
        ui.put(d, "dn:more  stg tot", 0, 11)
        y = 20
        for p in self.order():
            ui.put(d, "%-7s %4d %3d" % (short(g.players[p]), g.scores[-1][p][4], totals[p]),
                   0, y)
            y += 8

    def _player(self, d, p):
        g = self.g
        ui.title(d, "%s %d/%d" % (short(g.players[p]), self.page, g.n))
        ui.put(d, " " * 8 + "".join("  S%d" % (s + 1) for s in range(len(g.scores))), 0, 11)
        y = 20
        for i in range(len(PARTS) + 1):
            label = PARTS[i] if i < len(PARTS) else "total"
            ui.put(d, "%-8s" % label + "".join("%4d" % rows[p][i] for rows in g.scores), 0, y)
            y += 8

    def key(self, button, kind):
        app = self.app
        if button == ui.BACK and kind == ui.LONG and self.undoable and self.g is app.game:
            app.undo()  # takes the scoring back
            return
        if kind != ui.PRESS:
            return
        if button in (ui.UP, ui.DOWN):
            self.page = (self.page + (1 if button == ui.DOWN else -1)) % (self.g.n + 1)
            self.status = self.g.players[self.order()[self.page - 1]] if self.page else None
            return
        if button not in (ui.OK, ui.BACK):
            return
        app.pop()
        if self.final and button == ui.OK and self.g.outcome is not None:
            app.push(Winner(app, self.g))


class Unfinished(ui.Screen):
    # A game left for a new one (Home's "New game" mid-game): where it stopped and the points
    # so far; ok resumes it. It has no scores to show or winner to name.
    def __init__(self, app, gid, game):
        ui.Screen.__init__(self, app)
        self.gid = gid
        self.g = game

    def draw(self, d):
        g = self.g
        totals = g.totals()
        ui.title(d, "Game %d: %s" % (self.gid, where(g)))
        ui.put(d, "ok:resume  back", 0, 11)
        y = 20
        for p in range(g.n):
            ui.put(d, "%-7s %4d pts" % (short(g.players[p]), totals[p]), 0, y)
            y += 8

    def key(self, button, kind):
        app = self.app
        if kind != ui.PRESS:
            return
        if button == ui.BACK:
            app.pop()
        elif button == ui.OK:
            if app.game is not None and app.game.phase != "over":
                from app.home import LEAVE
                app.push(ui.Confirm(app, "Resume game %d" % self.gid, LEAVE,
                                    then=self._resume))
            else:
                self._resume()

    def _resume(self):
        app = self.app
        if app.game is not None and app.game.phase != "over":
            app.store.finish(app.gid)  # left unfinished in turn, as this one was
        app.resume(self.gid, self.g)


def where(g):
    # Where a game stands, in 4 columns: "S1R4" (the round to be played), "S2sc" (scoring)
    if g.phase == "scoring":
        return "S%dsc" % g.stage
    return "S%dR%d" % (g.stage, g.round + 1)


class Winner(ui.Screen):
    # Who won and how. Every winner of a shared victory is named, and the status pixel cycles
    # through their colours.
    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.g = game
        self.statuses = [game.players[w] for w in game.outcome.winners]
        self.status = self.statuses[0]

    def draw(self, d):
        g = self.g
        ui.title(d, "Shared victory" if g.outcome.shared else "Winner")
        lines = explain(g)
        y = winners(d, g, 12, len(lines) <= 4)
        for line in lines:
            ui.put(d, line, 0, y)
            y += 8

    def key(self, button, kind):
        if kind == ui.PRESS and button in (ui.OK, ui.BACK):
            self.app.home()


def winners(d, g, y, big=True):
    # The winner, big where there is room; the winners of a shared victory (up to five) in
    # lines of 16. -> the y of the next line
    names = [short(g.players[w]) for w in g.outcome.winners]
    if big and len(names) == 1:
        ui.big_center(d, names[0], y)
        return y + 18
    y -= 1
    for line in ui.wrap(", ".join(names)):
        ui.center(d, line, y)
        y += 8
    return y


def over(d, g):
    # The hub once the game is over
    ui.title(d, "Game over")
    ui.center(d, "Shared victory" if g.outcome.shared else "Winner", 14)
    winners(d, g, 26)
    ui.hint(d, "ok:scores back")


def explain(g):
    # How the winner was found, in the rules core's words (lines of 16 at most)
    return g.outcome.reason

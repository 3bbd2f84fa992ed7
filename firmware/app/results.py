# The results of a game: the scoreboard and the winner with the tie-break spelled out. Apart
# from the scoring wizard (app.scoring), so opening a finished game loads only these.
from app import ui
from app.ui import short


class Scoreboard(ui.Screen):
    # Players by total: this stage's points and the total.
    def __init__(self, app, game, final):
        ui.Screen.__init__(self, app)
        self.g = game
        self.final = final

    def draw(self, d):
        g = self.g
        stage = len(g.scores)
        totals = g.totals()
        ui.title(d, "Final scores" if self.final else "Stage %d scores" % stage)
        ui.put(d, "         stg tot", 0, 11)
        order = sorted(range(g.n), key=lambda p: -totals[p])
        y = 20
        for p in order:
            ui.put(d, "%-7s %4d %3d" % (short(g.players[p]), g.scores[-1][p][4], totals[p]),
                   0, y)
            y += 8
        ui.hint(d, "ok")

    def key(self, button, kind):
        app = self.app
        if button == ui.BACK and kind == ui.LONG and self.g is app.game:
            app.undo()  # takes the scoring back
            return
        if kind != ui.PRESS or button not in (ui.OK, ui.BACK):
            return
        app.pop()
        if self.final and button == ui.OK and self.g.outcome is not None:
            app.push(Winner(app, self.g))


class Unfinished(ui.Screen):
    # A game left for a new one (Home's "New game" mid-game): where it stopped and the points
    # so far. It has no scores to show or winner to name.
    def __init__(self, app, gid, game):
        ui.Screen.__init__(self, app)
        self.gid = gid
        self.g = game

    def draw(self, d):
        g = self.g
        totals = g.totals()
        ui.title(d, "Game %d" % self.gid)
        ui.put(d, "Unfinished: " + where(g), 0, 11)
        y = 20
        for p in range(g.n):
            ui.put(d, "%-7s %4d pts" % (short(g.players[p]), totals[p]), 0, y)
            y += 8

    def key(self, button, kind):
        if kind == ui.PRESS and button in (ui.OK, ui.BACK):
            self.app.pop()


def where(g):
    # Where a game stands, in 4 columns: "S1R4" (the round to be played), "S2sc" (scoring)
    if g.phase == "scoring":
        return "S%dsc" % g.stage
    return "S%dR%d" % (g.stage, g.round + 1)


class Winner(ui.Screen):
    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.g = game
        self.status = game.players[game.outcome.winners[0]]

    def draw(self, d):
        g = self.g
        o = g.outcome
        names = [short(g.players[w]) for w in o.winners]
        ui.title(d, "Shared victory" if o.shared else "Winner")
        ui.big_center(d, names[0], 12)
        lines = explain(g)
        y = 30
        for line in lines:
            ui.put(d, line, 0, y)
            y += 8

    def key(self, button, kind):
        if kind == ui.PRESS and button in (ui.OK, ui.BACK):
            self.app.home()


def explain(g):
    # How the winner was found, in at most 4 lines of 16.
    o = g.outcome
    top = max(o.totals)
    if not o.tiebreak:
        return ["%d points" % top]
    lines = ["Tie at %d points" % top]
    lines.extend(ui.wrap(", ".join(short(g.players[p]) for p in o.tied))[:1])
    if o.shared:
        return lines + ["same largest", "area: %d" % o.largest[o.winners[0]]]
    lines.append("largest area:")
    lines.append(" ".join("%s %d" % (g.players[p][:3], o.largest[p]) for p in o.tied)[:16])
    return lines

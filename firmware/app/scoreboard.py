# The scoreboard for every game: the rules core's scoreboard.Scoreboard, players by total, and down
# (and up) pages through each player's points by part. A game may bring its own instead
# (flow.scoreboard: Versailles shows its two stages, app/versailles_scoring.py); loaded when a
# game's flow asks for it.
from app import ui
from app.results import Winner
from app.ui import short


class Scoreboard(ui.Screen):
    # Players by total; down (and up) pages through each player's points by part.
    undoable = True  # a long back takes the last event back (not when opened from Finished)

    def __init__(self, app, game, final):
        ui.Screen.__init__(self, app)
        self.g = game
        self.final = final
        self.board = game.scoreboard()
        self.page = 0  # 0: the table; i: the parts of the i-th player in it

    def draw(self, d):
        b = self.board
        order = b.ranking()
        if self.page:
            p = order[self.page - 1]
            ui.title(d, "%s %d/%d" % (short(b.names[p]), self.page, len(order)))
            y = 11
            for i in range(len(b.parts)):
                ui.put(d, "%-8s%8d" % (ui.local(b.parts[i]), b.rows[p][i]), 0, y)
                y += 8
            ui.put(d, "%-8s%8d" % (u"total", b.totals[p]), 0, y)
            return
        ui.title(d, u"Final scores" if self.final else u"Scores")
        ui.put(d, u"dn:more     tot", 0, 11)
        y = 20
        for p in order:
            ui.put(d, "%-7s %8d" % (short(b.names[p]), b.totals[p]), 0, y)
            y += 8

    def key(self, button, kind):
        app = self.app
        if button == ui.BACK and kind == ui.LONG and self.undoable and self.g is app.game:
            app.undo()
            return
        if kind != ui.PRESS:
            return
        n = len(self.board.names)
        if button in (ui.UP, ui.DOWN):
            self.page = (self.page + (1 if button == ui.DOWN else -1)) % (n + 1)
            order = self.board.ranking()
            self.status = self.board.names[order[self.page - 1]] if self.page else None
            return
        if button not in (ui.OK, ui.BACK):
            return
        app.pop()
        if self.final and button == ui.OK and self.g.outcome is not None:
            app.push(Winner(app, self.g))

# The toy game's flow on the box (firmware/app/flows.py), for tests only: its hub shows whose
# turn it is and the pips so far; up/down choose 1 to 3 pips, ok takes them, a long back
# undoes, back goes to the menu. Its one pixel: px1 in the colour of the player to take.
from app import ui
from app.colors import OFF, rgb_of

GAME = "toy"
MODULES = ()


def setup(app):
    from app.setup import PlayerCount
    app.push(PlayerCount(app))


def note(n):
    return ""


def describe(g, ev):
    if ev["e"] == "take":
        return "Undone: %s takes %d" % (ui.short(g.players[ev["p"]]), ev["n"])
    return "Undone: " + ev["e"]


def where(g):
    return "T%d" % sum(g.pips)


def scoreboard(app, g, final):
    from app.scoreboard import Scoreboard
    return Scoreboard(app, g, final)


def light(app, g, top):
    app.light("px1", rgb_of(g.players[g.turn]) if g.outcome is None else OFF)
    for i in range(2, 8):
        app.light("px%d" % i, OFF)


class Hub(ui.Screen):
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.n = 1

    def draw(self, d):
        g = self.app.game
        if g.outcome is not None:
            from app.results import over
            return over(d, g)
        self.status = g.players[g.turn]  # the status pixel: whose turn
        ui.title(d, "%s takes" % ui.short(g.players[g.turn]))
        ui.big_center(d, str(self.n), 12)
        y = 32
        for p in range(len(g.players)):
            ui.put(d, "%-7s %2d" % (ui.short(g.players[p]), g.pips[p]), 0, y)
            y += 8

    def key(self, button, kind):
        app = self.app
        g = app.game
        if ui.hub_back(app, button, kind):
            return
        if g.outcome is not None:
            if button == ui.OK and kind == ui.PRESS:
                app.push(scoreboard(app, g, True))
        elif button in (ui.UP, ui.DOWN) and kind == ui.PRESS:
            self.n = max(1, min(3, self.n + (1 if button == ui.UP else -1)))
        elif button == ui.OK and kind == ui.PRESS:
            if app.record({"e": "take", "p": g.turn, "n": self.n}):
                app.show_game()

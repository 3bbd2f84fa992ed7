# The results of a game, for every game: a game left unfinished, and the winner with the rules
# core's reason in words (the generic scoreboard: app/scoreboard.py). Apart from the entry
# screens, so opening a finished game loads only these and the game's scoreboard.
from app import ui
from app.ui import short


def names(g):
    # the players' names, as the game's setup gave them (every game keeps them as .players:
    # a game viewed from its journal keeps no events)
    return g.players


class Unfinished(ui.Screen):
    # A game left for a new one (Home's "New game" mid-game): where it stopped and the points
    # so far; ok resumes it. It has no scores to show or winner to name.
    def __init__(self, app, gid, game, flow):
        ui.Screen.__init__(self, app)
        self.gid = gid
        self.g = game
        self.flow = flow

    def draw(self, d):
        g = self.g
        totals = g.totals()
        ui.title(d, u"Game %d: %s" % (self.gid, self.flow.where(g)))
        ui.put(d, u"ok:resume  back", 0, 11)
        y = 20
        players = names(g)
        for p in range(len(players)):
            ui.put(d, u"%-7s %4d pts" % (short(players[p]), totals[p]), 0, y)
            y += 8

    def key(self, button, kind):
        app = self.app
        if kind != ui.PRESS:
            return
        if button == ui.BACK:
            app.pop()
        elif button == ui.OK:
            if app.game is not None and app.game.outcome is None:
                from app.home import LEAVE
                app.push(ui.Confirm(app, u"Resume game %d" % self.gid, LEAVE,
                                    then=self._resume))
            else:
                self._resume()

    def _resume(self):
        app = self.app
        if app.game is not None and app.game.outcome is None:
            app.file(app.gid, app.game)  # left unfinished in turn, as this one was
        self.g = None  # its view goes first: the copy, then the new game's replay
        app.resume(self.gid)


class Winner(ui.Screen):
    # Who won and how. Every winner of a shared victory is named, and the status pixel cycles
    # through their colours.
    def __init__(self, app, game):
        ui.Screen.__init__(self, app)
        self.g = game
        self.statuses = [names(game)[w] for w in game.outcome.winners]
        self.status = self.statuses[0]

    def draw(self, d):
        g = self.g
        ui.title(d, u"Shared victory" if g.outcome.shared else u"Winner")
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
    players = names(g)
    won = [short(players[w]) for w in g.outcome.winners]
    if big and len(won) == 1:
        ui.big_center(d, won[0], y)
        return y + 18
    y -= 1
    for line in ui.wrap(", ".join(won)):
        ui.center(d, line, y)
        y += 8
    return y


def over(d, g):
    # A game's hub once the game is over
    ui.title(d, u"Game over")
    ui.center(d, u"Shared victory" if g.outcome.shared else u"Winner", 14)
    winners(d, g, 26)
    ui.hint(d, u"ok:scores back")


def explain(g):
    # How the winner was found, in the rules core's words (lines of 16 at most)
    return g.outcome.reason

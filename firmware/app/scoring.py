# End of a stage: every player's areas (pre-filled with what the box knows), the scoring, the
# scoreboard and the winner with the tie-break spelled out.
from shared_rules.versailles.game import OVER
from shared_rules.versailles.tiles import AREA_KINDS

from app import ui
from app.entry import NumberEntry
from app.versailles import short


def start_scoring(app):
    g = app.game
    pending = g.pending_reports()
    if pending:
        app.push(Areas(app, pending[0]))
    elif g.stage == 2:
        app.push(ui.Confirm(app, "Final scoring", "This ends the game. Score it now?",
                            then=lambda: _score(app)))
    else:
        _score(app)


def _score(app):
    if app.record({"e": "score", "stage": app.game.stage}):
        g = app.game
        app.show_game()
        app.push(Scoreboard(app, g, final=g.phase == OVER))


class Areas(ui.Screen):
    # One player's largest area of each type; each starts at what that player claimed
    # (areas never shrink), so often ok is all it takes.
    def __init__(self, app, p):
        ui.Screen.__init__(self, app)
        g = app.game
        self.p = p
        self.status = g.players[p]
        self.sizes = list(g.claimed[p])
        self.k = 0
        self._entry()

    def _entry(self):
        g = self.app.game
        floor = g.claimed[self.p][self.k]
        self.entry = NumberEntry(self.sizes[self.k], floor, g.fields(self.p))

    def draw(self, d):
        g = self.app.game
        ui.title(d, "%s %d/6" % (short(g.players[self.p]), self.k + 1))
        ui.center(d, "largest " + AREA_KINDS[self.k][:8], 13)
        ui.big_center(d, str(self.entry.value), 26, 3)
        ui.hint(d, "ok:next back")

    def key(self, button, kind):
        app = self.app
        if self.entry.key(button, kind):
            return
        if button == ui.BACK and kind == ui.LONG:
            app.undo()  # e.g. the previous player's report
            return
        if button == ui.OK and kind == ui.PRESS:
            self.sizes[self.k] = self.entry.value
            if self.k < len(AREA_KINDS) - 1:
                self.k += 1
                self._entry()
            elif app.record({"e": "areas", "p": self.p, "sizes": self.sizes}):
                app.pop()
                start_scoring(app)
        elif button == ui.BACK and kind == ui.PRESS:
            if self.k == 0:
                app.pop()
            else:
                self.sizes[self.k] = self.entry.value
                self.k -= 1
                self._entry()


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

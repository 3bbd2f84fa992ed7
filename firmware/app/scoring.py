# End of a stage: every player's areas (pre-filled with what the box knows), the scoring, the
# scoreboard and the winner with the tie-break spelled out.
from shared_rules.versailles.game import OVER
from shared_rules.versailles.tiles import AREA_KINDS

from app import ui
from app.ui import short
from app.entry import NumberEntry
from app.results import Scoreboard


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

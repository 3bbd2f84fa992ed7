# The final scoring of Sanssouci at the box: after round 18 each player reveals their two task
# cards (a motif each), entered here one player after the other; the box scores the rest from
# what it tracked (rows, columns, where the nobles stand). Nothing asks for them before: the
# cards stay hidden all game (docs/RULES.md, S10).
import gc

from shared_rules.sanssouci.game import OVER, TASKS

from app import codeheap, ui
from app.sanssouci import MOTIF10


class TaskPick(ui.Menu):
    # The next player still to reveal: their first task card, then the second (the same motif
    # twice is allowed); ok on the second records both, back returns to the first (or the
    # hub). The next player's cards follow at once.
    def __init__(self, app):
        g = app.game
        self.p = [q for q in range(g.n) if g.tasks[q] is None][0]
        if codeheap.DROP:
            # no more turns: their screens leave the heap (the hub's > loads them again for
            # the last noble move, until the first reveal); the final scoring's rules came
            # with the hub (its MODULES), imported here only if they had left
            codeheap.forget("app.sanssouci_turn")
            gc.collect()
            __import__("shared_rules.sanssouci.scoring")
        self.status = g.players[self.p]
        self.chosen = []
        ui.Menu.__init__(self, app, "", [(name, self._pick) for name in MOTIF10])
        self._heading()

    def _heading(self):
        self.heading = u"%s task %d/%d" % (ui.short(self.app.game.players[self.p]),
                                          len(self.chosen) + 1, TASKS)

    def _pick(self):
        app = self.app
        self.chosen.append(self.at)
        if len(self.chosen) < TASKS:
            self.at = 0  # the second card's list from its first row, as every list
            self._heading()
            return
        if app.record({"e": "tasks", "p": self.p, "m": self.chosen}):
            app.show_game()
            if app.game.phase != OVER:
                app.push(TaskPick(app))
        else:
            self.chosen = []
            self._heading()

    def key(self, button, kind):
        if button == ui.BACK and kind == ui.PRESS and self.chosen:
            self.at = self.chosen.pop()
            self._heading()
            return
        ui.Menu.key(self, button, kind)

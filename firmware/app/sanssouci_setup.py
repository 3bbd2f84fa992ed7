# Setting up Sanssouci after the colours (app/setup.py calls flow.more): each garden's
# pre-printed cells, which differ from board to board, on a 9 x 6 grid (the first row is built
# on every board). Then the generic start screen, the gardens its extra setup field.
from shared_rules.sanssouci.board import FIRST, cell, new_garden
from shared_rules.sanssouci.game import MAX_PRINTED

from app import ui
from app.sanssouci import cell_lines, draw_garden, move_cursor, panel

class GardenEdit(ui.Screen):
    # One player's garden: up/down the row, > and < (back) the column, round at the edges;
    # ok marks or clears the cell under the cursor; a long ok: this garden is done (the next
    # player's, or start). A long back returns to the previous garden (or the colours).
    def __init__(self, app, names, people, gardens):
        ui.Screen.__init__(self, app)
        self.names, self.people, self.gardens = names, people, gardens
        self.seat = len(gardens)
        self.status = names[self.seat]
        self.cells = []
        self.row, self.m = FIRST, 0

    def draw(self, d):
        ui.title(d, u"%s's garden" % ui.short(self.names[self.seat]))
        c = cell(self.row, self.m)
        draw_garden(d, new_garden(self.cells), None, c)
        full = len(self.cells) == MAX_PRINTED
        panel(d, cell_lines(c) + ["", u"%d set" % len(self.cells), u"most" if full else ""])
        ui.hint(d, u"ok:set hold:done")

    def key(self, button, kind):
        app = self.app
        if kind == ui.LONG:
            if button == ui.OK:
                self._done()
            elif button == ui.BACK:
                app.pop()
            return
        if not move_cursor(self, button) and button == ui.OK and kind == ui.PRESS:
            c = cell(self.row, self.m)
            if c in self.cells:
                self.cells.remove(c)
            elif len(self.cells) < MAX_PRINTED:  # beyond, 18 tiles might not find room
                self.cells.append(c)

    def _done(self):
        app = self.app
        gardens = self.gardens + [sorted(self.cells)]
        if len(gardens) < len(self.names):
            app.push(GardenEdit(app, self.names, self.people, gardens))
        else:
            from app.setup import StartGame
            app.push(StartGame(app, self.names, self.people, {"gardens": gardens}))

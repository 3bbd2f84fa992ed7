# What the table asks between rounds: who holds which majority token, with how many fields
# (the size a claim must beat). Down on the hub opens it; the token pixels show the same in
# colour.
from shared_rules.errors import local
from shared_rules.versailles.tiles import TYPES

from app import ui
from app.ui import short


class Tokens(ui.Screen):
    toast_ok = False  # its last row is where a toast would go: the toast waits

    def draw(self, d):
        g = self.app.game
        ui.title(d, u"Token holders")
        y = 11
        for t in range(len(TYPES)):
            h = g.holders[t]
            if h >= 0:  # "yellow Orange  12": the type, its holder, the holder's fields
                ui.put(d, "%-6s %-6s %2d" % (local(TYPES[t]), short(g.players[h])[:6], g.held[t]),
                       0, y)
            else:
                ui.put(d, "%-6s -" % local(TYPES[t]), 0, y)
            y += 9
        ui.hint(d, u"more fields take")

    def key(self, button, kind):
        if kind == ui.PRESS and button in (ui.OK, ui.BACK, ui.DOWN):
            self.app.pop()

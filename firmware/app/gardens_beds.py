# The flowerbeds one turn completed, entered as their four flowers: a press a flower, each
# button a colour (up blue, down yellow, > red, ok pink: the screen says so), the order of
# no matter. The fourth flower completes the bed, and who won it and why shows at once; then
# ok records the turn (every bed entered), > starts the next bed (a tile has four corners:
# four beds at most). back takes the last flower away (none: the bed before, or the hub); a
# long back empties the bed being entered (nothing entered: the last turn is undone).
from micropython import const
from shared_rules.errors import local
from shared_rules.gardens import rules as R

from app import ui
from app.gardens import record_turn, special_toggle
from app.ui import short

KEYS = {ui.UP: 0, ui.DOWN: 1, ui.NEXT: 2, ui.OK: 3}  # button -> colour (blue yellow red pink)
_BIG = const(u"BYRP")  # a flower drawn big: its colour's initial


class BedEntry(ui.Screen):
    def __init__(self, app, special=False):
        ui.Screen.__init__(self, app)
        self.beds = [""]  # the beds of this turn, the last one being entered
        self.special = special
        self.status = app.game.players[app.game.player_on_turn()]

    def draw(self, d):
        g = self.app.game
        bed = self.beds[-1]
        ui.title(d, u"%s bed %d%s" % (local(R.COLOURS[g.on_turn()]), len(self.beds),
                                      u" +sp" if self.special else ""))
        ui.big_center(d, " ".join([_BIG[R.LETTERS.find(f)] for f in bed]
                                  + ["_"] * (R.FLOWERS - len(bed))), 12)
        if len(bed) < R.FLOWERS:
            ui.put(d, u"^ blue  v yellow", 0, 32)
            ui.put(d, u"> red   ok pink", 0, 41)
            ui.hint(d, u"back:erase")
            return
        y = 32
        for line in self.verdict():
            ui.put(d, line, 0, y)
            y += 9
        ui.hint(d, u"ok:done >:bed %d" % (len(self.beds) + 1)
                if len(self.beds) < R.BEDS_PER_TURN else u"ok:done")

    def verdict(self):
        # -> the two lines on the bed just completed: the majority, and who scores. The
        # supply counts the beds before it in this turn.
        g = self.app.game
        placed = list(g.placed)
        for bed in self.beds:
            counts = R.flowers(bed)
            winner, why = R.judge(counts, g.in_play, g.by_team)
            tile = winner != R.NOBODY and why != R.MATES and placed[winner] < g.tiles
            if tile:
                placed[winner] += 1
        line = R.bed_line(counts, winner, why, tile, g.by_team)
        if winner == R.NOBODY:
            return [line, u"nobody scores"]
        if why == R.MATES and g.n == 4:  # the team's bed, neither player's tile
            return [line, u"%s +1 bed" % local(R.TEAM_SHORT[winner])]
        return [line, u"%s +1 bed" % short(g.players[g.seat_of(winner)])]

    def key(self, button, kind):
        app = self.app
        beds = self.beds
        bed = beds[-1]
        if button == ui.BACK and kind == ui.LONG:
            if bed:
                beds[-1] = ""
            elif len(beds) > 1:
                beds.pop()
                beds[-1] = ""
            else:
                app.pop()
                app.undo()
        elif button == ui.BACK and kind == ui.PRESS:
            if bed:
                beds[-1] = bed[:-1]
            elif len(beds) > 1:
                beds.pop()
                beds[-1] = beds[-1][:-1]
            else:
                app.pop()
        elif button == ui.NEXT and kind == ui.LONG:
            self.special = special_toggle(app, app.game, self.special)
        elif kind != ui.PRESS:
            return
        elif len(bed) < R.FLOWERS:
            if button in KEYS:
                beds[-1] = bed + R.LETTERS[KEYS[button]]
        elif button == ui.OK:
            record_turn(app, beds, self.special)
        elif button == ui.NEXT and len(beds) < R.BEDS_PER_TURN:
            beds.append("")

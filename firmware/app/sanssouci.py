# The Sanssouci flow at the table (app/flows.py): the hub (a player's garden as a 9 x 6 grid
# beside the running scores), what the undo toast says and what the pixels mean. The turn's
# screens (tile, card, gardener, noble) are app/sanssouci_turn.py, the setup's garden editor
# app/sanssouci_setup.py, the final task cards app/sanssouci_tasks.py: each loads when needed.
from micropython import const
from shared_rules.sanssouci.board import COLS, EMPTY, FIRST, GARDENER, ROWS
from shared_rules.sanssouci.game import NOBODY, OVER, PLAY

from app import ui
from app.colors import OFF, rgb_of

GAME = "sanssouci"
# its screens, and the final scoring's rules with them while the heap is whole: loaded at the
# first reveal, their 1.3 KB can find a 192 KB heap in pieces, and they would load then
# again after every restart
MODULES = ("app.sanssouci_turn", "app.sanssouci_tasks", "shared_rules.sanssouci.scoring")
# The grid: a cell is a box of _PITCH_X x _PITCH_Y pixels (the cell drawn inside it, a pixel
# apart, the box's edge for the cursor); beside it a panel of 6 columns of text.
_PITCH_X = const(8)
_PITCH_Y = const(7)
_GRID_X = const(1)
_GRID_Y = const(10)
PANEL_X = _GRID_X + COLS * _PITCH_X + 2  # 75: 6 letters to the screen's edge
# 6 letters each: the panel's names of the motif columns and of the colour rows
MOTIF6 = (u"Labyr.", u"Statue", u"Pavil.", u"Figur", u"Treppe", u"Brunn.", u"Rosenb",
          u"Kraeut", u"Weinst")
# (the colours are the rules' names, board.COLOURS, shown through ui.local: not u-strings, as
# no u-string may hold a name the rules core says through local())
COLOUR6 = ("beige", "white", "grey", "orange", "violet", "turq.")
# the lists' names of the motifs (the 15 letters of a list row, " wild" included)
MOTIF10 = (u"Labyrinth", u"Statue", u"Pavillon", u"Figur", u"Treppe", u"Brunnen",
           u"Rosenbogen", u"Kraeuter.", u"Weinstock")
# What the pixels mean (board.PIXELS are positions, left to right): px1-px6 the rounds left,
# a pixel for every 3 (dim white), px7 the colour of the player who may still move a noble.
# The status pixel is the app's: whose turn.
_ROUND_PIXELS = const(("px1", "px2", "px3", "px4", "px5", "px6"))
_NOBLE_PIXEL = const("px7")
_ROUNDS_LIT = const((24, 24, 24))


def setup(app):
    from app.setup import PlayerCount
    app.push(PlayerCount(app))


def note(n):
    return ""


def house(n, extra):
    # the table's house rule (docs/RULES.md S5): the first row, built before the game, scores
    # 9 as a complete row ("Fuer jede vollstaendige, waagrechte Reihe ...", the rulebook's
    # words), or nothing
    return "first_row", ((1, u"1st row: 9 pts"), (0, u"1st row: 0 pts"))


def setup_text(g):
    # Rulebook, "Aufbau": each player a garden with the 9 nobles on its top row, a deck of 18
    # cards (2 in hand) and 2 task cards; the garden tiles marked for the player count (II,
    # and III with three, IV with four) in 10 piles, 10 face up
    return (
        u"Each: a garden, 9 nobles on top, 18 cards (2 in hand), 2 tasks. Tiles %s: 10 piles, 10 up."
        % ("II", "II+III", "II-IV")[g.n - 2])


def more(app, names, people):
    # After the colours: each garden's pre-printed cells (app/sanssouci_setup.py)
    from app.sanssouci_setup import GardenEdit
    app.push(GardenEdit(app, names, people, []))


def light(app, g, top):
    left = g.rounds_left() if g.phase == PLAY else 0
    lit = (left + 2) // 3
    for i in range(len(_ROUND_PIXELS)):
        app.light(_ROUND_PIXELS[i], _ROUNDS_LIT if i < lit else OFF)
    app.light(_NOBLE_PIXEL, rgb_of(g.players[g.open]) if can_move(g) else OFF)


def can_move(g):
    # whether the player who just placed a tile may still move a noble, and one can move
    return g.open != NOBODY and bool(g.noble_moves())


def scoreboard(app, g, final):
    from app.scoreboard import Scoreboard
    return Scoreboard(app, g, final)


def where(g):
    # Where a game stands, in 4 columns: "R12" (the round being played), "task" (the reveal)
    return u"R%d" % g.round() if g.phase == PLAY else u"task"


def describe(g, ev):
    # The undo toast's words for the last event: "Undone: Orange's tile"
    e = ev["e"]
    who = ui.short(g.players[ev["p"]]) if "p" in ev else ""
    if e == "tile":
        return u"Undone: %s's tile" % who
    if e == "noble":
        return u"Undone: %s's noble" % who
    if e == "tasks":
        return u"Undone: %s's tasks" % who
    return u"Undone: " + e


def draw_garden(d, garden, nobles=None, cursor=-1):
    # The garden as a grid: an empty cell a dot, a built or placed one filled, a gardener a
    # checker; a noble a dark square in its cell; the cursor a frame round its cell.
    for c in range(ROWS * COLS):
        r, m = divmod(c, COLS)
        x = _GRID_X + m * _PITCH_X
        y = _GRID_Y + r * _PITCH_Y
        v = garden[c]
        if v == EMPTY:
            d.fill_rect(x + 3, y + 3, 2, 1, 1)
        elif v == GARDENER:  # a tile turned over: half lit, a checker
            for i in range(_PITCH_X - 2):
                for j in range(i & 1, _PITCH_Y - 2, 2):
                    d.pixel(x + 1 + i, y + 1 + j, 1)
        else:
            d.fill_rect(x + 1, y + 1, _PITCH_X - 2, _PITCH_Y - 2, 1)
        if nobles is not None and nobles[m] == r:
            d.fill_rect(x + 3, y + 2, 2, 2, 0)
        if c == cursor:
            d.rect(x, y, _PITCH_X, _PITCH_Y, 1)


def panel(d, lines, y=_GRID_Y, inverted=-1):
    # The text beside the grid, 6 letters a line; line `inverted` dark on light
    for i in range(len(lines)):
        if i == inverted:
            d.fill_rect(PANEL_X - 1, y - 1, ui.W - PANEL_X + 1, 9, 1)
        ui.put(d, lines[i], PANEL_X, y, 0 if i == inverted else 1)
        y += 8


def move_cursor(screen, button):
    # The grid's cursor (screen.row, screen.m): up/down a row (the built first row skipped,
    # wrapping), >/back a motif column (wrapping). -> whether the button was one of those
    if button in (ui.UP, ui.DOWN):
        span = ROWS - FIRST
        screen.row = FIRST + (screen.row - FIRST + (1 if button == ui.DOWN else -1)) % span
    elif button in (ui.NEXT, ui.BACK):
        screen.m = (screen.m + (1 if button == ui.NEXT else -1)) % COLS
    else:
        return False
    return True


def cell_lines(c):
    # the panel's name of a cell: its colour, its motif
    return [ui.local(COLOUR6[c // COLS]), MOTIF6[c % COLS]]


class Hub(ui.Screen):
    # The player to play: their garden and everyone's score; ok takes their tile (the turn's
    # screens), > moves a noble while the player who just placed a tile still may, up/down
    # show the other players' gardens, back opens the menu, a long back undoes. After round
    # 18: ok asks each player's task cards; then the winner.
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.seat = None  # the garden shown: None, the player to play's

    def draw(self, d):
        g = self.app.game
        if g.phase == OVER:
            from app.results import over
            return over(d, g)
        if g.phase != PLAY:
            return self._reveal(d, g)
        p = g.to_play()
        self.status = g.players[p]
        shown = p if self.seat is None else self.seat
        if shown == p:
            ui.title(d, u"%s round %d" % (ui.short(g.players[p]), g.round()))
        else:
            ui.title(d, u"%s's garden" % ui.short(g.players[shown]))
        draw_garden(d, g.gardens[shown], g.nobles[shown])
        totals = g.totals()
        panel(d, ["%-2s%4d" % (ui.short(g.players[q])[:2], totals[q]) for q in range(g.n)],
              inverted=shown)
        left = g.rounds_left()  # rounds, the current one included: not tiles
        # (two formats, not a plural "s": a language says its plural its own way)
        ui.hint(d, (u"%s %2d rnds" if left > 1 else u"%s %2d rnd")
                % (u">:noble" if can_move(g) else u"ok:tile", left))

    def _reveal(self, d, g):
        ui.title(d, u"Final scoring")
        totals = g.totals()
        y = 11
        for q in range(g.n):
            ui.put(d, "%-6s %3d %s" % (ui.short(g.players[q])[:6], totals[q],
                                       "?" if g.tasks[q] is None else u"shown"), 0, y)
            y += 8
        self.statuses = [g.players[q] for q in range(g.n) if g.tasks[q] is None]
        ui.hint(d, u">:noble ok:tasks" if can_move(g) else u"ok:task cards")

    def key(self, button, kind):
        app = self.app
        g = app.game
        if ui.hub_back(app, button, kind) or kind != ui.PRESS:
            return
        if g.phase == OVER:
            if button == ui.OK:
                app.push(scoreboard(app, g, True))
        elif button == ui.NEXT and g.open != NOBODY:
            if can_move(g):
                from app.sanssouci_turn import NoblePick
                app.push(NoblePick(app))
            else:  # a noble moves only down a path of filled cells, never onto a gardener
                app.say(u"No noble can move")
        elif g.phase != PLAY:
            if button == ui.OK:
                from app.sanssouci_tasks import TaskPick
                app.push(TaskPick(app))
        elif button in (ui.UP, ui.DOWN):
            p = g.to_play()
            shown = p if self.seat is None else self.seat
            self.seat = (shown + (1 if button == ui.DOWN else -1)) % g.n
        elif button == ui.OK:
            from app.sanssouci_turn import TilePick
            app.push(TilePick(app))

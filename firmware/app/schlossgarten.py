# The Schlossgarten flow at the table (app/flows.py): the hub between turns (whose turn, each
# player's points and supply, the constellation draw pile), what the undo toast says and what
# the pixels mean. The entry of a turn that builds is app/schlossgarten_turn.py, loaded when a
# turn is entered. A turn without a building is one press (>).
from micropython import const
from shared_rules.errors import local
from shared_rules.schlossgarten.game import GOAL, SEATS, size

from app import ui
from app.colors import OFF, rgb_of
from app.ui import short

GAME = "schlossgarten"
MODULES = ("app.schlossgarten_turn",)
COLOURS = SEATS  # the players are their pawns' colours: app.setup offers them, pixels glow so
# What the pixels mean (board.PIXELS, left to right): px1-px7 a bar towards 21 in the colour
# of the player the screen is about (whose turn; the player a scoreboard page shows; the
# winner), GOAL // 7 = 3 points a pixel, a pixel partly reached glowing a third or two
# thirds of _DIM_FULL (the strip's brightness cap, 48 on the boards we have, brings brighter
# colours down to it, so a partial pixel is dimmed below it). The status pixel is the app's:
# whose turn.
_BAR = const(("px1", "px2", "px3", "px4", "px5", "px6", "px7"))
PER_PIXEL = GOAL // len(_BAR)
_DIM_FULL = const(48)
# The supply on the hub: the gardener's three elements (hedge1, hedge2, maze), then the
# architect's (column, pool, terrace), each as its size, "." once on the field
GARDENER_X = 74
_ARCHITECT_X = const(103)
_POINTS_X = const(53)


def setup(app):
    from app.setup import PlayerCount
    app.push(PlayerCount(app))


def note(n):
    return ""


def house(n, extra):
    # the table's house rule (docs/RULES.md S5): a turn that reaches 21 counts whole, the
    # element built and its tiles taken together (the rulebook's figures 5b and 5d), or
    # ends at the tile that reached 21
    return "whole_turn", ((1, u"21: after turn"), (0, u"21: at its tile"))


def setup_text(g):
    # Rulebook, "Setup": the 49 landscape tiles in the frame, points up; each player's 6
    # garden elements and pawns on their start; each takes one constellation card
    return (
        u"49 tiles in the frame, points up. Each: 6 elements, pawns on start, 1 card: pile %d."
        % g.pile)


def where(g):
    # the turn to be played, in 4 columns: "T12"
    return "T%d" % (g.turn + 1)


def scoreboard(app, g, final):
    from app.scoreboard import Scoreboard
    return Scoreboard(app, g, final)


def seat_of(g, top):
    # -> the seat the top screen is about: its status colour's player, else whose turn
    name = top.status
    if name in g.players:
        return g.players.index(name)
    if g.outcome is not None:
        return g.outcome.winners[0]
    return g.current()


def light(app, g, top):
    p = seat_of(g, top)
    rgb = rgb_of(g.players[p], COLOURS)
    points = g.points(p)
    top = max(rgb)
    for i in range(len(_BAR)):
        part = min(PER_PIXEL, max(0, points - PER_PIXEL * i))  # of this pixel's 3 points
        if part == PER_PIXEL:
            app.light(_BAR[i], rgb)
        elif part:  # the player's hue, its brightest channel at a third (two) of _DIM_FULL
            m = _DIM_FULL * part // PER_PIXEL
            app.light(_BAR[i], (rgb[0] * m // top, rgb[1] * m // top, rgb[2] * m // top))
        else:
            app.light(_BAR[i], OFF)


def supply_text(g, p, first):
    # one pawn's three elements: "12." (the maze on the field)
    field = g.field[p]
    return "".join(["." if field >> i & 1 else str(size(i)) for i in range(first, first + 3)])


def describe(g, ev):
    # The undo toast: "Undone: Orange's pool", "Undone: Orange's turn"
    if ev["e"] == "turn":
        who = short(g.players[ev["p"]])
        if ev.get("el"):
            return u"Undone: %s's %s" % (who, local(ev["el"]))
        if ev.get("tiles"):
            return u"Undone: %s's tiles" % who
        return u"Undone: %s's turn" % who
    return u"Undone: " + ev["e"]


def said_after(g):
    # What the box says once a turn is recorded: the reshuffle when the next draw finds the
    # pile empty ("Discard Pile"), else nothing
    if g.reshuffle_due():
        return u"Pile empty: shuffle the %d discards" % g.discard
    return None


class Hub(ui.Screen):
    # Between turns: ok enters the turn of the player to play (the element built, what it
    # covers, the tiles taken), > records a turn without a building, down shows the scores,
    # back opens the menu, a long back undoes.
    def draw(self, d):
        g = self.app.game
        if g.outcome is not None:
            from app.results import over
            self.status = g.players[g.outcome.winners[0]]
            return over(d, g)
        p = g.current()
        self.status = g.players[p]
        ui.title(d, u"Turn %d: %s" % (g.turn + 1, short(g.players[p])))
        ui.put(d, u"pile %d" % g.pile, 0, 11)
        ui.put(d, u"G", GARDENER_X + 8, 11)
        ui.put(d, u"A", _ARCHITECT_X + 8, 11)
        y = 21
        for s in range(g.n):
            c = 1
            if s == p:
                d.fill_rect(0, y - 1, ui.W, 9, 1)
                c = 0
            ui.put(d, short(g.players[s])[:6], 0, y, c)
            ui.put(d, "%2d" % g.points(s), _POINTS_X, y, c)
            ui.put(d, supply_text(g, s, 0), GARDENER_X, y, c)
            ui.put(d, supply_text(g, s, 3), _ARCHITECT_X, y, c)
            y += 9
        if g.reshuffle_due():  # the next draw finds the pile empty: a bar of its own, the
            # bottom line (the header line has no room for it beside the column headers)
            d.fill_rect(0, ui.H - 8, ui.W, 8, 1)
            ui.center(d, u"shuffle %d first" % g.discard, ui.H - 8, 0)
        else:
            ui.hint(d, u"ok:build >:none")

    def key(self, button, kind):
        app = self.app
        g = app.game
        if ui.hub_back(app, button, kind) or kind != ui.PRESS:
            return
        if g.outcome is not None:
            if button == ui.OK:
                app.push(scoreboard(app, g, True))
        elif button == ui.DOWN:
            app.push(scoreboard(app, g, False))
        elif button == ui.NEXT:  # no figure made, or nothing built: the turn still counts
            if app.record({"e": "turn", "p": g.current()}):
                done(app)
        elif button == ui.OK:
            from app.schlossgarten_turn import ElementPick
            app.push(ElementPick(app))


def done(app, back=None):
    # A turn recorded: the hub, and what the table must do before the next turn (the
    # reshuffle), else the elements built over that went back to their owners (`back`; the
    # turn said whole before it was recorded said so too)
    g = app.game
    app.show_game()
    if g.outcome is not None:
        app.beep(880, 300)
        return
    text = said_after(g) or back
    if text:
        app.say(text)

# The Gardens flow at the table (app/flows.py): the hub between turns (whose turn and which
# colour, the garden tiles left in the piles, each colour's beds won and flowerbed tiles
# left, the last round counted down), what the undo toast says and what the pixels mean. Its
# own setup (the players' colours in turn order, the variant): app/gardens_setup.py; the entry of
# the beds a tile completed, each judged as its fourth flower goes in: app/gardens_beds.py.
from micropython import const
from shared_rules.errors import local
from shared_rules.gardens import rules as R
# The rules core loads with the flow, at New game's -> to Gardens: just after the game turned
# away from has left the heap (app/codeheap.py) its free room is whole; at Start, after the
# setup screens, compiling game.py from source meets a MemoryError in a heap in pieces.
from shared_rules.gardens import game as _game  # noqa: F401

from app import codeheap, ui
from app.colors import OFF
from app.ui import short

GAME = "gardens"
MODULES = ("app.gardens_beds",)
SETUP = ("app.gardens_setup",)  # its setup screens: they go once the game starts (codeheap)
# The players' colours are the flowers' (the order of R.COLOURS): app.setup offers them, the
# screens name the players so and the pixels glow in them
COLOURS = _game.SEATS
# What the pixels mean (board.PIXELS are positions): px1..px4 the colours in turn order, the
# one on turn bright, the others dim (dark: the unused colour of 3 players); px5..px7 the
# last round, one amber pixel a turn still to play. The status pixel is the app's: whose turn.
_TURN_PIXELS = const(("px1", "px2", "px3", "px4"))
_COUNT_PIXELS = const(("px5", "px6", "px7"))
_AMBER = const((255, 120, 0))
NO_BEDS = []  # type: list


def setup(app):
    from app.setup import PlayerCount
    app.push(PlayerCount(app))


def note(n):
    # Rulebook, "Two-Player Game": "One player plays alternately as red and blue, the other
    # alternately as yellow and pink."
    return u"2 colours each" if n == 2 else ""


def house(n, extra):
    # the team rules' house rule (docs/RULES.md G2): a team's flowers counted together ("the
    # team that then together holds majority", the rulebook's words) or each colour's own
    if n == 2 or (extra or {}).get("teams"):
        return "majority", (("team", u"team majority"), ("colour", u"colour majority"))
    return None


def setup_text(g):
    # Rulebook, "Setup": a piece of each colour on the start tile, each colour 2 pieces, its
    # flowerbed tiles and (not in the team rules) its special tile; the 96 garden tiles in
    # face-down draw piles
    if g.team_rules:
        text = (
            u"Pieces on the start tile. Each colour: 2 pieces, %d bed tiles. 96 tiles in piles."
            % g.tiles)
        if len(g.players) == 2:  # each plays two colours: say whose the second is
            c = g.colours
            text = u"%s also plays %s, %s %s. " % (
                short(g.players[0]), local(R.COLOURS[c[2]]), short(g.players[1]),
                local(R.COLOURS[c[3]])) + text
        return text
    return (
        u"Pieces on the start tile. Each: 2 pieces, %d bed tiles, a special. 96 tiles in piles."
        % g.tiles)


def taken(n, chosen):
    # the colours app.setup.ColorPick no longer offers (2 players: the chosen ones' mates)
    from app.gardens_setup import taken as _taken
    return _taken(n, chosen)


def more(app, names, people):
    # After the players' colours: the variant (3 or 4 players), then app.setup.StartGame
    # with the setup's own fields (the flower colours in turn order)
    from app.gardens_setup import more as _more
    _more(app, names, people)


def where(g):
    # "T13" (the turn to be played), "T13L" in the last round
    return ("T%d" % (g.turns + 1)) + ("L" if g.end_at is not None and g.turns < 99 else "")


def scoreboard(app, g, final):
    from app.scoreboard import Scoreboard
    return Scoreboard(app, g, final)


def dim(rgb):
    # The colour at a quarter of what the strip shows at most (its brightness cap, 48 on
    # the boards we have): a quarter of the full colour is still above the cap, which
    # brought it to the bright one's level
    m = max(rgb)
    return (rgb[0] * 12 // m, rgb[1] * 12 // m, rgb[2] * 12 // m)


def light(app, g, top):
    over = g.outcome is not None
    now = -1 if over else g.turns % g.per_round
    winners = g.outcome.winners if over else ()
    for i in range(4):
        rgb = OFF
        if i < g.per_round:
            c = g.colours[i]
            if over:
                rgb = COLOURS[c][1] if g.owner[i] in winners else OFF
            else:
                rgb = COLOURS[c][1] if i == now else dim(COLOURS[c][1])
        app.light(_TURN_PIXELS[i], rgb)
    left = 0 if over else (g.turns_left() or 0)
    for i in range(3):
        app.light(_COUNT_PIXELS[i], _AMBER if i < left else OFF)


def colour_of(g, seat_or_slot):
    return R.COLOURS[g.colours[seat_or_slot]]


def on_turn(g):
    # -> the hub's title: the player on turn, "Blue", and the colour they play now where
    # their name does not say it ("Blue: red" with 2 players; "Orange: blue", a game set up
    # before the players' colours were the flowers')
    name = g.players[g.player_on_turn()]
    colour = R.COLOURS[g.on_turn()]
    return short(name) if name.lower() == colour else "%s: %s" % (short(name), local(colour))


def end_news(g):
    # The toast when a turn triggered the end: why, and the turns left of the round (three
    # lines of the toast at most: "yellow's last / tile: last / round, 3 to go")
    if g.piles <= R.LAST_PILES:
        why = u"%d in the piles" % g.piles
    elif g.team_rules:
        out = [c for c in range(2) if g.placed[c] == g.tiles and g.placed[c + 2] == g.tiles]
        why = u"%s out" % local(R.TEAM_NAMES[out[0]])
    else:
        why = u"%s's last tile" % local([R.COLOURS[c] for c in g.colours
                                         if g.placed[c] == g.tiles][0])
    return u"%s: last round, %d to go" % (why, g.turns_left())


class Hub(ui.Screen):
    # Between turns: ok records a turn that completed no flowerbed; up, down or > open the
    # entry of the beds the tile completed; a long > marks the turn as the colour's special
    # garden tile (not from the piles); back opens the menu, a long back undoes.
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        self.special = False

    def draw(self, d):
        g = self.app.game
        if g.outcome is not None:
            from app.results import over
            return over(d, g)
        seat = g.player_on_turn()
        self.status = g.players[seat]  # the status pixel: whose turn
        left = g.turns_left()
        ui.title(d, on_turn(g))
        # the left of the second line: the special tile chosen, the last round counted
        # down, or the garden tiles left in the draw piles
        if self.special:
            ui.put(d, u"special", 0, 11)
        elif left:
            ui.put(d, u"last!" if left == 1 else u"%d to go" % left, 0, 11)
        else:
            # "pile" a text of its own: 7 columns here, where Schlossgarten's "pile %d" has more
            ui.put(d, u"pile" + " %d" % g.piles, 0, 11)
        if g.turns == 0 and not self.special:
            # before the first turn, the keys (the table below would be zeros)
            y = 20
            for line in (u"ok: no new bed", u"^v>: new beds", u"hold >: special",
                         u"hold back: undo"):
                ui.put(d, line, 0, y)
                y += 8
            return
        ui.put(d, u"won left", 8 * 8, 11)
        now = g.turns % g.per_round
        y = 20  # the inverted row's bar (from y - 1) clear of the second line's descenders
        for i in range(g.per_round):
            colour = g.colours[i]
            row = "%-6s%4d%6d" % (local(R.COLOURS[colour]), g.won[colour],
                                  g.tiles - g.placed[colour])
            if i == now:  # the colour on turn, inverted
                d.fill_rect(0, y - 1, ui.W, 9, 1)
                ui.put(d, row, 0, y, 0)
            else:
                ui.put(d, row, 0, y)
            y += 9
        ui.hint(d, u"ok:next ^v>:beds")

    def key(self, button, kind):
        app = self.app
        g = app.game
        if ui.hub_back(app, button, kind):
            return
        if g.outcome is not None:
            if button == ui.OK and kind == ui.PRESS:
                # nothing more to enter: the bed entry leaves the heap (an undo shows the game
                # again, which loads it back); the final scoreboard is the game's lowest point
                codeheap.forget("app.gardens_beds")
                app.push(scoreboard(app, g, True))
        elif button == ui.NEXT and kind == ui.LONG:
            self.special = special_toggle(app, g, self.special)
        elif button == ui.OK and kind == ui.PRESS:
            record_turn(app, [], self.special)
        elif button in (ui.UP, ui.DOWN, ui.NEXT) and kind == ui.PRESS:
            from app.gardens_beds import BedEntry
            app.push(BedEntry(app, self.special))


def special_toggle(app, g, special):
    # -> the special flag after a long >: the colour's special garden tile, if it has one
    c = g.on_turn()
    if special:
        return False
    if g.team_rules:
        app.say(u"No special tiles in the team rules")
        return False
    if g.special[c]:
        app.say(u"%s's special tile: turn %d" % (local(R.COLOURS[c]), g.special[c]))
        return False
    return True


def record_turn(app, beds, special):
    # The turn goes to the rules core, then the journal; the end, when this turn triggered
    # it, is announced at once. -> True if recorded
    g = app.game
    # most turns complete no bed: they share one empty list (nothing changes an event's
    # beds), 64 B of heap less a turn on the unix port, 90 of a 4-player game's 96 turns
    ev = {"e": "turn", "c": R.LETTERS[g.on_turn()], "beds": beds or NO_BEDS}
    if special:
        ev["special"] = True
    before = g.end_at
    if not app.record(ev):
        return False
    app.show_game()
    if before is None and g.end_at is not None and g.outcome is None:
        app.say(end_news(g))
    return True


def describe(g, ev):
    # The undo toast: "Undone: T13 blue, 2 beds"
    if ev["e"] == "turn":
        n = len(ev["beds"])
        return u"Undone: T%d %s%s" % (g.turns, local(R.COLOURS[R.letter_index(ev["c"])]),
                                      (u", %d bed" if n == 1 else u", %d beds") % n if n else "")
    return u"Undone: " + ev["e"]

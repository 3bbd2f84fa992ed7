# The Versailles flow at the table (app/flows.py): the hub between rounds, card entry, what
# the undo toast says and what the pixels mean (token claims: app/versailles_claims.py, the
# token holders: app/versailles_tokens.py, the scoring and its scoreboard:
# app/versailles_scoring.py). Entry starts where the likely value is.
from micropython import const
from shared_rules.errors import local
from shared_rules.versailles.game import CARDS, OVER, PLAY, SCORING
from shared_rules.versailles.scoring import MIN_TOKEN_AREA

from app import ui
from app.ui import short
from app.colors import LUDWIG, OFF, ROUND_COLORS, rgb_of
from app.entry import NumberEntry

GAME = "versailles"
# shared_rules.rng: Ludwig's shuffles, no other game's on the box: it leaves with the game
MODULES = ("app.versailles_claims", "app.entry", "app.versailles_scoring",
           "app.versailles_tokens", "shared_rules.rng")
# What the pixels mean (board.PIXELS are positions, left to right): the five majority
# tokens green, blue, white, red, yellow in their holder's colour (dark: unclaimed), the
# stage (dim green, dim blue; dark once the game is over), Ludwig (amber while his card
# matters on the screen shown). The status pixel is the app's: whose turn.
_TOKEN_PIXELS = const(("px1", "px2", "px3", "px4", "px5"))
_STAGE_PIXEL = const("px6")
_LUDWIG_PIXEL = const("px7")


def setup(app):
    from app.setup import PlayerCount
    app.push(PlayerCount(app))


def note(n):
    # Rulebook, "2-player game": Ludwig plays the third colour
    return u"+ Ludwig" if n == 2 else ""


def light(app, g, top):
    for t in range(5):
        h = g.holders[t]
        app.light(_TOKEN_PIXELS[t], rgb_of(g.players[h]) if h >= 0 else OFF)
    app.light(_STAGE_PIXEL, ROUND_COLORS[g.stage - 1] if g.phase != OVER else OFF)
    app.light(_LUDWIG_PIXEL, getattr(top, "ludwig_color", None) or OFF)


def scoreboard(app, g, final):
    from app.versailles_scoring import Scoreboard
    return Scoreboard(app, g, final)


def where(g):
    # Where a game stands, in 4 columns: "S1R4" (the round to be played), "S2sc" (scoring)
    if g.phase == SCORING:
        return u"S%dsc" % g.stage
    return u"S%dR%d" % (g.stage, g.round + 1)


_JUMP = const(5)  # a held up/down on the card screen: 5 more every 300 ms
MIDDLE = (CARDS + 1) // 2  # where card entry starts


NO_CLAIM_YET = (u"A token needs %d connected fields: claims start after round 1."
                % MIN_TOKEN_AREA)


class Hub(ui.Screen):
    # Between rounds: the placement order of the last round; ok goes on (or up/down: straight
    # into the first card), > claims a token, back opens the menu, a long back undoes.
    def draw(self, d):
        g = self.app.game
        if g.phase == OVER:
            return self._over(d, g)
        last = g.rounds[-1] if g.rounds and g.rounds[-1][0] == g.stage else None
        if last is None:  # a stage's start: what the table lays out for it
            ui.title(d, u"Stage %d Round 1" % g.stage)
            y = 13
            for line in reminder(g):
                ui.put(d, line, 0, y)
                y += 9
        else:  # the round just played: who takes which tile, in placement order
            ui.title(d, u"S%d R%d: place" % (g.stage, last[1] + 1))
            y = 11
            for i, (seat, card, tile) in enumerate(g.distribution()):
                name = g.name(seat)
                # "tile name card": the tile's place in the row, Ludwig's goes out
                ui.put(d, "%2d %-6s %2d%s" % (tile, short(name)[:6], card,
                                             u" out" if seat == g.n else ""), 0, y)
                y += 8
        ui.hint(d, (u"ok:R%d " % (g.round + 1) if g.phase == PLAY else u"ok:score")
                + u" >:token")

    def _over(self, d, g):
        from app.results import over
        over(d, g)

    def key(self, button, kind):
        app = self.app
        g = app.game
        if ui.hub_back(app, button, kind):
            return
        if button == ui.NEXT and kind == ui.LONG:  # the token holders (app.versailles_tokens)
            # not on down: up/down already turn the round's first card
            from app.versailles_tokens import Tokens
            app.push(Tokens(app))
        elif g.phase == OVER:
            if button == ui.OK and kind == ui.PRESS:
                app.push(scoreboard(app, g, True))
        elif button == ui.NEXT and kind == ui.PRESS:
            from app.versailles_claims import Claim, claims
            if claims(g):
                app.push(Claim(app))
            else:
                app.push(ui.Message(app, u"No claim yet", NO_CLAIM_YET))
        elif button in (ui.UP, ui.DOWN) and g.phase == PLAY:
            entry = CardEntry(app)
            app.push(entry)
            entry.key(button, kind)  # the press that opened it counts
        elif button == ui.OK and kind == ui.PRESS:
            if g.phase == PLAY:
                app.push(CardEntry(app))
            elif g.phase == SCORING:
                from app.versailles_scoring import start_scoring
                start_scoring(app)


def reminder(g):
    # Rulebook, "Game Setup": a row of 21/28/35 tiles (the king before it), the large
    # majority tokens 3 points up, 10 cards dealt to each player (Ludwig's are the box's).
    # "Second Stage": unused cards discarded, all shuffled, 10 dealt again; a new row of
    # tiles; tokens stay and flip to 5 points; small tokens come out (not with 2 players).
    if g.stage == 1:
        lines = [u"row of %d tiles" % g.tiles_per_stage, u"tokens 3 up", u"deal 10 cards"]
        if g.n == 2:
            lines.append(u"Ludwig: box deck")
        return lines
    lines = [u"%d new tiles" % g.tiles_per_stage, u"tokens flip to 5", u"shuffle, deal 10"]
    if g.n > 2:
        lines.append(u"+ small tokens")
    return lines


class CardEntry(ui.Screen):
    # Each player in seat order enters the card they revealed. Ludwig's card stays hidden, as
    # his face-down stack is: the hub shows it with the placement once every card is in.
    # back returns to the previous player with the card as entered; a long back takes the
    # last entered card away (none left: the last recorded action).
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        g = app.game
        self.cards = [0] * g.n  # per seat: the card entered or left there by back, 0: none
        self.at = 0  # the seat entering now; the seats before it have entered
        self.ludwig_color = LUDWIG if g.ludwig else None
        self._seat(0)

    def _free(self, c):
        g = self.app.game
        if g.seen[c]:
            return False
        for s in range(self.at):
            if self.cards[s] == c:
                return False
        return True

    def _seat(self, at):
        g = self.app.game
        self.at = at
        # The middle card (the nearest free one), always the same, so a player turns from
        # the hub already knowing where it starts; a hold jumps by fives: any card is one
        # hold and at most two steps away.
        start = self.cards[at] or MIDDLE
        self.entry = NumberEntry(start, 1, CARDS, self._free, _JUMP)
        self.status = g.players[at]

    def draw(self, d):
        g = self.app.game
        ui.title(d, u"R%d %s's card" % (g.round + 1, short(self.status)))
        ui.put(d, u"%d of %d" % (self.at + 1, g.n), 0, 12)
        ui.put(d, u"hold:%d" % _JUMP, ui.W - 48, 12)  # a held ^v jumps; the hint says ^v
        ui.big_center(d, str(self.entry.value), 26, 3)
        ui.hint(d, u"^v ok back")

    def key(self, button, kind):
        app = self.app
        g = app.game
        if self.entry.key(button, kind):
            return
        if button == ui.OK and kind == ui.PRESS:
            self.cards[self.at] = self.entry.value
            if self.at + 1 < g.n:
                self._seat(self.at + 1)
            elif app.record({"e": "round", "cards": list(self.cards)}):
                app.show_game()
        elif button == ui.BACK and kind == ui.PRESS:
            if self.at:
                self.cards[self.at] = self.entry.value  # kept for when they come back
                self._seat(self.at - 1)
            else:
                app.pop()
        elif button == ui.BACK and kind == ui.LONG:
            if self.at:
                s = self.at - 1
                app.say(u"Undone: %s card %d" % (short(g.players[s]), self.cards[s]))
                for i in range(s, g.n):
                    self.cards[i] = 0
                self._seat(s)
            else:
                app.undo()


def describe(g, ev):
    # The undo toast for the last event, in words the toast wraps into its lines of 14:
    # "Undone: Orange / claims green 5".
    e = ev["e"]
    if e == "round":
        stage, r, cards = g.rounds[-1]
        return u"Undone: S%d round %d" % (stage, r + 1)
    if e == "claim":
        return u"Undone: %s claims %s %d" % (short(g.players[ev["p"]]), local(ev["type"]),
                                             ev["size"])
    if e == "areas":
        return u"Undone: %s's areas" % short(g.players[ev["p"]])
    if e == "score":
        return u"Undone: S%d scoring" % ev["stage"]
    return u"Undone: " + e

# Token claims at the table: the claims the rules allow, likeliest first, on one screen. A
# holder's growth is a claim too ("grows"): the box must hear it, or a later steal is judged
# against a size that is no longer true.
from shared_rules.errors import local
from shared_rules.versailles.game import OVER
from shared_rules.versailles.scoring import MIN_TOKEN_AREA
from shared_rules.versailles.tiles import TYPES

from app import ui
from app.ui import short
from app.entry import NumberEntry


def claims(g):
    # The claims the rules allow now, likely ones first: [(seat, type index, smallest size)].
    # Players in the last round's placement order (they claim as they place), from the one
    # who claimed last this round; per player, the type whose area needs the least growth
    # over what the box last heard of it (a holder's own token first: it grew), then the
    # larger area; the types they just claimed last.
    if g.phase == OVER:
        return []
    order = [s for s, c, tile in g.distribution() if s < g.n] if g.rounds else []
    recent = []  # (seat, type) claimed since the last round
    events = g.events
    for i in range(len(events) - 1, -1, -1):  # latest first (packed events: by index)
        ev = events[i]
        if ev["e"] != "claim":
            break
        recent.append((ev["p"], TYPES.index(ev["type"])))
    if recent:
        i = order.index(recent[0][0])
        order = order[i:] + order[:i]
    out = []  # type: list
    for p in order:
        mine = []
        for t in range(len(TYPES)):
            h = g.holders[t]
            lo = max(g.held[t] + 1 if h >= 0 else MIN_TOKEN_AREA, g.claimed[p][t])
            if lo <= g.fields(p):
                late = 1 if (p, t) in recent else 0
                # ties: the larger area first (it has the longer edge to grow on)
                mine.append((late, lo - g.claimed[p][t], -g.claimed[p][t], t, lo))
        mine.sort()
        out.extend((p, m[3], m[4]) for m in mine)
    return out


class Claim(ui.Screen):
    # A token claim on one screen: > steps through the claims that are possible, likely ones
    # first (hold > for the next player); up/down set the size, starting at the least that
    # takes or grows the token; ok records. The holder's own token is growth: "grows".
    def __init__(self, app):
        ui.Screen.__init__(self, app)
        # three bytes a claim (seat, type, smallest size): 25 claims of 5 players as tuples
        # would hold 800 bytes of the Pico's heap at the lowest point of a 5-player game
        found = claims(app.game)
        c = self.cands = bytearray(3 * len(found))
        for i in range(len(found)):
            c[3 * i], c[3 * i + 1], c[3 * i + 2] = found[i]
        self.i = 0
        self._pick()

    def _pick(self):
        g = self.app.game
        c = self.cands
        i = 3 * self.i
        p, t, lo = c[i], c[i + 1], c[i + 2]
        self.p, self.t = p, t
        self.status = g.players[p]
        self.entry = NumberEntry(lo, lo, g.fields(p))

    def draw(self, d):
        g = self.app.game
        p, t = self.p, self.t
        h = g.holders[t]
        ui.title(d, "%s %s" % (short(g.players[p]), u"grows" if h == p else u"claims"))
        ui.center(d, local(TYPES[t]), 12)
        ui.put(d, u"was %d" % g.held[t] if h == p else u"held: %s %d" % (
            short(g.players[h]), g.held[t]) if h >= 0 else u"nobody holds it", 0, 21)
        ui.big_center(d, str(self.entry.value), 30, 2)
        ui.put(d, u"^v:size ok:claim", 0, 47)
        ui.hint(d, u">:next hold>:who")

    def key(self, button, kind):
        app = self.app
        g = app.game
        if self.entry.key(button, kind):
            return
        if button == ui.BACK and kind == ui.LONG:
            app.undo()
        elif button == ui.BACK and kind == ui.PRESS:
            app.pop()
        elif button == ui.NEXT and kind == ui.PRESS:
            self.i = (self.i + 1) % (len(self.cands) // 3)
            self._pick()
        elif button == ui.NEXT and kind == ui.LONG:  # the next player's likeliest claim
            n = len(self.cands) // 3
            i = (self.i + 1) % n
            while i != self.i and self.cands[3 * i] == self.p:
                i = (i + 1) % n
            self.i = i
            self._pick()
        elif button == ui.OK and kind == ui.PRESS:
            name, size = TYPES[self.t], self.entry.value
            if app.record({"e": "claim", "p": self.p, "type": name, "size": size}):
                app.pop()
                app.say("%s %s %d" % (short(g.players[self.p]), local(name), size))

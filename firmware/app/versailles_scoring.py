# End of a stage: every player's areas (pre-filled with what the box knows), a missed claim
# mended on the spot, the scoring, Versailles's scoreboard (its two stages; the generic one,
# app/scoreboard.py, has none to show) and the winner.
from shared_rules.errors import local
from shared_rules.versailles import MissedClaim
from shared_rules.versailles.game import OVER
from shared_rules.versailles.scoring import MIN_TOKEN_AREA, PARTS, check_holders
from shared_rules.versailles.tiles import AREA_KINDS, CONSTRUCTION

from app import codeheap, ui
from app.ui import short
from app.entry import NumberEntry
from app.results import Winner


def start_scoring(app):
    g = app.game
    if g.stage == 2:  # the last scoring: the round's screens leave (as in _score)
        codeheap.forget("app.versailles_claims")
        codeheap.forget("app.versailles_tokens")
    left = g.pending_reports()
    if left:
        app.push(Areas(app, left[0]))
        return
    try:
        check_holders(g.reports, g.holders, g.players)
    except MissedClaim as exc:
        return mend(app, exc.claim)
    if g.stage == 2:
        app.push(ui.Confirm(app, u"Final scoring", u"This ends the game. Score it now?",
                            then=lambda: _score(app)))
    else:
        _score(app)


def mend(app, missed):
    # The reports show a claim the box never heard of (the token moves to a strictly larger
    # area, or nobody took it): ok records it and goes on scoring; back leaves it, and a long
    # back on the hub takes the last report back if that report was wrong.
    g = app.game
    p, name, size = missed
    t = AREA_KINDS.index(name)
    h = g.holders[t]
    said = question(short(g.players[p]), local(name), size,
                    short(g.players[h]) if h >= 0 else None, g.reports[h][t] if h >= 0 else 0)

    def record():
        if app.record({"e": "claim", "p": p, "type": name, "size": size}):
            start_scoring(app)
    app.push(ui.Confirm(app, u"Missed claim", said, then=record))


def question(who, name, size, holder, held):
    # The Missed claim screen's text (holder None: nobody held the token)
    if holder is None:
        return (u"%s %s %d and nobody holds it. Claim it? Wrong report: back, hold back"
                % (who, name, size))
    return (u"%s %s %d beats %s's %d. Claim it? Wrong report: back, hold back"
            % (who, name, size, holder, held))


def _score(app):
    if app.record({"e": "score", "stage": app.game.stage}):
        g = app.game
        app.show_game()  # (it loads the game's screens)
        if g.phase == OVER:
            # nothing more to claim: the claim and token screens leave the heap (a game shown
            # again loads them back). With every event held, the final scoring and its
            # scoreboard are a 5-player game's lowest point.
            codeheap.forget("app.versailles_claims")
            codeheap.forget("app.versailles_tokens")
        app.push(Scoreboard(app, g, final=g.phase == OVER))


def kinds(g):
    # What a report asks: the five types, and construction sites in stage 2 only (they are
    # never scored after stage 1: rulebook, "Construction Site").
    return len(AREA_KINDS) if g.stage == 2 else CONSTRUCTION


def likely(g, p, k):
    # Where a size starts: what the box last heard of it (areas never shrink); if it heard
    # nothing, the middle of what the token rule leaves: below the holder's size (a larger
    # area would have taken the token), below 4 when nobody holds the token.
    got = g.claimed[p][k]
    if got or k == CONSTRUCTION:
        return got
    h = g.holders[k]
    cap = g.held[k] if h >= 0 else MIN_TOKEN_AREA - 1
    return min(cap, g.fields(p)) // 2


class Areas(ui.Screen):
    # One player's largest area of each kind, all on one screen; each starts at what the box
    # knows (areas never shrink), so ok is often all a row takes and a long ok takes the rest
    # as shown. 0 reads "-": a big 0 looks like an 8.
    def __init__(self, app, p):
        ui.Screen.__init__(self, app)
        g = app.game
        self.p = p
        self.status = g.players[p]
        self.sizes = [likely(g, p, k) for k in range(len(AREA_KINDS))]
        self.k = 0
        self._entry()

    def _entry(self):
        g = self.app.game
        floor = g.claimed[self.p][self.k]
        self.entry = NumberEntry(self.sizes[self.k], floor, g.fields(self.p))

    def draw(self, d):
        g = self.app.game
        rows = kinds(g)
        ui.title(d, u"%s's areas" % short(g.players[self.p]))
        y = 12 if rows < len(AREA_KINDS) else 10  # stage 2 has a row more and no hint
        for k in range(rows):
            v = self.entry.value if k == self.k else self.sizes[k]
            line = "%s%-12s%3s" % (">" if k == self.k else " ", local(AREA_KINDS[k]),
                                   str(v) if v else "-")
            if k == self.k:
                # the bar covers the row's own 8 pixel rows: a row above it starts at y - 8
                # and its descenders (the y in yellow) reach y - 1; the chosen row's reach y + 7
                d.fill_rect(0, y, ui.W, 8, 1)
            ui.put(d, line, 0, y, 0 if k == self.k else 1)
            y += 8
        if rows < len(AREA_KINDS):
            ui.hint(d, u"ok, hold ok:done")

    def key(self, button, kind):
        app = self.app
        if self.entry.key(button, kind):
            return
        last = kinds(app.game) - 1
        if button == ui.BACK and kind == ui.LONG:
            app.undo()  # e.g. the previous player's report
            return
        if button == ui.OK and kind in (ui.PRESS, ui.LONG):
            self.sizes[self.k] = self.entry.value
            if self.k < last and kind == ui.PRESS:
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


class Scoreboard(ui.Screen):
    # Players by total: this stage's points and the total. Down (and up) pages through each
    # player's points by part and stage: areas, large tokens, small tokens, construction.
    undoable = True  # a long back takes the scoring back (not when opened from Finished)

    def __init__(self, app, game, final):
        ui.Screen.__init__(self, app)
        self.g = game
        self.final = final
        self.page = 0  # 0: the table; i: the breakdown of the i-th player in it

    def order(self):
        totals = self.g.totals()
        return sorted(range(self.g.n), key=lambda p: -totals[p])

    def draw(self, d):
        g = self.g
        if self.page:
            return self._player(d, self.order()[self.page - 1])
        totals = g.totals()
        ui.title(d, u"Final scores" if self.final else u"Stage %d scores" % len(g.scores))
        ui.put(d, u"dn:more  stg tot", 0, 11)
        y = 20
        for p in self.order():
            ui.put(d, "%-7s %4d %3d" % (short(g.players[p]), g.scores[-1][p][4], totals[p]),
                   0, y)
            y += 8

    def _player(self, d, p):
        g = self.g
        ui.title(d, "%s %d/%d" % (short(g.players[p]), self.page, g.n))
        ui.put(d, " " * 8 + "".join(u"  S%d" % (s + 1) for s in range(len(g.scores))), 0, 11)
        y = 20
        for i in range(len(PARTS) + 1):
            line = "%-8s" % (local(PARTS[i]) if i < len(PARTS) else u"total")
            for rows in g.scores:
                # small tokens and construction score only at the end, and not with two
                # players: "-" where a stage does not score them (a 0 reads as a claim missed)
                line += ("%4d" % rows[p][i] if i < 2 or i > 3 or rows is not g.scores[0]
                         and g.n > 2 else "   -")
            ui.put(d, line, 0, y)
            y += 8

    def key(self, button, kind):
        app = self.app
        if button == ui.BACK and kind == ui.LONG and self.undoable and self.g is app.game:
            app.undo()  # takes the scoring back
            return
        if kind != ui.PRESS:
            return
        if button in (ui.UP, ui.DOWN):
            self.page = (self.page + (1 if button == ui.DOWN else -1)) % (self.g.n + 1)
            self.status = self.g.players[self.order()[self.page - 1]] if self.page else None
            return
        if button not in (ui.OK, ui.BACK):
            return
        app.pop()
        if self.final and button == ui.OK and self.g.outcome is not None:
            app.push(Winner(app, self.g))
            if codeheap.IN_FLASH:  # the game's lowest point: read in place, it comes back
                codeheap.forget("app.versailles_scoring")

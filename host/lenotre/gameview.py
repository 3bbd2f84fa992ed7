"""Synced games read back through the rules core: `lenotre games`, `show` and `replay`.

The Library keeps only what the box recorded (the events); everything shown here - who took
which tile, token holders, scores, the winner - is recomputed by `shared_rules`, the code the
box runs. Replaying also checks the box: every event must pass the rules again, and Ludwig's
draws (recorded in the round events) must be the ones the rules core draws."""
import copy

from shared_rules.errors import RulesError
from shared_rules.versailles.game import LUDWIG, OVER, Game
from shared_rules.versailles.scoring import NOBODY
from shared_rules.versailles.tiles import AREA_KINDS, TYPES

SCORE_PARTS = ("areas", "large tokens", "small tokens", "construction")


class Step:
    """One recorded event replayed: the game after it, what stood before, what went wrong."""

    def __init__(self, index, event, game, before, error, drawn):
        self.index, self.event, self.game, self.before = index, event, game, before
        self.error = error  # the rules core's message when it rejects the event
        self.recorded = event.get("ludwig") if isinstance(event, dict) else None
        self.drawn = drawn  # Ludwig's card as the rules core draws it (round events)

    @property
    def ludwig_differs(self):
        return self.error is None and self.recorded is not None and self.recorded != self.drawn


def walk(events):
    # Replays the events one by one; yields a Step for each. A rejected event is skipped (the
    # game goes on without it), as the box would have refused it.
    g = Game()
    for i, ev in enumerate(events):
        before = _state(g)
        mine = copy.deepcopy(ev)
        if isinstance(mine, dict) and mine.get("e") == "round":
            mine.pop("ludwig", None)  # the rules core draws; compare afterwards
        try:
            mine = g.push(mine)
            error = None
        except RulesError as exc:
            error = str(exc)
        drawn = mine.get("ludwig") if isinstance(mine, dict) else None
        yield Step(i + 1, ev, g, before, error, drawn)


def _state(g):
    if not g.events:
        return None
    return {"holders": list(g.holders), "held": list(g.held), "last": g.events[-1],
            "stage": g.stage, "round": g.round}


def replay(events):
    # -> (game, [difference messages]): empty when the box and the rules core agree
    game, diffs = None, []
    for s in walk(events):
        game = s.game
        where = "event %d (%s)" % (s.index, _kind(s.event))
        if s.error:
            diffs.append("%s: the rules core rejects it: %s" % (where, s.error))
        elif s.ludwig_differs:
            diffs.append("%s: Ludwig's card on the box is %r, the rules core draws %d"
                         % (where, s.recorded, s.drawn))
        elif s.recorded is not None and s.drawn is None:
            diffs.append("%s: the box recorded a Ludwig card %r in a game without Ludwig"
                         % (where, s.recorded))
    return game, diffs


def _kind(ev):
    return ev.get("e", "?") if isinstance(ev, dict) else type(ev).__name__


# ---- show ----------------------------------------------------------------------------------

def show(events, title):
    # -> the lines of a game told round by round
    out = []
    stage_seen = 0
    for s in walk(events):
        g, ev = s.game, s.event
        if s.error:
            out.append("  ! event %d (%s) rejected by the rules core: %s"
                       % (s.index, _kind(ev), s.error))
            continue
        kind = ev["e"]
        if kind == "setup":
            out.append("%s: Versailles, %d players%s, seed %d"
                       % (title, g.n, " + Ludwig" if g.ludwig else "", g.seed))
            out.append("players: " + ", ".join(g.players))
        elif kind == "round":
            stage, r, cards = g.rounds[-1]
            if stage != stage_seen:
                stage_seen = stage
                out.append("Stage %d" % stage)
            out.append("  Round %d: %s" % (r + 1, ", ".join(
                "%s %d" % (g.name(p), cards[p]) for p in range(len(cards)))))
            if s.ludwig_differs:
                out.append("    ! Ludwig's card on the box was %r, the rules core draws %d"
                           % (s.recorded, s.drawn))
            out.append("    tiles: " + ", ".join(
                "%d %s%s" % (tile, g.name(p), " (discarded)" if p == g.n else "")
                for p, _card, tile in g.distribution()))
        elif kind == "claim":
            out.append("    " + _claim(g, ev, s.before))
        elif kind == "areas":
            out.append("  areas %s: %s" % (g.players[ev["p"]], ", ".join(
                "%s %d" % (AREA_KINDS[t], ev["sizes"][t]) for t in range(len(AREA_KINDS)))))
        elif kind == "score":
            out += _scores(g, ev["stage"])
        elif kind == "undo":
            out.append("  undo: withdraws %s" % _describe(g, s.before["last"]))
    game = g if events else None
    if game is not None and game.events:
        out.append(where(game))
    return out


def _claim(g, ev, before):
    p, t = ev["p"], TYPES.index(ev["type"]) if ev["type"] in TYPES else None
    who = g.players[p]
    if t is None:
        return "%s claims %s with %d" % (who, ev["type"], ev["size"])
    h, held = before["holders"][t], before["held"][t]
    if h == NOBODY:
        how = "takes the %s token" % TYPES[t]
    elif h == p:
        how = "raises %s from %d" % (TYPES[t], held)
    else:
        how = "takes the %s token from %s (%d)" % (TYPES[t], g.players[h], held)
    return "%s: %s with %d fields" % (who, how, ev["size"])


def _scores(g, stage):
    rows = g.scores[stage - 1]
    out = ["  Scoring stage %d:" % stage]
    for p in range(g.n):
        row = rows[p]
        out.append("    %-12s %3d  (%s)" % (g.players[p], row[4], ", ".join(
            "%s %d" % (SCORE_PARTS[i], row[i]) for i in range(4) if row[i])))
    held = ["%s %s" % (TYPES[t], g.players[g.holders[t]]) for t in range(len(TYPES))
            if g.holders[t] != NOBODY]
    out.append("    tokens: " + (", ".join(held) or "none"))
    if stage == 2:
        totals = g.totals()
        out.append("  Totals: " + ", ".join("%s %d" % (g.players[p], totals[p])
                                            for p in range(g.n)))
    return out


def _describe(g, ev):
    kind = ev.get("e")
    if kind == "round":
        return "the round %s" % ", ".join(str(c) for c in ev["cards"])
    if kind == "claim":
        return "%s's %s claim of %d" % (g.players[ev["p"]], ev["type"], ev["size"])
    if kind == "areas":
        return "%s's area report" % g.players[ev["p"]]
    return "the %s event" % kind


def where(g):
    # The last line: how the game ended, or where it stands.
    if g.phase == OVER:
        o = g.outcome
        names = " and ".join(g.players[p] for p in o.winners)
        how = ""
        if o.shared:
            how = " (shared: equal points and equal largest area)"
        elif o.tiebreak:
            how = " (tie on points; the largest single area decides)"
        return "Winner: %s with %d%s" % (names, g.totals()[o.winners[0]], how)
    return "Not finished: %s" % g.describe()


# ---- games ---------------------------------------------------------------------------------

def summary(events, person=lambda name: name):
    # -> (players text, state text, result text) of a game for the `games` table; a seat with
    # a person recorded is shown by them (person(recorded name) -> their name now)
    game, diffs = replay(events)
    if game is None or not game.events:
        return "-", "empty", ""
    people = events[0].get("people") if isinstance(events[0], dict) else None
    if not (isinstance(people, list) and len(people) == game.n):
        people = [None] * game.n
    names = [person(people[p]) if isinstance(people[p], str) and people[p] else game.players[p]
             for p in range(game.n)]
    players = ", ".join(names) + (" + " + LUDWIG if game.ludwig else "")
    if game.phase == OVER:
        o = game.outcome
        result = " and ".join("%s %d" % (names[p], game.totals()[p]) for p in o.winners)
        state = "finished"
    else:
        state, result = game.describe(), ""
    if diffs:
        state += " (!%d)" % len(diffs)
    return players, state, result

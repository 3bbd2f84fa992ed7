"""Sanssouci on the desktop: what show, replay, the exports and the report say of it beyond the
generic seat, total and place (base.Adapter). Contracts: docs/CLI.md.

Seats count from 0; a garden's rows 0-5 (beige to turquoise, worth 1-6) and its motif columns
0-8 are the rules core's (shared_rules/sanssouci/board.py)."""
from lenotre.games import base
from lenotre.lang import _
from shared_rules.sanssouci import board as B
from shared_rules.sanssouci.cards import card_name
from shared_rules.sanssouci.game import ROUNDS, Game

# Per seat, beside the scoreboard's parts (nobles, rows, columns, tasks)
EXTRA_CSV = ("gardeners", "rows_complete", "columns_complete", "task_cards")


class Sanssouci(base.Adapter):
    NAME = "sanssouci"
    TITLE = "Sanssouci"
    # BoardGameGeek's id of Sanssouci (Ravensburger 2013, Michael Kiesling). UNCONFIRMED (no
    # source reachable from here gave it): None leaves bggId out and BG Stats asks once.
    BGG_ID = None
    TIEBREAK = "most gardeners"
    TIEBREAK_SHORT = "gardeners"
    HOLDING = "rows and columns complete"
    CHARTS = ()  # its charts are inline SVG on the game's page (sanssouci_page.py)

    def replayed(self, game):
        return "%d of %d rounds" % (min(game.turn // game.n, ROUNDS), ROUNDS)

    def scored(self, game):
        return self.finished(game) or any(game.totals())

    def event_text(self, game, ev):
        # one line per event, as a player would say it; game: after the event
        kind = ev["e"]
        who = game.players[ev["p"]] if "p" in ev else ""
        if kind == "tile":
            own = B.cell(ev["r"], ev["m"])
            text = "%s: %s%s, the %s tile" % (who, card_name(ev["card"]),
                                              " (as a joker)" if ev.get("wild") else "",
                                              B.name(own))
            if ev["at"] == own:
                return text
            return text + " becomes a gardener on %s" % B.name(ev["at"])
        if kind == "noble":
            return "%s: the %s noble to %s, +%d" % (who, B.MOTIFS[ev["m"]], B.COLOURS[ev["r"]],
                                                    B.value(ev["r"]))
        if kind == "tasks":
            return "%s's task cards: %s" % (who, " and ".join(B.MOTIFS[m] for m in ev["m"]))
        return base.Adapter.event_text(self, game, ev)

    # ---- exports -------------------------------------------------------------------------
    def csv_columns(self, games):
        return base.Adapter.csv_columns(self, games) + EXTRA_CSV

    def csv_fields(self, g, p):
        out = base.Adapter.csv_fields(self, g, p)
        game = g.game
        out.update({"gardeners": game.gardeners(p),
                    "rows_complete": len(B.complete_rows(game.gardens[p], game.first_row)),
                    "columns_complete": len(B.complete_columns(game.gardens[p])),
                    "task_cards": " ".join(_(B.MOTIFS[m]) for m in game.tasks[p])
                    if game.tasks[p] else ""})
        return out

    def json_fields(self, g):
        out = base.Adapter.json_fields(self, g)
        out.update(score_fields(g.game))
        return out

    def points_text(self, g, p):
        # "nobles 39 + rows 0 + columns 10 + tasks 7 = 56" once scored, else the track
        b = g.board
        if g.game.final is None:
            return _("%d (nobles)") % g.totals()[p]
        return "%s = %d" % (" + ".join("%s %d" % (_(b.parts[i]), b.rows[p][i])
                                       for i in range(len(b.parts))), b.totals[p])

    def seat_comments(self, g):
        if not g.tiebreak():
            return []
        game = g.game
        return [_("Gardeners: %s.") % ", ".join("%s %d" % (g.person_name(p), game.gardeners(p))
                                               for p in range(len(g.players)))]

    def score_fields(self, game):
        # `lenotre score`'s details (docs/CLI.md)
        return score_fields(game)

    def house_rules(self, game):
        # docs/RULES.md S5: set at the box's start screen; a journal from before the setting
        # scored no first row
        return ["the first row scores %s" % ("9 points as a complete row" if game.first_row
                                             else "no row points")]

    # ---- report --------------------------------------------------------------------------
    def holding(self, g):
        return "; ".join("%s: %s" % (g.person_name(p), _(complete_text(g.game, p)))
                         for p in range(len(g.players)))

    def page(self, g):
        from lenotre.games import sanssouci_page  # SVG and HTML: only for the report
        return base.Adapter.page(self, g) + sanssouci_page.sections(g)


ADAPTER = Sanssouci()


def complete_text(game, p):
    rows = B.complete_rows(game.gardens[p], game.first_row)
    cols = B.complete_columns(game.gardens[p])
    return "%d rows, %d columns" % (len(rows), len(cols))


def score_fields(game):
    # What is particular to a Sanssouci game, for the JSON export and `lenotre score`: per
    # seat its gardeners, complete rows and columns (by colour and motif), where its nobles
    # stand (row 0-5 per motif), its task cards (null until revealed); rounds left.
    seats = []
    for p in range(game.n):
        g = game.gardens[p]
        seats.append({
            "name": game.players[p],
            "gardeners": game.gardeners(p),
            "rows_complete": [B.COLOURS[r] for r in B.complete_rows(g, game.first_row)],
            "columns_complete": [B.MOTIFS[m] for m in B.complete_columns(g)],
            "nobles": dict((B.MOTIFS[m], game.nobles[p][m]) for m in range(B.COLS)),
            "task_cards": [B.MOTIFS[m] for m in game.tasks[p]] if game.tasks[p] else None,
        })
    # the table's house rule (docs/RULES.md S5): the first row scores 9 as a complete row
    return {"rounds_left": game.rounds_left(), "first_row_scores": bool(game.first_row),
            "seats": seats}


def by_round(game):
    # -> ([per round played 0..18 (0: the start), per seat (nobles' points on the track, rows
    # complete, columns complete) at the end of that round], the final totals once the game
    # is over, else None). A noble moved after a round's last tile counts to that round.
    g = Game()
    steps = []
    for ev in game.events:
        g.push(ev)
        if g.turn % g.n:
            continue  # inside a round
        state = [(g.points[p], len(B.complete_rows(g.gardens[p], g.first_row)),
                  len(B.complete_columns(g.gardens[p]))) for p in range(g.n)]
        r = g.turn // g.n
        if r == len(steps):
            steps.append(state)
        else:
            steps[r] = state
    return steps, (g.totals() if g.outcome is not None else None)

"""The adapter every game has: what the desktop can say of any game from the seam alone
(shared_rules.eventlog: describe, totals, scoreboard, outcome). A game's own adapter
subclasses it and says more where it has more to say (Versailles: versailles.py)."""
from lenotre.draw.svg import e, seat
from lenotre.lang import _
from shared_rules import games as rules
from shared_rules.codec import encode
from shared_rules.errors import RulesError

# The CSV columns every game has, one row per seat: then the game's own (csv_columns)
CSV_COLUMNS = ("device", "game", "kind", "date", "date_estimated", "started", "ended",
               "status", "players", "seat", "player", "person", "total", "rank", "winner",
               "tiebreak")


def kind(ev):
    return ev.get("e", "?") if isinstance(ev, dict) else type(ev).__name__


class Adapter:
    NAME = None  # the setup's "game" (shared_rules.games)
    TITLE = None  # the full title: report pages, BG Stats
    BGG_ID = None  # BoardGameGeek's id of the game, when confirmed
    TIEBREAK = "tie-break"  # what decided a tie on points, in a few words
    TIEBREAK_SHORT = "tie-break"  # the same in fewer, beside the winner's name
    HOLDING = "held"  # what `holding` tells, as the report's column heads it
    CHARTS = ()  # the files `overview` may write in the report's folder

    # ---- replaying ----------------------------------------------------------------------
    def new(self):
        return rules.rules(self.NAME).Game()

    def walk(self, events):
        # Yields (number, event, game after it, the rules core's message or None) for each
        # event; a rejected event is skipped, as the box would have refused it.
        g = self.new()
        for i, ev in enumerate(events):
            try:
                g.push(ev)
                error = None
            except RulesError as exc:
                error = str(exc)
            yield i + 1, ev, g, error

    def replay(self, events):
        # -> (game, [difference messages]): empty when the box and the rules core agree
        game, diffs = None, []
        for i, ev, g, error in self.walk(events):
            game = g
            if error:
                diffs.append("event %d (%s): the rules core rejects it: %s"
                             % (i, kind(ev), error))
        return game, diffs

    def load(self, events):
        # -> the game the events make; the rules core's error for the first it rejects
        return rules.replay(events)

    def replayed(self, game):
        # how much was replayed, in words: "12 events"
        return "%d events" % len(game.events)

    # ---- what stands ---------------------------------------------------------------------
    def finished(self, game):
        return game.outcome is not None

    def scored(self, game):
        # whether any points are known yet
        return self.finished(game) or any(game.totals())

    def bot(self, game):
        # the name of the seat the box plays itself (Versailles's Ludwig), None if none
        return None

    def where(self, game):
        # the last line of `show`: how the game ended, or where it stands
        if not self.finished(game):
            return "Not finished: %s" % game.describe()
        o = game.outcome
        names = " and ".join(game.players[p] for p in o.winners)
        return "Winner: %s with %d (%s)" % (names, game.totals()[o.winners[0]],
                                             "; ".join(o.reason))

    def score_fields(self, game):
        # -> what `lenotre score` tells of the game besides the scoreboard ("details")
        return {}

    def house_rules(self, game):
        # -> the house rules the game was played by, in words: where the rulebook can be read
        # two ways and the table chose at setup (docs/RULES.md); [] for a game with none
        return []

    # ---- show ----------------------------------------------------------------------------
    def show(self, events, title):
        # -> the lines of a game told event by event
        out, game = [], None
        for i, ev, g, error in self.walk(events):
            game = g
            if error:
                out.append("  ! event %d (%s) rejected by the rules core: %s"
                           % (i, kind(ev), error))
            elif ev["e"] == "setup":
                out.append("%s: %s, %d players" % (title, self.TITLE, len(g.players)))
                out.append("players: " + ", ".join(g.players))
                out += ["house rule: " + r for r in self.house_rules(g)]
            else:
                out.append("  " + self.event_text(g, ev))
        if game is not None and game.events:
            out.append(self.where(game))
        return out

    def event_text(self, game, ev):
        rest = dict((k, v) for k, v in ev.items() if k not in ("e", "t"))
        return "%s %s" % (ev["e"], encode(rest)) if rest else ev["e"]

    # ---- exports -------------------------------------------------------------------------
    def csv_columns(self, games):
        # -> this game's columns: the generic ones, then the scoreboard's parts
        parts = []
        for g in games:
            parts += [p for p in g.board.parts if p not in parts]
        return CSV_COLUMNS + tuple(parts)

    def csv_fields(self, g, p):
        # -> seat p's values of this game's own columns
        board = g.board
        return dict(zip(board.parts, board.rows[p])) if g.scored else {}

    def json_fields(self, g):
        board = g.board
        return {"scoreboard": {"parts": list(board.parts), "rows": board.rows},
                "house_rules": self.house_rules(g.game)}

    def points_text(self, g, p):
        # seat p's points as BG Stats' comment tells them
        return "%d" % g.totals()[p]

    def comments(self, g):
        # what BG Stats' comment says of the game after the points: the seats, the date, the
        # tie-break
        lines = self.seat_comments(g)
        lines += [_("House rule: %s.") % _(r) for r in self.house_rules(g.game)]
        if g.when_estimated:
            lines.append(_("The box's clock was not set when it was played: %s; dated at the "
                           "latest.") % _(g.bounds_text()))
        if g.tiebreak():
            lines.append(_("Shared victory.") if len(g.winners()) > 1 else
                         _("Tied on points; the %s decided.") % _(self.TIEBREAK))
        return lines

    def seat_comments(self, g):
        return []

    # ---- report --------------------------------------------------------------------------
    def holding(self, g):
        # what a running game's players hold besides points (the report's running table)
        return "-"

    def overview(self, games, names, out_dir):
        # -> (HTML parts the report's overview adds for this kind of game, [files written]);
        # games: the report's games of this kind, newest first
        return [], []

    def page(self, g):
        # -> the HTML parts of the game's page after its title: the scoreboard
        board = g.board
        rows = ["<table><tr><th>%s</th>%s<th class=\"n\">%s</th><th class=\"n\">%s</th></tr>"
                % (_("player"), "".join('<th class="n">%s</th>' % e(_(part))
                                        for part in board.parts), _("total"), _("place"))]
        ranks = g.ranks()
        for p in range(len(g.players)):
            rows.append("<tr><td>%s</td>%s<td class=\"n\">%d</td><td class=\"n\">%s</td></tr>"
                        % (e(seat(g, p)), "".join('<td class="n">%d</td>' % v
                                                         for v in board.rows[p]),
                           board.totals[p], "-" if ranks is None else ranks[p]))
        rules = self.house_rules(g.game)
        return ["\n".join(rows) + "</table>"] + house_rules_said(rules)


def house_rules_said(rules):
    # -> the page's paragraph naming the game's house rules (docs/RULES.md), [] for none
    if not rules:
        return []
    return ["<p>%s</p>" % e((_("House rule: %s.") if len(rules) == 1 else _("House rules: %s."))
                             % "; ".join(_(r) for r in rules))]

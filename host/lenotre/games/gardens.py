"""Gardens (Kosmos 2014) on the desktop: what show, replay, the exports and the report say of
it beyond the generic seat, total and place (base.Adapter). A seat's total is the beds its
side holds with sole majority (its colour's, or in the team rules its team's); the tie-break
is the fewer own-colour corners in the beds won. Contracts: docs/CLI.md, docs/HOST.md."""
from lenotre.draw.svg import e, spread
from lenotre.games import base
from lenotre.lang import _
from shared_rules.gardens import rules as R
from shared_rules.gardens.game import Game

# Chart colours of the four flower colours (the box's pixels: app/gardens.py)
FLOWER_HEX = ("#1f5fff", "#e0a800", "#e02020", "#ff3c9a")
WHY = {R.SOLE: "sole majority", R.TIE: "tie", R.UNUSED: "unused colour"}


def colours_of(game, p):
    # -> the flower colours seat p plays, in turn order (two in the 2-player game)
    return [R.COLOURS[game.colours[i]] for i in range(game.per_round) if game.owner[i] == p]


def is_colours(name, colours):
    # whether a player's name says the colours they play: the box names a player by their
    # colour, so the desktop names them once ("Red", not "Red (red)"); a game set up before
    # (Orange) or a player of two colours (Blue: blue+red) gets both
    return name.lower() == "+".join(colours)


def played_by(game, c):
    # "blue" where its player is called by the colour, else "blue (Orange)"; in the language
    # in use (lenotre.lang)
    name = game.players[game.seat_of(c)]
    colour = _(R.COLOURS[c])
    return colour if is_colours(name, [R.COLOURS[c]]) else "%s (%s)" % (colour, _(name))


def variant(game):
    if game.team_rules:
        return "2 players, team rules" if game.n == 2 else "team game 2 vs 2"
    return "%d players, %d flowerbed tiles%s" % (game.n, game.tiles,
                                                  " (shorter game)" if game.tiles < 8 else "")


def turns(events):
    # -> per turn that stands: (turn number, colour, special, [(bed, winner colour index or
    # NOBODY, why, tile placed)]) and, per turn, each colour's beds won so far
    g = Game()
    out = []
    for ev in events:
        g.push(ev)
        if ev["e"] == "turn":
            out.append((g.turns, R.letter_index(ev["c"]), bool(ev.get("special")),
                        list(g.last), list(g.won)))
        elif ev["e"] == "undo":
            out.pop()
    return out


class Gardens(base.Adapter):
    NAME = "gardens"
    TITLE = "Gardens"
    # BoardGameGeek's id: UNCONFIRMED from here (no source reachable), so left out as
    # Versailles's is: BG Stats asks once which game "Gardens" is, then remembers it.
    BGG_ID = None
    TIEBREAK = "fewer own-colour corners in the beds won"
    TIEBREAK_SHORT = "fewer corners"
    HOLDING = "beds won, flowerbed tiles left"

    def replayed(self, game):
        return "%d turns" % game.turns

    def scored(self, game):
        return game.turns > 0

    def where(self, game):
        if not self.finished(game):
            return "Not finished: %s" % game.describe()
        o = game.outcome
        names = " and ".join(game.players[p] for p in o.winners)
        return "Winner: %s with %d beds (%s)" % (names, game.totals()[o.winners[0]],
                                                 "; ".join(o.reason).replace(":;", ":"))

    def show(self, events, title):
        out = base.Adapter.show(self, events, title)
        if len(out) >= 2 and not out[0].startswith("  !"):
            g = self.load(events[:1])  # the setup: variant and who plays which colour
            out[1] = "players: " + ", ".join(
                g.players[p] if is_colours(g.players[p], colours_of(g, p)) else
                "%s (%s)" % (g.players[p], "+".join(colours_of(g, p))) for p in range(g.n)) \
                + "; " + variant(g)
        return out

    def event_text(self, game, ev):
        # "T13 blue, special tile: bbry blue 2 +tile; rrpp tie" (the game after it)
        if ev["e"] == "undo":
            return "undo (takes back the last turn)"
        if ev["e"] != "turn":
            return base.Adapter.event_text(self, game, ev)
        c = R.letter_index(ev["c"])
        head = "T%d %s%s" % (game.turns, played_by(game, c),
                             ", special tile" if ev.get("special") else "")
        beds = ["%s %s" % (bed, R.bed_line(R.flowers(bed), w, why, placed, game.by_team))
                for bed, w, why, placed in game.last]
        text = head + (": " + "; ".join(beds) if beds else ": no bed")
        left = game.turns_left()
        if left and game.outcome is None:
            text += " [last round: %d to go]" % left
        return text

    # ---- exports -------------------------------------------------------------------------
    def csv_columns(self, games):
        return base.CSV_COLUMNS + ("colours", "variant", "beds", "corners", "supply")

    def csv_fields(self, g, p):
        game = g.game
        row = dict(zip(g.board.parts, g.board.rows[p]))
        row.update({"colours": " ".join(_(c) for c in colours_of(game, p)),
                    "variant": _(variant(game))})
        return row

    def json_fields(self, g):
        game = g.game
        board = g.board
        return {
            "scoreboard": {"parts": list(board.parts), "rows": board.rows},
            "variant": {"teams": game.team_rules and game.n == 4, "team_rules": game.team_rules,
                        "tiles": game.tiles},
            "colours": [colours_of(game, p) for p in range(game.n)],
            "piles": game.piles,
            "turns": [{"turn": t, "colour": R.COLOURS[c], "special": special,
                       "beds": [{"flowers": bed,
                                 "winner": None if w == R.NOBODY else R.COLOURS[w],
                                 "why": WHY[why], "tile": placed}
                                for bed, w, why, placed in beds]}
                      for t, c, special, beds, _ in turns(game.events)],
        }

    def house_rules(self, game):
        # docs/RULES.md G2, the team rules' house rule: set at the box's start screen; a
        # journal from before the setting counted each colour's flowers
        if not game.team_rules:
            return []
        return ["a bed's majority is a team's, its two colours' flowers together"
                if game.by_team else "a bed's majority is one colour's, as in the base game"]

    def score_fields(self, game):
        # `lenotre score`'s details (docs/CLI.md): the variant, each colour in turn order with
        # its player, beds won, own-colour corners in them and tiles left, the sides the
        # winner is decided between (a player, or a team) and where the end stands
        sides = game.sides()
        beds, corners = game.side_beds(), game.side_corners()
        return {
            "variant": {"teams": game.team_rules and game.n == 4,
                        "team_rules": game.team_rules, "tiles": game.tiles},
            "colours": [{"colour": R.COLOURS[c], "player": game.players[game.seat_of(c)],
                         "beds": game.won[c], "corners": game.own[c],
                         "tiles_left": game.tiles - game.placed[c],
                         "special": game.special[c] or None}
                        for c in game.colours],
            "sides": [{"players": [game.players[p] for p in sides[s]], "beds": beds[s],
                       "corners": corners[s]} for s in range(len(sides))],
            "turns": game.turns, "piles": game.piles, "beds": game.beds,
            "turns_left": game.turns_left() if game.outcome is None else 0,
        }

    def points_text(self, g, p):
        return _("%d beds") % g.totals()[p]

    def seat_comments(self, g):
        # "Sophie blue, Max red" (a guest is the colour they play: "Blue, Red")
        game = g.game
        seats = []
        for p in range(game.n):
            colours = colours_of(game, p)
            seats.append(g.person_name(p) if is_colours(g.people[p] or game.players[p], colours)
                         else "%s %s" % (g.person_name(p), "+".join(_(c) for c in colours)))
        said = _(variant(game))
        return ["%s: %s." % (said[:1].upper() + said[1:], ", ".join(seats))]

    # ---- report --------------------------------------------------------------------------
    def holding(self, g):
        game = g.game
        return "; ".join(_("%s %d beds, %d left") % (_(R.COLOURS[c]), game.won[c],
                                                      game.tiles - game.placed[c])
                         for c in game.colours)

    def page(self, g):
        return base.Adapter.page(self, g) + [
            "<h2>%s</h2>" % _("Beds won over the game"), beds_svg(g),
            '<p class="note">%s</p>' % _(
                "Each colour's flowerbeds with sole majority after every turn; beds won after "
                "its flowerbed tiles ran out count too."),
            "<h2>%s</h2>" % _("Corners used"), corners_svg(g),
            '<p class="note">%s</p>' % _(
                "The flowers of its own colour each colour put into the beds it won: the "
                "tie-break counts them (fewer wins).")]


ADAPTER = Gardens()


def beds_svg(g, width=760, height=260):
    # A step line per colour in play: its beds won after each turn
    game = g.game
    steps = turns(game.events)
    left, right, top, bottom = 40, 130, 14, 36
    pw, ph = width - left - right, height - top - bottom
    last = max(1, len(steps))
    most = max([max(s[4]) for s in steps] + [1])
    x = lambda t: left + pw * t / last  # noqa: E731
    y = lambda v: top + ph - ph * v / most  # noqa: E731
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (width, height),
           '<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#888"/>'
           % (left, top + ph, left + pw, top + ph)]
    for v in range(0, most + 1, max(1, most // 6)):
        out.append('<text x="%d" y="%.1f" text-anchor="end">%d</text>' % (left - 6, y(v) + 4, v))
    out.append('<text x="%d" y="%d" text-anchor="middle">%s</text>'
               % (left + pw // 2, height - 8, e(_("turn (%d)") % len(steps))))
    ends = []
    for c in game.colours:
        pts = ["%.1f,%.1f" % (x(0), y(0))]
        prev = 0
        for i, s in enumerate(steps):
            pts.append("%.1f,%.1f" % (x(i + 1), y(prev)))
            prev = s[4][c]
            pts.append("%.1f,%.1f" % (x(i + 1), y(prev)))
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                   % (FLOWER_HEX[c], " ".join(pts)))
        ends.append(prev)
    # the labels at the lines' ends, none over another (a tie ends two lines together)
    for i, at in spread([y(v) + 4 for v in ends], 14, top + 4):
        c = game.colours[i]
        out.append('<text x="%d" y="%.1f" fill="%s">%s %d</text>'
                   % (left + pw + 8, at, FLOWER_HEX[c], e(played_by(game, c)), ends[i]))
    return "\n".join(out) + "</svg>"


def corners_svg(g, width=760):
    # A bar per colour in play: own-colour flowers in the beds it won, beside the beds
    game = g.game
    row, left = 26, 170
    most = max([game.own[c] for c in game.colours] + [1])
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="12">' % (width, row * game.per_round + 8)]
    for i, c in enumerate(game.colours):
        y = 4 + i * row
        w = (width - left - 140) * game.own[c] / most
        out.append('<text x="0" y="%d">%s</text>' % (y + 15, e(played_by(game, c))))
        out.append('<rect x="%d" y="%d" width="%.1f" height="18" fill="%s"/>'
                   % (left, y, w, FLOWER_HEX[c]))
        out.append('<text x="%.1f" y="%d">%s</text>'
                   % (left + w + 6, y + 15,
                      e(_("%d corners in %d beds") % (game.own[c], game.won[c]))))
    return "\n".join(out) + "</svg>"

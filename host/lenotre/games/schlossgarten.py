"""Der Prestel Schlossgarten on the desktop: what show, replay, the exports, the report and
`lenotre score` say of it beyond the generic seat, total and place (base.Adapter). Contracts:
docs/CLI.md; the rules: docs/RULES.md, "Der Prestel Schlossgarten".

Seats count from 0, in turn order. A player's points are their landscape tiles (1-3 each)
and their garden elements on the field (1 a square); the first to 21 wins at once."""
from lenotre.games import base
from lenotre.lang import _
from shared_rules.schlossgarten.game import GOAL, Game

# after the generic columns and the scoreboard's parts (tiles, elements): the tiles' count
# and values, the elements on the field at the end (or now), by name
CSV_EXTRA = ("tile_count", "tile_values", "on_field")


class Schlossgarten(base.Adapter):
    NAME = "schlossgarten"
    TITLE = "Der Prestel Schlossgarten"
    # BoardGameGeek's id of Der Prestel Schlossgarten (Ulf Siebert, Prestel 2004): not
    # confirmed from here, so left out; BG Stats asks once and remembers it by sourceGameId.
    BGG_ID = None
    TIEBREAK = "first to 21"  # never a tie: the game ends the moment one player has 21
    TIEBREAK_SHORT = "first to 21"
    HOLDING = "elements on the field"

    def replayed(self, game):
        return "%d turns" % game.turn

    def scored(self, game):
        return self.finished(game) or any(game.totals())

    def event_text(self, game, ev):
        # game: after the event. "turn 4, Purple: pool on a 1, over Orange's column: 3"
        if ev.get("e") != "turn":
            return base.Adapter.event_text(self, game, ev)
        p = ev["p"]
        who = game.players[p]
        tiles = ev.get("tiles") or []
        parts = []
        if ev.get("el"):
            parts.append("%s on %s" % (ev["el"], tiles_text(tiles)) if tiles else ev["el"])
            over = ev.get("over") or []
            if over:
                parts.append("over " + ", ".join("%s's %s" % (game.players[s], e)
                                                  for s, e in over))
        elif tiles:
            parts.append("takes %s" % tiles_text(tiles))
        else:
            parts.append("builds nothing")
        text = "turn %d, %s: %s: %d" % (game.turn, who, ", ".join(parts), game.points(p))
        if game.outcome is not None:
            text += ", reaches %d and wins" % GOAL
        return text

    # ---- exports -------------------------------------------------------------------------
    def csv_columns(self, games):
        return base.Adapter.csv_columns(self, games) + CSV_EXTRA

    def csv_fields(self, g, p):
        out = base.Adapter.csv_fields(self, g, p)
        game = g.game
        out.update({"tile_count": len(game.tiles[p]),
                    "tile_values": " ".join(str(v) for v in game.tiles[p]),
                    "on_field": " ".join(_(x) for x in game.on_field(p))})
        return out

    def json_fields(self, g):
        out = base.Adapter.json_fields(self, g)
        out.update(self.score_fields(g.game))
        return out

    def score_fields(self, game):
        # what stands besides the scoreboard: per seat the tiles taken (values, in order),
        # the elements on the field and in the supply; the turns played, the constellation
        # pile; how the game was won
        won = None
        if game.won:
            seat, turn, how = game.won
            won = {"seat": seat, "player": game.players[seat], "turn": turn, "how": how}
        return {
            "tiles": [list(game.tiles[p]) for p in range(game.n)],
            "on_field": [game.on_field(p) for p in range(game.n)],
            "supply": [game.supply(p) for p in range(game.n)],
            "turns": game.turn,
            "cards": {"pile": game.pile, "discard": game.discard, "shuffles": game.shuffles,
                      "reshuffle_due": game.reshuffle_due()},
            "won": won,
        }

    def house_rules(self, game):
        # docs/RULES.md S5: set at the box's start screen; a journal from before the setting
        # was played tile by tile
        return ["a turn that reaches 21 counts whole, its element and tiles together"
                if game.whole_turn else "the game ends at the tile that reaches 21"]

    def points_text(self, g, p):
        board = g.board
        tiles, elements = board.rows[p]
        return _("%d tiles + %d elements = %d") % (tiles, elements, board.totals[p])

    # ---- report --------------------------------------------------------------------------
    def holding(self, g):
        game = g.game
        return "; ".join("%s: %s" % (g.person_name(p), ", ".join(_(x) for x in game.on_field(p)))
                         for p in range(game.n) if game.on_field(p)) or _("none")

    def page(self, g):
        from lenotre.games import schlossgarten_page  # matplotlib colours: only the report
        return base.Adapter.page(self, g) + schlossgarten_page.sections(g)


ADAPTER = Schlossgarten()


def tiles_text(tiles):
    # "a 2", "2+3"
    return "a %d" % tiles[0] if len(tiles) == 1 else "+".join(str(v) for v in tiles)


def points_by_turn(game):
    # -> per seat, the points after each turn that stands, 0..turns (index = turns played);
    # turns taken back are not in it
    fresh = Game()
    steps = [[] for _ in range(game.n)]
    for ev in game.events:
        fresh.push(ev)
        for p in range(fresh.n):
            steps[p].append(fresh.points(p))
    return steps

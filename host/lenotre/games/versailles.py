"""Die Gärten von Versailles on the desktop: what show, replay, the exports and the report
say of it beyond the generic seat, total and place (base.Adapter). Contracts: docs/CLI.md.

Seats count from 0; Ludwig, the box's own player in 2-player games, is seat `n`."""
from lenotre.games import base, versailles_show
from lenotre.lang import _
from shared_rules.versailles.game import LUDWIG, ROUNDS, STAGES, Game
from shared_rules.versailles.scoring import NOBODY
from shared_rules.versailles.tiles import TYPES

# The columns of the release before the seam, in its order (CSV readers keep working)
CSV_COLUMNS = ("device", "game", "date", "date_estimated", "started", "ended", "status",
               "players", "ludwig", "seat", "player", "person", "stage1", "stage2", "total",
               "rank", "winner", "tiebreak", "large_tokens", "small_tokens",
               "construction_bonus")
BREAKDOWN = ("areas", "large", "small", "construction", "total")


class Versailles(base.Adapter):
    NAME = "versailles"
    TITLE = "Die Gärten von Versailles"
    # BoardGameGeek's id (Schmidt Spiele 2017, Lena & Günter Burkhardt). UNCONFIRMED: no
    # source reachable from here gave it, and a wrong id would file every play under another
    # game. While it is None, `bggId` is left out and BG Stats asks once which game "Die
    # Gärten von Versailles" is, then remembers it by its sourceGameId.
    BGG_ID = None
    TIEBREAK = "single largest area"
    TIEBREAK_SHORT = "largest area"
    HOLDING = "large tokens held"
    CHARTS = ("ludwig.png",)  # versailles_page.LUDWIG_PNG

    def walk(self, events):
        for s in versailles_show.walk(events):
            yield s.index, s.event, s.game, s.error

    def replay(self, events):
        return versailles_show.replay(events)

    def show(self, events, title):
        return versailles_show.show(events, title)

    def where(self, game):
        return versailles_show.where(game)

    def replayed(self, game):
        return "%d rounds" % len(game.rounds)

    def scored(self, game):
        return bool(game.scores)

    def bot(self, game):
        return LUDWIG if game.ludwig else None

    # ---- exports -------------------------------------------------------------------------
    def csv_columns(self, games):
        return CSV_COLUMNS

    def csv_fields(self, g, p):
        stage1, stage2 = stage_points(g, p)
        return {"ludwig": "1" if g.ludwig else "0",
                "stage1": _blank(stage1), "stage2": _blank(stage2),
                # tokens as they stand (at the end, for a finished game), by type name
                "large_tokens": " ".join(_(t) for t in large_tokens(g, p)),
                "small_tokens": " ".join(_(t) for t in small_tokens(g, p)),
                "construction_bonus": ("1" if g.game.builder == p else "0")
                if g.finished else ""}

    def json_fields(self, g):
        game = g.game
        return {
            "ludwig": g.ludwig,
            "scores": breakdown(g),
            "large_tokens": holder_names(g, game.holders),
            "small_tokens": holder_names(g, game.small) if g.finished else None,
            "construction_bonus": (g.players[game.builder]
                                   if g.finished and game.builder >= 0 else None),
        }

    def points_text(self, g, p):
        return "%s = %d" % (" + ".join(str(s) for s in stage_points(g, p)), g.totals()[p])

    def seat_comments(self, g):
        return [_("2 players: Ludwig, the box's automa, took the third seat.")] if g.ludwig else []

    # ---- report --------------------------------------------------------------------------
    def holding(self, g):
        return "; ".join("%s: %s" % (g.person_name(p), ", ".join(_(t) for t in large_tokens(g, p)))
                         for p in range(len(g.players)) if large_tokens(g, p)) or _("none")

    def page(self, g):
        from lenotre.games import versailles_page  # matplotlib: only for the report
        return versailles_page.sections(g)

    def overview(self, games, names, out_dir):
        from lenotre.games import versailles_page
        return versailles_page.overview(games, names, out_dir)


ADAPTER = Versailles()


def _blank(value):
    return "" if value is None else value


def stage_points(g, p):
    # -> [stage 1 total, stage 2 total] with None for a scoring not done yet
    rows = [stage[p][4] for stage in g.game.scores]
    return rows + [None] * (STAGES - len(rows))


def breakdown(g):
    # -> per scored stage, per player {areas, large, small, construction, total}
    return [{"stage": s + 1,
             "players": [dict(zip(BREAKDOWN, row), name=g.game.players[p])
                         for p, row in enumerate(rows)]}
            for s, rows in enumerate(g.game.scores)]


def large_tokens(g, p):
    return [TYPES[t] for t in range(len(TYPES)) if g.game.holders[t] == p]


def small_tokens(g, p):
    return [TYPES[t] for t in range(len(TYPES)) if g.game.small[t] == p]


def holder_names(g, holders):
    return {TYPES[t]: (None if holders[t] == NOBODY else g.game.players[holders[t]])
            for t in range(len(TYPES))}


def by_round(g):
    # The state at the end of every round played, 1..14: [(holders, banked stage totals)].
    # Claims made after a round's tiles are placed, and a stage's scoring, count to that
    # round: the scoring after round 7 belongs to round 7.
    game = Game()
    at = {}
    for ev in g.game.events:
        game.push(ev)
        if game.rounds_played:
            at[game.rounds_played] = (list(game.holders),
                                      [[row[4] for row in rows] for rows in game.scores])
    return [at[r] for r in sorted(at)]


def known_points(g):
    # Per player, the points known for sure after each round 0..14 (index = rounds played):
    # a step that rises only at a stage's scoring (after rounds 7 and 14), since the box
    # learns the areas only then. Tokens held in between are not points yet: a token can
    # change hands before the scoring.
    n = len(g.players)
    steps = [[0] for _ in range(n)]
    played = len(g.game.rounds)
    for r in range(1, played + 1):
        scored = [rows for s, rows in enumerate(g.game.scores) if (s + 1) * ROUNDS <= r]
        for p in range(n):
            steps[p].append(sum(rows[p][4] for rows in scored))
    return steps


def ludwig_positions(g):
    # Per round of a 2-player game: Ludwig's place in the card order (0: lowest card, he
    # took the first tile of the group) and, per player, whether his card was lower than
    # theirs (he chose a tile before them). [] when Ludwig does not play.
    if not g.ludwig:
        return []
    n = g.game.n
    out = []
    for i in range(len(g.game.rounds)):
        order = [seat for seat, _, _ in g.game.distribution(i)]
        cards = g.game.rounds[i][2]
        out.append((order.index(n), [cards[n] < cards[p] for p in range(n)]))
    return out


def ludwig_stats(g):
    # -> (per player: rounds in which Ludwig's card was lower than theirs, rounds in which he
    # took the first tile of the group, rounds played)
    positions = ludwig_positions(g)
    beat = [sum(1 for _, ahead in positions if ahead[p]) for p in range(len(g.players))]
    first = sum(1 for place, _ in positions if place == 0)
    return beat, first, len(positions)


# Ludwig has no garden and no score (rulebook, *Special Rules for 2 Players*), so his record
# against a person is how often he got in their way: the rounds his card was lower than
# theirs, so he took a tile of the group before them and threw it away.
class LudwigRecord:
    """Ludwig against one person, over their finished 2-player games."""

    def __init__(self, name):
        self.name = name
        self.games = self.wins = 0  # the person's games with Ludwig, and the ones they won
        self.rounds = 0  # rounds played in them
        self.before = 0  # rounds Ludwig's card was lower than theirs: he chose first
        self.first = 0  # rounds he had the lowest card of all: he took the group's first tile

    @property
    def before_share(self):
        return 100.0 * self.before / self.rounds if self.rounds else 0.0


def ludwig_record(games):
    # -> [LudwigRecord], most games first, then by name
    out = {}
    for g in games:
        if not (g.ludwig and g.finished):
            continue
        beat, first, rounds = ludwig_stats(g)
        winners = g.game.outcome.winners
        for p in range(len(g.players)):
            rec = out.setdefault(g.person_name(p), LudwigRecord(g.person_name(p)))
            rec.games += 1
            rec.wins += 1 if p in winners else 0
            rec.rounds += rounds
            rec.before += beat[p]
            rec.first += first
    return sorted(out.values(), key=lambda r: (-r.games, r.name))

"""A game of Versailles as an event log, python-chess style: `push` validates and applies one
event, `undo` drops the last one, and the state is always the fold of the events that stand.
Events are small dicts that go to the journal as canonical JSON:
  {"e": "setup", "game": "versailles", "players": [names], "seed": n}
  {"e": "round", "cards": [one card per player, seat order], "ludwig": n (2 players)}
  {"e": "claim", "p": seat, "type": "blue", "size": n}       a majority token
  {"e": "areas", "p": seat, "sizes": [g, b, w, r, y, construction]}   at a stage's end
  {"e": "score", "stage": 1 or 2}
  {"e": "undo"}                                               cancels the last event"""
from shared_rules import errors as E
from shared_rules import versailles as V
from shared_rules.eventlog import EventLog, check_names
from shared_rules.eventlog import field as _field
from shared_rules.eventlog import is_int as _is_int
from shared_rules.rng import Rng, derive
from shared_rules.versailles import scoring
from shared_rules.versailles.tiles import AREA_KINDS, TILES_PER_STAGE, TYPES, type_code

# The journal's records of this game's events (firmware/journal.py; setup "S" and undo "U" are
# every game's): (kind, one-letter code, fields in the order written). Part of the record
# format: never change, drop or reorder one; add fields at the end only.
RECORDS = (
    ("round", "R", ("cards", "ludwig")),
    ("claim", "C", ("p", "type", "size")),
    ("areas", "A", ("p", "sizes")),
    ("score", "T", ("stage", "t")),
)

CARDS = 55
HAND = 10
ROUNDS = 7
STAGES = 2
LUDWIG = "Ludwig"
PLAY = "play"
SCORING = "scoring"
OVER = "over"


def why(kind, *args):
    """Returns the exception a refusal of `kind` raises, its words in the box's language:
    refusals.py's function of that name, loaded only when the rules refuse. (Called by a string
    over 10 characters, which MicroPython does not intern: a name here would stay in the box's
    table of names from this module's load on.)"""
    from shared_rules.versailles import refusals
    return getattr(refusals, kind)(*args)


class Game(EventLog):
    """Die Gärten von Versailles as an event log: rounds of cards (the placement they make),
    claims of majority tokens, each stage's area reports and its score; with 2 players
    Ludwig's seat and deck from the setup's seed. Push events or call play_round, claim,
    report_areas and score; RulesError subclasses say what the rulebook forbids."""
    GAME = "versailles"
    KINDS = ("setup", "round", "claim", "areas", "score")

    def __init__(self, players=None, seed=0):
        EventLog.__init__(self)
        if players is not None:
            self.push({"e": "setup", "game": "versailles", "players": list(players),
                       "seed": seed})

    # ---- actions at the table ------------------------------------------------------------
    def play_round(self, cards):
        """Push a round: the cards the players revealed, in seat order (Ludwig's is drawn from
        his deck). Returns the event as kept."""
        return self.push({"e": "round", "cards": list(cards)})

    def claim(self, player, type_name, size):
        """Push a claim: player (a seat) takes the majority token of type_name with an area of
        size fields."""
        return self.push({"e": "claim", "p": player, "type": type_name, "size": size})

    def report_areas(self, player, sizes):
        """Push player's area report for the stage's score: the largest area of each type and
        of construction sites."""
        return self.push({"e": "areas", "p": player, "sizes": list(sizes)})

    def score(self, stage=None):
        """Push the stage's score (this stage unless one is named); every report must be in."""
        return self.push({"e": "score", "stage": self.stage if stage is None else stage})

    # ---- questions the box asks ----------------------------------------------------------
    def fields(self, player):
        """Every player takes one tile of 4 fields per round."""
        return 4 * self.rounds_played

    def ludwig_preview(self):
        """Ludwig's card before the players reveal (it may still change if a player shows it)."""
        if not self.ludwig or self.phase != PLAY:
            return None
        return self._ludwig_card(())[0]

    def distribution(self, index=-1):
        """The placement order of one round: [(seat, card, tile number in the stage row)],
        lowest card first; the seat equal to len(players) is Ludwig, whose tile is
        discarded."""
        stage, r, cards = self.rounds[index]
        order = sorted(range(len(cards)), key=lambda s: cards[s])
        return [(order[i], cards[order[i]], r * self.seats + i + 1) for i in range(len(order))]

    def holder(self, type_name):
        """Returns the seat holding the large token of type_name, or -1."""
        return self.holders[type_code(type_name)]

    def pending_reports(self):
        """Returns the seats whose area report this stage's score still waits for."""
        return [p for p in range(self.n) if self.reports[p] is None]

    def name(self, seat):
        """Returns the name at seat, Ludwig's seat included (seat n)."""
        return LUDWIG if seat == self.n else self.players[seat]

    def snapshot(self):
        """Everything the state holds, as plain data copied out: equal snapshots mean equal
        games, and a snapshot kept aside does not change as the game goes on."""
        return {
            "players": list(self.players), "stage": self.stage, "round": self.round,
            "phase": self.phase, "rounds": [[s, r, list(c)] for s, r, c in self.rounds],
            "holders": list(self.holders), "held": list(self.held),
            "claimed": [list(c) for c in self.claimed],
            "reports": [r and list(r) for r in self.reports],
            "scores": [[list(row) for row in rows] for rows in self.scores],
            "small": list(self.small),
            "builder": self.builder, "totals": self.totals(),
            "winners": self.outcome.winners if self.outcome else None,
        }

    def totals(self):
        """Returns each seat's points so far: the stages scored."""
        return [sum(rows[p][4] for rows in self.scores) for p in range(self.n)]

    def scoreboard(self):
        """Points by part over the stages scored so far (score_stage's row, total last)"""
        from shared_rules.scoreboard import Scoreboard  # the host's and the results' only
        rows = [[sum(st[p][i] for st in self.scores) for i in range(4)] for p in range(self.n)]
        return Scoreboard(self.players, scoring.PARTS, rows, self.totals())

    # ---- validation + application; each returns a closure that applies --------------------
    def _setup(self, ev):
        players = _field(ev, "players", lambda v: isinstance(v, list), "a list of 2-5 names")
        seed = _field(ev, "seed", lambda v: _is_int(v) and v >= 0, "a whole number >= 0")
        if not 2 <= len(players) <= 5:
            raise why("player_count", len(players))
        check_names(players)
        if LUDWIG in players:
            raise why("ludwig_named")

        def apply():
            self.players = list(players)
            self.n = len(players)
            self.seed = seed
            self.ludwig = self.n == 2
            self.seats = 3 if self.ludwig else self.n  # Ludwig takes the 3rd seat
            self.tiles_per_stage = TILES_PER_STAGE[self.n]
            self.stage = 1
            self.rounds = []  # (stage, round index in stage, [card per seat])
            self.rounds_played = 0
            self.holders = [scoring.NOBODY] * len(TYPES)
            self.held = [0] * len(TYPES)  # the holder's size as last reported
            self.claimed = [[0] * len(AREA_KINDS) for _ in players]  # sizes areas cannot undercut
            self.scores = []  # per stage: per player [areas, large, small, construction, total]
            self.small = [scoring.NOBODY] * len(TYPES)
            self.builder = scoring.NOBODY
            self.outcome = None
            self._start_stage()
        return apply

    def _start_stage(self):
        self.round = 0
        self.phase = PLAY
        self.reports = [None] * self.n  # type: list  # per player: 6 sizes once reported
        self.seen = bytearray(CARDS + 1)  # cards the players revealed this stage
        # Ludwig's face-down deck: the first 10 cards of a seeded shuffle; the rest are spares.
        self.pool = Rng(derive(self.seed, self.stage)).shuffle(bytearray(range(1, CARDS + 1)))
        self.spare = HAND

    def _ludwig_card(self, cards):
        # Ludwig's deck is virtual while the players hold real cards, so his top card may be
        # one a player has shown: then he plays the next spare nobody has shown (RULES.md).
        c = self.pool[self.round]
        j = self.spare
        while self.seen[c] or c in cards:
            c = self.pool[j]
            j += 1
        return c, j

    def _round(self, ev):
        if self.phase != PLAY:
            raise why("round_not_now", self, self.phase == SCORING)
        cards = _field(ev, "cards", lambda v: isinstance(v, list), "a list of cards")
        if len(cards) != self.n:
            raise why("cards_in_a_round", self.n, len(cards))
        for p in range(self.n):
            c = cards[p]
            if not _is_int(c) or not 1 <= c <= CARDS:
                raise why("not_a_number_card", self, p, c, CARDS)
        for c in cards:  # all whole numbers now: True or 1.0 would count as a second 1
            if cards.count(c) > 1:
                raise why("card_played_twice", c)
            if self.seen[c]:
                raise why("card_played_before", c, self.stage)
        seat_cards = list(cards)
        spare = self.spare
        if self.ludwig:
            lc, spare = self._ludwig_card(cards)
            if "ludwig" in ev and (not _is_int(ev["ludwig"]) or ev["ludwig"] != lc):
                raise E.InvalidEvent("Ludwig's card this round is %d, the log says %r"
                                     % (lc, ev["ludwig"]))
            seat_cards.append(lc)

        def apply():
            for c in cards:
                self.seen[c] = 1
            self.spare = spare
            self.rounds.append((self.stage, self.round, seat_cards))
            self.round += 1
            self.rounds_played += 1
            if self.round == ROUNDS:
                self.phase = SCORING
            if self.ludwig and "ludwig" not in ev:
                kept = dict(ev)
                kept["ludwig"] = seat_cards[-1]  # the log shows Ludwig's draw
                return kept
        return apply

    def _player(self, ev):
        p = _field(ev, "p", _is_int, "a player seat number")
        if not 0 <= p < self.n:
            raise E.UnknownPlayer("no player at seat %r; seats are 0 to %d (%s)"
                                  % (p, self.n - 1, ", ".join(self.players)))
        return p

    def _claim(self, ev):
        if self.phase == OVER:
            raise why("tokens_over")
        p = self._player(ev)
        t = type_code(_field(ev, "type", lambda v: isinstance(v, str), "a garden type"))
        if t >= len(TYPES):
            raise why("no_token_there")
        size = self.check_size(_field(ev, "size", lambda v: True, "a whole number of fields"),
                               p, t, "size")
        h = self.holders[t]
        if size < scoring.MIN_TOKEN_AREA:
            raise why("area_too_small", self, p, t, size, scoring.MIN_TOKEN_AREA)
        if h == p and size <= self.held[t]:
            raise why("holder_not_larger", self, p, t)
        if h != p and h != scoring.NOBODY and size <= self.held[t]:
            raise why("token_not_taken", self, p, t, h)

        def apply():
            self.holders[t] = p
            self.held[t] = size
            self.claimed[p][t] = size
        return apply

    def check_size(self, size, p, t, what):
        """Returns size, if player p can have an area of kind t that large now (what: how an
        error names it); InvalidSize if not: negative, more fields than p placed, or below
        p's claim."""
        if not _is_int(size) or size < 0:
            raise V.InvalidSize("%s must be a whole number >= 0, got %r" % (what, size))
        most = self.fields(p)
        if size > most:
            raise why("too_many_fields", self, p, t, size, most)
        if size < self.claimed[p][t]:
            raise why("area_shrunk", self, p, t)
        return size

    def _areas(self, ev):
        if self.phase != SCORING:
            raise why("areas_not_now", self, self.phase == PLAY)
        p = self._player(ev)
        sizes = _field(ev, "sizes", lambda v: isinstance(v, list) and len(v) == len(AREA_KINDS),
                       "6 sizes: " + ", ".join(AREA_KINDS))
        sizes = [self.check_size(sizes[t], p, t, AREA_KINDS[t]) for t in range(len(AREA_KINDS))]

        def apply():
            self.reports[p] = sizes
        return apply

    def _score(self, ev):
        stage = _field(ev, "stage", _is_int, "1 or 2")
        if self.phase != SCORING or stage != self.stage:
            raise why("scoring_not_due", stage, self.describe())
        missing = self.pending_reports()
        if missing:
            raise why("areas_missing", self, missing)
        scoring.check_holders(self.reports, self.holders, self.players)
        rows, small, builder = scoring.score_stage(stage, self.reports, self.holders,
                                                   self.n == 2)

        def apply():
            self.scores.append(rows)
            self.claimed = [list(r) for r in self.reports]
            for t in range(len(TYPES)):
                if self.holders[t] != scoring.NOBODY:
                    self.held[t] = self.reports[self.holders[t]][t]
            if stage == STAGES:
                self.small = small
                self.builder = builder
                self.phase = OVER
                self.outcome = scoring.outcome(self.totals(), self.reports, self.players)
            else:
                self.stage += 1
                self._start_stage()
        return apply

    def describe(self):
        """Returns where the game stands, in words: "stage 1, round 3", "game over"."""
        if self.phase == PLAY:
            return E.local("stage %d, round %d") % (self.stage, self.round + 1)
        if self.phase == SCORING:
            return E.local("stage %d scoring") % self.stage
        return E.local("game over")


Game.HANDLERS = {
    "setup": Game._setup, "round": Game._round, "claim": Game._claim,
    "areas": Game._areas, "score": Game._score,
}

# An independent reading of what the box must accept or refuse, event by event, for the
# stateful property test (tests/host/test_event_machine.py): the rulebook
# (/work/shared/rulebooks/versailles-en.txt) as docs/RULES.md tells the box to check it
# (§2 "What the box knows", §3 I7-I10, §4 "Errors", §5 "The event log"). It is written from
# those texts, not from shared_rules/versailles/game.py: the stage scoring and the winners are
# reference.py's; only the seeded shuffle of Ludwig's deck (shared_rules.rng: a PRNG, no rule)
# and the error classes (the rules core's interface) are shared with the core.
#
# Table.after(event) -> (the table after it, the event as the log must store it), or raises
# Refused listing every rule the event breaks (the core may name any one of them: the rules do
# not say which check comes first). A table is never changed: after() builds a new one.
import copy

import reference as R
from shared_rules import errors as E
from shared_rules import versailles as V
from shared_rules.rng import Rng, derive

GAME = "versailles"
KINDS = ("setup", "round", "claim", "areas", "score")
AREA_NAMES = R.TYPE_NAMES + ("construction",)
NAME_MAX = 12  # §4: "a name over 12 characters" is refused
LUDWIG = "Ludwig"  # I8: the name is reserved
HAND = 10  # I7: Ludwig's 10 cards are the first 10 of the stage's shuffle
PLAY, SCORING, OVER = "play", "scoring", "over"
NOBODY = -1  # how a snapshot says "no holder"


def whole(v):
    # a whole number; True is no number of cards or fields
    return type(v) is int


class Refused(Exception):
    def __init__(self, broken):
        # broken: [(error class, why)], every rule the event breaks
        Exception.__init__(self, broken)
        self.broken = broken

    def classes(self):
        return tuple(cls for cls, why in self.broken)


class Table:
    def __init__(self):
        self.events = []  # the events that stand, as the log stores them
        self.n = 0

    @classmethod
    def replay(cls, events):
        t = cls()
        for ev in events:
            t, _ = t.after(ev)
        return t

    # ---- what the box must say to one event ----------------------------------------------
    def after(self, event):
        if not isinstance(event, dict):
            raise Refused([(E.InvalidEvent, "an event is a dict")])
        kind = event.get("e")
        if kind == "undo":
            # §5: {"e": "undo"} cancels the last event that stands; never the setup
            if len(self.events) < 2:
                raise Refused([(E.NothingToUndo, "only the setup stands")])
            return Table.replay(self.events[:-1]), {"e": "undo"}
        if not isinstance(kind, str) or kind not in KINDS:
            raise Refused([(E.InvalidEvent, "unknown kind %r" % (kind,))])
        if not self.events and kind != "setup":
            raise Refused([(E.InvalidEvent, "a log starts with a setup")])
        if self.events and kind == "setup":
            raise Refused([(E.InvalidEvent, "already set up")])
        broken = []
        new = self._copy()
        stored = dict(event)
        apply = getattr(new, "_" + kind)(event, broken, stored)
        if broken:
            raise Refused(broken)
        apply()
        new.events.append(stored)
        return new, stored

    def _copy(self):
        # a table to change: every list or set an event changes in place is copied (events,
        # rounds and reports are only ever appended or replaced whole)
        new = copy.copy(self)
        new.events = list(self.events)
        if self.events:
            for name in ("rounds", "holders", "held", "reports", "scores", "small"):
                setattr(new, name, list(getattr(self, name)))
            new.least = [list(row) for row in self.least]
            new.shown = set(self.shown)
            new.ludwig_played = set(self.ludwig_played)
        return new

    # ---- setup: §4 InvalidSetup "not 2-5 players, duplicate or empty names, a name over 12
    # characters, 'Ludwig'"; a missing or ill-typed field is an InvalidEvent ------------------
    def _setup(self, ev, broken, stored):
        if ev.get("game") != GAME:
            broken.append((E.InvalidSetup, "the game must be %r" % GAME))
        players = ev.get("players")
        if not isinstance(players, list):
            broken.append((E.InvalidEvent, "players: a list of names"))
            players = []
        elif not 2 <= len(players) <= 5:
            broken.append((E.InvalidSetup, "2 to 5 players"))
        if not (whole(ev.get("seed")) and ev["seed"] >= 0):
            broken.append((E.InvalidEvent, "seed: a whole number >= 0"))
        for name in players:
            if not isinstance(name, str) or not 1 <= len(name) <= NAME_MAX:
                broken.append((E.InvalidSetup, "a name is 1 to 12 characters"))
            elif name == LUDWIG or players.count(name) > 1:
                broken.append((E.InvalidSetup, "Ludwig, or a name twice"))

        def apply():
            self.players = list(players)
            self.n = len(players)
            self.seed = ev["seed"]
            self.two = self.n == 2  # I8: Ludwig plays with 2, and only with 2
            self.stage = 1
            self.rounds = []  # [stage, round, cards (Ludwig's last)]
            self.tiles = 0  # tiles each player has taken: "one tile a round"
            self.holders = [NOBODY] * 5
            self.held = [0] * 5  # the holder's size as last told to the box (I9)
            self.least = [[0] * 6 for _ in players]  # what each told the box: areas only grow
            self.scores = []
            self.small = [NOBODY] * 5
            self.builder = NOBODY
            self.winners = None
            self._new_stage()
        return apply

    def _new_stage(self):
        self.round = 0
        self.phase = PLAY
        self.reports = [None] * self.n
        self.shown = set()  # cards the players revealed this stage: the discard pile
        self.ludwig_played = set()
        # I7: a shuffle of 1-55 seeded by the game's seed and the stage
        self.deck = list(Rng(derive(self.seed, self.stage)).shuffle(bytearray(range(1, 56))))

    def _ludwig_card(self, cards):
        # I7: his top card, unless a player has shown it (this stage or this round): then the
        # next card of the same shuffle beyond his 10 that nobody has shown (nor he played)
        top = self.deck[self.round]
        if top not in self.shown and top not in cards:
            return top
        for c in self.deck[HAND:]:
            if c not in self.shown and c not in cards and c not in self.ludwig_played:
                return c
        raise AssertionError("no card left for Ludwig")

    # ---- round: "each player chooses one of the Number Cards" (1-55, each once, on the
    # discard pile for the stage); 7 rounds a stage ------------------------------------------
    def _round(self, ev, broken, stored):
        if self.phase != PLAY:
            broken.append((E.OutOfTurn, "no round after round 7 / after the game"))
        cards = ev.get("cards")
        if not isinstance(cards, list):
            broken.append((E.InvalidEvent, "cards: a list"))
            cards = None
        elif len(cards) != self.n:
            broken.append((E.InvalidCard, "one card per player"))
        else:
            numbers = [c for c in cards if whole(c)]
            if len(numbers) != len(cards) or any(not 1 <= c <= R.CARDS for c in numbers):
                broken.append((E.InvalidCard, "cards are whole numbers 1 to 55"))
            if len(set(numbers)) != len(numbers):
                broken.append((V.DuplicateCard, "every card exists once"))
            if any(c in self.shown for c in numbers):
                broken.append((V.CardAlreadyPlayed, "on the discard pile this stage"))
        seat_cards = list(cards or ())
        if self.two and not broken:
            lc = self._ludwig_card(cards)
            # §5: the log shows Ludwig's draw; one that says another card is wrong
            if "ludwig" in ev and not (whole(ev["ludwig"]) and ev["ludwig"] == lc):
                broken.append((E.InvalidEvent, "Ludwig's card is %d" % lc))
            stored["ludwig"] = lc
            seat_cards.append(lc)

        def apply():
            self.shown.update(cards)
            if self.two:
                self.ludwig_played.add(seat_cards[-1])
            self.rounds.append([self.stage, self.round, seat_cards])
            self.round += 1
            self.tiles += 1
            if self.round == R.ROUNDS:
                self.phase = SCORING
        return apply

    # ---- seats and sizes ---------------------------------------------------------------
    def _seat(self, ev, broken):
        p = ev.get("p")
        if not whole(p):
            broken.append((E.InvalidEvent, "p: a seat number"))
            return None
        if not 0 <= p < self.n:
            broken.append((E.UnknownPlayer, "seats are 0 to n - 1"))
            return None
        return p

    def _size(self, size, p, t, broken):
        # §2: "a size is a whole number, not more than the fields the player has placed (4 per
        # round ...), and never smaller than what that player reported before for the same
        # type" (told the box: a claim, or an earlier stage's scored report; a report made
        # again before the score replaces the one it corrects)
        if not whole(size) or size < 0:
            broken.append((V.InvalidSize, "a whole number >= 0"))
            return False
        if size > 4 * self.tiles:
            broken.append((V.InvalidSize, "at most 4 fields a tile"))
        if p is not None and t is not None and size < self.least[p][t]:
            broken.append((V.InvalidSize, "areas never shrink"))
        return True

    # ---- claim: "at least 4 contiguous fields", "an equal amount is not sufficient"; the
    # holder claims again to grow (I9); claims until the game ends (I10) ------------------------
    def _claim(self, ev, broken, stored):
        if self.phase == OVER:
            broken.append((E.OutOfTurn, "the game is over"))
        p = self._seat(ev, broken)
        name = ev.get("type")
        t = None
        if not isinstance(name, str):
            broken.append((E.InvalidEvent, "type: a garden type"))
        elif name not in AREA_NAMES:
            broken.append((E.UnknownType, "green, blue, white, red, yellow"))
        elif name == "construction":
            broken.append((V.InvalidClaim, "construction sites have no token"))
        else:
            t = AREA_NAMES.index(name)
        size = ev.get("size")
        if "size" not in ev:
            broken.append((E.InvalidEvent, "size: a whole number"))
        elif self._size(size, p, t, broken):
            if size < R.TOKEN_MIN:
                broken.append((V.InvalidClaim, "at least 4 fields"))
            elif t is not None and p is not None:
                h = self.holders[t]
                if h != NOBODY and size <= self.held[t]:
                    broken.append((V.InvalidClaim, "more than the holder's %d" % self.held[t]))

        def apply():
            self.holders[t] = p
            self.held[t] = size
            self.least[p][t] = size
        return apply

    # ---- areas: after round 7 of a stage, six sizes per player ------------------------------
    def _areas(self, ev, broken, stored):
        if self.phase != SCORING:
            broken.append((E.OutOfTurn, "areas come after round 7"))
        p = self._seat(ev, broken)
        sizes = ev.get("sizes")
        if not isinstance(sizes, list) or len(sizes) != 6:
            broken.append((E.InvalidEvent, "sizes: 6 numbers"))
            sizes = []
        for t, size in enumerate(sizes):
            self._size(size, p, t, broken)

        def apply():
            self.reports[p] = list(sizes)
        return apply

    def missed_claims(self):
        # §2: "the holder's area is at least every other player's, and nobody has >= 4 of an
        # unclaimed type": -> the claims the reports show were missed, (seat, type, size)
        out = []
        for t in range(5):
            h = self.holders[t]
            for p in range(self.n):
                s = self.reports[p][t]
                if (h == NOBODY and s >= R.TOKEN_MIN
                        or h != NOBODY and p != h and s > self.reports[h][t]):
                    out.append((p, R.TYPE_NAMES[t], s))
        return out

    # ---- score: the stage's scoring, once every report is in; stage 2 ends the game -------
    def _score(self, ev, broken, stored):
        stage = ev.get("stage")
        if not whole(stage):
            broken.append((E.InvalidEvent, "stage: 1 or 2"))
        elif self.phase != SCORING or stage != self.stage:
            broken.append((E.OutOfTurn, "not this stage's scoring now"))
        elif None in self.reports:
            broken.append((E.OutOfTurn, "every player's areas first"))
        else:
            missed = self.missed_claims()
            if missed:
                broken.append((V.MissedClaim, missed))

        def apply():
            holders = [h if h != NOBODY else None for h in self.holders]
            rows, small, builder = R.stage_scores(stage, self.reports, holders, self.two)
            self.scores.append(rows)
            self.least = [list(r) for r in self.reports]
            for t, h in enumerate(self.holders):
                if h != NOBODY:
                    self.held[t] = self.reports[h][t]
            if stage == 2:
                self.small = [NOBODY if s is None else s for s in small]
                self.builder = NOBODY if builder is None else builder
                self.winners = R.winners(self.totals(), self.reports)
                self.phase = OVER
            else:
                self.stage = 2
                self._new_stage()
        return apply

    # ---- the state, in the shape of Game.snapshot() -------------------------------------
    def totals(self):
        return [sum(rows[p][4] for rows in self.scores) for p in range(self.n)]

    def snapshot(self):
        if not self.events:
            return None
        return copy.deepcopy({
            "players": self.players, "stage": self.stage, "round": self.round,
            "phase": self.phase, "rounds": self.rounds, "holders": self.holders,
            "held": self.held, "claimed": self.least, "reports": self.reports,
            "scores": self.scores, "small": self.small, "builder": self.builder,
            "totals": self.totals(), "winners": self.winners,
        })

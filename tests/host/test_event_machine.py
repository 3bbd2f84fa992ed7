"""Arbitrary Versailles event sequences, also invalid ones, against the independent reference
(tests/host/reference_table.py, from the rulebook and docs/RULES.md), CPython only (hypothesis).

A hypothesis state machine pushes setup, round, claim, areas, score and undo events with any
fields and values (mostly plausible ones, so that games go on to their end) into the rules
core and into the reference at once. errors.py: "Every rule violation is a RulesError subclass
with a message a player understands ... The game state is unchanged after any of them." So:
- an event the reference accepts, the game accepts, stores as the reference does (Ludwig's
  card added) and then holds the reference's state (snapshot equal);
- an event the reference refuses, the game refuses with a RulesError subclass naming one of
  the rules it breaks, with a message, and its snapshot, events and log stay as they were;
- undo restores the snapshot from before the event it takes back;
- the caller's event is never changed, and the log replays (through canonical JSON) to the
  same game.
`make soak` runs it longer (LENOTRE_SOAK=1)."""
import copy
import os

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import reference as R
import reference_table as T
from shared_rules import codec
from shared_rules import errors as E
from shared_rules import versailles as V
from shared_rules.versailles.game import Game

SOAK = bool(os.environ.get("LENOTRE_SOAK"))
MISSING = object()  # a field left out of the event
RIGHT = object()  # Ludwig's card as the reference draws it
NAMES = ("Ann", "Ben", "Cleo", "Dora", "Emil", "Fritz")
# Values no field takes (nan is left out: it is not equal to itself, and JSON has none)
JUNK = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=3),
                 st.lists(st.integers(-1, 60), max_size=3), st.just({}))
# ... or no value at all: a field (or a list item) left out
NOTHING = st.one_of(JUNK, st.just(MISSING))


def mostly(good, bad, odds=6):
    # `good` odds times out of odds + 1, else `bad` (hypothesis's simplest draw is `good`:
    # its all-zero example plays on, and shrinking keeps only the bad values a failure needs)
    return st.integers(0, odds).flatmap(lambda k: bad if k == odds else good)


def event(kind, **fields):
    ev = {"e": kind}
    ev.update((k, v) for k, v in fields.items() if v is not MISSING)
    return ev


def frozen(game):
    # a game before its setup has no state to show; snapshot() copies the state out
    return game.snapshot() if game.events else None


class VersaillesEvents(RuleBasedStateMachine):
    def __init__(self):
        RuleBasedStateMachine.__init__(self)
        self.game = Game()
        self.table = T.Table()
        self.before = []  # the snapshot before each event that stands (for undo)
        self.sent = 0
        self.refused = 0

    # ---- one event into both ------------------------------------------------------------
    def send(self, ev):
        self.sent += 1
        g = self.game
        kept = copy.deepcopy(ev)
        snap, events, log = frozen(g), list(g.events), list(g.log)
        try:
            expected = self.table.after(ev)
        except T.Refused as refused:
            expected = refused
        try:
            stored = g.push(ev)
        except E.RulesError as exc:
            assert isinstance(expected, T.Refused), "refused %r, which the rules allow: %s: %s" % (
                ev, type(exc).__name__, exc)
            assert isinstance(exc, expected.classes()), "%r: %s (%s); the rules it breaks: %r" % (
                ev, type(exc).__name__, exc, expected.broken)
            assert str(exc).strip(), "%r: %s without a message" % (ev, type(exc).__name__)
            if isinstance(exc, V.MissedClaim):  # the claim that mends it is one the reports show
                assert exc.claim in dict(expected.broken)[V.MissedClaim], (exc.claim, expected)
            assert frozen(g) == snap, "refused %r but the state changed" % (ev,)
            assert g.events == events and g.log == log, "refused %r went into the log" % (ev,)
            assert ev == kept, "the refused event was changed"
            self.refused += 1
            return False
        assert not isinstance(expected, T.Refused), "accepted %r: %r" % (ev, expected.broken)
        table, want = expected
        assert ev == kept, "the caller's event was changed: %r -> %r" % (kept, ev)
        assert stored == want, "stored %r, not %r" % (stored, want)
        if ev.get("e") == "undo":
            assert frozen(g) == self.before.pop(), "undo did not restore the state before"
        else:
            assert g.events[-1] == want  # kept as given unless the game adds to it (a copy then)
            if ev["e"] != "setup":  # the setup is never taken back
                self.before.append(snap)
        assert g.log[-1] == stored and len(g.log) == len(log) + 1
        assert frozen(g) == table.snapshot(), "after %r" % (ev,)
        self.table = table
        return True

    @property
    def on(self):
        return bool(self.table.events)

    # ---- setup ----------------------------------------------------------------------------
    @staticmethod
    def setups():
        names = st.lists(st.sampled_from(NAMES + (T.LUDWIG, "", "x" * 13)), min_size=2,
                         max_size=5, unique=True)
        good = st.builds(lambda players, seed: event("setup", game="versailles",
                                                     players=players, seed=seed),
                         st.lists(st.sampled_from(NAMES), min_size=2, max_size=5, unique=True),
                         st.integers(0, 2**32 - 1))
        bad = st.builds(lambda game, players, seed: event("setup", game=game, players=players,
                                                          seed=seed),
                        mostly(st.just("versailles"), st.one_of(st.just("gardens"), NOTHING), 2),
                        st.one_of(names, st.lists(st.sampled_from(NAMES), max_size=7), NOTHING),
                        mostly(st.integers(0, 2**32), st.one_of(st.integers(-5, -1), NOTHING), 2))
        return mostly(good, bad, 3)

    @initialize(data=st.data())
    def set_up(self, data):
        # a few events before any setup (all refused but a valid setup), then a game
        for ev in data.draw(st.lists(ANY_EVENT, max_size=2), label="before setup"):
            self.send(ev)
        while not self.on:
            self.send(data.draw(SETUPS, label="setup"))

    @rule(data=st.data())
    def setup_again(self, data):
        assert not self.send(data.draw(SETUPS, label="setup"))

    # ---- rounds ---------------------------------------------------------------------------
    def rounds(self):
        t = self.table
        n = t.n
        free = [c for c in range(1, R.CARDS + 1) if c not in t.shown]
        good = st.lists(st.sampled_from(free), min_size=n, max_size=n, unique=True)
        # a bad card, or another player's card again (as it is, or as 1.0 / True is 1)
        card = st.one_of(st.integers(-1, 57), st.sampled_from(sorted(t.shown) or [1]), NOTHING,
                         st.sampled_from((float, bool, int)))

        def spoil(cards, at, value):
            cards = list(cards)
            if value in (float, bool, int):
                other = cards[(at + 1) % n]
                value = True if value is bool else value(other)
            cards[at % n] = value
            return [c for c in cards if c is not MISSING]
        bad = st.one_of(st.builds(spoil, good, st.integers(0, 4), card),
                        st.lists(st.integers(1, R.CARDS), max_size=6), NOTHING)
        cards = mostly(good, bad, 4)
        ludwig = st.just(MISSING)
        if t.two:  # as a log read back shows it: his card (right or wrong), or none
            ludwig = mostly(st.sampled_from((MISSING, RIGHT)),
                            st.one_of(st.integers(0, 56), JUNK, st.just(float)), 4)

        def make(cards, ludwig):
            if ludwig is RIGHT or ludwig is float:  # his card, or his card as 38.0
                try:
                    right = t.after(event("round", cards=cards))[1]["ludwig"]
                    ludwig = right if ludwig is RIGHT else float(right)
                except T.Refused:
                    ludwig = MISSING
            return event("round", cards=cards, ludwig=ludwig)
        return st.builds(make, cards, ludwig)

    # ---- claims ---------------------------------------------------------------------------
    def seats(self):
        return mostly(st.integers(0, self.table.n - 1),
                      st.one_of(st.integers(-2, self.table.n + 1), NOTHING, st.just("0")), 8)

    def claims(self):
        t = self.table
        fields = 4 * t.tiles
        types = mostly(st.sampled_from(R.TYPE_NAMES),
                       st.one_of(st.sampled_from(("construction", "joker", "Green")), NOTHING), 8)

        def size(p, name):
            # mostly the sizes that matter: around the least a claim can be
            if not T.whole(p) or not 0 <= p < t.n or name not in R.TYPE_NAMES:
                return st.integers(0, fields + 1)
            k = R.TYPE_NAMES.index(name)
            least = max(R.TOKEN_MIN, t.least[p][k],
                        t.held[k] + 1 if t.holders[k] != T.NOBODY else 0)
            return mostly(st.integers(least - 1, least + 3),
                          st.one_of(st.integers(-1, fields + 2), NOTHING), 4)
        return st.tuples(self.seats(), types).flatmap(
            lambda pt: size(*pt).map(lambda s: event("claim", p=pt[0], type=pt[1], size=s)))

    # ---- area reports ---------------------------------------------------------------------
    def areas(self):
        t = self.table
        fields = 4 * t.tiles

        def sizes(p):
            # mostly reports that agree with the holders (no missed claim), so games score
            if not T.whole(p) or not 0 <= p < t.n:
                return st.lists(st.integers(0, fields), min_size=6, max_size=6)
            parts = []
            for k in range(6):
                low, high = t.least[p][k], fields
                if k < 5:
                    h = t.holders[k]
                    if h == T.NOBODY:
                        high = R.TOKEN_MIN - 1
                    elif h != p:
                        high = t.held[k]
                    else:
                        low = max(low, t.held[k])
                parts.append(st.integers(low, max(low, high)))
            good = st.tuples(*parts).map(list)

            def spoil(sizes, at, value):
                sizes = list(sizes)
                sizes[at % 6] = value
                return [s for s in sizes if s is not MISSING]
            bad = st.one_of(st.builds(spoil, good, st.integers(0, 5),
                                      st.one_of(st.integers(-1, fields + 1), NOTHING)),
                            st.lists(st.integers(0, fields), min_size=6, max_size=6), NOTHING)
            return mostly(good, bad, 4)
        # a seat still to report; with every report in and a claim missed, one of the seats
        # the reports contradict reports again (a correction, which replaces its report)
        pending = ([p for p in range(t.n) if t.reports[p] is None]
                   or sorted({p for p, name, size in t.missed_claims()}
                             | {t.holders[R.TYPE_NAMES.index(name)]
                                for p, name, size in t.missed_claims()} - {T.NOBODY})
                   or list(range(t.n)))
        seat = mostly(st.sampled_from(pending), self.seats(), 4)
        return seat.flatmap(lambda p: sizes(p).map(lambda s: event("areas", p=p, sizes=s)))

    def scores(self):
        return mostly(st.just(self.table.stage),
                      st.one_of(st.integers(0, 3), NOTHING, st.just("1")), 6).map(
            lambda s: event("score", stage=s))

    @staticmethod
    def any_event():
        kinds = st.sampled_from(T.KINDS + ("undo", "trade")).map(lambda k: {"e": k})
        return st.one_of(kinds, st.builds(lambda k, v: event(k, x=v),
                                          st.one_of(st.sampled_from(T.KINDS), JUNK), JUNK),
                         st.builds(lambda v: {"x": v}, JUNK), JUNK)

    # ---- the event that is due, mostly valid: games go on to their end ----------------------
    def due(self):
        t = self.table
        if t.phase == T.PLAY:
            return mostly(self.rounds(), self.claims(), 3)
        if t.phase == T.SCORING:
            if None in t.reports or t.missed_claims():
                return mostly(self.areas(), self.claims(), 5)
            return mostly(self.scores(), self.claims(), 5)
        return st.one_of(self.rounds(), self.claims(), self.areas(), self.scores())

    def _play_on(self, data):
        self.send(data.draw(self.due(), label="due"))

    # Rules are drawn about evenly: four copies of this one let games get to their end.
    @rule(data=st.data())
    def play_on(self, data):
        self._play_on(data)

    @rule(data=st.data())
    def play_on_2(self, data):
        self._play_on(data)

    @rule(data=st.data())
    def play_on_3(self, data):
        self._play_on(data)

    @rule(data=st.data())
    def play_on_4(self, data):
        self._play_on(data)

    @rule(data=st.data())
    def a_round(self, data):
        self.send(data.draw(self.rounds(), label="round"))

    @rule(data=st.data())
    def a_claim(self, data):
        self.send(data.draw(self.claims(), label="claim"))

    @rule(data=st.data())
    def an_area_report(self, data):
        self.send(data.draw(self.areas(), label="areas"))

    @rule(data=st.data())
    def a_score(self, data):
        self.send(data.draw(self.scores(), label="score"))

    @rule(data=st.data())
    def anything(self, data):
        self.send(data.draw(ANY_EVENT, label="event"))

    @rule()
    def undo(self):
        # taken back: the last event that stands, never the setup
        can = len(self.before) > 0
        assert self.send({"e": "undo"}) == can

    @invariant()
    def says_where_it_stands(self):
        if self.on:
            assert isinstance(self.game.describe(), str) and self.game.describe()
            assert self.game.totals() == self.table.totals()
            assert (self.game.outcome is not None) == (self.table.phase == T.OVER)

    def teardown(self):
        # the journal (canonical JSON, undos and all) replays to the same game
        if self.on:
            log = [codec.decode(codec.encode(ev)) for ev in self.game.log]
            assert frozen(Game.replay(log)) == frozen(self.game)
        STATS["runs"] += 1
        STATS["events"] += self.sent
        STATS["refused"] += self.refused
        STATS["over"] += self.on and self.table.phase == T.OVER
        STATS["stage 2"] += self.on and self.table.stage == 2


SETUPS = VersaillesEvents.setups()
ANY_EVENT = VersaillesEvents.any_event()
STATS = {"runs": 0, "events": 0, "refused": 0, "stage 2": 0, "over": 0}

VersaillesEvents.TestCase.settings = settings(
    max_examples=2000 if SOAK else 80, stateful_step_count=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                           HealthCheck.large_base_example])
test_arbitrary_event_sequences_agree_with_the_reference = VersaillesEvents.TestCase


@pytest.fixture(autouse=True, scope="module")
def games_reach_their_end():
    # The machine is only as good as how far its games get: most runs see refused events and
    # games that reach the second stage, and some games end.
    yield
    if STATS["runs"] >= 50:
        assert STATS["refused"] > STATS["runs"], STATS
        assert STATS["stage 2"] >= STATS["runs"] // 4, STATS
        assert STATS["over"] >= 1, STATS

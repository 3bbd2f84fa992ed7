"""Property tests for the Schlossgarten rules core against an independent reference ledger
written here, differently: a dict of who has what on the field, points recomputed from scratch
from every tile and element, the rules as one predicate. Hypothesis draws turns - mostly legal,
some not - and the core must accept exactly what the reference accepts, reach the same
ledgers, change nothing when it refuses, and undo back through every state.

Rulebook: /work/shared/rulebooks/schlossgarten-en.txt ("End of the Game": "Each player counts
their points continuously. The game ends immediately when a player reaches 21 points ...")."""
from hypothesis import given, settings
from hypothesis import strategies as st

from shared_rules.codec import decode, encode
from shared_rules.errors import RulesError
from shared_rules.schlossgarten.game import Game
from shared_rules.schlossgarten.simulate import play

SQUARES = {"hedge1": 1, "hedge2": 2, "maze": 3, "column": 1, "pool": 2, "terrace": 3}


class Reference:
    def __init__(self, n):
        self.n = n
        self.played = []  # (seat, tile values) of every accepted turn
        self.where = {}  # (seat, element) -> True while on the field
        self.turns = 0
        self.cards = {"pile": 32 - n, "discard": 0, "shuffles": 0}
        self.winner = None

    def score(self, seat):
        tiles = sum(sum(vals) for s, vals in self.played if s == seat)
        return tiles + sum(SQUARES[e] for (s, e), there in self.where.items()
                           if s == seat and there)

    def legal(self, p, tiles, el, over):
        # -> None if the turn is legal, else a word for why not
        if self.winner is not None:
            return "won"
        if p != self.turns % self.n:
            return "turn"
        if type(tiles) is not list or any(type(v) is not int or v < 1 or v > 3 for v in tiles):
            return "tile"
        if len(tiles) + sum(len(v) for _, v in self.played) > min(self.turns + 1, 49):
            return "excavations"
        if el is not None and (el not in SQUARES or self.where.get((p, el))):
            return "supply"
        if over and el is None:
            return "over without element"
        pairs = [tuple(o) for o in over]
        if len(set(pairs)) != len(pairs):
            return "twice"
        for s, e in pairs:
            if not (type(s) is int and 0 <= s < self.n) or e not in SQUARES:
                return "unknown"
            if not self.where.get((s, e)) or SQUARES[e] >= SQUARES[el]:
                return "cover"
        start = self.score(p)
        sums = [start + sum(tiles[:k + 1]) for k in range(len(tiles))]
        if el is None:
            if not tiles:
                return None
            # a turn without element: only one cut short by 21 at its very last tile
            if sums[-1] < 21 or any(s >= 21 for s in sums[:-1]):
                return "tiles without element"
            free = [SQUARES[e] for e in SQUARES if not self.where.get((p, e))]
            return None if free and len(tiles) <= max(free) else "no element that big"
        if len(tiles) + sum(SQUARES[e] for _, e in pairs) != SQUARES[el]:
            return "squares"
        if any(s >= 21 for s in sums):
            return "past the win"
        return None

    def apply(self, p, tiles, el, over):
        if self.cards["pile"] == 0:
            self.cards.update(pile=self.cards["discard"], discard=0,
                              shuffles=self.cards["shuffles"] + 1)
        self.cards["pile"] -= 1
        self.played.append((p, list(tiles)))
        for s, e in over:
            self.where[(s, e)] = False
        if el is not None:
            self.where[(p, el)] = True
        self.turns += 1
        if self.score(p) >= 21:
            self.winner = p
        else:
            self.cards["discard"] += 1

    def check(self, g):
        assert g.totals() == [self.score(s) for s in range(self.n)]
        for s in range(self.n):
            assert sorted(g.on_field(s)) == sorted(e for (t, e), there in self.where.items()
                                                   if t == s and there)
        assert (g.pile, g.discard, g.shuffles) == (self.cards["pile"], self.cards["discard"],
                                                   self.cards["shuffles"])
        assert g.turn == self.turns
        assert (g.outcome.winners if g.outcome else None) == (
            [self.winner] if self.winner is not None else None)


@st.composite
def turn(draw, ref):
    # a turn for the reference's current state: mostly what the table could do, sometimes not
    n = ref.n
    p = ref.turns % n if draw(st.integers(0, 9)) else draw(st.integers(0, n - 1))
    value = st.integers(1, 3) if draw(st.integers(0, 19)) else st.sampled_from([0, 4, True])
    on_field = sorted(k for k, there in ref.where.items() if there)
    free = [e for e in SQUARES if not ref.where.get((p, e))]
    if draw(st.integers(0, 4)) == 0:
        return p, [], None, []  # no figure
    el = draw(st.sampled_from(free)) if free and draw(st.integers(0, 9)) else \
        draw(st.sampled_from(list(SQUARES) + [None]))
    over = [list(k) for k in draw(st.lists(st.sampled_from(on_field), max_size=3))] \
        if on_field and draw(st.booleans()) else []
    room = SQUARES.get(el, 3) - sum(SQUARES[e] for _, e in over)
    count = max(0, room) if draw(st.integers(0, 5)) else draw(st.integers(0, 3))
    return p, [draw(value) for _ in range(count)], el, over


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 4), st.data())
def test_core_accepts_exactly_what_the_reference_accepts(n, data):
    g, ref = Game(["A", "B", "C", "D"][:n]), Reference(n)
    states = [encode(g.snapshot())]
    for _ in range(data.draw(st.integers(1, 60))):
        p, tiles, el, over = data.draw(turn(ref))
        why = ref.legal(p, tiles, el, over)
        before = encode(g.snapshot())
        try:
            g.play(p, tiles, el, over)
        except RulesError as exc:
            assert why is not None, "core refused a legal turn: %s" % exc
            assert encode(g.snapshot()) == before  # atomic
            continue
        assert why is None, "core accepted an illegal turn (%s): %r" % (
            why, (p, tiles, el, over))
        ref.apply(p, tiles, el, over)
        ref.check(g)
        states.append(encode(g.snapshot()))
    # undo walks back through every state; the journal (undos included) replays to the end
    again = Game.replay([decode(encode(ev)) for ev in g.log])
    assert encode(again.snapshot()) == states[-1]
    while len(g.events) > 1:
        g.undo()
        states.pop()
        assert encode(g.snapshot()) == states[-1]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(2, 4))
def test_simulated_games_agree_with_the_reference_ledger(seed, n):
    g = play(seed, n)
    ref = Reference(n)
    for ev in g.events[1:]:
        args = ev["p"], ev.get("tiles", []), ev.get("el"), ev.get("over", [])
        assert ref.legal(*args) is None, ev
        ref.apply(*args)
    ref.check(g)
    assert ref.winner is not None

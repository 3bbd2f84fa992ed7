# Property tests (hypothesis, CPython only) of Gardens' majority and end rules against an
# independent reference written here from the rulebook (/work/shared/rulebooks/gardens-en.txt),
# differently from shared_rules/gardens: colours by name, Counter-based majorities, the game
# as one pass over a list of turns, the end as "the first trigger, then up to the start
# player's next turn", the winner by sorting (-beds, corners). Quotes are from the rulebook.
import collections
import copy
import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from shared_rules import codec
from shared_rules import errors as E
from shared_rules import games
from shared_rules.gardens.errors import BadBed, NoSpecialTile
from shared_rules.gardens.game import Game
from shared_rules.gardens.simulate import VARIANTS, play

NAMES = {"b": "blue", "y": "yellow", "r": "red", "p": "pink"}
PARTNER = {"blue": "red", "red": "blue", "yellow": "pink", "pink": "yellow"}
BED = st.text(alphabet="byrp", min_size=4, max_size=4)
# "Every garden tile shows flowers in the four player colors in its corners", and "four tile
# corners together form" a bed: the beds a tile completes each hold a different one of its
# corners (a colour each, in any place of the bed), their other three flowers anything
TILE_BEDS = st.builds(lambda corners, rests, at: [r[:i] + c + r[i:] for c, r, i in
                                                  zip(corners, rests, at)],
                      st.permutations("byrp"),
                      st.lists(st.text(alphabet="byrp", min_size=3, max_size=3), max_size=4),
                      st.lists(st.integers(0, 3), min_size=4, max_size=4))
TURNS = st.lists(st.tuples(TILE_BEDS, st.booleans()), max_size=110)
SETUPS = st.sampled_from(VARIANTS).flatmap(lambda v: st.tuples(
    st.just(v), st.permutations(["blue", "yellow", "red", "pink"])))


def ref_majority(bed, playing):
    # "It is checked which flower color holds sole majority in the bed" - the unused colour's
    # flowers "are also counted", and if it wins or ties, "no flowerbed tile is placed"
    ranked = collections.Counter(NAMES[ch] for ch in bed).most_common()
    if len(ranked) > 1 and ranked[1][1] == ranked[0][1]:
        return None
    return ranked[0][0] if ranked[0][0] in playing else None


def ref_order(players, teams, perm):
    # a legal turn order from a permutation: team rules alternate the teams
    if teams or players == 2:
        first = perm[0]
        second = next(c for c in perm if c not in (first, PARTNER[first]))
        return [first, second, PARTNER[first], PARTNER[second]]
    return list(perm[:players])


class RefGame:
    def __init__(self, players, teams, tiles, order):
        self.team_rules = teams or players == 2
        self.order = order
        self.seat = {c: i % players for i, c in enumerate(order)}
        self.tiles = 5 if self.team_rules else tiles
        self.supply = {c: self.tiles for c in order}
        self.beds = collections.Counter()
        self.corners = collections.Counter()  # the tie-break's count per colour
        self.used_special = set()
        self.drawn = 0
        self.history = []  # per turn: (colour, [winner or None per bed])
        self.trigger = None  # the turn (1-based) at whose end the end was triggered
        self.last = None

    def special_ok(self, colour):
        return not self.team_rules and colour not in self.used_special

    def play_turn(self, beds, special):
        n = len(self.history)
        colour = self.order[n % len(self.order)]
        if special:
            self.used_special.add(colour)
        else:
            self.drawn += 1
        winners = []
        for bed in beds:
            w = ref_majority(bed, self.order)
            winners.append(w)
            if w is None:
                continue
            self.beds[w] += 1
            mine = [w, PARTNER[w]] if self.team_rules else [w]
            self.corners[w] += sum(1 for ch in bed if NAMES[ch] in mine)
            if self.supply[w]:
                self.supply[w] -= 1
        self.history.append((colour, winners))
        turn = len(self.history)
        if self.trigger is None and (96 - self.drawn == 4 or self.supply_out()):
            self.trigger = turn
            k = len(self.order)
            self.last = turn + (-turn) % k  # "all players have had the same number of turns"
        return self.last == turn

    def supply_out(self):
        if self.team_rules:  # "the players of one team have together placed 5 ... each"
            return any(self.supply[a] == 0 and self.supply[b] == 0
                       for a, b in (("blue", "red"), ("yellow", "pink")))
        return 0 in self.supply.values()

    def result(self):
        # -> (winning seats, tie-break needed)
        sides = collections.defaultdict(lambda: [0, 0, set()])
        for c in self.order:
            key = frozenset((c, PARTNER[c])) if self.team_rules else c
            sides[key][0] += self.beds[c]
            sides[key][1] += self.corners[c]
            sides[key][2].add(self.seat[c])
        ranked = sorted(sides.values(), key=lambda s: (-s[0], s[1]))
        top = [s for s in ranked if s[0] == ranked[0][0]]
        best = [s for s in top if s[1] == top[0][1]]
        return sorted(set().union(*[s[2] for s in best])), len(top) > 1


def play_both(setup, turns):
    (players, teams, tiles), perm = setup
    order = ref_order(players, teams, perm)
    game = Game(["P%d" % i for i in range(players)], order, teams,
                None if teams or players == 2 else tiles)
    ref = RefGame(players, teams, tiles, order)
    turns = list(turns) + [([], False)] * 100  # the piles end every game
    for beds, special in turns:
        colour = ref.order[len(ref.history) % len(ref.order)]
        if special and not ref.special_ok(colour):
            before = codec.encode(game.snapshot())
            try:
                game.turn(beds, True)
                raise AssertionError("a second or team-game special tile was accepted")
            except NoSpecialTile:
                pass
            assert codec.encode(game.snapshot()) == before
            special = False
        game.turn(beds, special)
        over = ref.play_turn(beds, special)
        assert len(game.last) == len(beds)
        for (bed, w, _, _), rw in zip(game.last, ref.history[-1][1]):
            assert (None if w < 0 else ["blue", "yellow", "red", "pink"][w]) == rw, bed
        assert (game.outcome is not None) == over, (len(ref.history), ref.trigger)
        if over:
            return game, ref
    raise AssertionError("the game never ended")


def ref_one_tile(beds):
    # whether one tile's four corners, a colour each, can be spread over the beds, each bed
    # holding one of them (tried over every order of the four colours)
    return any(all(colour in bed for colour, bed in zip(order, beds))
               for order in itertools.permutations("byrp"))


@settings(max_examples=400, deadline=None)
@given(SETUPS, st.lists(BED, min_size=1, max_size=4))
def test_beds_no_tile_can_complete_are_refused_as_the_reference_says(setup, beds):
    (players, teams, tiles), perm = setup
    order = ref_order(players, teams, perm)
    game = Game(["P%d" % i for i in range(players)], order, teams,
                None if teams or players == 2 else tiles)
    before = codec.encode(game.snapshot())
    try:
        game.turn(beds, False)
        accepted = True
    except BadBed as exc:
        accepted = False
        assert "no garden tile completes" in str(exc), str(exc)
        assert codec.encode(game.snapshot()) == before
    assert accepted == ref_one_tile(beds), beds


def test_majority_of_every_bed_matches_the_reference():
    # all 256 beds, every set of colours in play (3 players: each unused colour)
    for i in range(256):
        bed = "".join("byrp"[(i >> s) & 3] for s in (0, 2, 4, 6))
        for players, teams in ((3, False), (4, False), (4, True)):
            for unused in (["blue", "yellow", "red", "pink"] if players == 3 else [None]):
                order = [c for c in ["blue", "yellow", "red", "pink"] if c != unused]
                g = Game(["A", "B", "C", "D"][:players], order, teams)
                w = g.judge(bed)[0]
                name = None if w < 0 else ["blue", "yellow", "red", "pink"][w]
                assert name == ref_majority(bed, order), (bed, order)


@settings(max_examples=300, deadline=None)
@given(SETUPS, TURNS)
def test_whole_games_end_and_are_won_as_the_reference_says(setup, turns):
    game, ref = play_both(setup, turns)
    assert game.turns == ref.last and game.end_at == ref.last
    assert game.turns % len(ref.order) == 0  # every colour had the same number of turns
    assert game.piles == 96 - ref.drawn >= 1
    winners, tied = ref.result()
    assert game.outcome.winners == winners
    assert game.outcome.tiebreak == tied
    for line in game.outcome.reason:
        assert len(line) <= 16, line
    assert len(game.outcome.reason) <= (3 if len(winners) > 1 else 5)


@settings(max_examples=150, deadline=None)
@given(SETUPS, TURNS, st.data())
def test_undo_and_refused_events_leave_the_game_exactly_as_before(setup, turns, data):
    game, _ = play_both(setup, turns)
    cut = data.draw(st.integers(1, len(game.events) - 1))
    # the game after `cut` events, rebuilt from its journal, against undoing back to it
    fresh = games.replay([codec.decode(codec.encode(ev)) for ev in game.events[:cut]])
    undone = copy.deepcopy(game)
    while len(undone.events) > cut:
        undone.undo()
    assert codec.encode(undone.snapshot()) == codec.encode(fresh.snapshot())
    assert (undone.outcome is None) == (fresh.outcome is None)
    if fresh.outcome is None:
        before = codec.encode(fresh.snapshot())
        bad = data.draw(st.sampled_from([["bbb"], ["bbbb"] * 5, ["bbbx"],
                                         ["bbby", "bbyy", "yyyb"], 7]))
        try:
            fresh.push({"e": "turn", "c": "byrp"[fresh.on_turn()], "beds": bad})
            raise AssertionError("bad beds %r accepted" % (bad,))
        except E.RulesError:
            pass
        assert codec.encode(fresh.snapshot()) == before and len(fresh.events) == cut


def test_simulated_games_match_the_reference():
    # the simulator's games, undos included, replayed turn by turn through the reference
    for seed in range(80):
        g = play(seed)
        ref = RefGame(g.n, g.team_rules and g.n == 4, g.tiles, g.snapshot()["colours"])
        for ev in g.events[1:]:
            ref.play_turn(ev["beds"], ev.get("special", False))
        assert ref.last == g.turns
        assert ref.result()[0] == g.outcome.winners


def test_every_turn_event_packs_as_a_journal_record():
    # The journal writes an event as its RECORDS array when its fields are the kind's first
    # n fields and nothing else (firmware/journal.py): every turn the game stores must be.
    from shared_rules.gardens.game import RECORDS
    fields = {kind: f for kind, _, f in RECORDS}
    kinds = collections.Counter()
    for seed in range(40):
        for ev in play(seed).events[1:]:
            keys = sorted(k for k in ev if k != "e")
            order = fields[ev["e"]]
            assert keys == sorted(order[:len(keys)]), ev
            kinds[len(keys)] += 1
    assert kinds[2] and kinds[3]  # turns with and without the special tile

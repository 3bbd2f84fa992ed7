# Property tests (hypothesis, CPython only) on whole simulated games with the grid model:
# tokens always match the rule, tile and card counts hold, scores equal an independent
# recomputation, the event log replays and undoes exactly, and a rejected event changes
# nothing. The oracle is tests/host/reference.py, written from the rulebook
# (/work/shared/rulebooks/versailles-en.txt); quotes below are from it.
import copy
import functools

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import reference as R
from shared_rules import codec
from shared_rules import errors as E
from shared_rules import versailles as V
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import Simulation
from shared_rules.versailles.simulate import TILE_FACES

SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.integers(2, 5)
# A simulated game takes ~10 ms; these budgets keep the file well under a minute.
GAMES = settings(max_examples=300, deadline=None)
FEW_GAMES = settings(max_examples=150, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@functools.lru_cache(maxsize=16)
def _played(seed, players):
    sim = Simulation(seed, players)
    sim.run()
    return sim, R.Replay(players, sim.placed)


def played(seed, players):
    # -> (simulation, its game, the reference replay of its placements). Cached while
    # hypothesis shrinks; nothing below mutates them.
    sim, ref = _played(seed, players)
    return sim, sim.game, ref


def holders_of(game):
    # The game's holders with "nobody" as None, like the reference.
    return [h if 0 <= h < game.n else None for h in game.holders]


def frozen(game):
    # snapshot() hands out the game's own lists; keep a copy that later events cannot touch.
    return copy.deepcopy(game.snapshot())


def journal(events):
    # The events as the journal stores them (canonical JSON, one line each) and reads back.
    return [codec.decode(codec.encode(ev)) for ev in events]


def stage_rounds(game, stage):
    return [cards for st_, r, cards in game.rounds if st_ == stage]


# ---- 1. tokens always match the rule ---------------------------------------------------------

@GAMES
@given(seed=SEEDS, players=PLAYERS)
@example(seed=1, players=2)
@example(seed=7, players=5)
def test_tokens_follow_the_rule_after_every_placement(seed, players):
    """Assignment of Majority Tokens: "As soon as a player has created a garden area
    consisting of at least 4 contiguous fields of the same type/color, he takes the large
    Majority Token" and "should another player create a garden area consisting of more fields
    in a color (an equal amount is not sufficient) than the number of fields existing in the
    area of the current Majority Token holder, this player takes the corresponding Majority
    Token". Joker Field: "can be counted as any type(s) of garden(s) simultaneously".

    Replaying the game's own event log, the state after each placement's claims holds exactly
    the holders (and holder sizes) the reference replay derives from the gardens; the claims
    recorded are exactly the token changes and holder growths that placement caused ("Whenever
    a player places a garden tile, he should always check ..."), in placement order.
    """
    sim, game, ref = played(seed, players)
    n = game.n
    assert len(ref.steps) == 2 * R.ROUNDS * n
    events = game.events
    g = Game()
    rounds = 0
    k = 0
    while k < len(events):
        ev = events[k]
        assert ev["e"] != "claim", "claim at event %d follows no placement: %r" % (k, ev)
        g.push(ev)
        k += 1
        if ev["e"] != "round":
            continue
        for j in range(n):
            stage, seat, want_holders, want_held, want_claims = ref.steps[rounds * n + j]
            got = []
            while k < len(events) and events[k]["e"] == "claim" and events[k]["p"] == seat:
                got.append((R.TYPE_NAMES.index(events[k]["type"]), events[k]["size"]))
                g.push(events[k])
                k += 1
            where = "stage %d round %d, placement %d (seat %d)" % (stage, rounds % 7 + 1,
                                                                   j + 1, seat)
            assert got == want_claims, where
            assert holders_of(g) == want_holders, where
            held = [g.held[t] if want_holders[t] is not None else 0 for t in range(5)]
            assert held == want_held, where
        rounds += 1
    assert rounds == 2 * R.ROUNDS
    assert holders_of(game) == ref.stage_holders[2]


# ---- 2. tile and card counts, legal gardens ----------------------------------------------------

@GAMES
@given(seed=SEEDS, players=PLAYERS)
@example(seed=1, players=2)
def test_tile_and_card_counts_hold(seed, players):
    """Game Setup: "2/3 Players: 21 Tiles. 4 Players: 28 Tiles. 5 Players: 35 Tiles", one
    group of tiles per round, 7 rounds a stage, and the second stage's row comes "From the
    Garden Tiles returned to the box" (no tile twice). Garden Tile Distribution: "The player
    who has played the lowest-numbered card takes the first tile ... in ascending order of the
    played Number Cards", and "the player who played the lowest-valued Number Card also places
    his tile first". Special Rules for 2 Players: Ludwig's "top card is played and resolved
    with the players' cards. The Garden Tiles that Ludwig receives are simply put into a
    discard stack." Number Cards: "55 Number Cards (with values of 1-55)", played cards go "in
    a discard pile" for the rest of the stage.
    """
    sim, game, ref = played(seed, players)
    n = game.n
    seats = R.seats(n)
    per_stage = R.TILES_PER_STAGE[n]
    assert seats * R.ROUNDS == per_stage
    assert len(TILE_FACES) == 72 and sorted(sim.bag) == list(range(72))
    assert len(game.rounds) == 2 * R.ROUNDS

    used_tiles = []  # tile indices (into the 72) taken, Ludwig's included
    placed = iter(sim.placed)
    for i, (stage, r, cards) in enumerate(game.rounds):
        assert (stage, r) == (1 + i // R.ROUNDS, i % R.ROUNDS)
        # one distinct number card per seat, Ludwig last
        assert len(cards) == seats
        assert all(type(c) is int and 1 <= c <= R.CARDS for c in cards)
        assert len(set(cards)) == seats
        dist = R.distribution(cards)
        assert game.distribution(i) == [(s, c, r * seats + pos + 1) for s, c, pos in dist]
        row = sim.bag[(stage - 1) * per_stage:stage * per_stage]
        for s, c, pos in dist:
            tile = row[r * seats + pos]
            used_tiles.append(tile)
            if s == n:
                continue  # Ludwig's tile: discarded, never placed
            st_, seat, face, x, y, fields = next(placed)
            assert (st_, seat) == (stage, s), "placement order differs from card order"
            assert face == TILE_FACES[tile]
            assert R.is_rotation(face, [R.LETTERS[f] for f in fields])
    assert next(placed, None) is None, "more placements than tiles handed out"
    assert len(used_tiles) == 2 * per_stage == len(set(used_tiles))

    for stage in (1, 2):
        rounds = stage_rounds(game, stage)
        player_cards = [c for cards in rounds for c in cards[:n]]
        assert len(player_cards) == len(set(player_cards)) == R.ROUNDS * n
        for seat in range(n):
            assert sum(1 for p in sim.placed if p[:2] == (stage, seat)) == R.ROUNDS
        if n == 2:
            ludwig = [cards[2] for cards in rounds]
            assert len(set(ludwig)) == R.ROUNDS  # a stack of real cards, none twice
            for r, cards in enumerate(rounds):
                # never a card a player revealed this round or earlier in the stage
                shown = {c for earlier in rounds[:r + 1] for c in earlier[:2]}
                assert cards[2] not in shown
            # Ludwig's 7 tiles went to the discard stack: 21 taken, 14 placed
            assert sum(1 for p in sim.placed if p[0] == stage) == per_stage - R.ROUNDS
        else:
            assert sum(1 for p in sim.placed if p[0] == stage) == per_stage
    for seat in range(n):
        assert sum(1 for p in sim.placed if p[1] == seat) == 2 * R.ROUNDS
    # Placement of Garden Tiles: every tile after the first touches the garden edge to edge
    # ("tiles may not be placed only diagonally adjacent"), and none lies on another.
    assert ref.illegal == []
    assert all(len(gd.cells) == 4 * 2 * R.ROUNDS for gd in ref.gardens)


# ---- 3. scores equal an independent recomputation ----------------------------------------------

@GAMES
@given(seed=SEEDS, players=PLAYERS)
@example(seed=1, players=2)
@example(seed=3, players=4)
def test_scores_equal_an_independent_recomputation(seed, players):
    """Intermediate Scoring: "the number of fields existing in his 2 largest contiguous
    garden colors/types ... each claimed Majority Token earns its owner 3 points". Game End:
    "The number of fields in the 3 largest ... 5 points for each Large Majority Token ... 3
    points for each Small Majority Token (... second-largest ...) ... 3 points for the largest
    contiguous Construction Site area. If there is a tie when determining the second-largest
    area of each color/type and/or the largest Construction Site, those points are not
    awarded." 2 players: "The Small Majority Tokens ... are not used". Construction Site
    fields "do not score points during the intermediate scoring" and a joker counts only for
    garden types. Winner: "the player with the most points ... In case of a tie, the winner is
    the player among those tied who has the single largest garden area of any color/type. If
    this still results in a tie, the tied players share in the victory."
    """
    sim, game, ref = played(seed, players)
    n = game.n
    # what each player reported equals the areas of the garden they built
    reports = {}
    stage = 1
    for ev in game.events:
        if ev["e"] == "areas":
            reports.setdefault(stage, {})[ev["p"]] = ev["sizes"]
        elif ev["e"] == "score":
            stage += 1
    for st_ in (1, 2):
        assert [reports[st_][p] for p in range(n)] == ref.stage_areas[st_], "stage %d" % st_

    assert len(game.scores) == 2
    totals = [0] * n
    for st_ in (1, 2):
        rows, small, builder = R.stage_scores(st_, ref.stage_areas[st_],
                                              ref.stage_holders[st_], n == 2)
        assert game.scores[st_ - 1] == rows, "stage %d" % st_
        totals = [totals[p] + rows[p][4] for p in range(n)]
    assert [h if 0 <= h < n else None for h in game.small] == small
    assert (game.builder if 0 <= game.builder < n else None) == builder
    assert game.totals() == totals
    assert game.outcome.winners == R.winners(totals, ref.stage_areas[2])


# ---- 4. replay determinism and undo -------------------------------------------------------------

@FEW_GAMES
@given(seed=SEEDS, players=PLAYERS)
@example(seed=1, players=2)
def test_log_replays_and_every_event_undoes(seed, players):
    """The event log is the game (game.py's header): replaying the journal, read back from
    canonical JSON, gives the same state; {"e": "undo"} after any event returns the state
    before it, and pushing that event again restores the state after it -- including what the
    snapshot does not show (Ludwig's deck, the stage's discard pile), as the rest of the game
    then replays identically.
    """
    sim, game, ref = played(seed, players)
    final = frozen(game)
    assert frozen(Game.replay(journal(game.log))) == final

    events = journal(game.events)
    g = Game()
    g.push(events[0])
    before = frozen(g)
    with pytest.raises(E.NothingToUndo):
        g.undo()
    assert frozen(g) == before
    for ev in events[1:]:
        g.push(copy.deepcopy(ev))
        after = frozen(g)
        g.undo()
        assert frozen(g) == before, "undo of %r" % ev
        g.push(copy.deepcopy(ev))
        assert frozen(g) == after, "re-push of %r" % ev
        before = after
    assert frozen(g) == final
    # a journal full of undos still replays to the same game
    assert frozen(Game.replay(journal(g.log))) == final


# ---- 5. a rejected event changes nothing --------------------------------------------------------

def _free_cards(g, count):
    # `count` cards no player has revealed in this stage (valid round cards).
    shown = {c for cards in stage_rounds(g, g.stage) for c in cards[:g.n]}
    return [c for c in range(1, R.CARDS + 1) if c not in shown][:count]


def invalid_events(g):
    """Events the rules must refuse in the game's current state, as (what, event, errors).

    Rulebook basis: cards are "1-55" and each exists once; a played card is on "a discard
    pile" for the stage; "each player chooses one of the Number Cards" (one per player); a
    token needs "at least 4 contiguous fields" and "an equal amount is not sufficient"; areas
    are reported and scored only "After all players have played their 7th hand card"; the
    second stage starts only after the intermediate scoring; there are five garden types
    (and the construction site, which has no majority token).
    """
    n = g.n
    out = [
        ("not a dict", ["round"], (E.InvalidEvent,)),
        ("unknown kind", {"e": "trade"}, (E.InvalidEvent,)),
        ("no kind", {"cards": [1] * n}, (E.InvalidEvent,)),
        ("kind is a list", {"e": ["round"]}, (E.InvalidEvent,)),
        ("kind is a dict", {"e": {}}, (E.InvalidEvent,)),
        ("second setup", {"e": "setup", "game": "versailles", "players": ["A", "B"],
                          "seed": 1}, (E.InvalidEvent,)),
    ]
    if len(g.events) < 2:
        out.append(("undo of the setup", {"e": "undo"}, (E.NothingToUndo,)))
    free = _free_cards(g, n + 1)
    if g.phase == "play":
        def round_with(**change):
            cards = list(free[:n])
            for p, c in change.items():
                cards[int(p[1:])] = c
            return {"e": "round", "cards": cards}
        out += [
            ("card 0", round_with(c0=0), (E.InvalidCard,)),
            ("card 56", round_with(**{"c%d" % (n - 1): 56}), (E.InvalidCard,)),
            ("card -3", round_with(c1=-3), (E.InvalidCard,)),
            ("card as text", round_with(c0="7"), (E.InvalidCard,)),
            ("card as bool", round_with(c0=True), (E.InvalidCard,)),
            ("card as float", round_with(c0=7.0), (E.InvalidCard,)),
            ("too few cards", {"e": "round", "cards": free[:n - 1]}, (E.InvalidCard,)),
            ("too many cards", {"e": "round", "cards": free[:n + 1]}, (E.InvalidCard,)),
            ("no cards", {"e": "round"}, (E.InvalidEvent,)),
            ("duplicate card", round_with(**{"c%d" % (n - 1): free[0]}),
             (V.DuplicateCard,)),
            ("areas in play", {"e": "areas", "p": 0, "sizes": [0] * 6}, (E.OutOfTurn,)),
            ("score in play", {"e": "score", "stage": g.stage}, (E.OutOfTurn,)),
        ]
        played_cards = [c for cards in stage_rounds(g, g.stage) for c in cards[:n]]
        if played_cards:
            out.append(("card already played", round_with(c0=played_cards[-1]),
                        (V.CardAlreadyPlayed,)))
        if n == 2:
            out.append(("wrong Ludwig card", dict(round_with(), ludwig=0), (E.InvalidEvent,)))
    else:
        out.append(("round after round 7", {"e": "round", "cards": free[:n]}, (E.OutOfTurn,)))
    if g.phase == "over":
        out += [
            ("claim after the game", {"e": "claim", "p": 0, "type": "green",
                                      "size": g.fields(0)}, (E.OutOfTurn,)),
            ("areas after the game", {"e": "areas", "p": 0, "sizes": [0] * 6},
             (E.OutOfTurn,)),
            ("score after the game", {"e": "score", "stage": 2}, (E.OutOfTurn,)),
        ]
        return out

    # claims: not enough fields, not beating the holder, unknown seats and types
    fields = g.fields(0)
    bad_claim = (V.InvalidClaim, V.InvalidSize)
    for t, name in enumerate(R.TYPE_NAMES):
        h = g.holders[t]
        holder = 0 <= h < n
        for p in range(n):
            if not holder or p != h:
                out.append(("claim of %d %s fields" % (3, name),
                            {"e": "claim", "p": p, "type": name, "size": 3}, bad_claim))
        if holder:
            size = g.held[t]
            for p in range(n):
                what = "holder repeating" if p == h else "tie with the holder"
                out.append(("%s (%s %d)" % (what, name, size),
                            {"e": "claim", "p": p, "type": name, "size": size}, bad_claim))
                if p != h:
                    out.append(("less than the holder (%s %d)" % (name, size - 1),
                                {"e": "claim", "p": p, "type": name, "size": size - 1},
                                bad_claim))
    out += [
        ("claim a construction site", {"e": "claim", "p": 0, "type": "construction",
                                       "size": fields}, (V.InvalidClaim, V.InvalidSize)),
        ("claim jokers", {"e": "claim", "p": 0, "type": "joker", "size": fields},
         (E.UnknownType,)),
        ("claim purple", {"e": "claim", "p": 0, "type": "purple", "size": 4},
         (E.UnknownType,)),
        ("claim Green", {"e": "claim", "p": 0, "type": "Green", "size": 4}, (E.UnknownType,)),
        ("claim type 0", {"e": "claim", "p": 0, "type": 0, "size": 4}, (E.InvalidEvent,)),
        ("claim seat n", {"e": "claim", "p": n, "type": "green", "size": 4},
         (E.UnknownPlayer,)),
        ("claim seat -1", {"e": "claim", "p": -1, "type": "green", "size": 4},
         (E.UnknownPlayer,)),
        ("claim seat 99", {"e": "claim", "p": 99, "type": "blue", "size": 4},
         (E.UnknownPlayer,)),
        ("claim seat '0'", {"e": "claim", "p": "0", "type": "blue", "size": 4},
         (E.InvalidEvent,)),
        ("claim without seat", {"e": "claim", "type": "blue", "size": 4}, (E.InvalidEvent,)),
        ("claim beyond the fields", {"e": "claim", "p": 0, "type": "red",
                                     "size": fields + 1}, (V.InvalidSize,)),
        ("claim negative", {"e": "claim", "p": 1, "type": "red", "size": -4},
         (V.InvalidSize,)),
        ("claim size as text", {"e": "claim", "p": 1, "type": "red", "size": "9"},
         (V.InvalidSize,)),
    ]
    if g.phase == "scoring":
        ok = g.reports[0] or [0] * 6
        out += [
            ("areas of seat n", {"e": "areas", "p": n, "sizes": ok}, (E.UnknownPlayer,)),
            ("areas of seat -1", {"e": "areas", "p": -1, "sizes": ok}, (E.UnknownPlayer,)),
            ("five areas", {"e": "areas", "p": 0, "sizes": ok[:5]}, (E.InvalidEvent,)),
            ("areas negative", {"e": "areas", "p": 0, "sizes": [-1] + ok[1:]},
             (V.InvalidSize,)),
            ("areas beyond the fields", {"e": "areas", "p": 0,
                                         "sizes": ok[:5] + [fields + 1]}, (V.InvalidSize,)),
            ("score the other stage", {"e": "score", "stage": 3 - g.stage}, (E.OutOfTurn,)),
            ("score stage as text", {"e": "score", "stage": str(g.stage)},
             (E.InvalidEvent,)),
        ]
        for p in range(n):
            for t in range(6):
                if g.claimed[p][t] > 0:
                    sizes = list(g.reports[p] or g.claimed[p])
                    sizes[t] = g.claimed[p][t] - 1
                    out.append(("area shrinking below its claim", {"e": "areas", "p": p,
                                "sizes": sizes}, (V.InvalidSize,)))
                    break
        if g.pending_reports():
            out.append(("score before all reports", {"e": "score", "stage": g.stage},
                        (E.OutOfTurn,)))
    return out


def _assert_refused(g, what, event, errors):
    before = frozen(g)
    events, log = list(g.events), list(g.log)
    sent = copy.deepcopy(event)
    with pytest.raises(E.RulesError) as info:
        g.push(sent)
    assert isinstance(info.value, errors), "%s: %r raised %r" % (what, event, info.value)
    assert frozen(g) == before, "%s changed the state" % what
    assert g.events == events and g.log == log, "%s went into the log" % what
    assert sent == event, "%s: the rejected event was altered" % what


@FEW_GAMES
@given(seed=SEEDS, players=PLAYERS, data=st.data())
def test_rejected_events_change_nothing(seed, players, data):
    """errors.py: "Every rule violation is a RulesError subclass ... The game state is
    unchanged after any of them." At random points of a real game, every invalid event
    (see invalid_events) is refused with the right error, leaves the snapshot and the log as
    they were, and the rest of the game then plays on to the very same end.
    """
    sim, game, ref = played(seed, players)
    events = game.events
    cuts = sorted(data.draw(st.lists(st.integers(1, len(events)), min_size=1, max_size=4,
                                     unique=True), label="cuts"))
    g = Game()
    done = 0
    for cut in cuts:
        while done < cut:
            g.push(events[done])
            done += 1
        for what, event, errors in invalid_events(g):
            _assert_refused(g, what, event, errors)
    for ev in events[done:]:
        g.push(ev)
    assert frozen(g) == frozen(game)


@FEW_GAMES
@given(seed=SEEDS, players=PLAYERS, data=st.data())
def test_missed_claim_refuses_the_score(seed, players, data):
    """Assignment of Majority Tokens: the holder always has "the current largest garden of
    each type/color". Area reports that contradict the holders (a larger area with no claim
    recorded) make the score event fail with MissedClaim -- and leave the state unchanged.
    """
    sim, game, ref = played(seed, players)
    events = game.events
    stage_end = data.draw(st.sampled_from([i for i, ev in enumerate(events)
                                           if ev["e"] == "score"]), label="stage end")
    g = Game.replay(events[:stage_end])
    n = g.n
    fields = g.fields(0)
    fixes = []
    for t in range(5):
        h = g.holders[t]
        for p in range(n):
            if p == h:
                continue
            top = g.reports[h][t] + 1 if 0 <= h < n else R.TOKEN_MIN
            if top <= fields:
                fixes.append((p, t, top))
    # Never empty, so every example checks the score: a type nobody holds can always take 4
    # more fields (a stage end has 28 or more), and a holder's area cannot fill the whole
    # garden in all five types (that would take a garden of jokers only; 6 tiles hold one).
    assert fixes, "no report can contradict the holders: %r" % g.snapshot()
    p, t, size = data.draw(st.sampled_from(fixes), label="inflated report")
    sizes = list(g.reports[p])
    sizes[t] = size
    g.report_areas(p, sizes)  # a valid report on its own ...
    _assert_refused(g, "score with a missed claim", {"e": "score", "stage": g.stage},
                    (V.MissedClaim,))  # ... that the score cannot accept

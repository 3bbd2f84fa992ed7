# Property tests (hypothesis, CPython only) of Sanssouci's rules core against the independent
# reference in tests/host/sanssouci_reference.py: the final scoring and the noble-move
# legality on any garden, every event the reference judges legal accepted (and undone exactly)
# and every other refused without a trace, and whole simulated games totalled and won as the
# reference says.
import copy
import functools

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import sanssouci_reference as R
from shared_rules import codec
from shared_rules import errors as E
from shared_rules.sanssouci import board as B
from shared_rules.sanssouci.game import Game
from shared_rules.sanssouci.scoring import final_parts
from shared_rules.sanssouci.simulate import play

SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.integers(2, 4)
# A cell of rows 2-6 is empty, built, a tile or a gardener; empty cells weigh more, as at the
# table, so that paths break and rows stay open.
CELL = st.sampled_from([0, 0, 0, 1, 2, 2, 3])
GARDEN = st.lists(CELL, min_size=45, max_size=45).map(lambda rest: [1] * 9 + rest)
GAMES = settings(max_examples=60, deadline=None)
MANY = settings(max_examples=400, deadline=None)


def as_dict(cells):
    names = {1: "built", 2: "tile", 3: "gardener"}
    return {(c // 9, c % 9): names[v] for c, v in enumerate(cells) if v}


@functools.lru_cache(maxsize=32)
def simulated(seed, players, undo_every):
    return play(seed, players, undo_every)


@MANY
@given(GARDEN, st.lists(st.integers(0, 5), min_size=9, max_size=9),
       st.lists(st.integers(0, 8), min_size=2, max_size=2))
@example([1] * 54, [5] * 9, [0, 0])  # everything built: rows 8+7+6+5+4, 9 columns, 6+6
def test_final_scoring_matches_the_reference(cells, nobles, tasks):
    # "10 Punkte minus dem Wert der entsprechenden Reihe", "5 Punkte", "so viele Punkte, wie
    # die Reihe angibt, in der der Adlige des entsprechenden Motivs steht"
    got = final_parts(bytearray(cells), bytearray(nobles), tasks)
    assert tuple(got) == R.final_points(as_dict(cells), nobles, tasks)


@MANY
@given(GARDEN, st.integers(0, 8), st.data())
def test_noble_stops_match_the_reference(cells, motif, data):
    # "Adlige duerfen keine leeren Gartenfelder ueberspringen", "mindestens ein Feld weiter
    # unten", "NIE auf einem Gaertnerfeld zum Stehen": a noble stands on a filled cell
    rows = [r for r in range(6) if cells[9 * r + motif] in (1, 2)]
    row = data.draw(st.sampled_from(rows))
    got = B.noble_rows(bytearray(cells), motif, row)
    assert set(got) == R.noble_stops(as_dict(cells), motif, row)
    assert got == sorted(got)


@MANY
@given(GARDEN, st.integers(0, 8), st.integers(1, 5))
def test_tile_cells_match_the_reference(cells, motif, row):
    got = B.legal_cells(bytearray(cells), row, motif)
    want = R.tile_spots(as_dict(cells), motif, row)
    assume(want)  # a full garden: never reached in a game (at most 27 printed cells)
    assert {(c // 9, c % 9) for c in got} == want


@GAMES
@given(SEEDS, PLAYERS, st.sampled_from([0, 5]))
def test_simulated_games_end_as_the_reference_scores_them(seed, players, undo_every):
    g = simulated(seed, players, undo_every)
    events = [codec.decode(codec.encode(ev)) for ev in g.log]  # as the journal keeps them
    table = R.Table.of(events)
    assert table.over() and g.phase == "over"
    assert g.totals() == table.totals()
    for p in range(players):
        assert list(g.gardens[p]) == table.cells(p)
        assert list(g.nobles[p]) == table.nobles[p]
        assert g.gardeners(p) == table.gardeners(p)
    assert g.outcome.winners == R.winners(table.totals(),
                                          [table.gardeners(p) for p in range(players)])
    for line in g.outcome.reason:
        assert len(line) <= 16


def random_event(data, n):
    # an event with the right shape and values that are often, not always, legal
    kind = data.draw(st.sampled_from(["tile", "tile", "noble", "noble", "tasks"]))
    p = data.draw(st.integers(-1, n))
    if kind == "tile":
        ev = {"e": "tile", "p": p, "card": data.draw(st.sampled_from(
            list(range(11)) + [12, 23, 34, 45, 15, 54, 66])),
            "m": data.draw(st.integers(0, 9)), "r": data.draw(st.integers(0, 6)),
            "at": data.draw(st.integers(-1, 54))}
        if data.draw(st.booleans()):
            ev["wild"] = data.draw(st.sampled_from([0, 1, 1, 2]))
        return ev
    if kind == "noble":
        return {"e": "noble", "p": p, "m": data.draw(st.integers(0, 9)),
                "r": data.draw(st.integers(-1, 6))}
    return {"e": "tasks", "p": p,
            "m": data.draw(st.lists(st.integers(0, 9), min_size=1, max_size=3))}


@settings(max_examples=300, deadline=None)
@given(SEEDS, PLAYERS, st.data())
def test_an_event_is_accepted_exactly_when_the_reference_allows_it(seed, players, data):
    # Any point of a simulated game, any event: legal by the reference -> accepted and both
    # agree after it; otherwise a RulesError and the game exactly as it was.
    full = simulated(seed, players, 0)
    cut = data.draw(st.integers(1, len(full.log)))
    g = Game.replay(full.log[:cut])
    table = R.Table.of(full.log[:cut])
    for _ in range(3):
        ev = random_event(data, players)
        before = copy.deepcopy(g.snapshot())
        if table.legal(ev):
            g.push(ev)
            after = copy.deepcopy(g.snapshot())
            g.undo()  # undo restores the game exactly, and the event goes in again
            assert g.snapshot() == before
            g.push(ev)
            assert g.snapshot() == after
            table.apply(ev)
            assert g.totals() == table.totals()
            assert [list(x) for x in g.gardens] == [table.cells(p) for p in range(players)]
            assert [list(x) for x in g.nobles] == table.nobles
        else:
            try:
                g.push(ev)
            except E.RulesError:
                pass
            else:
                raise AssertionError("accepted, though the reference refuses: %r" % (ev,))
            assert g.snapshot() == before


@GAMES
@given(SEEDS, PLAYERS)
def test_noble_moves_offered_are_exactly_those_accepted(seed, players):
    # The device offers only what noble_moves() lists: every one is accepted, and every
    # other (motif, row) is refused, at each open noble phase of a game.
    full = simulated(seed, players, 0)
    g = Game.replay(full.log[:1])
    checked = 0
    for ev in full.log[1:]:
        g.push(ev)
        if ev["e"] != "tile" or checked >= 6:
            continue
        checked += 1
        p = ev["p"]
        offered = {(m, r): pts for m, r, pts in g.noble_moves()}
        for m in range(9):
            for r in range(6):
                move = {"e": "noble", "p": p, "m": m, "r": r}
                if (m, r) in offered:
                    before = g.totals()[p]
                    g.push(move)
                    assert g.totals()[p] == before + offered[(m, r)] == before + r + 1
                    g.undo()
                else:
                    try:
                        g.push(move)
                    except E.RulesError:
                        continue
                    raise AssertionError("refused move accepted: %r" % (move,))
    assert checked

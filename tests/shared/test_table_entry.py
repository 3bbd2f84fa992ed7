# What the entry screens start from (issue 8, "fewer presses"): the claims offered first, the
# sizes an area report starts at, the undo toasts, the pace of a held key. Pure functions of
# a game, on CPython and on MicroPython; the screens themselves are played through the buttons
# in tests/host/test_table_flow.py.
from support import play_rounds

from shared_rules.versailles.game import Game
from shared_rules.versailles.tiles import TYPES

from app import ui
from app.entry import NumberEntry
from app.versailles_scoring import likely
from app.versailles_claims import claims
from app.versailles import describe


def _seat_order(g):
    return [s for s, c, tile in g.distribution() if s < g.n]


def test_a_held_key_jumps_at_every_second_repeat():
    e = NumberEntry(28, 1, 55, None, 5)
    seen = []
    for kind in (ui.LONG, ui.REPEAT, ui.REPEAT, ui.REPEAT, ui.REPEAT):
        e.key(ui.UP, kind)
        seen.append(e.value)
    assert seen == [33, 33, 38, 38, 43]
    e.key(ui.DOWN, ui.LONG)  # a new hold starts its own count
    e.key(ui.DOWN, ui.REPEAT)
    assert e.value == 38
    e.key(ui.DOWN, ui.PRESS)
    assert e.value == 37


def test_claims_offer_a_holders_growth_first_and_only_what_the_rules_allow():
    g = Game(["Orange", "Purple", "Cyan"], 5)
    play_rounds(g, 1)
    first = _seat_order(g)[0]
    offered = claims(g)
    # nobody holds anything: every player, every type, from 4; the first placer first
    assert len(offered) == 3 * len(TYPES) and offered[0] == (first, 0, 4)
    assert all(lo == 4 for p, t, lo in offered)
    g.claim(first, "blue", 4)
    offered = claims(g)
    # the claimer again first (another type); blue held with 4 is out of reach for all:
    # one tile gives 4 fields, growth or a steal needs 5
    assert [c[0] for c in offered[:len(TYPES) - 1]] == [first] * (len(TYPES) - 1)
    assert [c for c in offered if c[1] == 1] == []
    play_rounds(g, 1)
    offered = claims(g)
    grow = [c for c in offered if c[0] == first]
    assert grow[0] == (first, 1, 5)  # the holder's growth comes first among theirs
    others = [c for c in offered if c[1] == 1 and c[0] != first]
    assert others and all(lo == 5 for p, t, lo in others)  # a steal needs more than 4


def test_the_claim_screen_steps_through_every_claim_offered_in_order():
    # > is the next claim of claims(g), hold > the next player's first; the screen keeps them
    # as bytes, three a claim (the tuples held 800 bytes of the Pico's heap in a 5-player game)
    from app.versailles_claims import Claim

    class Table:  # what the screen asks of the app before a claim is recorded
        pass

    g = Game(["Orange", "Purple", "Cyan", "Green", "Yellow"], 5)
    play_rounds(g, 3)
    table = Table()
    table.game = g
    offered = claims(g)
    screen = Claim(table)
    assert isinstance(screen.cands, bytearray) and len(screen.cands) == 3 * len(offered)
    seen = []
    for _ in range(len(offered)):
        seen.append((screen.p, screen.t, screen.entry.value))
        screen.key(ui.NEXT, ui.PRESS)
    assert seen == offered and (screen.p, screen.t) == offered[0][:2]  # round again
    firsts = [c for i, c in enumerate(offered) if i == 0 or offered[i - 1][0] != c[0]]
    seen = []
    for _ in range(len(firsts)):
        seen.append((screen.p, screen.t, screen.entry.value))
        screen.key(ui.NEXT, ui.LONG)
    assert seen == firsts and len(firsts) == 5


def test_the_claim_screen_names_every_key_that_does_something():
    # Issue 22: "Every entry screen's hint names the keys that do something there (the claim
    # screen does not mention up/down for the size)": up/down the size, ok the claim, > the
    # next claim, hold > the next player's
    from app.versailles_claims import Claim
    from hal.sim import SimDisplay

    class Table:
        pass

    table = Table()
    table.game = Game(["Orange", "Purple", "Cyan"], 5)
    play_rounds(table.game, 1)
    d = SimDisplay()
    Claim(table).draw(d)
    assert "^v:size ok:claim" in d.texts and ">:next hold>:who" in d.texts, d.texts


def test_report_rows_start_where_the_box_knows():
    # Assignment of Majority Tokens: a holder's area is at least everybody else's, and 4
    # connected fields take a free token; so what the box does not know lies below.
    g = Game(["Orange", "Purple"], 3)
    play_rounds(g, 3)
    g.claim(0, "red", 7)
    play_rounds(g, 4)
    assert likely(g, 0, 3) == 7  # her own claim
    assert likely(g, 1, 3) == 3  # below Orange's 7: half of it
    assert likely(g, 1, 0) == 1  # nobody holds green: below 4, half of 3
    assert likely(g, 1, 5) == 0  # construction: no rule bounds it


def test_undo_toasts_say_what_went_in_whole_lines_of_the_toast():
    # Issue 8: "say exactly what it undid ('Undone: Anna claims blue 5')"; the toast wraps
    # words into at most three lines of 14 columns.
    from app import TOAST_COLS, TOAST_LINES
    g = Game(["Orange", "Silver"], 1)
    play_rounds(g, 7)
    said = [describe(g, g.events[-1])]
    assert said[0] == "Undone: S1 round 7"
    for ev in ({"e": "claim", "p": 1, "type": "yellow", "size": 12},
               {"e": "claim", "p": 0, "type": "red", "size": 4},
               {"e": "areas", "p": 1, "sizes": [0] * 6}, {"e": "score", "stage": 1}):
        said.append(describe(g, ev))
    assert all(len(ui.wrap(s, TOAST_COLS)) <= TOAST_LINES for s in said), said
    assert said[1:] == ["Undone: Silver claims yellow 12", "Undone: Orange claims red 4",
                        "Undone: Silver's areas", "Undone: S1 scoring"]

# Sanssouci's flow on the box (firmware/app/sanssouci*.py) in this process, on CPython and on
# MicroPython (tests/run_mpy.py: the harness heap): the card list offers exactly the cards the
# rules allow for the tile taken, the garden editor records each garden's pre-printed cells,
# and the heap: a flow turned away from at setup, and the setup screens once the game starts,
# leave MicroPython's heap (the whole game at 192 KB needs the room: bench/sanssouci_presses.py).
import gc
import sys

from support import micropython_only, press, scratch

import app  # noqa: F401  (the box in this process: run_mpy's harness heap)
from shared_rules.sanssouci.board import COLS, FIRST, ROWS
from shared_rules.sanssouci.cards import JOKER, allows
from shared_rules.sanssouci.game import MAX_PRINTED, Game

CARDS = list(range(JOKER + 1)) + [10 * a + b for a in range(FIRST, ROWS)
                                  for b in range(a + 1, ROWS)]


def _boot(name):
    from app import App
    from hal import sim
    gc.collect()
    h = sim.build(scratch(name))
    a = App(h)
    a.step()
    return h, a


def _texts(h):
    return h.display.shown_texts


def _to_sanssouci(h, a):
    # New game, then -> from Versailles's player count to Sanssouci's
    press(h, a, "ok")
    assert _texts(h)[0] == "Versailles", _texts(h)
    press(h, a, "next")
    assert _texts(h)[:3] == ["Sanssouci", ">", "How many players"], _texts(h)


def test_the_card_list_offers_exactly_the_cards_that_allow_the_tile():
    # "Karte mit einem Motiv ... ein Gartenplaettchen mit diesem Motiv" (or, with none of it on
    # the board, "gilt die Karte als Joker": wild); a two-colour card "von den vier Feldern
    # ..., die in der Reihe mit der jeweiligen Farbe liegen"; the five-colour joker "1x im
    # Kartenstapel": the list, for every tile, is the rules' (cards.allows), the motif's own
    # card first, the joker gone once played; every label fits a list row (15 letters).
    from app.sanssouci_turn import cards_for
    g = Game(["Ann", "Bob"])
    for used in (0, 1):
        g.jokers[0] = used
        for r in range(FIRST, ROWS):
            for m in range(COLS):
                offered = cards_for(g, 0, m, r)
                got = sorted((card, wild) for _, card, wild in offered)
                want = sorted((card, wild) for card in CARDS for wild in (0, 1)
                              if allows(card, m, r, wild) and not (card == JOKER and used))
                assert got == want, (m, r, got, want)
                assert offered[0][1:] == (m, 0)
                labels = [label for label, _, _ in offered]
                assert len(set(labels)) == len(labels)
                assert max(len(label) for label in labels) <= 15, labels


def test_the_garden_editor_records_each_gardens_pre_printed_cells():
    # "In den folgenden Reihen sind noch einzelne Felder mit aufgedruckten Gartenplaettchen
    # versehen": per garden, ok marks the cell under the cursor (a second ok clears it), up
    # and down its row, > and < (back) its column, a long ok goes to the next garden.
    h, a = _boot("ss_flow_garden")
    _to_sanssouci(h, a)
    press(h, a, "ok")  # 2 players
    press(h, a, "ok")  # Orange
    press(h, a, "ok")  # Purple
    assert _texts(h)[:3] == ["Orange's garden", "white", "Labyr."], _texts(h)
    press(h, a, "next")
    press(h, a, "ok")  # white Statue
    press(h, a, "down")
    press(h, a, "back")
    press(h, a, "back")  # round the edge: grey Weinstock
    assert _texts(h)[1:3] == ["grey", "Weinst"], _texts(h)
    press(h, a, "ok")
    press(h, a, "up")
    press(h, a, "up")  # round the edge: turquoise Weinstock
    press(h, a, "ok")
    press(h, a, "ok")  # and cleared again
    assert _texts(h)[4] == "2 set", _texts(h)
    press(h, a, "ok", 700)  # done: Purple's garden, none printed
    assert _texts(h)[0] == "Purple's garden", _texts(h)
    press(h, a, "ok", 700)
    assert _texts(h)[0] == "Start Sanssouci", _texts(h)
    press(h, a, "ok")
    assert a.game.GAME == "sanssouci" and a.game.log[0]["gardens"] == [[10, 26], []]
    assert _texts(h)[0] == "Orange round 1", _texts(h)


def test_a_full_garden_takes_no_more_cells():
    # At most MAX_PRINTED (27) pre-printed cells: beyond, 18 tiles might find no room
    # (docs/RULES.md, S11); the editor says so instead of taking more
    h, a = _boot("ss_flow_full")
    _to_sanssouci(h, a)
    for _ in range(3):
        press(h, a, "ok")
    edit = a.stack[-1]
    edit.cells = list(range(COLS, COLS + MAX_PRINTED))
    edit.row, edit.m = ROWS - 1, COLS - 1  # an empty cell
    press(h, a, "ok")
    assert len(edit.cells) == MAX_PRINTED and _texts(h)[4:6] == ["27 set", "most"], _texts(h)


def test_a_flow_turned_away_from_at_setup_is_unloaded():
    h, a = _boot("ss_flow_unload")
    _to_sanssouci(h, a)
    assert "app.versailles" not in sys.modules
    import app as package
    assert "versailles" not in dir(package)  # its package kept it alive on MicroPython


def test_on_micropython_the_flow_and_its_rules_leave_the_heap_and_the_setup_too():
    # Regression: flows.unload took the flow from sys.modules only; its package kept it (and
    # it its rules), so turning from Versailles to Sanssouci freed nothing (+31 KB, .mpy) and
    # a whole Sanssouci game found no room at 192 KB. The setup's screens now leave once the
    # game starts, and come back at the next New game.
    micropython_only("what MicroPython's heap keeps")
    h, a = _boot("ss_flow_heap")
    press(h, a, "ok")
    gc.collect()
    versailles = gc.mem_alloc()
    press(h, a, "next")
    gc.collect()
    sanssouci = gc.mem_alloc()
    assert not [m for m in sys.modules if m.startswith("shared_rules.versailles")]
    import shared_rules
    assert "versailles" not in dir(shared_rules)
    # Versailles's flow and rules (bigger than Sanssouci's) are gone: no more than before
    assert sanssouci < versailles, (versailles, sanssouci)
    for _ in range(2):
        press(h, a, "ok")  # 2 players: Orange, Purple
    press(h, a, "ok")
    press(h, a, "ok", 700)
    press(h, a, "ok", 700)
    press(h, a, "ok")  # start
    assert a.game.GAME == "sanssouci"
    for name in ("app.setup", "app.sanssouci_setup", "roster", "shared_rules.roster"):
        assert name not in sys.modules, name
    press(h, a, "back")  # the menu; New game: the setup screens load again
    press(h, a, "down")
    press(h, a, "ok")
    press(h, a, "ok")  # leave the running game
    assert _texts(h)[:2] == ["Sanssouci", ">"], _texts(h)


def test_the_roster_refuses_ludwig_without_loading_versailles():
    # Regression: shared_rules.roster imported Versailles's LUDWIG, so every setup's roster
    # loaded Versailles's whole rules core (26 KB, .mpy), whichever game was set up.
    import shared_rules.roster as roster
    from shared_rules.versailles.game import LUDWIG
    assert roster.LUDWIG == LUDWIG and "own word" in roster.problem(LUDWIG)
    with open("shared_rules/roster.py") as f:
        imports = [line for line in f if line.startswith(("import ", "from "))]
    assert imports == ["from shared_rules.eventlog import MAX_NAME\n"], imports

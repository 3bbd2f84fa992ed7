# Der Prestel Schlossgarten on the box (issue 14), in this process on the simulated hardware:
# the entry's refusals said before values are asked in vain, what fits under an element, undo's
# words, and the heap a Schlossgarten game gets (the roster and a flow turned away from at New
# game no longer keep Versailles's rules in it). Whole games through the buttons on the three
# runtimes: tests/host/test_schlossgarten_table.py.
import sys

from support import press, scratch

import app  # noqa: F401  (the box in this process: run_mpy's harness heap)

VERSAILLES = ("app.versailles", "shared_rules.versailles", "shared_rules.versailles.game",
              "shared_rules.versailles.scoring", "shared_rules.versailles.tiles")


def _forget(names):
    # as if never imported in this process (other tests here may have imported them)
    for m in names:
        sys.modules.pop(m, None)
        parent, _, child = m.rpartition(".")
        if parent in sys.modules and hasattr(sys.modules[parent], child):
            delattr(sys.modules[parent], child)


def _boot(flash):
    from app import App
    from hal import sim
    h = sim.build(flash)
    a = App(h)
    a.step()
    return h, a


def _texts(h):
    return h.display.shown_texts


def _said(h):
    return " ".join(_texts(h))


def _to_schlossgarten(h, a, players=2, new=True):
    if new:
        press(h, a, "ok")  # New game: a fresh box opens Versailles's player count
    for _ in range(6):
        if _texts(h)[0] == "Schlossgarten":
            break
        press(h, a, "next")
    for _ in range(players - 2):
        press(h, a, "up")
    for _ in range(players + 2):  # the count, the colours, start
        press(h, a, "ok")


def test_the_roster_loads_no_game_rules():
    # Regression: shared_rules/roster.py took LUDWIG from Versailles's rules, so every game's
    # setup (ColorPick reads the roster) loaded them: 20 KB of a Schlossgarten game's heap.
    _forget(VERSAILLES + ("roster", "shared_rules.roster"))
    import roster
    assert "shared_rules.versailles.game" not in sys.modules
    assert roster.problem("Ludwig") and roster.problem("Guest")
    from shared_rules.versailles.game import LUDWIG
    from shared_rules import roster as rules
    assert rules.LUDWIG == LUDWIG


def test_turning_past_versailles_at_new_game_unloads_its_rules():
    _forget(VERSAILLES)
    h, a = _boot(scratch("sg_unload"))
    press(h, a, "ok")
    assert _texts(h)[0] == "Versailles" and "shared_rules.versailles.game" in sys.modules
    _to_schlossgarten(h, a, new=False)
    assert _texts(h)[0] == "Turn 1: Orange", _texts(h)
    for m in VERSAILLES:
        assert m not in sys.modules, m
    import shared_rules
    assert not hasattr(shared_rules, "versailles")  # nor kept by its package


def test_more_tiles_than_excavations_is_refused_at_the_tile():
    # Turn, step 5: "one landscape tile may be excavated" a turn (docs/RULES.md, S3): in turn
    # 1 a pool cannot take two tiles. The box says so at the second tile, whole.
    h, a = _boot(scratch("sg_excavations"))
    _to_schlossgarten(h, a)
    press(h, a, "ok")
    for _ in range(4):
        press(h, a, "down")
    assert _texts(h)[0] == "Orange builds"
    press(h, a, "ok")  # the pool (2): nothing on the field to build over, so its tiles
    assert _texts(h)[0] == "Orange tile 1/2", _texts(h)
    press(h, a, "up")
    press(h, a, "up")
    assert _texts(h)[0] == "Not allowed", _texts(h)
    assert "cannot take 2 tiles now" in _said(h) and "one tile is excavated a turn" in _said(h)
    press(h, a, "ok")
    assert _texts(h)[0] == "Orange tile 2/2"  # the first tile kept
    press(h, a, "back")
    press(h, a, "back")
    press(h, a, "back")
    assert _texts(h)[0] == "Turn 1: Orange" and len(a.game.events) == 1  # nothing recorded


def test_only_what_fits_under_the_element_can_be_ticked_and_undo_names_the_turn():
    # "To establish a multi-square garden element, all the spaces it will cover must be
    # excavated or must already have a smaller garden element established on them": a pool
    # (2) covers two 1-square elements at most; the third is refused, said whole.
    h, a = _boot(scratch("sg_tick"))
    _to_schlossgarten(h, a)
    g = a.game
    for ev in ({"p": 0, "tiles": [2], "el": "column"}, {"p": 1, "tiles": [1], "el": "hedge1"},
               {"p": 0, "tiles": [3], "el": "hedge1"}, {"p": 1, "tiles": [1], "el": "column"}):
        ev["e"] = "turn"
        assert a.record(ev)  # four 1-square elements on the field; Orange to play
    a.show_game()
    a.step()
    press(h, a, "ok")
    assert _texts(h)[:3] == ["Orange builds", "hedge2 (2)", "maze (3)"], _texts(h)
    press(h, a, "ok")
    assert _texts(h)[:2] == ["hedge2 over", "none, 2 tiles"], _texts(h)
    for row in (1, 2, 3):  # tick the first three rows: the third does not fit
        for _ in range(row):
            press(h, a, "down")
        press(h, a, "ok")
    assert _texts(h)[:5] == ["Too large", "No room left", "under the hedge2", "for Purple's",
                             "hedge1."], _texts(h)
    press(h, a, "ok")
    assert _texts(h)[1:4] == ["done, 0 tiles", "*Orange hedge1", "*Orange column"], _texts(h)
    press(h, a, "ok")  # no tile to take: recorded at once
    assert _texts(h)[0] == "Turn 6: Purple", _texts(h)
    assert g.events[-1] == {"e": "turn", "p": 0, "tiles": [], "el": "hedge2",
                            "over": [[0, "hedge1"], [0, "column"]]}
    assert g.totals() == [7, 4]  # 5 tile points, the hedge2's 2 for the two given back
    press(h, a, "back", 700)
    assert "Undone: Orange's hedge2" in _said(h), _texts(h)
    assert _texts(h)[0] == "Turn 5: Orange" and g.totals() == [7, 4]
    assert sorted(g.on_field(0)) == ["column", "hedge1"]

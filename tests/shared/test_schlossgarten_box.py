# Der Prestel Schlossgarten on the box (issue 14), in this process on the simulated hardware:
# the entry's refusals said before values are asked in vain, what fits under an element, undo's
# words, and the heap a Schlossgarten game gets (the roster and a flow turned away from at New
# game no longer keep Versailles's rules in it). Whole games through the buttons on the three
# runtimes: tests/host/test_schlossgarten_table.py.
import sys

from support import boot_box, dropping, press, scratch, screen_said, screen_texts

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


def _to_schlossgarten(h, a, players=2, new=True):
    if new:
        press(h, a, "ok")  # New game: a fresh box opens Versailles's player count
    for _ in range(6):
        if screen_texts(h)[0] == "Schlossgarten":
            break
        press(h, a, "next")
    for _ in range(players - 2):
        press(h, a, "up")
    for _ in range(players + 2):  # the count, the colours, start
        press(h, a, "ok")


@dropping
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


@dropping
def test_a_schlossgarten_game_starts_without_versailles_in_the_heap():
    # A box with several games keeps one game's flow, screens and rules (app.codeheap):
    # Versailles's, loaded by a game played before and by the setup that turned past it,
    # left a 4-player Schlossgarten game no room at 192 KB on the unix port.
    _forget(VERSAILLES)
    h, a = boot_box(scratch("sg_unload"))
    press(h, a, "ok")
    for _ in range(4):  # a Versailles game: 2 players, two colours, start
        press(h, a, "ok")
    assert a.game.GAME == "versailles" and "app.versailles_claims" in sys.modules  # its screens
    press(h, a, "back")
    press(h, a, "down")
    press(h, a, "ok")  # New game: leave the running one
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Versailles", screen_texts(h)
    _to_schlossgarten(h, a, new=False)
    assert screen_texts(h)[0] == "Turn 1: Orange", screen_texts(h)
    for m in VERSAILLES + ("app.versailles_claims", "app.versailles_scoring",
                           "app.versailles_tokens", "app.entry"):
        assert m not in sys.modules, m
    import shared_rules
    assert not hasattr(shared_rules, "versailles")  # nor kept by its package
    assert "app.schlossgarten_turn" in sys.modules  # this game's screens, loaded at its start


def test_setting_up_another_game_beside_a_finished_one_lights_no_wrong_pixels():
    # Regression (the soak): after a game was won, New game and -> to another game asked the
    # new flow to light the old game's state (app.core.update_pixels): Versailles's flow
    # read a Schlossgarten game's tokens, an AttributeError the guard caught. Here the game
    # won is the tests' toy game (light) and the flow set up Schlossgarten's, which asked it
    # for points.
    from app import flows
    from shared_rules import games
    installed = dict(flows.FLOWS)
    games.register("toy", "Toy", (2, 4), "toygame.game")
    flows.FLOWS.pop("versailles")  # from the toy game, -> turns to Schlossgarten
    flows.register("toy", "toyflow")
    try:
        h, a = boot_box(scratch("sg_beside"))
        a.new_game(["Lime", "Cyan"], game="toy")
        for n in (3, 1, 3, 1, 3, 1, 1):
            assert a.record({"e": "take", "p": a.game.turn, "n": n})
        a.show_game()
        press(h, a, "back")  # the menu: the game is over, New game asks nothing
        press(h, a, "ok")
        # the won game is let go as a setup starts (app.core.set_up): its code too
        assert screen_texts(h)[0] == "Toy" and a.game is None, screen_texts(h)
        for _ in range(len(flows.FLOWS)):  # to Schlossgarten's player count (other games
            press(h, a, "next")  # may lie between)
            if screen_texts(h)[0] == "Schlossgarten":
                break
        assert screen_texts(h)[0] == "Schlossgarten", screen_texts(h)
        status = h.pixels.role("status")
        assert [rgb for i, rgb in enumerate(h.strip.shown) if i != status] == [(0, 0, 0)] * 7
    finally:
        games.unregister("toy")
        flows.FLOWS.clear()
        flows.FLOWS.update(installed)


def test_a_finished_game_whose_scoreboard_meets_a_heap_in_pieces_opens_after_a_collection():
    # Finished games: the scoreboard's module of a game of another kind than the one played
    # loads there (its screens left with app.codeheap); a MemoryError on the way is
    # tried once more after a collection, as the game's view is
    h, a = boot_box(scratch("sg_tight"))
    _to_schlossgarten(h, a)
    for ev in _quick_win():
        assert a.record(ev)
    a.show_game()
    flow = sys.modules["app.schlossgarten"]  # the flow as loaded now (turning past other
    # games' player counts unloads and loads flows)
    scoreboard = flow.scoreboard
    asked = []

    def tight(app, g, final):
        asked.append(1)
        if len(asked) == 1:
            raise MemoryError("memory allocation failed")
        return scoreboard(app, g, final)
    flow.scoreboard = tight
    try:
        press(h, a, "back")
        press(h, a, "down")
        press(h, a, "ok")  # Finished games
        press(h, a, "ok")  # the game just won
        assert screen_texts(h)[0] == "Final scores" and len(asked) == 2, screen_texts(h)
    finally:
        flow.scoreboard = scoreboard


def _quick_win():
    # Orange to 21 in turn 7, Purple building nothing: hedge1 on a 3 (4), pool on 3+3 (12),
    # hedge2 on 3+3 (20), then a 1: 21 at the tile, the turn ends there
    out = []
    for tiles, el in (([3], "hedge1"), ([3, 3], "pool"), ([3, 3], "hedge2"), ([1], None)):
        ev = {"e": "turn", "p": 0, "tiles": tiles}
        if el:
            ev["el"] = el
        out.append(ev)
        out.append({"e": "turn", "p": 1})
    return out[:-1]


def test_more_tiles_than_excavations_is_refused_at_the_tile():
    # Turn, step 5: "one landscape tile may be excavated" a turn (docs/RULES.md, S3): in turn
    # 1 a pool cannot take two tiles. The box says so at the second tile, whole.
    h, a = boot_box(scratch("sg_excavations"))
    _to_schlossgarten(h, a)
    press(h, a, "ok")
    for _ in range(4):
        press(h, a, "down")
    assert screen_texts(h)[0] == "Orange builds"
    press(h, a, "ok")  # the pool (2): nothing on the field to build over, so its tiles
    assert screen_texts(h)[0] == "Orange tile 1/2", screen_texts(h)
    press(h, a, "up")
    press(h, a, "up")
    assert screen_texts(h)[0] == "Not allowed", screen_texts(h)
    assert "cannot take 2 tiles now" in screen_said(h) and "one tile is excavated a turn" in screen_said(h)
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Orange tile 2/2"  # the first tile kept
    press(h, a, "back")
    press(h, a, "back")
    press(h, a, "back")
    assert screen_texts(h)[0] == "Turn 1: Orange" and len(a.game.events) == 1  # nothing recorded


def test_only_what_fits_under_the_element_can_be_ticked_and_undo_names_the_turn():
    # "To establish a multi-square garden element, all the spaces it will cover must be
    # excavated or must already have a smaller garden element established on them": a pool
    # (2) covers two 1-square elements at most; the third is refused, said whole.
    h, a = boot_box(scratch("sg_tick"))
    _to_schlossgarten(h, a)
    g = a.game
    for ev in ({"p": 0, "tiles": [2], "el": "column"}, {"p": 1, "tiles": [1], "el": "hedge1"},
               {"p": 0, "tiles": [3], "el": "hedge1"}, {"p": 1, "tiles": [1], "el": "column"}):
        ev["e"] = "turn"
        assert a.record(ev)  # four 1-square elements on the field; Orange to play
    a.show_game()
    a.step()
    press(h, a, "ok")
    assert screen_texts(h)[:3] == ["Orange builds", "hedge2 (2)", "maze (3)"], screen_texts(h)
    press(h, a, "ok")
    assert screen_texts(h)[:2] == ["hedge2 over", "none, 2 tiles"], screen_texts(h)
    for row in (1, 2, 3):  # tick the first three rows: the third does not fit
        for _ in range(row):
            press(h, a, "down")
        press(h, a, "ok")
    assert screen_texts(h)[:5] == ["Too large", "No room left", "under the hedge2", "for Purple's",
                             "hedge1."], screen_texts(h)
    press(h, a, "ok")
    assert screen_texts(h)[1:4] == ["done, 0 tiles", "*Orange hedge1", "*Orange column"], screen_texts(h)
    press(h, a, "ok")  # no tile to take: recorded at once
    assert screen_texts(h)[0] == "Turn 6: Purple", screen_texts(h)
    assert g.events[-1] == {"e": "turn", "p": 0, "tiles": [], "el": "hedge2",
                            "over": [[0, "hedge1"], [0, "column"]]}
    assert g.totals() == [7, 4]  # 5 tile points, the hedge2's 2 for the two given back
    press(h, a, "back", 700)
    assert "Undone: Orange's hedge2" in screen_said(h), screen_texts(h)
    assert screen_texts(h)[0] == "Turn 5: Orange" and g.totals() == [7, 4]
    assert sorted(g.on_field(0)) == ["column", "hedge1"]


def test_the_reshuffle_has_a_line_of_its_own_clear_of_the_column_headers():
    # Turn 31 of a 2-player game: the inverted "shuffle 30" sat in the pile's place on the
    # header line and ran into the gardener's column header "G". The pile's line says
    # "pile 0"; the reshuffle is the bottom line, inverted, across the screen.
    from app import ui
    from app.schlossgarten import GARDENER_X
    h, a = boot_box(scratch("sg_reshuffle"))
    _to_schlossgarten(h, a)
    g = a.game
    while not g.reshuffle_due():
        assert a.record({"e": "turn", "p": g.current()})
    a.show_game()
    clipped = ui.clipped
    a.redraw()
    texts = screen_texts(h)
    assert g.turn == 30 and g.discard == 30
    assert texts[:4] == ["Turn 31: Orange", "pile 0", "G", "A"], texts
    assert texts[-1] == "shuffle 30 first" and "ok:build >:none" not in texts, texts
    d = h.display
    # the header line between "pile 0" and the "G" over the gardener's column: dark
    gap = [(x, y) for x in range(8 * len("pile 0"), GARDENER_X + 8) for y in range(10, 19)
           if d.pixel(x, y)]
    assert not gap, gap
    # the bottom line inverted: lit at both ends, the words dark in it
    assert all(d.pixel(x, y) for x in (0, ui.W - 1) for y in range(ui.H - 8, ui.H))
    assert ui.clipped == clipped

# Der Prestel Schlossgarten on the box (issue 14), in this process on the simulated hardware:
# the entry's refusals said before values are asked in vain, what fits under an element, undo's
# words, and the heap a Schlossgarten game gets (the roster and a flow turned away from at New
# game no longer keep Versailles's rules in it). Whole games through the buttons on the three
# runtimes: tests/host/test_schlossgarten_table.py.
import sys

from support import boot_box, dropping, one_screen, press, scratch, screen_said, screen_texts

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
    for _ in range(players + 3):  # the count, the colours, start, the setup said
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
    assert LUDWIG in rules.SEAT_WORDS


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
    assert screen_texts(h)[0] == "Turn 1: Blue", screen_texts(h)
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
    # Blue past 21 in turn 7, Red building nothing: hedge1 on a 3 (4), pool on 3+3 (12),
    # hedge2 on 3+3 (20), then the column on a 1: 22, the turn counted whole (the box's house
    # rule by default, docs/RULES.md S5)
    out = []
    for tiles, el in (([3], "hedge1"), ([3, 3], "pool"), ([3, 3], "hedge2"), ([1], "column")):
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
    assert screen_texts(h)[0] == "Blue builds"
    press(h, a, "ok")  # the pool (2): nothing on the field to build over, so its tiles
    assert screen_texts(h)[0] == "Blue tile 1/2", screen_texts(h)
    press(h, a, "up")
    press(h, a, "up")
    assert screen_texts(h)[0] == "Not allowed", screen_texts(h)
    assert "cannot take 2 tiles now" in screen_said(h) and "one tile is excavated a turn" in screen_said(h)
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Blue tile 2/2"  # the first tile kept
    press(h, a, "back")
    press(h, a, "back")
    press(h, a, "back")
    assert screen_texts(h)[0] == "Turn 1: Blue" and len(a.game.events) == 1  # nothing recorded


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
        assert a.record(ev)  # four 1-square elements on the field; Blue to play
    a.show_game()
    a.step()
    press(h, a, "ok")
    assert screen_texts(h)[:4] == ["Blue builds", "hedge1: built", "hedge2 (2)", "maze (3)"], \
        screen_texts(h)
    press(h, a, "ok")  # the bar starts on the first in the supply
    assert screen_texts(h)[:2] == ["hedge2 over", "none, 2 tiles"], screen_texts(h)
    for row in (1, 2, 3):  # tick the first three rows: the third does not fit
        for _ in range(row):
            press(h, a, "down")
        press(h, a, "ok")
    assert screen_texts(h)[:5] == ["Too large", "No room left", "under the hedge2", "for Red's",
                             "hedge1."], screen_texts(h)
    press(h, a, "ok")
    assert screen_texts(h)[1:4] == ["done, 0 tiles", "*Blue hedge1", "*Blue column"], screen_texts(h)
    press(h, a, "ok")  # no tile to take: the turn said whole, on one page
    assert screen_texts(h) == ["Record turn?", "Blue builds", "hedge2. Back:", "Blue hedge1 -1,",
                               "Blue column -1.", "ok:yes  back:no"], screen_texts(h)
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Turn 6: Red", screen_texts(h)
    assert g.events[-1] == {"e": "turn", "p": 0, "tiles": [], "el": "hedge2",
                            "over": [[0, "hedge1"], [0, "column"]]}
    assert g.totals() == [7, 4]  # 5 tile points, the hedge2's 2 for the two given back
    press(h, a, "back", 700)
    assert "Undone: Blue's hedge2" in screen_said(h), screen_texts(h)
    assert screen_texts(h)[0] == "Turn 5: Blue" and g.totals() == [7, 4]
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
    assert texts[:4] == ["Turn 31: Blue", "pile 0", "G", "A"], texts
    assert texts[-1] == "shuffle 30 first" and "ok:build >:none" not in texts, texts
    d = h.display
    # the header line between "pile 0" and the "G" over the gardener's column: dark
    gap = [(x, y) for x in range(8 * len("pile 0"), GARDENER_X + 8) for y in range(10, 19)
           if d.pixel(x, y)]
    assert not gap, gap
    # the bottom line inverted: lit at both ends, the words dark in it
    assert all(d.pixel(x, y) for x in (0, ui.W - 1) for y in range(ui.H - 8, ui.H))
    assert ui.clipped == clipped


def test_the_element_list_keeps_its_order_and_says_what_is_on_the_field():
    # Issue 22: the list shrank and shifted as elements were built ("a player built hedge2
    # twice when meaning terrace"). Every element keeps its row, in the rulebook's order
    # (Components: hedges, maze; column, pool, terrace); the bar skips those on the field.
    h, a = boot_box(scratch("sg_order"))
    _to_schlossgarten(h, a)
    for ev in ({"p": 0, "tiles": [2], "el": "hedge1"}, {"p": 1},
               {"p": 0, "tiles": [1], "el": "column"}, {"p": 1}):
        ev["e"] = "turn"
        assert a.record(ev)
    a.show_game()
    a.step()
    press(h, a, "ok")
    assert screen_texts(h) == ["Blue builds", "hedge1: built", "hedge2 (2)", "maze (3)",
                               "column: built", "pool (2)", "terrace (3)"], screen_texts(h)
    menu = a.stack[-1]
    seen = [menu.at]
    for _ in range(4):
        press(h, a, "down")
        seen.append(menu.at)
    press(h, a, "up")
    seen.append(menu.at)
    assert seen == [1, 2, 4, 5, 1, 5], seen  # round the list, past the built ones
    press(h, a, "back")
    # a supply all on the field (the bar can only be on a built row then): ok says so
    a.game.supply = lambda p: []
    press(h, a, "ok")
    press(h, a, "ok")
    assert screen_texts(h) == ["On the field", "Blue's hedge1 is", "on the field: it",
                               "comes back when", "a larger one is", "built over it."], \
        screen_texts(h)
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Blue builds" and len(a.game.events) == 5


def test_a_turn_is_said_whole_before_it_is_recorded_and_back_takes_a_tile_back():
    # Issue 22: "confirm the turn before recording it"; the tile screen names the element the
    # tiles lie under
    h, a = boot_box(scratch("sg_confirm"))
    _to_schlossgarten(h, a)
    for p in (0, 1):  # two turns without a figure: three tiles excavated by turn 3
        assert a.record({"e": "turn", "p": p})
    a.show_game()
    a.step()
    press(h, a, "ok")
    for _ in range(5):
        press(h, a, "down")
    press(h, a, "ok")  # the terrace (3): three tiles under it
    assert screen_texts(h)[:2] == ["Blue tile 1/3", "for the terrace"], screen_texts(h)
    press(h, a, "up")  # 3
    press(h, a, "ok")  # 2
    press(h, a, "back")  # the 2 taken back
    press(h, a, "down")  # 1
    assert screen_texts(h)[0] == "Blue tile 3/3"
    press(h, a, "ok")  # 2: the last tile
    assert screen_texts(h)[0] == "Record turn?", screen_texts(h)
    assert screen_said(h) == "Record turn? Blue builds terrace on tiles 3+1+2. ok:yes  back:no", \
        screen_said(h)
    press(h, a, "back")  # not yet: every tile still in, ok asks again
    assert screen_texts(h)[0] == "Blue tile 3/3" and "ok:record back" in screen_texts(h)
    assert len(a.game.events) == 3
    press(h, a, "up")  # a tile key past the last one does nothing
    assert screen_texts(h)[0] == "Blue tile 3/3" and len(a.game.events) == 3
    press(h, a, "ok")
    press(h, a, "ok")  # yes
    assert a.game.events[-1] == {"e": "turn", "p": 0, "tiles": [3, 1, 2], "el": "terrace"}
    assert screen_texts(h)[0] == "Turn 4: Red", screen_texts(h)


def test_an_element_built_over_goes_back_to_its_owner_and_the_box_says_so():
    # Issue 22: 'say when a built-over element goes back to its owner ("Red's pool back,
    # -2")'. Red's pool (2) under Blue's terrace (3): one tile, and the pool's 2 points
    # leave Red's count.
    h, a = boot_box(scratch("sg_back"))
    _to_schlossgarten(h, a)
    g = a.game
    for ev in ({"p": 0, "tiles": [3], "el": "hedge1"}, {"p": 1},
               {"p": 0}, {"p": 1, "tiles": [3, 2], "el": "pool"}):
        ev["e"] = "turn"
        assert a.record(ev)
    a.show_game()
    a.step()
    press(h, a, "ok")
    press(h, a, "up")  # round the list from hedge2, the first in the supply
    press(h, a, "ok")  # the terrace: Red's pool and Blue's hedge1 could be under it
    texts = screen_texts(h)
    assert texts[0] == "terrace over" and " Red pool" in texts, texts
    for _ in range(texts.index(" Red pool") - 1):
        press(h, a, "down")
    press(h, a, "ok")  # ticked
    press(h, a, "ok")  # done, 1 tile
    press(h, a, "up")  # a 3
    assert screen_texts(h)[0] == "Record turn?", screen_texts(h)
    assert "Blue builds terrace on tiles 3. Back: Red pool -2." in screen_said(h), \
        screen_said(h)
    before = g.totals()[1]
    press(h, a, "ok")
    assert "Red's pool back, -2" in screen_said(h), screen_texts(h)
    assert g.totals()[1] == before - 2 and "pool" not in g.on_field(1)


def test_what_went_back_fits_the_toast_however_many_went():
    # The toast has three lines of 14 columns: one element by name and points, two by name,
    # three (1-square ones under a 3-square one) by their number
    from app import TOAST_COLS, TOAST_LINES, ui
    from app.schlossgarten_turn import back_toast

    class Seats:
        players = ["Orange", "Purple", "Yellow", "Silver"]
    said = [back_toast(Seats, [[1, "pool"]]), back_toast(Seats, [[1, "hedge2"], [2, "column"]]),
            back_toast(Seats, [[1, "hedge1"], [2, "hedge1"], [3, "column"]])]
    assert said == ["Purple's pool back, -2", "Back: Purple hedge2, Yellow column",
                    "3 elements back to their owners"], said
    assert all(len(ui.wrap(s, TOAST_COLS)) <= TOAST_LINES for s in said), said


def test_the_start_screen_shows_the_house_rule_and_up_down_turn_it():
    # docs/RULES.md S5, the table's house rule: the rulebook's figures (a turn counted whole)
    # first; ^v turns to the other reading (the game ends at the tile that reaches 21); the
    # setup event records the one chosen, and the rules core follows it
    for presses, whole in ((0, 1), (1, 0), (2, 1)):
        h, a = boot_box(scratch("sg_house%d" % presses))
        press(h, a, "ok")
        for _ in range(6):
            if screen_texts(h)[0] == "Schlossgarten":
                break
            press(h, a, "next")
        for _ in range(3):  # 2 players, their colours
            press(h, a, "ok")
        texts = screen_texts(h)
        assert "21: after turn" in texts and texts[-1] == "^v ok:start back", texts
        for _ in range(presses):
            press(h, a, "down")
        assert ("21: after turn" if whole else "21: at its tile") in screen_texts(h)
        press(h, a, "ok")
        assert a.store.events(a.gid)[0]["whole_turn"] == whole
        assert a.game.whole_turn == whole


def test_the_setup_said_at_the_start_fits_one_screen_for_each_player_count():
    # "Setup": the 49 tiles in the frame, each player's 6 elements and pawns, one
    # constellation card each: 30, 29 or 28 left in the pile
    from app.schlossgarten import setup_text
    from shared_rules.schlossgarten.game import Game
    for n in (2, 3, 4):
        text = setup_text(Game(["A", "B", "C", "D"][:n]))
        one_screen(text)
        assert "49 tiles" in text and "pile %d." % (32 - n) in text, text

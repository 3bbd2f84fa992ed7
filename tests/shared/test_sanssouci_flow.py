# Sanssouci's flow on the box (firmware/app/sanssouci*.py) in this process, on CPython and on
# MicroPython (tests/run_mpy.py: the harness heap): the garden editor records each garden's
# pre-printed cells; the heap: a flow turned away from at setup, and the setup screens once
# the game starts, leave MicroPython's heap (the whole game at 192 KB needs the room:
# bench/sanssouci_presses.py); what the soak found. (The card list: test_sanssouci_offers.py.)
import gc
import sys

from support import dropping, micropython_only, one_screen, press, scratch

import app  # noqa: F401  (the box in this process: run_mpy's harness heap)
from shared_rules.sanssouci.board import COLS, ROWS
from shared_rules.sanssouci.game import MAX_PRINTED, Game


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
    # the rulebook's "Aufbau", said once: the tiles of 2 players are those marked II
    assert _texts(h)[:6] == ["Set up", "Each: a garden,", "9 nobles on top,", "18 cards (2 in",
                             "hand), 2 tasks.", "Tiles II: 10"], _texts(h)
    press(h, a, "ok")
    assert _texts(h)[0] == "Orange round 1", _texts(h)


def test_the_start_screen_shows_the_first_rows_house_rule_and_up_down_turn_it():
    # docs/RULES.md S5, the table's house rule: the rulebook's words (the first row, built
    # before the game, scores 9 as a complete row) first; ^v turns to the other reading (no
    # row points for it); the setup event records the one chosen
    for presses, first_row in ((0, 1), (1, 0), (2, 1)):
        h, a = _boot("ss_house%d" % presses)
        _to_sanssouci(h, a)
        for _ in range(3):  # 2 players, their colours
            press(h, a, "ok")
        press(h, a, "ok", 700)  # no printed cells in either garden
        press(h, a, "ok", 700)
        texts = _texts(h)
        assert texts[0] == "Start Sanssouci" and "1st row: 9 pts" in texts, texts
        assert texts[-1] == "^v ok:start back", texts
        for _ in range(presses):
            press(h, a, "up")
        assert ("1st row: 9 pts" if first_row else "1st row: 0 pts") in _texts(h), _texts(h)
        press(h, a, "ok")
        assert a.store.events(a.gid)[0]["first_row"] == first_row
        assert a.game.first_row == first_row


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


@dropping
def test_a_flow_turned_away_from_at_setup_is_unloaded():
    h, a = _boot("ss_flow_unload")
    _to_sanssouci(h, a)
    assert "app.versailles" not in sys.modules
    import app as package
    assert "versailles" not in dir(package)  # its package kept it alive on MicroPython


def test_on_micropython_the_flow_and_its_rules_leave_the_heap_and_the_setup_too():
    # Regression: the flow turned away from (app/codeheap.py) took the flow from sys.modules only; its package kept it (and
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
    press(h, a, "ok")  # the setup said: to the game
    press(h, a, "back")  # the menu; New game: the setup screens load again
    press(h, a, "down")
    press(h, a, "ok")
    press(h, a, "ok")  # leave the running game
    assert _texts(h)[:2] == ["Sanssouci", ">"], _texts(h)


def test_no_noble_screen_when_no_noble_can_move():
    # Found by the soak: > on the hub opened the noble screen whenever the player who had
    # just placed a tile could still move a noble by the rules' turn, with no move there to
    # show (an IndexError). Orange's grey Labyrinth lies alone, below an empty white cell:
    # "Adlige duerfen keine leeren Gartenfelder ueberspringen", so no noble reaches it.
    h, a = _boot("ss_flow_no_noble")
    a.new_game(["Orange", "Purple"], game="sanssouci", extra={"gardens": [[], []]})
    assert a.record({"e": "tile", "p": 0, "card": 0, "m": 0, "r": 2, "at": 18})
    a.show_game()
    assert a.game.open == 0 and a.game.noble_moves() == []
    a.redraw()
    assert _texts(h)[-1] == "ok:tile 18 rnds", _texts(h)  # no ">:noble" offered
    press(h, a, "next")
    assert type(a.stack[-1]).__name__ == "Hub" and "No noble can move" in " ".join(_texts(h))


def test_setting_up_one_game_beside_another_games_lights_nothing_of_it():
    # Found by the soak: a finished Sanssouci game stays the app's game while New game sets up
    # Versailles; the pixels asked Versailles's flow about the Sanssouci game (an
    # AttributeError: it has no token holders). The game pixels stay dark until the new game.
    h, a = _boot("ss_flow_pixels")
    a.game = Game(["Orange", "Purple"])  # (finished or not, it is not Versailles's)
    gc.collect()
    a.set_up("versailles")
    a.redraw()
    assert _texts(h)[0] == "Versailles", _texts(h)
    for i in range(7):
        assert h.strip.shown[h.pixels.role("px%d" % (i + 1))] == (0, 0, 0)


def test_a_turns_screens_start_where_the_player_most_likely_is():
    # Issue 22's presses: the tile's cursor starts on the player's own last tile (mid-garden
    # before the first), the noble screen on the move worth most, the gardener's cells
    # nearest the tile's own cell first (bench/sanssouci_presses.py: 10.1 presses a turn of
    # the hand-worked game before, under 8 after).
    from app.sanssouci_turn import GardenerPick, NoblePick, TilePick
    h, a = _boot("ss_flow_starts")
    a.new_game(["Orange", "Purple"], game="sanssouci", extra={"gardens": [[], []]})
    a.push(TilePick(a))
    a.redraw()
    assert _texts(h)[:3] == ["Orange's tile", "orange", "Treppe"], _texts(h)  # START
    a.pop()
    assert a.record({"e": "tile", "p": 0, "card": 0, "m": 0, "r": 2, "at": 2 * COLS})
    assert a.record({"e": "tile", "p": 1, "card": 1, "m": 1, "r": 4, "at": 4 * COLS + 1})
    a.push(TilePick(a))
    a.redraw()
    assert _texts(h)[:3] == ["Orange's tile", "grey", "Labyr."], _texts(h)  # her last tile
    a.pop()
    assert a.game.to_play() == 0
    moves = [(0, 1, 1), (1, 2, 4), (3, 2, 4), (5, 1, 2)]
    assert NoblePick(a, moves).at == 1  # the first of those worth most
    # its hint names the keys that do something there: > with two nobles or more, up/down
    # where a noble has two stops or more (issue 22: it named neither)
    for moves, hint in (([(0, 1, 1), (1, 2, 4)], "> ok:+4 <:none"),
                        ([(1, 2, 3), (1, 3, 4)], "^v ok:+4 <:none"),
                        ([(0, 1, 1), (1, 2, 3), (1, 3, 4)], "^v> ok:+4 <:none"),
                        ([(2, 1, 2)], "ok:+2 back:none")):
        a.push(NoblePick(a, moves))
        a.redraw()
        assert _texts(h)[-1] == hint, (moves, _texts(h))
        a.pop()
    pick = GardenerPick(a, 0, 1, 1, 1, 0, [1, 5, 10, 19, 28])
    assert pick.cells == [10, 1, 19, 28, 5]  # by steps from row 1, column 1


def test_the_setup_said_at_the_start_fits_one_screen_for_each_player_count():
    # "Aufbau": a garden and the 9 nobles each, 18 cards (2 in hand), 2 task cards; the
    # garden tiles marked II with two players, and III with three, IV with four
    from app.sanssouci import setup_text
    for n, tiles in ((2, "II:"), (3, "II+III:"), (4, "II-IV:")):
        text = setup_text(Game(["A", "B", "C", "D"][:n]))
        one_screen(text)
        assert "Tiles %s" % tiles in text and "18 cards" in text and "2 tasks" in text, text

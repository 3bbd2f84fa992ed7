"""Issue 14, Der Prestel Schlossgarten at the table: whole hand-worked games through the five
buttons of the simulated box, on CPython, on the MicroPython unix port and from the .mpy
build at the Pico's 192 KB (simclient.SimDevice): an element built over and regained, the
reshuffle said, undo, a restart mid-game, and the win at exactly 21 in the middle of a turn,
announced at once. The games are the rules core's hand-worked ones
(tests/shared/test_schlossgarten_games.py), played by the colours the box gives the seats."""

import pytest

from schlossgarten_play import Player
from shared_rules.schlossgarten.game import Game
from tablerig import box_journal, device

RUNTIMES = ["cpython", "micropython", "micropython-mpy"]
TWO = ["Blue", "Red"]
FOUR = ["Blue", "Red", "Yellow", "White"]


def rows(texts):
    # The hub's player rows: {name: (points, gardener's supply, architect's supply)}
    out = {}
    for i, t in enumerate(texts):
        if t in FOUR and i + 3 < len(texts):
            out[t] = (int(texts[i + 1]), texts[i + 2], texts[i + 3])
    return out


def bar(px):
    # The 7 bar pixels: "#" a full pixel (3 points), "+" a part, "." dark
    return "".join(["." if rgb == (0, 0, 0) else "#" if max(rgb) == 48 else "+"
                    for rgb in px[:7]])


def two_player_plan():
    # tests/shared/test_schlossgarten_games.py's first game, turns 1-10 ("End of the Game":
    # points for tiles and for the squares elements cover; "A player who takes back a garden
    # element when another has been built on top of it loses the points ... They regain
    # those points when the tile is returned to the playing field.")
    g = Game(TWO, 0)
    g.play(0, [2], "column")                          # 1: Blue 2 + 1
    g.play(1)                                         # 2: Red makes no figure
    g.play(0, [3], "hedge1")                          # 3: Blue 5 + 2 = 7
    g.play(1, [1], "pool", [[0, "column"]])           # 4: Red 3; Blue's column back: 6
    g.play(0, [2], "column")                          # 5: regained: Blue 9
    g.play(1, [3], "terrace", [[1, "pool"]])          # 6: Red over her own pool: 7
    g.play(0)                                         # 7
    g.play(1, [2, 1], "hedge2")                       # 8: Figure 5b, two tiles: Red 12
    g.play(0, [3, 3], "pool")                         # 9: Blue 17
    g.play(1)                                         # 10
    return g


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_two_players_built_over_regained_undo_restart_and_the_win_at_21_by_a_tile(
        tmp_path, runtime, request):
    plan = two_player_plan()
    turns = plan.log[1:]
    flash = str(tmp_path / "flash")
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(2, whole_turn=0)  # the house rule of the win at 21 by a tile (RULES.md S5)
        texts = dev.screen()[1]
        assert texts[:4] == ["Turn 1: Blue", "pile 30", "G", "A"], texts  # 32 - 2 dealt
        assert rows(texts) == {"Blue": (0, "123", "123"), "Red": (0, "123", "123")}
        for ev in turns[:4]:
            p.turn(ev)
        texts = dev.screen()[1]
        # turn 4: Red's pool over Blue's column: the column is back in Blue's supply
        assert texts[0] == "Turn 5: Blue", texts
        assert rows(texts) == {"Blue": (6, ".23", "123"), "Red": (3, "123", "1.3")}
        assert bar(dev.pixels()) == "##.....", dev.pixels()  # Blue's 6: two pixels
        # undo the pool: Blue's column stands again; then Red's turn once more
        dev.long("back")
        texts = dev.screen()[1]
        assert "Undone: Red's pool" in " ".join(texts), texts
        assert texts[0] == "Turn 4: Red" and rows(texts)["Blue"] == (7, ".23", ".23")
        assert bar(dev.pixels()) == "......."  # Red's 0
        p.turn(turns[3])
        p.turn(turns[4])  # 5: the column regained
        assert rows(dev.screen()[1])["Blue"] == (9, ".23", ".23")
        p.turn(turns[5])
        assert rows(dev.screen()[1])["Red"] == (7, "123", "12.")  # the terrace, no pool
    # A power cut: the box opens the game where it was
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        p.dev = dev
        texts = dev.screen()[1]
        assert texts[0] == "Turn 7: Blue", texts
        for ev in turns[6:]:
            p.turn(ev)
        texts = dev.screen()[1]
        assert texts[0] == "Turn 11: Blue"
        assert rows(texts) == {"Blue": (17, ".23", "..3"), "Red": (12, "1.3", "12.")}
        assert bar(dev.pixels()) == "#####+.", dev.pixels()  # 17: five pixels and 2 of 3
        # 11: Blue builds her maze over her hedge1 and two excavations. Tiles come first:
        # 17 + 1 + 3 = 21 at the second tile, and "The game ends immediately when a player
        # reaches 21 points": the box records the turn up to that tile and says so at once.
        dev.press("ok")
        p.pick_element("maze")
        assert dev.screen()[1][:2] == ["maze over", "none, 3 tiles"]
        p.pick_row("Blue hedge1", exact_end=True)
        texts = dev.screen()[1]
        assert texts[1:3] == ["done, 2 tiles", "*Blue hedge1"], texts
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[0] == "Blue tile 1/2" and "17+0 = 17 of 21" in texts, texts
        dev.press("down")  # a 1
        assert "17+1 = 18 of 21" in dev.screen()[1]
        dev.press("up")  # a 3: 21, and the turn is said whole before it is recorded
        texts = dev.screen()[1]
        assert texts[0] == "Record turn?" and "the game ends." in texts, texts
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[:3] == ["Game over", "Winner", "Blue"], texts
        assert bar(dev.pixels()) == "#######"
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[:4] == ["Final scores", "dn:more     tot", "Blue          21",
                             "Red           12"], texts
        dev.press("down")
        assert dev.screen()[1][:4] == ["Blue 1/2", "tiles         17", "elements       4",
                                       "total         21"]
        dev.press("up")
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[:6] == ["Winner", "Blue", "first to 21", "21 points", "in turn 11",
                             "by tile 2 (+3)"], texts
        assert dev.stats()["clipped"] == 0
    s, ids = box_journal(flash)
    assert len(ids) == 1 and s.finished(ids[0])
    events = s.events(ids[0])
    last = [ev for ev in events[1:] if ev["e"] == "turn"][-1]
    assert {k: last[k] for k in last if k != "t"} == {"e": "turn", "p": 0, "tiles": [1, 3]}
    assert sum([1 for ev in events if ev["e"] == "undo"]) == 1
    game = Game.replay(events)
    assert game.totals() == [21, 12] and game.outcome.winners == [0]
    assert sorted(game.on_field(0)) == ["column", "hedge1", "pool"]  # the maze never went down


def four_player_plan():
    # tests/shared/test_schlossgarten_games.py's second game ("Discard Pile": "If the draw
    # pile is exhausted, the cards in the discard pile are shuffled to form a new pile.")
    g = Game(FOUR, 0)
    g.play(0, [3], "hedge1")                                   # 1: Blue 4
    g.play(1, [2], "column")                                   # 2: Red 3
    g.play(2, [1], "column")                                   # 3: Yellow 2
    g.play(3)                                                  # 4
    g.play(0, [2], "pool", [[1, "column"]])                   # 5: Blue 8; Red's column
    g.play(1, [3], "column")                                   # 6: regained: Red 6
    g.play(2, [2, 2], "hedge2")                                # 7: Yellow 8
    # 8: White's maze over Yellow's column, Blue's hedge1 and one excavation: "all the spaces
    # it will cover must be excavated or must already have a smaller garden element"
    g.play(3, [3], "maze", [[2, "column"], [0, "hedge1"]])
    g.play(0, [3], "hedge1")                                   # 9: Blue regains: 11
    g.play(1)
    g.play(2, [3], "column")                                   # 11: Yellow regains: 11
    g.play(3)
    for turn in range(13, 29):  # nobody makes the figure for four rounds: 28 cards drawn
        g.play((turn - 1) % 4)
    g.play(0, [3, 2], "terrace", [[1, "column"]])             # 29: Blue 19; Red 5
    g.play(1, [1], "column")                                   # 30: Red 7
    g.play(2)
    g.play(3)
    # 33: Blue's hedge2 over her own hedge1 and one excavation: 19 + 1 = 20 with the
    # tile, 19 with the hedge1 back in her supply, 21 with the hedge2 placed
    g.play(0, [1], "hedge2", [[0, "hedge1"]])
    assert g.totals() == [21, 7, 11, 6] and g.outcome.winners == [0]
    return g


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_four_players_the_reshuffle_said_and_the_win_at_21_by_an_element(tmp_path, runtime,
                                                                          request):
    plan = four_player_plan()
    turns = plan.log[1:]
    flash = str(tmp_path / "flash")
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        # A Versailles game started first and left: its flow, screens and rules go when the
        # Schlossgarten game starts (app.codeheap), or this one would not fit 192 KB
        dev.press("ok")
        dev.press("ok", 4)
        assert dev.screen()[1][0] == "Stage 1 Round 1"
        dev.press("back")
        p = Player(dev)
        p.new_game(4)
        assert dev.screen()[1][1] == "pile 28"  # "Each player takes one constellation card."
        for ev in turns[:8]:
            p.turn(ev)
        texts = dev.screen()[1]
        assert rows(texts) == {"Blue": (7, "123", "1.3"), "Red": (6, "123", ".23"),
                               "Yellow": (7, "1.3", "123"), "White": (6, "12.", "123")}, texts
        for ev in turns[8:27]:
            before = dev.presses
            p.turn(ev)
            if "tiles" not in ev:  # no figure, or nothing built: one press (>)
                assert dev.presses == before + 1
        assert dev.screen()[1][1] == "pile 1"
        p.turn(turns[27])  # the 28th card drawn: the next player shuffles first
        texts = dev.screen()[1]
        assert texts[:2] == ["Turn 29: Blue", "pile 0"] and "shuffle 28 first" in texts, \
            texts
        assert "Pile empty: shuffle the 28 discards" in " ".join(texts), texts
        p.turn(turns[28])
        texts = dev.screen()[1]
        assert texts[1] == "pile 27", texts  # the shuffled 28, one drawn
        for ev in turns[29:32]:
            p.turn(ev)
        assert rows(dev.screen()[1])["Blue"] == (19, ".23", "1..")
        p.turn(turns[32])  # the hedge2 over her hedge1: 21 with the element
        texts = dev.screen()[1]
        assert texts[:3] == ["Game over", "Winner", "Blue"], texts
        dev.press("ok")
        dev.press("ok")
        assert dev.screen()[1][2:6] == ["first to 21", "21 points", "in turn 33",
                                        "by the hedge2"]
        assert dev.stats()["clipped"] == 0
    s, ids = box_journal(flash)
    assert len(ids) == 2 and s.finished(ids[0])  # the Versailles game, left
    events = s.events(ids[1])
    assert s.finished(ids[1])
    assert [{k: ev[k] for k in ev if k != "t"} for ev in events[1:]] == turns
    assert events[0]["players"] == FOUR
    assert Game.replay(events).snapshot() == plan.snapshot()


@pytest.mark.parametrize("runtime", ["cpython", "micropython-mpy"])
@pytest.mark.parametrize("players,seed", [(2, 2), (3, 1), (4, 1)])
def test_simulated_games_through_the_buttons_journal_their_plan(tmp_path, runtime, players,
                                                                 seed, request):
    # Games of the desktop simulation (elements built over and regained, the win at 21 by a
    # tile or an element), entered as a person would from the screen: the box's journal is
    # the plan's log, event for event, and replays to the same game.
    from shared_rules.schlossgarten.simulate import play
    plan = play(seed, players)
    assert plan.outcome is not None
    flash = str(tmp_path / "flash")
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        Player(dev).play(plan.log)
        texts = dev.screen()[1]
        # the box names seats by colour, the simulation by name: the same seat wins
        assert texts[:3] == ["Game over", "Winner", FOUR[plan.outcome.winners[0]]], texts
        assert dev.stats()["clipped"] == 0
    s, ids = box_journal(flash)
    events = s.events(ids[0])
    assert [{k: ev[k] for k in ev if k != "t"} for ev in events[1:]] == plan.log[1:]
    game = Game.replay(events)
    assert game.totals() == plan.totals() and game.outcome.reason == plan.outcome.reason

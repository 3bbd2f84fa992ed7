# Issue 13, Gardens at the table: the flow's screens in the box's own process (app/gardens.py,
# app/gardens_setup.py, app/gardens_beds.py), on CPython and the MicroPython unix port: its
# setup (the players' colours are the flowers', the variant), the bed entry and its verdicts, the special tile, the end
# announced and counted down, undo, a restart, and what the heap keeps. Whole games through
# the buttons on the three runtimes: tests/host/test_gardens_table.py.
# Rulebook: ../shared/rulebooks/gardens-en.txt.
import sys

from support import boot_box, dropping, one_screen, press, scratch, screen_said, screen_texts

import app  # noqa: F401  (the box in this process: run_mpy's harness heap)


def _to_gardens(h, a, new=True):
    if new:
        press(h, a, "ok")  # New game: Versailles, a fresh box's first
    for _ in range(6):
        if screen_texts(h)[0] == "Gardens":
            return
        press(h, a, "next")
    raise AssertionError("no Gardens at New game: %r" % screen_texts(h))


def _start(flash, players, variant_row=None, downs=(), turns=0):
    # -> (hal, app) with a game of Gardens started: the player count, each player's colour
    # (downs: per player, the presses of down from the first free one), the variant menu's
    # row (3-4 players), the start screen's house rule (the team rules) turned `turns` times
    h, a = boot_box(flash)
    _to_gardens(h, a)
    for _ in range(players - 2):
        press(h, a, "up")
    press(h, a, "ok")
    for p in range(players):
        assert "Your colour:" in screen_texts(h), screen_texts(h)
        for _ in range(downs[p] if p < len(downs) else 0):
            press(h, a, "down")
        press(h, a, "ok")
    if players > 2:
        assert screen_texts(h)[0] == "Gardens variant", screen_texts(h)
        for _ in range(variant_row or 0):
            press(h, a, "down")
        press(h, a, "ok")
    assert screen_texts(h)[0] == "Start Gardens", screen_texts(h)
    for _ in range(turns):
        press(h, a, "down")
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Set up", screen_texts(h)  # the rulebook's, said once
    press(h, a, "ok")
    if players == 2:  # its second page: whose the second colour is
        assert screen_texts(h)[0] == "Set up", screen_texts(h)
        press(h, a, "ok")
    return h, a


def _bed(h, a, flowers):
    for f in flowers:
        press(h, a, {"b": "up", "y": "down", "r": "next", "p": "ok"}[f])


def _turn(h, a, *beds):
    if not beds:
        press(h, a, "ok")
        return
    press(h, a, "next")
    for i in range(len(beds)):
        if i:
            press(h, a, "next")
        _bed(h, a, beds[i])
    press(h, a, "ok")


@dropping
def test_turning_to_gardens_leaves_versailles_rules_behind_and_setup_goes_at_start():
    # Regression: the roster (imported at every setup) loaded Versailles's rules for one word,
    # and a flow turned away from left its rules in the heap: 37 KB of the box's 192 KB, and a
    # 4-player game of Gardens met a MemoryError on the .mpy build.
    h, a = boot_box(scratch("gardens_unload"))
    press(h, a, "ok")
    assert "shared_rules.versailles.game" in sys.modules  # its flow imported it
    _to_gardens(h, a, False)
    assert "shared_rules.versailles.game" not in sys.modules
    press(h, a, "ok")  # 2 players: the roster is read now
    assert "roster" in sys.modules and "shared_rules.versailles.game" not in sys.modules
    for _ in range(2):  # Blue, Yellow
        press(h, a, "ok")
    assert "app.gardens_setup" in sys.modules and "app.setup" in sys.modules
    press(h, a, "ok")  # start
    assert a.game.GAME == "gardens"
    assert "app.gardens_setup" not in sys.modules and "app.setup" not in sys.modules


def test_the_players_colours_are_the_flowers_in_turn_order():
    # Issue 22: a player's colour is their flower colour ("Each player receives, in their own
    # color"): the box offers blue, yellow, red and pink, and the order chosen is the turn
    # order (the start player first, chooses first)
    h, a = boot_box(scratch("gardens_colours"))
    _to_gardens(h, a)
    press(h, a, "up")
    press(h, a, "ok")  # 3 players
    offered = []
    for _ in range(4):
        offered.append(screen_texts(h)[2])
        press(h, a, "down")
    assert offered == ["Blue", "Yellow", "Red", "Pink"], offered
    press(h, a, "down")  # four downs came round to Blue: two more are Red
    press(h, a, "down")
    press(h, a, "ok")
    assert screen_texts(h)[2] == "Blue", screen_texts(h)  # red is taken: Blue, Yellow, Pink
    press(h, a, "up")
    press(h, a, "ok")  # Pink
    press(h, a, "ok")  # Blue
    press(h, a, "ok")  # the normal game
    assert screen_texts(h)[1:4] == ["Red", "Pink", "Blue"], screen_texts(h)
    press(h, a, "ok")
    press(h, a, "ok")  # Set up
    assert a.game.log[0]["players"] == ["Red", "Pink", "Blue"]
    assert a.game.log[0]["colours"] == ["red", "pink", "blue"]
    assert screen_texts(h)[0] == "Red", screen_texts(h)  # the hub: whose turn is the colour
    r, g, b = h.strip.shown[h.pixels.role("status")]  # and the status pixel glows red
    assert r > 0 and g == b == 0, (r, g, b)


def test_two_players_play_a_team_each_alternately_without_a_variant_menu():
    # "Two-Player Game": "One player plays alternately as red and blue, the other
    # alternately as yellow and pink." The second player is offered the other team's two
    # colours only; each plays their own, then their mate's.
    h, a = _start(scratch("gardens_two"), 2, downs=(2, 1))  # Red; then Yellow, Pink: Pink
    setup = a.game.log[0]
    assert setup["players"] == ["Red", "Pink"]
    assert setup["colours"] == ["red", "pink", "blue", "yellow"] and "teams" not in setup
    assert a.game.team_rules and a.game.tiles == 5
    assert screen_texts(h)[0] == "Red", screen_texts(h)
    _turn(h, a)
    assert screen_texts(h)[0] == "Pink", screen_texts(h)
    _turn(h, a)
    assert screen_texts(h)[0] == "Red: blue", screen_texts(h)
    _turn(h, a)
    assert screen_texts(h)[0] == "Pink: yellow", screen_texts(h)
    h, a = boot_box(scratch("gardens_two_offer"))
    _to_gardens(h, a)
    press(h, a, "ok")
    press(h, a, "ok")  # Blue: red goes with it
    offered = []
    for _ in range(3):
        offered.append(screen_texts(h)[2])
        press(h, a, "down")
    assert offered == ["Yellow", "Pink", "Yellow"], offered


def test_the_team_rules_start_screen_shows_the_majority_house_rule_and_up_down_turn_it():
    # docs/RULES.md G2, the house rule of the team rules: a team's flowers together (the
    # rulebook's "the team that then together holds majority") first, ^v each colour's own;
    # the setup keeps it and the bed's verdict follows it. 3 players have no teams: no line.
    for players, variant, turns, majority in ((2, None, 0, "team"), (2, None, 1, "colour"),
                                              (4, 3, 0, "team"), (4, 3, 2, "team")):
        h, a = boot_box(scratch("gardens_house%d%d" % (players, turns)))
        _to_gardens(h, a)
        for _ in range(players - 2):
            press(h, a, "up")
        for _ in range(players + 1):
            press(h, a, "ok")
        if variant:
            for _ in range(variant):
                press(h, a, "down")
            press(h, a, "ok")
        texts = screen_texts(h)
        assert "team majority" in texts and texts[-1] == "^v ok:start back", texts
        for _ in range(turns):
            press(h, a, "up")
        assert ("team majority" if majority == "team" else "colour majority") in \
            screen_texts(h), screen_texts(h)
        press(h, a, "ok")
        said = screen_said(h)
        if players == 2:  # its first page says whose the second colour is
            assert "Blue also plays red, Yellow pink." in said, said
            press(h, a, "ok")
            said = screen_said(h)
        assert said.startswith("Set up") and "5 bed tiles" in said, said  # each colour's
        press(h, a, "ok")
        assert a.store.events(a.gid)[0]["majority"] == majority
        assert a.game.by_team == (majority == "team")
        press(h, a, "next")  # the first bed: blue and red two each
        _bed(h, a, "bbrr")
        said = screen_texts(h)
        if majority == "team":
            assert "B/R 4: mates tie" in said and ("B/R +1 bed" if players == 4
                                                   else "Blue +1 bed") in said, said
        else:
            assert "nobody scores" in said, said
    h, a = _start(scratch("gardens_house3"), 3)
    assert "majority" not in a.game.log[0] and not a.game.by_team


def test_the_variants_reach_the_setup():
    # "Shorter Game": "play with only 6 or 7 flowerbed tiles per player"; "Team Variant 2 vs
    # 2": 5 flowerbed tiles, teams blue+red and yellow+pink taking turns in sequence
    h, a = _start(scratch("gardens_short"), 3, 2)
    assert a.game.tiles == 6 and a.game.log[0]["tiles"] == 6
    assert a.game.log[0]["colours"] == ["blue", "yellow", "red"]


def test_the_team_variant_reaches_the_setup():
    # Yellow, Blue, Pink, Red chosen: the teams in sequence already
    h, a = _start(scratch("gardens_teams"), 4, 3, (1, 0, 1, 0))
    setup = a.game.log[0]
    assert setup["teams"] is True and setup["colours"] == ["yellow", "blue", "pink", "red"]
    assert setup["players"] == ["Yellow", "Blue", "Pink", "Red"]
    assert a.game.tiles == 5


def test_the_team_variant_seats_the_teams_in_sequence():
    # "Teams take turns in sequence, so players should be seated around the table in the
    # correct order (e.g., blue, yellow, red, pink)": Blue, Red, Yellow, Pink chosen, the box
    # seats them blue, yellow, red, pink (the first chosen starts, the other team's first
    # chosen is second) and its start screen lists them so
    h, a = boot_box(scratch("gardens_reseat"))
    _to_gardens(h, a)
    press(h, a, "up")
    press(h, a, "up")
    press(h, a, "ok")
    for downs in (0, 1, 0, 0):  # Blue; Red (of Yellow, Red, Pink); Yellow; Pink
        for _ in range(downs):
            press(h, a, "down")
        press(h, a, "ok")
    for _ in range(3):  # the variant menu's fourth row: Teams 2 vs 2
        press(h, a, "down")
    press(h, a, "ok")
    assert screen_texts(h)[1:5] == ["Blue", "Yellow", "Red", "Pink"], screen_texts(h)
    press(h, a, "ok")
    setup = a.game.log[0]
    assert setup["players"] == ["Blue", "Yellow", "Red", "Pink"]
    assert setup["colours"] == ["blue", "yellow", "red", "pink"]


def test_a_bed_is_judged_at_its_fourth_flower_and_back_takes_flowers_away():
    # "It is checked which flower color holds sole majority in the bed ... In case of a tie,
    # nothing happens"; 3 players: "a tie with the unused color can occur, or the unused
    # color can hold sole majority. In both cases, no flowerbed tile is placed."
    h, a = _start(scratch("gardens_beds"), 3)  # blue, yellow, red; pink unused
    press(h, a, "up")  # the bed entry
    assert screen_texts(h)[:2] == ["blue bed 1", "_ _ _ _"], screen_texts(h)
    _bed(h, a, "ppp")
    press(h, a, "back")  # the third pink away
    assert screen_texts(h)[1] == "P P _ _", screen_texts(h)
    _bed(h, a, "pb")
    assert "pink unused 3" in screen_texts(h) and "nobody scores" in screen_texts(h), screen_texts(h)
    press(h, a, "back")
    press(h, a, "back")
    _bed(h, a, "bb")
    assert "tie blue=pink" in screen_texts(h), screen_texts(h)
    press(h, a, "next")  # bed 2
    _bed(h, a, "yyyr")
    assert screen_texts(h)[0] == "blue bed 2" and "yellow 3" in screen_texts(h), screen_texts(h)
    assert "Yellow +1 bed" in screen_texts(h)  # off turn: "a player who is not on turn"
    press(h, a, "back", 700)  # a long back empties the bed being entered
    assert screen_texts(h)[1] == "_ _ _ _", screen_texts(h)
    press(h, a, "back")  # nothing in bed 2: back to bed 1, its last flower away
    assert screen_texts(h)[:2] == ["blue bed 1", "P P B _"], screen_texts(h)  # "ppbr": pink unused 2
    _bed(h, a, "r")
    press(h, a, "next")
    _bed(h, a, "bbbr")
    press(h, a, "ok")
    assert a.game.log[-1] == {"e": "turn", "c": "b", "beds": ["ppbr", "bbbr"]}
    assert a.game.won == [1, 0, 0, 0] and a.game.placed == [1, 0, 0, 0]


def test_four_beds_at_most_and_a_supply_out_says_no_tile():
    # "Beds won after a player's supply is empty still count" (issue 13; Game End: "those are
    # also counted"); a tile has four corners: four beds a turn at most.
    h, a = _start(scratch("gardens_four"), 3, 2)  # 6 tiles each
    press(h, a, "up")
    for i, bed in enumerate(("bbbb", "bbby", "bbbr", "bbbp")):  # a corner of each colour
        if i:
            press(h, a, "next")
        _bed(h, a, bed)
    assert "ok:done" in screen_texts(h) and screen_texts(h)[0] == "blue bed 4", screen_texts(h)
    press(h, a, "next")  # a fifth bed: no
    assert screen_texts(h)[0] == "blue bed 4", screen_texts(h)
    press(h, a, "ok")
    _turn(h, a)
    _turn(h, a)
    _turn(h, a, "bbbb", "bbby")  # blue's 5th and 6th tiles: the end is triggered
    assert "blue's last tile: last round, 2 to go" in screen_said(h), screen_texts(h)
    assert screen_texts(h)[:2] == ["Yellow", "2 to go"], screen_texts(h)
    press(h, a, "up")
    _bed(h, a, "bbby")
    assert "blue 3 no tile" in screen_texts(h) and "Blue +1 bed" in screen_texts(h), screen_texts(h)
    press(h, a, "ok")
    assert screen_texts(h)[:2] == ["Red", "last!"], screen_texts(h)
    _turn(h, a)
    assert a.game.outcome.winners == [0] and a.game.won[0] == 7
    assert screen_texts(h)[:3] == ["Game over", "Winner", "Blue"], screen_texts(h)
    press(h, a, "ok")
    assert screen_texts(h)[:3] == ["Final scores", "dn:more     tot", "Blue           7"], screen_texts(h)
    press(h, a, "down")  # Blue's parts: beds, own-colour corners, tiles left
    assert screen_texts(h)[1:4] == ["beds           7", "corners       23", "supply         0"]
    press(h, a, "up")
    press(h, a, "ok")
    assert screen_texts(h)[:3] == ["Winner", "Blue", "Most beds: 7"], screen_texts(h)
    # bad input refused: a turn after the end (Game End: "The round is played to its end")
    assert not a.record({"e": "turn", "c": "b", "beds": []})
    a.redraw()
    assert screen_texts(h)[0] == "Not allowed" and "game is over" in screen_said(h)


def test_special_tile_undo_and_restart():
    # "If the player has not yet placed their special garden tile, they may take that
    # instead": it does not come from the piles. "The special garden tiles are not used in
    # the team variant."
    flash = scratch("gardens_special")
    h, a = _start(flash, 3)
    press(h, a, "next", 700)  # a long >: this turn's tile is blue's special one
    assert screen_texts(h)[1] == "special", screen_texts(h)
    _turn(h, a, "bbry")
    assert a.game.log[-1]["special"] is True and a.game.piles == 96
    _turn(h, a)
    _turn(h, a)
    press(h, a, "next", 700)  # blue's special tile is placed already
    assert "blue's special tile: turn 1" in screen_said(h) and screen_texts(h)[1] == "pile 94", screen_texts(h)
    _turn(h, a, "yyyb")
    press(h, a, "back", 700)  # undo
    assert "Undone: T4 blue, 1 bed" in screen_said(h), screen_texts(h)
    assert a.game.turns == 3 and a.game.won[1] == 0
    before = a.game.snapshot()
    gid = a.gid
    h = a = None  # a power cut: the box comes back to the same turn
    h, a = boot_box(flash)
    assert a.gid == gid and a.game.snapshot() == before
    assert screen_texts(h)[0] == "Blue", screen_texts(h)


def test_the_team_game_has_no_special_tiles():
    h, a = _start(scratch("gardens_team_special"), 4, 3)
    press(h, a, "next", 700)
    assert "No special tiles" in screen_said(h) and screen_texts(h)[1] == "pile 96", screen_texts(h)


def test_the_setup_said_at_the_start_fits_one_screen_for_each_variant():
    # "Setup": pieces on the start tile; each colour 2 pieces, its flowerbed tiles (8, 6 or 7
    # in the shorter game, 5 in the team rules) and a special tile (not in the team rules)
    from app import ui
    from app.gardens import setup_text
    from shared_rules.gardens.game import Game
    for game, beds, special in ((Game(["A", "B", "C", "D"]), 8, True),
                                (Game(["A", "B", "C"], tiles=6), 6, True),
                                (Game(["A", "B", "C", "D"], teams=True), 5, False)):
        text = setup_text(game)
        one_screen(text)
        assert "%d bed tiles" % beds in text and ("special" in text) == special, text
    # 2 players, on two screens: whose the second colour is as well ("One player plays
    # alternately as red and blue, the other alternately as yellow and pink")
    text = setup_text(Game(["Yellow", "Blue"], ["yellow", "blue", "pink", "red"]))
    assert text.startswith("Yellow also plays pink, Blue red. ") and "5 bed tiles" in text
    lines = ui.wrap(text)
    assert len(lines) <= 10 and max(len(line) for line in lines) <= ui.COLS, lines

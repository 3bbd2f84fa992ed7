# Sanssouci's setup and turns: the card played, the tile taken, where it goes (its own cell or,
# as a gardener, another), whose turn it is, and undo. Passages quoted from the rulebook
# (/work/shared/rulebooks/adelsgarten-de.txt).
from support import mentions, raises

from shared_rules import games
from shared_rules.codec import encode
from shared_rules.errors import (IllegalPlacement, InvalidCard, InvalidEvent, InvalidSetup,
                                 NothingToUndo, OutOfTurn, RulesError, UnknownPlayer)
from shared_rules.sanssouci import game as G
from shared_rules.sanssouci.errors import WrongCell, WrongTile
from shared_rules.sanssouci.game import Game

LAB, STA, PAV, FIG, TRE, BRU, ROS, KRA, WEI = range(9)
BEIGE, WHITE, GREY, ORANGE, VIOLET, TURQ = range(6)
JOKER = 9


def cell(row, motif):
    return 9 * row + motif


def setup(players=("Ann", "Bob"), gardens=None):
    return {"e": "setup", "game": "sanssouci", "players": list(players),
            "gardens": gardens if gardens is not None else [[] for _ in players]}


def test_registered_with_two_to_four_players():
    assert games.info("sanssouci") == ("sanssouci", "Sanssouci", (2, 4))
    g = games.new_game(setup(("Ann", "Bob", "Cy")))
    assert isinstance(g, Game) and g.n == 3 and g.to_play() == 0
    # the box's journal fields are kept and ignored: "t", "people"
    g = games.new_game(dict(setup(), t=12345, people=[None, None]))
    assert g.players == ["Ann", "Bob"]


def test_records_are_one_letter_codes_apart_from_setup_and_undo():
    codes = [r[1] for r in G.RECORDS]
    kinds = [r[0] for r in G.RECORDS]
    assert sorted(kinds) == sorted(k for k in Game.KINDS if k != "setup")
    for c in codes:
        assert len(c) == 1 and "A" <= c <= "Z" and c not in "SU" and codes.count(c) == 1
    for kind, code, fields in G.RECORDS:
        assert fields[0] == "p"  # every event names its player
    # an event carries its record's fields, the optional "wild" last
    g = Game(["Ann", "Bob"])
    ev = g.place(0, JOKER, LAB, WHITE)
    assert sorted(ev) == sorted(["e", "p", "card", "m", "r", "at"])


def test_setup_is_checked():
    # 2 to 4 players: the setup knows "Bei zwei Spielern ... Bei drei Spielern ... bei vier
    # Spielern" and no other count
    exc = raises(InvalidSetup, Game().push, setup(("Ann",)))
    mentions(exc, "2 to 4", "1")
    raises(InvalidSetup, Game().push, setup(("A", "B", "C", "D", "E")))
    mentions(raises(InvalidSetup, Game().push, setup(("Ann", "Ann"))), "Ann", "differ")
    raises(InvalidSetup, Game().push, setup(("Ann", "")))
    raises(InvalidSetup, Game().push, setup(("Ann", "B" * 13)))
    mentions(raises(InvalidSetup, Game().push, setup(gardens=[[]])), "2 players, 1 gardens")
    # "Die erste Reihe ist bereits fertig bebaut": pre-printed cells are in rows 2-6
    exc = raises(InvalidSetup, Game().push, setup(gardens=[[cell(BEIGE, STA)], []]))
    mentions(exc, "Ann", "not below the first row", "9 to 53")
    raises(InvalidSetup, Game().push, setup(gardens=[[54], []]))
    raises(InvalidSetup, Game().push, setup(gardens=[["9"], []]))
    raises(InvalidSetup, Game().push, setup(gardens=[[], 12]))
    mentions(raises(InvalidSetup, Game().push, setup(gardens=[[20, 20], []])), "grey Pavillon",
             "twice")
    exc = raises(InvalidSetup, Game().push, setup(gardens=[list(range(9, 37)), []]))
    mentions(exc, "28 pre-printed", "at most 27")
    g = Game()
    g.push(setup(gardens=[list(range(9, 36)), []]))  # 27 fit
    assert g.gardens[0][35] == 1 and g.gardens[0][36] == 0
    raises(InvalidEvent, Game().push, {"e": "setup", "game": "sanssouci", "players": ["A", "B"]})
    mentions(raises(InvalidSetup, Game().push, dict(setup(), game="versailles")), "sanssouci")


def test_the_first_row_is_built_and_nobles_stand_on_it():
    # "Die erste Reihe ist bereits fertig bebaut"; the nobles go "auf die oberen Felder"
    g = Game(["Ann", "Bob"], [[cell(GREY, BRU)], []])
    assert list(g.gardens[0][:9]) == [1] * 9 and g.gardens[0][cell(GREY, BRU)] == 1
    assert sum(g.gardens[1][9:]) == 0
    assert list(g.nobles[0]) == [0] * 9 and g.totals() == [0, 0]


def test_a_motif_card_takes_its_motif_or_is_a_joker_when_none_lies_there():
    # "Bei den Handkarten, auf denen ein Motiv abgebildet ist, muss sich der Spieler ein
    # Gartenplaettchen mit diesem Motiv ... nehmen"; "... kein Gegenstueck gibt ... dann gilt
    # die Karte als Joker"
    g = Game(["Ann", "Bob"])
    exc = raises(WrongTile, g.place, 0, BRU, STA, GREY)
    mentions(exc, "Brunnen card", "Brunnen tile", "not a Statue", "wild")
    assert isinstance(exc, InvalidCard)
    exc = raises(WrongTile, g.place, 0, BRU, BRU, GREY, None, True)
    mentions(exc, "no Brunnen tile", "without wild")
    ev = g.place(0, BRU, STA, GREY, None, True)
    assert ev["wild"] == 1 and g.gardens[0][cell(GREY, STA)] == 2
    g.place(1, BRU, BRU, GREY)
    assert g.gardens[1][cell(GREY, BRU)] == 2


def test_a_colour_card_takes_from_its_two_colours():
    # "Bei den Handkarten mit den zwei Farben darauf, muss sich der Spieler ein
    # Gartenplaettchen von den vier Feldern nehmen, die in der Reihe mit der jeweiligen Farbe
    # liegen"
    g = Game(["Ann", "Bob"])
    exc = raises(WrongTile, g.place, 0, 23, FIG, VIOLET)
    mentions(exc, "grey/orange card", "grey or the orange", "not from violet")
    mentions(raises(WrongTile, g.place, 0, 23, FIG, GREY, None, True), "wild is for a motif")
    g.place(0, 23, FIG, ORANGE)
    g.place(1, 45, KRA, VIOLET)
    for bad in (10, 11, 21, 46, 56, 99, -1, "12", True, None):
        mentions(raises(InvalidCard, g.place, 0, bad, FIG, GREY), "card", "9 (the five-colour")


def test_the_five_colour_joker_is_played_once():
    # "Es gibt auch noch eine Karte, auf der sind alle 5 Farben abgebildet, auch das ist ein
    # Joker, der 1x im Kartenstapel des Spielers vorkommt"
    g = Game(["Ann", "Bob"])
    g.place(0, JOKER, TRE, TURQ)
    g.place(1, JOKER, LAB, WHITE)  # Bob's own joker
    exc = raises(WrongTile, g.place, 0, JOKER, LAB, WHITE)
    mentions(exc, "Ann", "once in each deck")
    assert list(g.jokers) == [1, 1]
    g.undo()  # Bob's joker goes back to his hand
    assert list(g.jokers) == [1, 0]
    g.place(1, JOKER, LAB, WHITE)


def test_the_box_lists_the_tiles_a_card_allows():
    # what the device offers after a card: SR3-SR5 as lists
    g = Game(["Ann", "Bob"])
    tiles = g.legal_tiles(BRU)
    assert [t for t in tiles if not t[2]] == [(BRU, r, 0) for r in range(1, 6)]
    assert len(tiles) == 5 + 8 * 5 and (STA, GREY, 1) in tiles and (BRU, GREY, 1) not in tiles
    assert g.legal_tiles(34) == [(m, r, 0) for r in (ORANGE, VIOLET) for m in range(9)]
    assert len(g.legal_tiles(JOKER)) == 45 and g.legal_tiles(11) == []
    for card in (BRU, 34, JOKER):
        for m, r, wild in g.legal_tiles(card):  # each is accepted, by a game of its own: one
            # game placing and undoing 108 times keeps every undo in its log, a list the
            # official UF2's heap (the code in it) may not hold in one piece when it doubles
            Game(["Ann", "Bob"]).place(0, card, m, r, None, wild)
    g.place(0, JOKER, LAB, WHITE)
    assert g.legal_tiles(JOKER, 0) == [] and len(g.legal_tiles(JOKER)) == 45  # Bob's is left


def test_the_tile_goes_on_the_cell_of_its_motif_and_colour():
    # "Nimmt sich ein Spieler also z. B. einen Brunnen von einem grauen Feld, so muss er
    # diesen Brunnen auch in seinem Garten in die Reihe der Brunnen auf das graue Feld legen.
    # Dabei kann das Teil auch lose im Garten liegen"
    g = Game(["Ann", "Bob"])
    assert g.legal_cells(BRU, GREY) == [cell(GREY, BRU)]
    exc = raises(WrongCell, g.place, 0, BRU, BRU, GREY, cell(GREY, ROS))
    mentions(exc, "Brunnen tile from the grey fields", "grey Brunnen cell", "empty",
             "not on grey Rosenbogen")
    assert isinstance(exc, IllegalPlacement)
    raises(WrongCell, g.place, 0, BRU, BRU, GREY, cell(ORANGE, BRU))  # another colour
    g.place(0, BRU, BRU, GREY)  # loose in the garden, touching nothing built: allowed
    assert g.gardens[0][cell(GREY, BRU)] == 2


def test_a_filled_cell_turns_the_tile_into_a_gardener_in_its_row_or_column():
    # "liegt auf dem zugehoerigen Gartenfeld bereits ein Gartenplaettchen, so muss der
    # Spieler das Gartenplaettchen umdrehen und einen Gaertner legen. Diesen darf er auf ein
    # beliebiges waagrechtes oder senkrechtes Gartenfeld legen, das von dem bereits besetzten
    # Feld ausgeht."
    g = Game(["Ann", "Bob"], [[cell(GREY, BRU)], []])
    cells = g.legal_cells(BRU, GREY)
    assert cells == sorted([cell(GREY, m) for m in range(9) if m != BRU] +
                           [cell(r, BRU) for r in (WHITE, ORANGE, VIOLET, TURQ)])
    exc = raises(WrongCell, g.place, 0, BRU, BRU, GREY, cell(ORANGE, ROS))
    mentions(exc, "grey Brunnen cell filled", "gardener", "grey row or the Brunnen column",
             "not on orange Rosenbogen")
    raises(WrongCell, g.place, 0, BRU, BRU, GREY)  # its own, filled cell
    g.place(0, BRU, BRU, GREY, cell(VIOLET, BRU))
    assert g.gardens[0][cell(VIOLET, BRU)] == 3 and g.gardeners(0) == 1
    g.place(1, KRA, KRA, GREY)
    # a gardener's cell is filled too: a tile for it becomes another gardener
    assert cell(VIOLET, BRU) not in g.legal_cells(BRU, VIOLET)
    g.place(0, BRU, BRU, VIOLET, cell(VIOLET, LAB))
    assert g.gardeners(0) == 2


def test_a_gardener_goes_anywhere_when_its_row_and_column_are_full():
    # "Sind dort schon alle Felder belegt, so darf er den Gaertner auf ein beliebiges Feld in
    # seinem Garten legen."
    printed = [cell(WHITE, m) for m in range(9)] + [cell(r, STA) for r in range(2, 6)]
    g = Game(["Ann", "Bob"], [printed, []])
    cells = g.legal_cells(STA, WHITE)
    assert len(cells) == 54 - 9 - len(printed) and cell(TURQ, WEI) in cells
    g.place(0, STA, STA, WHITE, cell(TURQ, WEI))
    assert g.gardens[0][cell(TURQ, WEI)] == 3


def test_turns_go_round_the_table_for_18_rounds():
    # "Der aelteste Spieler beginnt"; "Der Nachziehstapel eines Spielers hat genau 18
    # Karten, so dass das Spiel nach 18 Runden zu Ende ist."
    g = Game(["Ann", "Bob", "Cy"])
    exc = raises(OutOfTurn, g.place, 1, JOKER, LAB, WHITE)
    mentions(exc, "Ann's turn", "round 1", "not Bob's")
    mentions(raises(UnknownPlayer, g.place, 3, JOKER, LAB, WHITE), "seats are 0 to 2", "Cy")
    for t in range(54):
        p = t % 3
        assert g.to_play() == p and g.round() == t // 3 + 1 and g.rounds_left() == 18 - t // 3
        r, m = 1 + (t // 3) // 9, (t // 3) % 9
        g.place(p, 12, m, r)
    assert g.to_play() == -1 and g.rounds_left() == 0 and g.phase == "tasks"
    exc = raises(OutOfTurn, g.place, 0, 12, LAB, GREY)
    mentions(exc, "all 18 rounds", "task cards of Ann, Bob, Cy")


def test_task_cards_after_round_18_once_each():
    # "Fuer seine Aufgabenkarte bekommt der Spieler so viele Punkte ..." at the end
    g = Game(["Ann", "Bob"])
    exc = raises(OutOfTurn, g.reveal, 0, [LAB, STA])
    mentions(exc, "after round 18", "round 1 of 18")
    for t in range(36):
        g.place(t % 2, 12, (t // 2) % 9, 1 + (t // 2) // 9)
    mentions(raises(InvalidEvent, g.reveal, 0, [LAB]), "2 task cards")
    raises(InvalidEvent, g.reveal, 0, [LAB, 9])
    raises(InvalidEvent, g.push, {"e": "tasks", "p": 0, "m": "LAB"})
    g.reveal(0, [LAB, STA])
    exc = raises(InvalidEvent, g.reveal, 0, [PAV, STA])
    mentions(exc, "Ann", "revealed already", "Labyrinth and Statue", "undo")
    assert g.outcome is None and g.describe() == "final scoring: task cards of Bob"
    g.reveal(1, [PAV, PAV])
    assert g.outcome is not None


def test_bad_events_are_refused_with_what_is_allowed():
    g = Game(["Ann", "Bob"])
    mentions(raises(InvalidEvent, g.push, {"e": "tile", "p": 0, "card": 12, "m": 9, "r": 1,
                                          "at": 9}), "motif column 0-8", "Weinstock")
    mentions(raises(InvalidEvent, g.push, {"e": "tile", "p": 0, "card": 12, "m": 0, "r": 0,
                                          "at": 0}), "colour row 1-5")
    mentions(raises(InvalidEvent, g.push, {"e": "tile", "p": 0, "card": 12, "m": 0, "r": 1}),
             "'at'")
    raises(InvalidEvent, g.push, {"e": "tile", "p": 0, "card": 12, "m": 0, "r": 1, "at": 9,
                                  "wild": 2})
    mentions(raises(InvalidEvent, g.push, {"e": "pass", "p": 0}), "tile", "noble", "tasks",
             "undo")
    mentions(raises(InvalidEvent, g.push, {"e": "setup", "game": "sanssouci"}),
             "already set up")
    assert g.events == g.events[:1] and g.turn == 0


def test_every_refusal_leaves_the_game_unchanged_and_undo_steps_back():
    g = Game(["Ann", "Bob"], [[cell(WHITE, LAB)], []])
    g.place(0, 12, STA, WHITE)
    g.move(0, STA, WHITE)
    before = encode(g.snapshot())
    attempts = (
        lambda: g.place(0, 12, PAV, WHITE),           # Ann again: out of turn
        lambda: g.place(1, BRU, STA, WHITE),          # wrong motif
        lambda: g.place(1, 12, STA, WHITE, 20),       # wrong cell
        lambda: g.move(0, PAV, WHITE),                # a second noble move this turn
        lambda: g.move(1, STA, WHITE),                # Bob has not placed yet
        lambda: g.reveal(1, [LAB, LAB]),              # before the end
    )
    for attempt in attempts:
        raises(RulesError, attempt)
        assert encode(g.snapshot()) == before
    assert len(g.log) == 3
    g.place(1, 12, LAB, WHITE)
    g.undo()
    assert encode(g.snapshot()) == before
    g.undo()  # the noble goes back, and its points with it
    assert g.totals() == [0, 0] and g.nobles[0][STA] == 0 and g.open == 0
    g.undo()
    assert g.gardens[0][cell(WHITE, STA)] == 0 and g.to_play() == 0
    raises(NothingToUndo, g.undo)
    assert [ev["e"] for ev in g.log] == ["setup", "tile", "noble", "tile", "undo", "undo",
                                         "undo"]


def test_snapshot_is_a_copy():
    g = Game(["Ann", "Bob"])
    snap = g.snapshot()
    kept = encode(snap)
    g.place(0, JOKER, LAB, WHITE)
    g.move(0, LAB, WHITE)
    assert encode(snap) == kept and encode(g.snapshot()) != kept

# Sanssouci's nobles: where a noble may walk and stop, what it scores, and every illegal move
# refused with the moves that are allowed. Passages from the rulebook's "2. Phase - Adligen
# bewegen" (/work/shared/rulebooks/adelsgarten-de.txt).
from support import mentions, raises

from shared_rules.errors import OutOfTurn, RulesError
from shared_rules.sanssouci.errors import (IllegalNobleMove, NobleNotDown, NoPath,
                                           StopsOnGardener)
from shared_rules.sanssouci.game import Game

LAB, STA, PAV, FIG, TRE, BRU, ROS, KRA, WEI = range(9)
BEIGE, WHITE, GREY, ORANGE, VIOLET, TURQ = range(6)
JOKER = 9


def cell(row, motif):
    return 9 * row + motif


def garden(printed):
    # Ann's garden with these pre-printed cells; Ann then places a white Labyrinth (joker) so
    # that her noble move is open.
    g = Game(["Ann", "Bob"], [printed, []])
    g.place(0, JOKER, LAB, WHITE)
    return g


def test_a_noble_scores_the_row_it_stops_in_at_once():
    # "Fuer das Bewegen eines Adligen bekommt der Spieler sofort so viele Punkte, wie die
    # Reihe angibt, in der der Adlige zum Stehen kommt."
    g = garden([cell(GREY, LAB), cell(ORANGE, LAB)])
    assert (LAB, ORANGE, 4) in g.noble_moves()
    g.move(0, LAB, ORANGE)  # beyond white and grey in one move
    assert g.totals() == [4, 0] and g.nobles[0][LAB] == ORANGE


def test_moving_a_noble_is_optional_and_once_a_turn_after_the_tile():
    # "Nachdem der Spieler ein Gartenplaettchen gelegt hat, darf er einen Adligen bewegen."
    g = Game(["Ann", "Bob"], [[cell(WHITE, STA)], [cell(WHITE, STA)]])
    exc = raises(OutOfTurn, g.move, 0, STA, WHITE)  # before the tile
    mentions(exc, "Ann", "right after placing a tile", "round 1 of 18, Ann to play")
    assert g.noble_moves(0) == []
    g.place(0, JOKER, LAB, WHITE)
    g.move(0, STA, WHITE)
    exc = raises(OutOfTurn, g.move, 0, LAB, WHITE)  # a second one
    mentions(exc, "once a turn")
    g.place(1, JOKER, BRU, TURQ)  # Bob moves none: his tile ends Ann's turn, ...
    raises(OutOfTurn, g.move, 0, LAB, WHITE)
    g.place(0, 12, PAV, WHITE)  # ... and Ann's next tile ends his
    raises(OutOfTurn, g.move, 1, STA, WHITE)
    assert g.totals() == [2, 0]


def test_a_noble_must_go_down_at_least_one_row():
    # "Dabei muessen sie mindestens ein Feld weiter unten zu stehen kommen."
    g = garden([cell(GREY, LAB)])
    g.move(0, LAB, GREY)
    g.place(1, JOKER, LAB, WHITE)
    g.place(0, 12, STA, WHITE)
    for row in (GREY, WHITE, BEIGE):  # staying, or going back up
        exc = raises(NobleNotDown, g.move, 0, LAB, row)
        mentions(exc, "Ann's Labyrinth noble", "row 3 (grey)", "at least one row down",
                 "cannot move now")
    assert g.noble_moves() == [(STA, WHITE, 2)]


def test_a_noble_never_jumps_an_empty_cell():
    # "Adlige duerfen keine leeren Gartenfelder ueberspringen."
    g = garden([cell(ORANGE, LAB)])  # grey Labyrinth empty, no way round it
    exc = raises(NoPath, g.move, 0, LAB, ORANGE)
    mentions(exc, "no path", "beige Labyrinth", "orange Labyrinth", "never jump empty cells",
             "row 2 (white, 2 points)")
    exc = raises(NoPath, g.move, 0, LAB, GREY)  # an empty cell is no place to stop
    mentions(exc, "grey Labyrinth", "empty", "row 2 (white, 2 points)")
    assert isinstance(exc, IllegalNobleMove)
    assert [mv for mv in g.noble_moves() if mv[0] == LAB] == [(LAB, WHITE, 2)]


def test_a_noble_may_go_round_a_gap_through_a_neighbouring_column():
    # "Sie duerfen aber ihre Reihe kurzzeitig verlassen, wenn sie eine andere Motivreihe
    # nutzen koennen, um in ihrer Reihe vorwaerts zu kommen. Beispiel: Wenn es in der
    # Brunnenreihe eine Luecke gibt, diese aber durch die danebenliegende Reihe uebersprungen
    # werden kann, so darf der Adlige das tun."
    gap = [cell(WHITE, BRU), cell(ORANGE, BRU)]  # the grey Brunnen is the gap
    g = garden(gap + [cell(WHITE, ROS), cell(GREY, ROS), cell(ORANGE, ROS)])
    assert [mv for mv in g.noble_moves() if mv[0] == BRU] == [(BRU, WHITE, 2), (BRU, ORANGE, 4)]
    g.move(0, BRU, ORANGE)
    assert g.totals() == [4, 0]
    # without the Rosenbogen cells beside the gap, the same move is refused
    g = garden(gap)
    mentions(raises(NoPath, g.move, 0, BRU, ORANGE), "no path")


def test_a_detour_may_use_the_first_row_and_any_column():
    # The first row is built: a noble may walk along it into another column and down (our
    # reading of "eine andere Motivreihe nutzen": any column, docs/RULES.md).
    g = garden([cell(WHITE, STA), cell(GREY, STA), cell(GREY, PAV), cell(GREY, FIG),
                cell(GREY, TRE)])
    # the Treppe noble: beige Treppe -> beige Statue -> white, grey Statue -> grey Pavillon,
    # Figur, Treppe; its own white Treppe cell is empty
    assert [mv for mv in g.noble_moves() if mv[0] == TRE] == [(TRE, GREY, 3)]
    g.move(0, TRE, GREY)
    assert g.totals() == [3, 0]


def test_a_noble_never_stops_on_a_gardener_but_walks_over_one():
    # "Ein Adliger darf NIE auf einem Gaertnerfeld zum Stehen kommen!!"; a gardener is the
    # garden tile turned over ("das Gartenplaettchen umdrehen"), so the cell is not empty and
    # a noble may pass it (docs/RULES.md).
    g = Game(["Ann", "Bob"], [[cell(WHITE, BRU), cell(ORANGE, BRU)], []])
    g.place(0, BRU, BRU, WHITE, cell(GREY, BRU))  # printed white Brunnen: gardener
    exc = raises(StopsOnGardener, g.move, 0, BRU, GREY)
    mentions(exc, "never stops on a gardener", "grey Brunnen", "row 2 (white, 2 points), "
             "4 (orange, 4 points)")
    assert [mv for mv in g.noble_moves() if mv[0] == BRU] == [(BRU, WHITE, 2), (BRU, ORANGE, 4)]
    g.move(0, BRU, ORANGE)  # over the grey gardener
    assert g.totals() == [4, 0]


def test_nobles_move_only_in_their_own_garden_and_column():
    # "Adlige muessen immer in der Motivreihe zum Stehen kommen, von der sie gestartet sind"
    g = garden([])
    assert g.noble_moves() == [(LAB, WHITE, 2)]  # only the Labyrinth's column has a cell
    for m in range(1, 9):
        raises(NoPath, g.move, 0, m, WHITE)
    assert g.noble_moves(1) == []  # Bob's turn has not come
    raises(OutOfTurn, g.move, 1, LAB, WHITE)
    raises(RulesError, g.push, {"e": "noble", "p": 0, "m": LAB, "r": 6})
    raises(RulesError, g.push, {"e": "noble", "p": 0, "m": 9, "r": 1})
    raises(RulesError, g.push, {"e": "noble", "p": 0, "m": LAB})
    assert g.totals() == [0, 0]


def test_undo_takes_back_the_move_and_its_points():
    g = garden([cell(GREY, LAB)])
    g.move(0, LAB, GREY)
    assert g.totals() == [3, 0]
    g.undo()
    assert g.totals() == [0, 0] and g.nobles[0][LAB] == BEIGE
    assert (LAB, GREY, 3) in g.noble_moves()
    g.move(0, LAB, WHITE)
    assert g.totals() == [2, 0]


def test_no_diagonal_step_and_other_nobles_do_not_block():
    # Steps go from cell to cell across an edge: a corner is no path (docs/RULES.md). Another
    # noble on the way does not block: the rulebook forbids only empty cells and stopping on
    # a gardener.
    g = garden([cell(WHITE, STA), cell(GREY, LAB)])  # white Labyrinth placed by garden()
    g.undo()  # Ann's white Labyrinth taken back: the grey one touches white Statue by a corner
    g.place(0, JOKER, PAV, TURQ)
    assert [mv for mv in g.noble_moves() if mv[0] == LAB] == []
    mentions(raises(NoPath, g.move, 0, LAB, GREY), "no path", "cannot move now")
    g.move(0, STA, WHITE)  # the Statue noble now stands on the white Statue
    g.place(1, JOKER, LAB, WHITE)
    g.place(0, 12, STA, GREY)  # grey Statue: the grey Labyrinth joins by an edge
    # beige Labyrinth -> beige Statue -> white Statue (its noble stands there) -> grey Statue
    # -> grey Labyrinth
    assert [mv for mv in g.noble_moves() if mv[0] == LAB] == [(LAB, GREY, 3)]
    g.move(0, LAB, GREY)
    assert g.totals() == [5, 0]

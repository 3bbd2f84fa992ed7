# A whole 4-player game of Sanssouci, scripted turn by turn, with every score worked out by
# hand from the rulebook (/work/shared/rulebooks/adelsgarten-de.txt) in the comments below,
# not by the code under test. Then the final scoring's pieces and the tie-breaks alone.
from support import mentions, raises

from shared_rules import games
from shared_rules.codec import decode, encode
from shared_rules.errors import InvalidEvent, OutOfTurn
from shared_rules.sanssouci.game import Game
from shared_rules.sanssouci.scoring import Outcome, final_parts

LAB, STA, PAV, FIG, TRE, BRU, ROS, KRA, WEI = range(9)  # motif columns
BEIGE, WHITE, GREY, ORANGE, VIOLET, TURQ = range(6)  # rows, worth 1 to 6
JOKER = 9


def cell(row, motif):
    return 9 * row + motif


# Each seat's 18 turns: (card, motif, row of the field the tile came from, cell it went on or
# None for its own cell, wild, noble move (motif, row) or None).
ANN = (  # pre-printed: white Statue, grey Labyrinth
    (LAB, LAB, WHITE, None, 0, (LAB, WHITE)),      # +2
    (12, PAV, WHITE, None, 0, (STA, WHITE)),       # +2: the pre-printed white Statue
    (FIG, FIG, WHITE, None, 0, None),
    (12, TRE, WHITE, None, 0, None),
    (BRU, BRU, WHITE, None, 0, None),
    (ROS, ROS, WHITE, None, 0, None),
    (KRA, KRA, WHITE, None, 0, None),
    (JOKER, WEI, WHITE, None, 0, None),            # white row complete
    (34, LAB, ORANGE, None, 0, None),
    (45, LAB, VIOLET, None, 0, None),
    (45, LAB, TURQ, None, 0, (LAB, TURQ)),         # Labyrinth column complete; +6
    (WEI, STA, GREY, None, 1, (STA, GREY)),        # no Weinstock on the board: wild; +3
    (23, LAB, GREY, cell(GREY, PAV), 0, None),     # grey Labyrinth printed: gardener
    (23, STA, GREY, cell(GREY, FIG), 0, (PAV, WHITE)),  # gardener; +2
    (34, TRE, ORANGE, None, 0, None),
    (TRE, TRE, GREY, None, 0, (TRE, ORANGE)),      # +4
    (12, BRU, GREY, None, 0, None),
    (23, ROS, GREY, None, 0, None),
)
BOB = (  # no pre-printed cells
    (BRU, BRU, WHITE, None, 0, (BRU, WHITE)),      # +2
    (23, BRU, GREY, None, 0, (BRU, GREY)),         # +3
    (34, BRU, ORANGE, None, 0, (BRU, ORANGE)),     # +4
    (45, BRU, VIOLET, None, 0, (BRU, VIOLET)),     # +5
    (45, BRU, TURQ, None, 0, (BRU, TURQ)),         # +6, Brunnen column complete
    (BRU, BRU, WHITE, cell(WHITE, ROS), 0, None),  # gardener on white Rosenbogen
    (12, ROS, WHITE, cell(WHITE, KRA), 0, None),   # its cell holds a gardener: gardener
    (ROS, ROS, GREY, None, 0, (ROS, GREY)),        # +3, over the white gardener
    (JOKER, WEI, ORANGE, None, 0, None),
    (34, ROS, ORANGE, None, 0, (ROS, ORANGE)),     # +4
    (45, ROS, VIOLET, None, 0, None),
    (45, ROS, TURQ, None, 0, (ROS, TURQ)),         # column complete with a gardener; +6
    (23, BRU, GREY, cell(GREY, WEI), 0, None),     # gardener
    (12, FIG, GREY, None, 0, None),
    (FIG, FIG, WHITE, None, 0, (FIG, WHITE)),      # +2
    (34, FIG, ORANGE, None, 0, (FIG, ORANGE)),     # +4
    (KRA, KRA, GREY, None, 0, None),
    (23, TRE, GREY, None, 0, None),
)
CY = (  # pre-printed: orange, violet and turquoise Statue
    (STA, STA, WHITE, None, 0, (STA, WHITE)),      # +2
    (23, STA, GREY, None, 0, (STA, TURQ)),         # column complete; +6 over printed cells
    (34, LAB, ORANGE, None, 0, None),
    (PAV, PAV, ORANGE, None, 0, None),
    (34, FIG, ORANGE, None, 0, None),
    (TRE, BRU, ORANGE, None, 1, None),             # no Treppe on the board: wild
    (34, TRE, ORANGE, None, 0, (TRE, ORANGE)),     # +4, round by Statue and the orange row
    (ROS, ROS, ORANGE, None, 0, None),
    (34, KRA, ORANGE, None, 0, None),
    (JOKER, WEI, ORANGE, None, 0, (WEI, ORANGE)),  # orange row complete; +4
    (STA, STA, GREY, cell(GREY, LAB), 0, None),    # gardener
    (23, STA, ORANGE, cell(TURQ, LAB), 0, None),   # row and column full: gardener anywhere
    (LAB, LAB, WHITE, None, 0, (LAB, ORANGE)),     # +4, over the grey gardener
    (45, BRU, VIOLET, None, 0, None),
    (BRU, BRU, TURQ, None, 0, (BRU, TURQ)),        # +6
    (45, PAV, VIOLET, None, 0, None),
    (12, PAV, WHITE, None, 0, None),
    (12, FIG, GREY, None, 0, None),
)
DEE = (  # pre-printed: white and grey Weinstock, violet Kraeuterschnecke, turquoise Treppe
    (12, LAB, WHITE, None, 0, (WEI, WHITE)),       # +2 onto a pre-printed cell
    (12, STA, WHITE, None, 0, (WEI, GREY)),        # +3
    (34, WEI, ORANGE, None, 0, (WEI, ORANGE)),     # +4
    (45, WEI, VIOLET, None, 0, (WEI, VIOLET)),     # +5
    (45, WEI, TURQ, None, 0, (WEI, TURQ)),         # +6, Weinstock column complete
    (KRA, KRA, TURQ, None, 0, (KRA, TURQ)),        # +6
    (JOKER, TRE, WHITE, None, 0, None),
    (PAV, PAV, WHITE, None, 0, None),
    (FIG, FIG, WHITE, None, 0, None),
    (BRU, BRU, WHITE, None, 0, None),
    (ROS, ROS, WHITE, None, 0, None),
    (12, KRA, WHITE, None, 0, None),               # white row complete
    (45, ROS, TURQ, None, 0, (ROS, TURQ)),         # +6
    (45, BRU, TURQ, None, 0, None),
    (45, FIG, TURQ, None, 0, None),
    (45, PAV, TURQ, None, 0, None),
    (STA, STA, TURQ, None, 0, None),
    (LAB, LAB, TURQ, None, 0, None),               # turquoise row complete
)
PRINTED = ([cell(WHITE, STA), cell(GREY, LAB)], [],
           [cell(ORANGE, STA), cell(VIOLET, STA), cell(TURQ, STA)],
           [cell(WHITE, WEI), cell(GREY, WEI), cell(VIOLET, KRA), cell(TURQ, TRE)])
TASKS = ([LAB, STA], [BRU, LAB], [STA, PAV], [WEI, LAB])


def play_rounds(g, first, last):
    for rnd in range(first, last):
        for p, turns in enumerate((ANN, BOB, CY, DEE)):
            card, m, r, at, wild, noble = turns[rnd]
            g.place(p, card, m, r, at, wild)
            if noble:
                g.move(p, noble[0], noble[1])


def test_a_whole_four_player_game_scores_as_worked_by_hand():
    g = games.new_game({"e": "setup", "game": "sanssouci", "players": ["Ann", "Bob", "Cy", "Dee"],
                        "gardens": [list(c) for c in PRINTED]})
    assert g.rounds_left() == 18  # "das Spiel nach 18 Runden zu Ende"
    play_rounds(g, 0, 5)
    # "sofort so viele Punkte, wie die Reihe angibt": Ann 2+2, Bob 2+3+4+5+6, Cy 2+6,
    # Dee 2+3+4+5+6
    assert g.totals() == [4, 20, 8, 20]
    assert g.rounds_left() == 13 and g.round() == 6
    play_rounds(g, 5, 18)
    assert g.rounds_left() == 0 and g.phase == "tasks" and g.outcome is None
    raises(OutOfTurn, g.place, 0, LAB, LAB, GREY)  # after round 18 no tile is taken
    # Score track: Ann 4+6+3+2+4 = 19; Bob 20+3+4+6+2+4 = 39; Cy 8+4+4+4+6 = 26; Dee 20+6+6 = 32
    assert g.totals() == [19, 39, 26, 32]
    for p in (3, 1, 0):  # any order; the last reveal ends the game
        g.reveal(p, TASKS[p])
    assert g.outcome is None
    # the box adds its clock to the last reveal (the game's end); the rules ignore it
    g.push({"e": "tasks", "p": 2, "m": TASKS[2], "t": 1795000000})
    # Ann: white row 10-2 = 8; Labyrinth column 5; tasks Labyrinth (turquoise 6) + Statue (grey 3)
    # Bob: no row (white and grey lack the Labyrinth); Brunnen and Rosenbogen columns 10 (the
    #      white Rosenbogen is a gardener); tasks Brunnen 6 + Labyrinth never moved 1
    # Cy:  orange row 10-4 = 6; Statue column 5; tasks Statue 6 + Pavillon never moved 1
    # Dee: white 8 + turquoise 10-6 = 4; Weinstock column 5; tasks Weinstock 6 + Labyrinth 1
    rows = g.scoreboard().rows
    assert rows == [[19, 8, 5, 9], [39, 0, 10, 7], [26, 6, 5, 7], [32, 12, 5, 7]]
    assert g.totals() == [41, 56, 44, 56]
    # "Bei Gleichstand gewinnt der Spieler, mit den meisten Gaertnern": Bob 3, Dee none
    assert [g.gardeners(p) for p in range(4)] == [2, 3, 2, 0]
    assert g.outcome.winners == [1] and g.outcome.tiebreak and not g.outcome.shared
    assert g.outcome.reason == ["Tie: 56 points", "most gardeners:", "Bob 3 Dee 0"]
    assert g.describe() == "game over"
    # the journal's round trip replays to the same game (event by event, as the box reads
    # its journal: a list of every decoded event beside two games is more than the heap)
    h = games.new_game(decode(encode(g.log[0])))
    for ev in g.log[1:]:
        h.push(decode(encode(ev)))
    assert encode(h.snapshot()) == encode(g.snapshot())
    h = None
    raises(OutOfTurn, g.move, 0, FIG, WHITE)  # after the end nothing moves
    mentions(raises(OutOfTurn, g.reveal, 0, [FIG, FIG]), "game is over")


def test_rows_columns_and_tasks_scored_from_the_garden():
    # "Fuer jede vollstaendige, waagrechte Reihe bekommt der Spieler 10 Punkte minus dem Wert
    # der entsprechenden Reihe";
    # "jede vollstaendige, senkrechte Reihe ... 5 Punkte"; the task card scores the row value
    # where that motif's noble stands.
    g = bytearray(54)
    for m in range(9):
        g[m] = 1  # the first row, built at the start: no row points (docs/RULES.md)
        g[cell(GREY, m)] = 2  # grey complete: 10 - 3 = 7
        g[cell(TURQ, m)] = 3  # turquoise complete with gardeners only: 10 - 6 = 4
    for r in range(6):
        g[cell(r, FIG)] = 2  # the Figur column complete: 5
    nobles = bytearray(9)
    nobles[FIG] = VIOLET
    assert final_parts(g, nobles, (FIG, LAB)) == [7 + 4, 5, 5 + 1]
    assert final_parts(g, nobles, (FIG, FIG)) == [11, 5, 10]  # the same motif twice counts twice


def test_the_first_row_scores_9_where_the_table_reads_the_rulebook_literally():
    # docs/RULES.md S5, a house rule: "Die erste Reihe ist bereits fertig bebaut" and "Fuer
    # jede vollstaendige, waagrechte Reihe bekommt der Spieler 10 Punkte minus dem Wert der
    # entsprechenden Reihe": read literally the first row is complete, 10 - 1 = 9.
    g = bytearray(54)
    for m in range(9):
        g[m] = 1
        g[cell(GREY, m)] = 2  # 10 - 3 = 7
    nobles = bytearray(9)
    assert final_parts(g, nobles, (FIG, LAB)) == [7, 0, 2]
    assert final_parts(g, nobles, (FIG, LAB), 1) == [9 + 7, 0, 2]
    # the whole game of the test above with the setting: every player 9 more, the same winner
    # by the same tie-break (it adds alike to everyone)
    g = games.new_game({"e": "setup", "game": "sanssouci", "players": ["Ann", "Bob", "Cy", "Dee"],
                        "gardens": [list(c) for c in PRINTED], "first_row": 1})
    play_rounds(g, 0, 18)
    for p in range(4):
        g.reveal(p, TASKS[p])
    assert g.scoreboard().rows == [[19, 17, 5, 9], [39, 9, 10, 7], [26, 15, 5, 7],
                                   [32, 21, 5, 7]]
    assert g.totals() == [50, 65, 53, 65] and g.outcome.winners == [1]
    # 0 is the other reading (and what a setup without the field scored); nothing else is one
    for bad in (2, True, "9"):
        mentions(raises(InvalidEvent, games.new_game, {
            "e": "setup", "game": "sanssouci", "players": ["Ann", "Bob"], "gardens": [[], []],
            "first_row": bad}), "first_row")


def test_tie_on_points_and_gardeners_is_shared():
    # The rulebook breaks a tie by gardeners and says no more: still tied, they share.
    o = Outcome([30, 30, 12], [2, 2, 5], ["Ann", "Bob", "Cy"])
    assert o.winners == [0, 1] and o.shared and o.tiebreak
    assert o.reason == ["Tie: 30 points", "same gardeners:", "2 each"]
    o = Outcome([30, 31, 12], [0, 0, 5], ["Ann", "Bob", "Cy"])
    assert o.winners == [1] and not o.tiebreak and o.reason == ["31 points"]
    o = Outcome([100, 100, 100, 100], [1, 2, 3, 3], ["Annabel", "Bob", "Cy", "Dee"])
    assert o.winners == [2, 3] and o.shared
    o = Outcome([100, 100, 100, 100], [1, 2, 4, 3], ["Annabel", "Bob", "Cy", "Dee"])
    assert o.reason == ["Tie: 100 points", "most gardeners:", "Ann 1 Bob 2", "Cy 4 Dee 3"]
    for line in o.reason:
        assert len(line) <= 16


def test_the_last_player_may_move_a_noble_before_the_reveal():
    # "Wenn jeder Spieler seine letzte Handkarte gespielt hat, kommt es zur Wertung": the last
    # turn keeps its noble move; the first reveal closes it.
    g = Game(["Ann", "Bob"])
    for t in range(36):
        p = t % 2
        r, m = 1 + (t // 2) // 9, (t // 2) % 9
        g.place(p, JOKER if t < 2 else 12 if r <= 2 else 34, m, r)
    assert g.phase == "tasks" and g.open == 1 and g.noble_moves()
    assert g.describe() == "final scoring: task cards of Ann, Bob (Bob may move a noble)"
    g.move(1, LAB, GREY)
    assert g.totals() == [0, 3]
    g.undo()
    g.reveal(0, [LAB, STA])
    exc = raises(OutOfTurn, g.move, 1, LAB, GREY)
    mentions(exc, "Bob", "right after placing a tile")
    g.reveal(1, [WEI, WEI])
    # both: white and grey rows complete, 8 + 7; every noble on the first row: tasks 1 + 1
    assert g.scoreboard().rows == [[0, 15, 0, 2], [0, 15, 0, 2]]
    assert g.outcome.winners == [0, 1] and g.outcome.shared

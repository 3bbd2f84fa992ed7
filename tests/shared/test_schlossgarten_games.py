# Whole games of Der Prestel Schlossgarten, worked out by hand turn by turn: the ledger after
# every turn, an element built over and regained, the win at exactly 21 in the middle of a
# turn. Rulebook: /work/shared/rulebooks/schlossgarten-en.txt, quoted by section.
from support import mentions, raises

from shared_rules import games
from shared_rules.codec import decode, encode
from shared_rules.errors import OutOfTurn
from shared_rules.schlossgarten.game import Game, GameWon


def _check(g, totals, note):
    assert g.totals() == totals, "%s: %r, worked out %r" % (note, g.totals(), totals)


def test_two_players_built_over_regained_and_the_win_at_21_by_a_tile():
    # "End of the Game": "Each player counts their points continuously. The game ends
    # immediately when a player reaches 21 points. Points are scored for collected landscape
    # tiles (1 to 3 points each) and for played garden elements (1 point per square ...). A
    # player who takes back a garden element when another has been built on top of it loses
    # the points for that garden element. They regain those points when the tile is returned
    # to the playing field."
    g = games.new_game({"e": "setup", "game": "schlossgarten", "players": ["Ann", "Bob"],
                        "seed": 7})
    assert isinstance(g, Game) and g.current() == 0
    g.play(0, [2], "column")                                   # 1: Ann 2 + 1
    _check(g, [3, 0], "turn 1")
    g.play(1)                                                  # 2: Bob makes no figure
    g.play(0, [3], "hedge1")                                   # 3: Ann 5 + 2
    _check(g, [7, 0], "turn 3")
    # "A player may build on their own garden elements and on those of other players";
    # Figure 5d: "... They take the landscape tile and remove the blue player's pool."
    g.play(1, [1], "pool", [[0, "column"]])                   # 4: Bob 1 + 2; Ann's column back
    _check(g, [6, 3], "turn 4: Ann loses her column's point")
    assert g.supply(0) == ["hedge2", "maze", "column", "pool", "terrace"]
    g.play(0, [2], "column")                                   # 5: the column regained
    _check(g, [9, 3], "turn 5: Ann regains the column's point")
    g.play(1, [3], "terrace", [[1, "pool"]])                   # 6: Bob over his own pool
    _check(g, [9, 7], "turn 6: Bob 4 tile points + terrace 3")
    g.play(0)                                                  # 7
    # Figure 5b: "They take the two landscape tiles and so score their first victory points."
    g.play(1, [2, 1], "hedge2")                                # 8: two tiles in one turn
    _check(g, [9, 12], "turn 8")
    g.play(0, [3, 3], "pool")                                  # 9: Ann 13 + hedge1 column pool
    _check(g, [17, 12], "turn 9")
    g.play(1)                                                  # 10
    # 11: Ann builds her maze over her hedge1 and two excavations. Tiles come first: 17 + 1
    # + 3 = 21 at the second tile, and the game ends there: the maze never goes down.
    exc = raises(GameWon, g.play, 0, [1, 3], "maze", [[0, "hedge1"]])
    mentions(exc, "Ann", "21", "tile 2", "up to that tile")
    assert g.outcome is None and g.turn == 10  # refused whole
    g.play(0, [1, 3])
    _check(g, [21, 12], "turn 11: exactly 21")
    assert g.outcome.winners == [0] and not g.outcome.shared and not g.outcome.tiebreak
    assert g.outcome.reason == ["first to 21", "21 points", "in turn 11", "by tile 2 (+3)"]
    assert sorted(g.on_field(0)) == ["column", "hedge1", "pool"]  # the maze is not placed
    board = g.scoreboard()
    assert board.parts == ("tiles", "elements")
    assert board.rows == [[17, 4], [7, 5]] and board.totals == [21, 12]
    assert board.ranking() == [0, 1]
    # Constellation cards: 32 - 2 taken at setup = 30; 11 drawn; 10 discarded (the winner's
    # turn ends before step 6).
    assert (g.pile, g.discard, g.shuffles, g.taken) == (19, 10, 0, 11)
    exc = raises(GameWon, g.play, 1)
    mentions(exc, "game is over", "Ann reached 21 points in turn 11")
    assert isinstance(exc, OutOfTurn)
    assert g.describe() == "game over: Ann reached 21 points in turn 11"
    # The journal replays to the same game, undos and all.
    again = games.replay([decode(encode(ev)) for ev in g.log])
    assert encode(again.snapshot()) == encode(g.snapshot())


def test_four_players_reshuffle_and_the_win_at_21_by_an_element():
    g = Game(["Ann", "Bob", "Cleo", "Dirk"])
    assert g.pile == 28  # "Each player takes one constellation card."
    g.play(0, [3], "hedge1")                                   # 1: Ann 4
    g.play(1, [2], "column")                                   # 2: Bob 3
    g.play(2, [1], "column")                                   # 3: Cleo 2
    g.play(3)                                                  # 4
    _check(g, [4, 3, 2, 0], "round 1")
    g.play(0, [2], "pool", [[1, "column"]])                   # 5: Ann 5 + 3; Bob's column back
    _check(g, [8, 2, 2, 0], "turn 5")
    g.play(1, [3], "column")                                   # 6: Bob regains it: 5 + 1
    g.play(2, [2, 2], "hedge2")                                # 7: Cleo 5 + 3
    # 8: Dirk's maze over Cleo's column, Ann's hedge1 and one excavation: "all the spaces it
    # will cover must be excavated or must already have a smaller garden element".
    g.play(3, [3], "maze", [[2, "column"], [0, "hedge1"]])
    _check(g, [7, 6, 7, 6], "turn 8: Ann and Cleo lose a point each")
    g.play(0, [3], "hedge1")                                   # 9: Ann regains: 8 + 3
    g.play(1)
    g.play(2, [3], "column")                                   # 11: Cleo regains: 8 + 3
    g.play(3)
    _check(g, [11, 6, 11, 6], "turn 12")
    for turn in range(13, 29):  # nobody makes the figure for four rounds
        g.play((turn - 1) % 4)
    # "Discard Pile": "If the draw pile is exhausted, the cards in the discard pile are
    # shuffled to form a new pile." 28 cards drawn: the next player must shuffle first.
    assert g.pile == 0 and g.discard == 28 and g.reshuffle_due()
    assert "shuffle the 28 discards" in g.describe()
    g.play(0, [3, 2], "terrace", [[1, "column"]])             # 29: Ann 13 + 6; Bob 5
    assert (g.pile, g.discard, g.shuffles) == (27, 1, 1) and not g.reshuffle_due()
    _check(g, [19, 5, 11, 6], "turn 29")
    g.play(1, [1], "column")                                   # 30: Bob 6 + 1
    g.play(2)
    g.play(3)
    # 33: Ann's hedge2 over her own hedge1 and one excavation: 19 + 1 = 20 with the tile,
    # 19 with the hedge1 back in her supply, 21 with the hedge2 placed.
    assert g.win_at(0, [1]) is None
    g.play(0, [1], "hedge2", [[0, "hedge1"]])
    _check(g, [21, 7, 11, 6], "turn 33: exactly 21")
    assert g.outcome.winners == [0]
    assert g.outcome.reason == ["first to 21", "21 points", "in turn 33", "by the hedge2"]
    assert sorted(g.on_field(0)) == ["hedge2", "pool", "terrace"]
    assert g.scoreboard().rows[0] == [14, 7]
    assert (g.pile, g.discard, g.taken) == (23, 4, 14)
    # Undo the winning turn: the game is open again, Ann to play.
    g.undo()
    assert g.outcome is None and g.current() == 0 and g.totals() == [19, 7, 11, 6]
    g.play(0, [1], "hedge2", [[0, "hedge1"]])
    assert g.outcome.winners == [0]


def test_a_win_by_a_single_tile_and_what_cannot_follow_it():
    # "The game ends immediately when a player reaches 21 points": Ann at 18 takes a 3.
    g = Game(["Ann", "Bob"])
    g.play(0, [3], "hedge1")                                   # 1: 3 + 1
    g.play(1)
    g.play(0, [3, 3], "pool")                                  # 3: 9 + 3
    g.play(1)
    g.play(0, [2, 2], "hedge2")                                # 5: 13 + 5
    g.play(1)
    _check(g, [18, 0], "turn 6")
    assert g.win_at(0, [1, 1]) is None and g.win_at(0, [1, 2, 3]) == 2
    exc = raises(GameWon, g.play, 0, [3, 1])  # a second tile after the 21st point
    mentions(exc, "reaches 21 with tile 1")
    g.play(0, [3])
    assert g.outcome.winners == [0] and g.totals() == [21, 0]
    assert g.outcome.reason[3] == "by tile 1 (+3)"
    for line in g.outcome.reason:
        assert len(line) <= 16, line

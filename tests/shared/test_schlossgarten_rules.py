# Der Prestel Schlossgarten, rule by rule, and each choice docs/RULES.md makes where the
# rulebook (/work/shared/rulebooks/schlossgarten-en.txt) is silent; quotes are from it.
from support import mentions, raises

from shared_rules import games
from shared_rules.codec import encode
from shared_rules.errors import InvalidEvent, InvalidSetup, OutOfTurn
from shared_rules.schlossgarten.game import (ELEMENTS, RECORDS, Game, GameWon, InvalidCover,
                                             InvalidTile, size)


def test_registered_for_two_to_four_players():
    # Components: "12 pawns (4 kings, 4 gardeners, 4 architects)": four colours.
    assert games.info("schlossgarten") == ("schlossgarten", "Schlossgarten", (2, 4))
    assert len(games.info("schlossgarten")[1]) <= 16
    exc = raises(InvalidSetup, Game, ["Ann"])
    mentions(exc, "2 to 4")
    exc = raises(InvalidSetup, Game, ["A", "B", "C", "D", "E"])
    mentions(exc, "2 to 4", "5")
    mentions(raises(InvalidSetup, Game, ["Ann", "Ann"]), "Ann", "differ")
    mentions(raises(InvalidSetup, Game, ["", "Bob"]), "1 to 12")
    mentions(raises(InvalidEvent, Game, ["Ann", "Bob"], -1), "seed", ">= 0")
    exc = raises(InvalidSetup, Game().push, {"e": "setup", "game": "versailles",
                                             "players": ["A", "B"], "seed": 0})
    mentions(exc, "schlossgarten", "versailles")


def test_six_elements_each_one_point_per_square():
    # "The gardener may build a 1-square hedge, a 2-square hedge, or a 3-square maze. The
    # architect may build a 1-square column, a 2-square pool, or a 3-square terrace."
    assert [(e, size(i)) for i, e in enumerate(ELEMENTS)] == [
        ("hedge1", 1), ("hedge2", 2), ("maze", 3), ("column", 1), ("pool", 2), ("terrace", 3)]
    g = Game(["Ann", "Bob"])
    assert g.supply(0) == list(ELEMENTS) and g.on_field(0) == []
    g.play(0, [1], "column")
    assert g.element_points(0) == 1 and g.tile_points(0) == 1


def test_seat_order_is_turn_order():
    # "Choose a first player, then play proceeds clockwise": seat 0 starts, seats clockwise.
    g = Game(["Ann", "Bob", "Cleo"])
    exc = raises(OutOfTurn, g.play, 1)
    mentions(exc, "Ann's turn", "Bob")
    g.play(0)
    g.play(1)
    g.play(2)
    assert g.current() == 0 and g.turn == 3
    mentions(raises(OutOfTurn, g.play, 2), "Ann's turn", "turn 4")


def test_tiles_are_taken_by_building_on_them():
    # Figure 5a: red excavated "If they wish, they could build a 1-square hedge" - and
    # Figure 5b: blue built a pool on it and their own excavation: "They take the two
    # landscape tiles and so score their first victory points." (docs/RULES.md S1)
    g = Game(["Ann", "Bob"])
    exc = raises(InvalidCover, g.play, 0, [2])
    mentions(exc, "name the element")
    g.play(0)  # red: an excavation, nothing built, no points
    g.play(1, [2, 3], "pool")  # blue: two tiles in one turn (S2)
    assert g.totals() == [0, 7]


def test_tiles_match_the_squares_the_element_covers():
    # "all the spaces it will cover must be excavated or must already have a smaller garden
    # element established on them": one tile per excavation, the rest covered elements.
    g = Game(["Ann", "Bob"])
    g.play(0, [1], "column")
    g.play(1)
    exc = raises(InvalidCover, g.play, 0, [1], "maze")
    mentions(exc, "maze covers 3", "got 1 tile(s) + nothing = 1")
    exc = raises(InvalidCover, g.play, 0, [1, 1], "maze", [[0, "column"], [0, "column"]])
    mentions(exc, "named twice")
    g.play(0, [2], "pool", [[0, "column"]])
    assert g.totals() == [5, 0]  # tiles 1 + 2, pool 2; the column is back in the supply


def test_one_excavation_a_turn_bounds_the_tiles():
    # Turn, step 5: "one landscape tile may be excavated"; Setup: the tiles are placed "with
    # the point value visible": no excavation before the first turn. (S3)
    g = Game(["Ann", "Bob"])
    exc = raises(InvalidTile, g.play, 0, [1, 1], "pool")
    mentions(exc, "Ann cannot take 2 tiles", "1 excavation(s)")
    g.play(0)
    g.play(1)
    g.play(0, [1, 1, 1], "maze")  # three turns, three excavations
    assert g.excavations() == 1


def test_only_a_larger_element_covers_and_only_whole_ones():
    # "To establish a multi-square garden element, all the spaces ... must already have a
    # smaller garden element"; "A player may only build on top of a garden element if it can
    # be completely covered": a pool (2) covers 1-square elements, a terrace (3) 1s and 2s.
    g = Game(["Ann", "Bob"])
    g.play(0, [1], "hedge1")
    g.play(1)
    g.play(0)
    g.play(1, [1, 1], "pool")
    g.play(0)
    exc = raises(InvalidCover, g.play, 1, [1], "hedge2", [[1, "pool"]])
    mentions(exc, "hedge2 (2 squares)", "smaller", "pool covers 2")
    exc = raises(InvalidCover, g.play, 1, [], "column", [[0, "hedge1"]])
    mentions(exc, "smaller")
    g.play(1, [1], "terrace", [[1, "pool"]])
    assert g.totals() == [2, 6]  # Bob: tiles 3, terrace 3; the pool back in his supply
    assert "pool" in g.supply(1)


def test_building_over_elements_only_covers_them():
    # Elements built over may fill every square of the new one (S4): a pool over two
    # 1-square elements takes no tile, and the owners lose those points.
    g = Game(["Ann", "Bob"])
    g.play(0, [1], "hedge1")
    g.play(1, [1], "column")
    g.play(0, [], "pool", [[0, "hedge1"], [1, "column"]])
    assert g.totals() == [3, 1]  # Ann: tile 1 + pool 2; Bob: his tile
    assert g.on_field(1) == [] and g.supply(1) == list(ELEMENTS)


def _to_19(g):
    # Ann to 19 by turn 7: a hedge1 on a 3 (4), a pool on 3+3 (12), a hedge2 on 3+2 (19)
    g.play(0, [3], "hedge1")
    g.play(1)
    g.play(0, [3, 3], "pool")
    g.play(1)
    g.play(0, [3, 2], "hedge2")
    g.play(1)
    assert g.totals() == [19, 0]
    return g


def test_the_order_of_a_turns_parts():
    # "The game ends immediately when a player reaches 21 points": tiles first, then the
    # elements built over go back, then the element is placed (S5). Building over one's own
    # element never makes a total pass 21 and fall back: the element placed covers more.
    g = _to_19(Game(["Ann", "Bob"]))
    # A maze over her own hedge2 and one excavation of 2: 21 at the tile, before the maze.
    exc = raises(GameWon, g.play, 0, [2], "maze", [[0, "hedge2"]])
    mentions(exc, "reaches 21 with tile 1")
    # With a 1 it is 20, 18 with the hedge2 back, 21 with the maze down.
    g.play(0, [1], "maze", [[0, "hedge2"]])
    assert g.totals() == [21, 0] and g.outcome.reason[3] == "by the maze"
    assert g.scoreboard().rows[0] == [15, 6]  # hedge1 1, pool 2, maze 3


def _whole(players=("Ann", "Bob")):
    # a game whose table counts a turn whole (S5's house rule, the box's default)
    g = Game()
    g.push({"e": "setup", "game": "schlossgarten", "players": list(players), "seed": 0,
            "whole_turn": 1})
    return g


def test_a_turn_counted_whole_builds_and_takes_its_tiles_together():
    # The house rule "whole_turn" (S5): the rulebook's figures 5b and 5d build the element
    # and then "They take the two landscape tiles": a turn that reaches 21 counts whole.
    g = _to_19(_whole())
    assert g.win_at(0, [2]) is None  # the box asks the whole turn: no stop at the tile
    # a maze over her own hedge2 on a 2: 19 + 2 - 2 + 3 = 22, not 21 at the tile
    g.play(0, [2], "maze", [[0, "hedge2"]])
    assert g.totals() == [22, 0] and g.outcome.winners == [0]
    assert g.outcome.reason == ["first to 21", "22 points", "in turn 7", "by the maze"]


def _to_17(g):
    # Ann to 17 by turn 9: a maze on 3+3+3 (12), a hedge2 on 1+2 (17)
    for _ in range(4):
        g.play(g.current())
    g.play(0, [3, 3, 3], "maze")
    g.play(1)
    g.play(0, [1, 2], "hedge2")
    g.play(1)
    assert g.totals() == [17, 0]
    return g


def test_counted_whole_the_winners_points_do_not_hang_on_the_order_the_tiles_were_typed():
    # The case: tile by tile (no house rule in the setup) a terrace on 3, 1, 1 ends
    # at 21 (the second tile) and on 1, 1, 3 at 22 (the third); counted whole both are 25
    # (17 + 5 tiles + the terrace's 3).
    for order, cut in (([3, 1, 1], 2), ([1, 1, 3], 3)):
        g = _to_17(Game(["Ann", "Bob"]))
        assert g.win_at(0, order) == cut
        g.play(0, order[:cut])
        assert g.totals()[0] == 17 + sum(order[:cut]) and g.outcome.winners == [0]
        g = _to_17(_whole())
        g.play(0, order, "terrace")
        assert g.totals() == [25, 0] and g.outcome.reason[1:] == ["25 points", "in turn 9",
                                                                  "by the terrace"]


def test_a_turn_counted_whole_takes_no_tile_without_its_element():
    # Counting the whole turn, a turn is never cut at a tile: tiles need the element they
    # were excavations under, even the tile that passes 21 (S5)
    g = _whole()
    for _ in range(4):
        g.play(g.current())
    g.play(0, [3, 3, 3], "maze")
    g.play(1)
    g.play(0, [3, 3], "pool")  # 12 + 6 + 2 = 20
    g.play(1)
    mentions(raises(InvalidCover, g.play, 0, [1]), "name the element")
    g.play(0, [1], "column")
    assert g.totals() == [22, 0] and g.outcome.winners == [0]
    # the setting is 0 or 1, nothing else
    for bad in (2, True, "yes"):
        exc = raises(InvalidEvent, Game().push, {"e": "setup", "game": "schlossgarten",
                                                 "players": ["A", "B"], "whole_turn": bad})
        mentions(exc, "whole_turn")


def test_a_truncated_turn_needs_an_element_that_could_have_covered_it():
    # A turn that stopped at 21 names no element, but its tiles were excavations under one:
    # the player's supply must hold an element covering that many squares (S5).
    g = Game(["Ann", "Bob"])
    for _ in range(4):
        g.play(g.current())
    g.play(0, [3, 3, 3], "maze")                               # 5: 12
    g.play(1)
    g.play(0, [1, 1, 1], "terrace")                            # 7: 18
    g.play(1)
    assert g.totals()[0] == 18 and g.supply(0) == ["hedge1", "hedge2", "column", "pool"]
    exc = raises(InvalidCover, g.play, 0, [1, 1, 1])  # 21 at the third tile
    mentions(exc, "covers 2 square(s) at most", "3 tiles")
    g.play(0, [1, 2])
    assert g.outcome.winners == [0] and g.totals() == [21, 0]


def test_constellation_pile_reshuffles_when_a_draw_finds_it_empty():
    # "If the draw pile is exhausted, the cards in the discard pile are shuffled to form a
    # new pile." With 4 players 28 cards are left after setup (S6).
    g = Game(["A", "B", "C", "D"])
    for _ in range(28):
        assert not g.reshuffle_due()
        g.play(g.current())
    assert (g.pile, g.discard) == (0, 28) and g.reshuffle_due()
    g.play(0)
    assert (g.pile, g.discard, g.shuffles) == (27, 1, 1)
    g.undo()
    assert (g.pile, g.discard, g.shuffles) == (0, 28, 0)
    for _ in range(56):
        g.play(g.current())
    assert g.shuffles == 2 and g.pile + g.discard == 28


def test_all_49_tiles_at_most():
    # "49 landscape tiles": the state as after 60 turns that took 48 (set directly: a
    # field that full takes hundreds of turns to play)
    g = Game(["Ann", "Bob"])
    g.taken, g.turn = 48, 60
    assert g.excavations() == 1
    mentions(raises(InvalidTile, g.play, 0, [1, 1], "pool"), "1 excavation(s)", "49")


def test_records_pack_every_turn():
    # The journal packs a turn as ["P", p, tiles, el, over], trailing fields left out: what
    # Game.play writes is always such a prefix.
    assert RECORDS == (("turn", "P", ("p", "tiles", "el", "over")),)
    for kind, code, fields in RECORDS:
        assert kind in Game.KINDS and len(code) == 1 and "A" <= code <= "Z"
        assert code not in "SU"
    g = Game(["Ann", "Bob"])
    g.play(0, [2], "column")
    g.play(1, [1], "pool", [[0, "column"]])
    g.play(0)
    fields = RECORDS[0][2]
    for ev in g.log[1:]:
        keys = sorted(k for k in ev if k != "e")
        assert keys == sorted(fields[:len(keys)]), ev
    assert encode(g.log[2]) == '{"e":"turn","el":"pool","over":[[0,"column"]],"p":1,"tiles":[1]}'


def test_the_documented_event_log_replays():
    # docs/RULES.md, "Der Prestel Schlossgarten", "The event log": the example is a real game
    from shared_rules.codec import decode
    with open("docs/RULES.md") as f:
        text = f.read()
    part = text[text.index("## Der Prestel Schlossgarten"):]
    events = [decode(line.split("  ")[0]) for line in part.split("\n")
              if line.startswith('{"e":')]
    assert len(events) == 5
    g = Game.replay(events[:-1])
    assert g.totals() == [4, 5] and g.on_field(1) == [] and g.on_field(0) == ["terrace"]
    g.push(events[-1])
    assert g.totals() == [0, 7]


def test_what_an_element_could_be_built_over():
    # the device offers these when a turn builds over: strictly smaller elements on the field
    g = Game(["Ann", "Bob"])
    g.play(0, [1], "hedge1")
    g.play(1, [2], "column")
    g.play(0, [1], "pool", [[1, "column"]])
    assert g.coverable("hedge2") == [(0, "hedge1")]
    assert g.coverable("terrace") == [(0, "hedge1"), (0, "pool")]
    assert g.coverable("column") == []

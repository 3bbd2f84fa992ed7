# Whole games of Gardens, one per variant, worked by hand from the rulebook
# (/work/shared/rulebooks/gardens-en.txt): every completed flowerbed, who placed a tile, the
# piles, the end trigger, the round played out and the winner. Quotes are from the rulebook.
from support import mentions, raises

from shared_rules import games
from shared_rules.codec import decode, encode
from shared_rules.gardens.errors import GameOver
from shared_rules.gardens.game import Game


def play(game, script, specials=()):
    # Plays turns until the game ends: script {turn number: [beds]} (other turns complete no
    # bed), specials: the turn numbers that take the colour's special tile.
    while game.outcome is None:
        t = game.turns + 1
        game.turn(script.get(t, []), t in specials)
    return game


def test_three_players_unused_colour_supply_end_and_a_bed_after_the_supply():
    # Ann blue, Ben yellow, Cleo red; pink is unused. "The end of the game is triggered when,
    # at the end of a turn ... A player has placed their 8th flowerbed tile."
    g = Game(["Ann", "Ben", "Cleo"], ["blue", "yellow", "red"])
    assert g.seat_of(3) is None and g.seat_of(2) == 2
    script = {
        1: ["bbry"],  # blue 2 of 4: blue's 1st tile
        2: ["ppby", "rryb"],  # "the unused color can hold sole majority": no tile; red's 1st
        3: ["rrpp", "yyyb"],  # "a tie with the unused color": no tile; yellow 3, off-turn
        23: ["yybr"],  # yellow's 2nd, in the last round
        24: ["bbbr"],  # blue's 9th bed, its supply empty: "those are also counted"
    }
    for t in range(4, 23, 3):  # blue's turns 4, 7, ..., 22: its 2nd to 8th tile
        script[t] = ["bbyp"]
    play(g, script, specials=(2,))
    # turn 22: blue (the start player) places its 8th tile; "The round is played to its end,
    # so that all players have had the same number of turns": yellow and red play turn 23, 24.
    assert g.turns == 24 and g.end_at == 24
    assert g.piles == 96 - 23  # yellow's special tile on turn 2 is not from the piles
    assert g.placed == [8, 2, 1, 0] and g.won == [9, 2, 1, 0]
    assert g.own == [2 + 7 * 2 + 3, 3 + 2, 2, 0]
    assert g.totals() == [9, 2, 1]
    assert g.outcome.winners == [0] and not g.outcome.tiebreak
    assert g.outcome.reason == ["Most beds: 9"]
    assert g.scoreboard().rows[0] == [9, 19, 0]  # beds, own corners, tiles left
    assert g.describe() == "game over"
    exc = raises(GameOver, g.turn, [])
    mentions(exc, "over", "24 turns")


def test_four_players_piles_end_and_the_corner_tie_break():
    # "Only 4 garden tiles remain in total across the draw piles" ends the game; "In case of
    # a tie, count how many garden-tile corners with flowers of their color the tied players
    # have contributed ... The player who needed fewer corners ... wins the game."
    g = Game(["Ann", "Ben", "Cleo", "Dov"], ["blue", "yellow", "red", "pink"])
    script = {
        1: ["bbyr", "yyyb"],  # blue 2; yellow 3, placed off-turn
        2: ["yypr"],  # yellow 2
        3: ["rrbb"],  # tie: "nothing happens"
        4: ["ppbb", "pbyr"],  # tie; one of each: tie
        5: ["bbbb"],  # blue 4
    }
    play(g, script, specials=(2, 3))
    # two special tiles: the piles reach 4 at the end of turn 94 (96 - 92 drawn), blue's turn
    # in the 24th round; yellow, red and pink still play: 96 turns, 2 tiles left.
    assert g.turns == 96 and g.piles == 2 and g.end_at == 96
    assert g.won == [2, 2, 0, 0] and g.own == [6, 5, 0, 0]
    assert g.outcome.winners == [1] and g.outcome.tiebreak and not g.outcome.shared
    assert g.outcome.reason == ["Tie at 2 beds", "fewer corners:", "Ann 6 Ben 5"]


def test_four_players_shorter_game_ends_at_the_last_of_seven_tiles():
    # "For a shorter game, you can also play with only 6 or 7 flowerbed tiles per player. The
    # end of the game is triggered as soon as a player has placed their last flowerbed tile."
    g = Game(["Ann", "Ben", "Cleo", "Dov"], tiles=7)
    play(g, {2: ["yyyy", "yybr", "yyrp", "yyyr"], 6: ["yyyb", "yybp", "yyrb"],
             7: ["bbyy"]})  # turn 6: yellow's 7th (of 7); turn 7: a tie, no tile
    assert g.placed == [0, 7, 0, 0] and g.end_at == 8 and g.turns == 8
    assert g.outcome.winners == [1] and g.outcome.reason == ["Most beds: 7"]


def test_team_game_two_vs_two():
    # "One team plays with blue and red, the other with yellow and pink ... Each player
    # receives only 5 flowerbed tiles ... If there is a tie between players on the same team
    # when scoring, no flowerbed tile is placed on the bed."
    g = Game(["Ann", "Ben", "Cleo", "Dov"], ["blue", "yellow", "red", "pink"], teams=True)
    script = {
        2: ["bbrr", "yypp"],  # teammates tie: no tile, for either team
        4: ["yyyb"],  # yellow 3
        18: ["bbby"],  # blue's 6th bed, its 5 tiles placed: it counts
        20: ["ppyb"],  # pink 2, in the last round
    }
    for t in range(1, 18, 4):  # blue: turns 1, 5, 9, 13, 17
        script[t] = ["bbrp"]
    for t in range(3, 20, 4):  # red: turns 3, 7, 11, 15, 19
        script[t] = ["rrby"]
    play(g, script)
    # "triggered as soon as the players of one team have together placed 5 flowerbed tiles
    # each": red's 5th on turn 19; the round ends with pink on turn 20.
    assert g.end_at == 20 and g.turns == 20 and g.placed == [5, 1, 5, 1]
    assert g.won == [6, 1, 5, 1]
    assert g.totals() == [11, 2, 11, 2]  # "The team that then together holds majority"
    assert g.outcome.winners == [0, 2] and not g.outcome.shared
    assert g.outcome.reason == ["Team beds: 11"]
    board = g.scoreboard()
    assert board.parts == ("beds", "corners", "supply") and board.totals == [11, 2, 11, 2]
    # blue: 5 beds "bbrp" (2 blue + 1 red) and "bbby" (3 + 0); red: 5 "rrby" (2 + 1 blue)
    assert board.rows[0] == [6, 18, 0] and board.rows[2] == [5, 15, 0]


def test_two_players_play_two_colours_each_by_the_team_rules():
    # "One player plays alternately as red and blue, the other alternately as yellow and
    # pink. Scoring and the end of the game work exactly as in the 2-vs-2 team variant."
    g = Game(["Ann", "Ben"], ["blue", "yellow", "red", "pink"])
    assert g.describe() == "turn 1: blue (Ann)" and g.team_rules and g.tiles == 5
    assert [g.seat_of(c) for c in range(4)] == [0, 1, 0, 1]  # blue, yellow, red, pink
    script = {1: ["bbbr"]}
    for t in range(2, 19, 4):  # yellow: turns 2, 6, 10, 14, 18
        script[t] = ["yyrb"]
    for t in range(4, 21, 4):  # pink: turns 4, 8, ..., 20
        script[t] = ["ppyb"]
    g.turn(script[1])
    g.turn(script[2])
    assert g.describe() == "turn 3: red (Ann)"
    play(g, script)
    # pink's 5th tile on turn 20, the last of a round: the game ends at once
    assert g.turns == 20 and g.end_at == 20 and g.placed == [1, 5, 0, 5]
    assert g.totals() == [1, 10]
    assert g.outcome.winners == [1] and g.outcome.reason == ["Most beds: 10"]
    assert g.scoreboard().rows == [[1, 4, 9], [10, 25, 0]]  # corners of both own colours


def test_a_game_replays_from_its_journal_through_the_registry():
    g = Game(["Ann", "Ben", "Cleo"], ["red", "blue", "yellow"], tiles=6)
    play(g, {1: ["rrrr", "rrby", "rryy", "rrpy"], 2: ["bbbb"], 4: ["rryb", "rrrb", "rrrp"],
             5: ["rrbp"]})
    assert g.end_at == 6 and g.turns == 6  # red's 6th tile on turn 4 (its 2nd turn)
    assert g.won == [1, 0, 7, 0] and g.placed == [1, 0, 6, 0]
    h = games.replay([decode(encode(ev)) for ev in g.log])
    assert encode(h.snapshot()) == encode(g.snapshot())
    assert h.outcome.winners == g.outcome.winners == [0]
    assert games.info("gardens") == ("gardens", "Gardens", (2, 4))

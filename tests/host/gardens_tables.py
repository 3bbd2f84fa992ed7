"""Four hand-worked games of Gardens, one per variant, as the event logs a table makes: what
tests/host/test_gardens_table.py plays through the box's buttons and what
bench/gardens_presses.py counts. Each game's tally is worked by hand beside its turns, with the
rulebook's words (../shared/rulebooks/gardens-en.txt) it follows; the tests assert it."""


def T(c, *beds, **kw):
    ev = {"e": "turn", "c": c, "beds": list(beds)}
    if kw.get("special"):
        ev["special"] = True
    return ev


UNDO = {"e": "undo"}


def nothing(first, count, order):
    # `count` turns without a bed from turn `first` (1-based), the colours in turn order
    return [T(order[(first - 1 + i) % len(order)]) for i in range(count)]


def three_players():
    # 3 players, the shorter game with 6 flowerbed tiles ("you can also play with only 6 or 7
    # flowerbed tiles per player"), colours red (Orange), blue (Purple), yellow (Cyan); pink is
    # unused ("the flowers of the unused fourth color are also counted").
    #   T1 red:  rrry red 3, rryb red 2             red 2 beds, corners 3+2=5, tiles 2
    #   T2 blue (special tile): bbyy tie; ppyp pink unused 3: no tile for anyone
    #   T3 yellow: yyyb yellow 3, yyrp yellow 2, yybb tie      yellow 2 beds, 5 corners
    #   T4 red: rrrb entered by mistake, undone; rrrr red 4      red 3 beds, 9 corners
    #   T5 blue: bbbr blue 3; yyyr yellow 3 (off turn)  blue 1 bed 3; yellow 3 beds, 8
    #   T6 yellow: no bed
    #   T7 red: rryy tie; rrby red 2                          red 4 beds, 11 corners
    #   T8 blue: yyrb yellow 2 (off turn)                     yellow 4 beds, 10 corners
    #   T9 yellow: yybr yellow 2                              yellow 5 beds, 12 corners
    #   T10 red: rrrb red 3, rrpb red 2: red's 6th tile: "the end of the game is triggered as
    #       soon as a player has placed their last flowerbed tile"; 2 turns to go
    #                                                         red 6 beds, 16 corners
    #   T11 blue: yyyb yellow 3                               yellow 6 beds, 15 corners
    #   T12 yellow: bbbb blue 4; the round is over            blue 2 beds, 7 corners
    # Red and yellow tie at 6 beds: "The player who needed fewer corners of their color
    # overall to achieve their sole majorities wins": yellow 15 < red 16, Cyan wins.
    # 11 tiles from the piles (T2 was blue's special tile): 85 left.
    return [{"e": "setup", "game": "gardens", "players": ["Orange", "Purple", "Cyan"],
             "tiles": 6, "colours": ["red", "blue", "yellow"]},
            T("r", "rrry", "rryb"), T("b", "bbyy", "ppyp", special=True),
            T("y", "yyyb", "yyrp", "yybb"), T("r", "rrrb"), UNDO, T("r", "rrrr"),
            T("b", "bbbr", "yyyr"), T("y"), T("r", "rryy", "rrby"), T("b", "yyrb"),
            T("y", "yybr"), T("r", "rrrb", "rrpb"), T("b", "yyyb"), T("y", "bbbb")]


THREE = {"winners": [2], "beds": [6, 2, 6], "corners": [16, 7, 15], "piles": 85,
         "reason": ["Tie at 6 beds", "fewer corners:", "Ora 16 Cya 15"], "turns": 12}


def four_players():
    # 4 players, 8 flowerbed tiles each, colours yellow (Orange), blue (Purple), pink (Cyan),
    # red (Pink). No supply runs out: the piles end it ("Only 4 garden tiles remain in total
    # across the draw piles").
    #   T1 yellow (special tile): yyyr yellow 3                yellow 1 bed, 3 corners
    #   T2 blue: pppy pink 3 (off turn)                        pink 1 bed, 3 corners
    #   T3 pink: rryy tie
    #   T4 red: yybp yellow 2, ppbr pink 2        yellow 2 beds, 5; pink 2 beds, 5
    #   T5 yellow: bbby blue 3                                 blue 1 bed, 3
    #   T6..T51 no bed; T52 red: rrrb red 3                   red 1 bed, 3
    #   T53..T92 no bed; T93 pink: the 92nd tile from the piles (T1 was a special tile)
    #       leaves 4: the end; "the round is played to its end": T94..T96, 3 turns to go,
    #       each from the piles: 1 tile left
    # Yellow and pink tie at 2 beds with 5 corners each: "If there is still a tie, there are
    # multiple winners": Orange and Cyan share the victory.
    order = "ybpr"
    return ([{"e": "setup", "game": "gardens", "players": ["Orange", "Purple", "Cyan", "Pink"],
              "colours": ["yellow", "blue", "pink", "red"]},
             T("y", "yyyr", special=True), T("b", "pppy"), T("p", "rryy"),
             T("r", "yybp", "ppbr"), T("y", "bbby")]
            + nothing(6, 46, order) + [T("r", "rrrb")] + nothing(53, 44, order))


FOUR = {"winners": [0, 2], "beds": [2, 1, 2, 1], "corners": [5, 3, 5, 3], "piles": 1,
        "reason": ["Tie at 2 beds", "same corners 5"], "turns": 96}


def team_game():
    # The team variant 2 vs 2: blue (Orange) and red (Cyan) against yellow (Purple) and pink
    # (Pink), "Each player receives only 5 flowerbed tiles", no special tiles.
    #   T1 blue: bbbb blue 4, bbry blue 2                       blue 2 beds
    #   T2 yellow: bbrr: "If there is a tie between players on the same team when scoring, no
    #       flowerbed tile is placed"; yyyp yellow 3           yellow 1 bed
    #   T3 red: rrrr, rrby, rrrp red 4, 2, 3                   red 3 beds
    #   T4 pink: ppbb tie; pppb pink 3                         pink 1 bed
    #   T5 blue: bbbr, bbyp, bbbb: blue's 5th tile             blue 5 beds (supply empty)
    #   T6 yellow: bbby blue 3: blue has no tile left, the bed counts ("those are also
    #       counted")                                          blue 6 beds
    #   T7 red: rryp, rrrb: red's 5th tile: "the players of one team have together placed 5
    #       flowerbed tiles each": the end; 1 turn to go     red 5 beds
    #   T8 pink: yyyp yellow 3                                 yellow 2 beds
    # "The team that then together holds majority in the most flowerbeds wins": blue+red 11
    # against yellow+pink 3: Orange and Cyan win (a team's victory, not a shared one).
    return [{"e": "setup", "game": "gardens", "players": ["Orange", "Purple", "Cyan", "Pink"],
             "teams": True, "colours": ["blue", "yellow", "red", "pink"]},
            T("b", "bbbb", "bbry"), T("y", "bbrr", "yyyp"), T("r", "rrrr", "rrby", "rrrp"),
            T("p", "ppbb", "pppb"), T("b", "bbbr", "bbyp", "bbbb"), T("y", "bbby"),
            T("r", "rryp", "rrrb"), T("p", "yyyp")]


TEAM = {"winners": [0, 2], "beds": [11, 3], "reason": ["Team beds: 11"], "turns": 8,
        "piles": 88}


def two_players():
    # Two players: "One player plays alternately as red and blue, the other alternately as
    # yellow and pink. Scoring and the end of the game work exactly as in the 2-vs-2 team
    # variant." Orange plays blue and red, Purple yellow and pink.
    #   T1 blue: bbby blue 3                     blue 1 bed: own 3, teammate red 0
    #   T2 yellow: yyyb yellow 3; yypp teammates tie: no tile   yellow 1 bed: 3 + 0
    #   T3 red: rrbb teammates tie; rrry red 3   red 1 bed: 3 + 0
    #   T4 pink: pppy pink 3                     pink 1 bed: 3 + yellow 1
    #   T5 blue: bbry blue 2                     blue 2 beds: own 3+2, red 0+1
    #   T6 yellow: yypb yellow 2                 yellow 2 beds: own 3+2, pink 0+1
    #   T7..T92 no bed: the 92nd tile leaves 4 in the piles, the round is complete: over.
    # Both teams hold 3 beds. "count how many garden-tile corners with flowers of their
    # colors the teams have contributed in total to the flowerbeds they won": blue+red
    # 5+1+3+0 = 9, yellow+pink 5+1+3+1 = 10: Orange needed fewer and wins.
    order = "byrp"
    return ([{"e": "setup", "game": "gardens", "players": ["Orange", "Purple"],
              "colours": ["blue", "yellow", "red", "pink"]},
             T("b", "bbby"), T("y", "yyyb", "yypp"), T("r", "rrbb", "rrry"), T("p", "pppy"),
             T("b", "bbry"), T("y", "yypb")] + nothing(7, 86, order))


TWO = {"winners": [0], "beds": [3, 3], "corners": [9, 10], "piles": 4, "turns": 92,
       "reason": ["Tie at 3 beds", "fewer corners:", "Ora 9 Pur 10"]}

TABLES = {"three": (three_players, THREE), "four": (four_players, FOUR),
          "team": (team_game, TEAM), "two": (two_players, TWO)}

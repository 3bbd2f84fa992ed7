# The rules of Gardens that are pure arithmetic on what the players enter: the four colours and
# their teams, a completed flowerbed's sole majority, the supplies and the end trigger.
# (/work/shared/rulebooks/gardens-en.txt; the choices where it is silent: docs/RULES.md.)
from shared_rules.errors import local
from shared_rules.gardens.errors import BadBed, UnknownColour

# Turn order of the team game ("e.g., blue, yellow, red, pink"): a colour's team is its index
# parity, blue and red against yellow and pink.
COLOURS = ("blue", "yellow", "red", "pink")
LETTERS = "byrp"  # a flowerbed is entered as four of these, one per flower: "bbry"
TEAM_NAMES = ("blue+red", "yellow+pink")
TEAM_SHORT = ("B/R", "Y/P")
NOBODY = -1

GARDEN_TILES = 96  # "The 96 garden tiles are shuffled and placed as several face-down piles"
LAST_PILES = 4  # "Only 4 garden tiles remain in total across the draw piles" ends the game
BED_TILES = 8  # flowerbed tiles per colour; 6 or 7 in the shorter game; 5 in the team game
SHORT_BED_TILES = (6, 7)
TEAM_BED_TILES = 5
FLOWERS = 4  # "four tile corners together form a patch of earth with four flowers"
BEDS_PER_TURN = 4  # a tile has four corners; each completes at most one bed

# why a bed went where it did
SOLE = 0  # one colour has more flowers than each other colour
TIE = 1  # two or more colours share the most flowers: no tile
UNUSED = 2  # 3 players: the colour nobody plays has sole majority: no tile
MATES = 3  # majority per team: the team holds the bed, its two colours tied: no tile


def team(colour):
    return colour & 1


def colour_index(name):
    # -> 0..3 for a colour name; UnknownColour naming the four
    if isinstance(name, str):
        for c in range(len(COLOURS)):
            if COLOURS[c] == name:
                return c
    raise UnknownColour("%r is not a colour of Gardens; colours: %s"
                        % (name, ", ".join(COLOURS)))


def letter_index(letter):
    # -> 0..3 for a colour letter; UnknownColour naming the letters
    if isinstance(letter, str) and len(letter) == 1:
        c = LETTERS.find(letter)
        if c >= 0:
            return c
    raise UnknownColour("%r is not a colour letter; letters: %s"
                        % (letter, ", ".join("%s=%s" % (LETTERS[c], COLOURS[c])
                                             for c in range(len(COLOURS)))))


def flowers(bed):
    # -> the bed's flowers per colour [blue, yellow, red, pink]; BadBed unless it is 4 letters
    if not isinstance(bed, str) or len(bed) != FLOWERS:
        raise BadBed("a completed flowerbed is its 4 flowers as 4 colour letters (%s), e.g. "
                     "'bbry'; got %r" % (LETTERS, bed))
    counts = [0, 0, 0, 0]
    for ch in bed:
        c = LETTERS.find(ch)
        if c < 0:
            raise BadBed("flowerbed %r: %r is not a colour letter; letters: %s"
                         % (bed, ch, ", ".join("%s=%s" % (LETTERS[k], COLOURS[k])
                                               for k in range(len(COLOURS)))))
        counts[c] += 1
    return counts


def one_tile(beds, taken=0):
    # -> whether one garden tile can have completed all these beds (each its flowers per
    # colour, as flowers() gives them): "Every garden tile shows flowers in the four player
    # colors in its corners", and each bed the tile completes holds one of those corners, a
    # different one each, so each bed needs a flower of a colour no other bed took. taken: the
    # colours taken so far, a bit each
    if not beds:
        return True
    for c in range(FLOWERS):
        if beds[0][c] and not taken & (1 << c) and one_tile(beds[1:], taken | (1 << c)):
            return True
    return False


def judge(counts, in_play, by_team=False):
    # -> (colour with sole majority or NOBODY, why). Every colour's flowers count, played or
    # not: "In a three-player game, the flowers of the unused fourth color are also counted".
    # by_team (the team rules' house rule, docs/RULES.md G2): the team with more flowers
    # holds the bed and its colour with more places the tile; its two colours tied, MATES
    # and the team's first colour (the bed is the team's, no tile is placed)
    if by_team:
        a, b = counts[0] + counts[2], counts[1] + counts[3]
        if a == b:
            return NOBODY, TIE
        t = 0 if a > b else 1
        if counts[t] == counts[t + 2]:
            return t, MATES
        return (t if counts[t] > counts[t + 2] else t + 2), SOLE
    most = max(counts)
    if counts.count(most) > 1:
        return NOBODY, TIE
    c = counts.index(most)
    if not in_play[c]:
        return NOBODY, UNUSED
    return c, SOLE


def bed_line(counts, winner, why, placed, by_team=False):
    # The verdict on one bed in at most 16 characters (a line of the box's screen); by_team:
    # majority per team ("B/R 3: blue", "Y/P 4: mates tie", "tie B/R=Y/P")
    if by_team:
        if winner == NOBODY:
            return local("tie B/R=Y/P")
        t = team(winner)
        held = "%s %d: " % (local(TEAM_SHORT[t]), counts[t] + counts[t + 2])
        if why == MATES:
            return held + local("mates tie")
        return held + (local(COLOURS[winner]) if placed else local("no tile"))
    if why == SOLE:
        return "%s %d%s" % (local(COLOURS[winner]), counts[winner],
                            "" if placed else local(" no tile"))
    most = max(counts)
    tied = [local(COLOURS[c]) for c in range(len(counts)) if counts[c] == most]
    if why == UNUSED:
        return local("%s unused %d") % (tied[0], most)
    if len(tied) == 2:
        return local("tie %s=%s") % (tied[0], tied[1])
    return local("tie: 1 each")


def supply_trigger(placed, tiles, in_play, teams):
    # "A player has placed their 8th flowerbed tile" (their last, in the shorter game); team
    # game: "the players of one team have together placed 5 flowerbed tiles each"
    if teams:
        return (placed[0] == tiles and placed[2] == tiles) or \
            (placed[1] == tiles and placed[3] == tiles)
    for c in range(len(placed)):
        if in_play[c] and placed[c] == tiles:
            return True
    return False


def round_end(turns, per_round):
    # -> the turn count at which the round under way ends: "The round is played to its end, so
    # that all players have had the same number of turns" (a round: every colour once)
    return (turns + per_round - 1) // per_round * per_round

# Field kinds and the 72 garden tiles.
# A tile is a 2x2 block of fields listed top-left, top-right, bottom-left, bottom-right.
from shared_rules.errors import UnknownType

GREEN = 0
BLUE = 1
WHITE = 2
RED = 3
YELLOW = 4
CONSTRUCTION = 5
JOKER = 6

# The five garden types, in token order (the five token pixels follow it too).
TYPES = ("green", "blue", "white", "red", "yellow")
# What a player reports per garden at scoring: the five types, then the construction site.
AREA_KINDS = TYPES + ("construction",)
KINDS = AREA_KINDS + ("joker",)
LETTERS = "gbwryc*"

TILES_PER_STAGE = {2: 21, 3: 21, 4: 28, 5: 35}
TILE_COUNT = 72

# The rulebook shows tiles but does not list their faces; this set follows what it does say
# (five garden types, some half or fully brown construction tiles, a few joker fields) with
# roughly even colours. Only the desktop simulation and tests use it: the box never needs
# tile faces, players report what they built. See docs/RULES.md.
TILE_FACES = (
    "rr*b bb*y bb*y rr*b r*ww rr*y cccc cccc cgcg ccbb wcwc ccrr "
    "yycc cgcg cbcb wcwc crcr yycc gggg bbbb wwww rrrr yyyy gggg "
    "bbbb wwww rrrr yyyy gwgw rrgg ggyy bgbg wbwb bbrr bbyy wywy "
    "rrww yyrr gwgw rrgg ygyg ggbb bbww rbrb ybyb ywyw rrww rryy "
    "gwgw grgr ygyg gbgb bbyb rrrg ybbb brrr yryy ggrg gggw wwbw "
    "wbbb ggwg ybbb gggy gggr wyww rrgr yyyg yywy wbww ryyy wwbw"
).split()


def kind_code(name):
    for i in range(len(KINDS)):
        if KINDS[i] == name:
            return i
    raise UnknownType("unknown field type %r; allowed: %s" % (name, ", ".join(KINDS)))


def type_code(name):
    # A garden type or "construction": the things that have an area size.
    for i in range(len(AREA_KINDS)):
        if AREA_KINDS[i] == name:
            return i
    raise UnknownType("unknown area type %r; allowed: %s" % (name, ", ".join(AREA_KINDS)))


def tile_codes(face):
    # "rr*b" -> [RED, RED, JOKER, BLUE]
    return [LETTERS.index(ch) for ch in face]


def rotate(fields, quarter_turns):
    # Clockwise: the bottom-left field moves to the top-left, and so on round the block.
    f = list(fields)
    for _ in range(quarter_turns % 4):
        f = [f[2], f[0], f[3], f[1]]
    return f

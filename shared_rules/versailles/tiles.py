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

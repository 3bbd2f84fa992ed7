# The garden grid (versailles-en.txt: "Placement of Garden Tiles", "Joker (Wild) Field",
# "Construction Site", "Intermediate Scoring").
from support import mentions, raises

from shared_rules.errors import IllegalPlacement
from shared_rules.versailles.garden import Garden
from shared_rules.versailles.simulate import rotate, tile_codes
from shared_rules.versailles.tiles import BLUE, CONSTRUCTION, GREEN, JOKER, RED, WHITE, YELLOW

C = CONSTRUCTION


def test_first_tile_anywhere_then_edge_to_edge():
    # "With his first Garden Tile, each player begins his private garden. Later tiles must
    # always be placed adjacent to an existing tile."
    g = Garden()
    g.place(5, -3, [GREEN] * 4)
    exc = raises(IllegalPlacement, g.place, 9, -3, [BLUE] * 4)  # a gap of two fields
    mentions(exc, "edge")
    g.place(7, -3, [BLUE] * 4)
    assert g.tiles == 2


def test_diagonal_only_contact_is_illegal():
    # "tiles may not be placed only diagonally adjacent to existing tiles."
    g = Garden()
    g.place(0, 0, [GREEN] * 4)
    for x, y in ((2, 2), (-2, -2), (2, -2), (-2, 2)):
        exc = raises(IllegalPlacement, g.place, x, y, [RED] * 4)
        mentions(exc, "diagonal")
    assert g.tiles == 1 and len(g.fields) == 4


def test_staggered_placement_is_legal():
    # "Tiles may be placed in a 'staggered' formation": offset by one field.
    g = Garden()
    g.place(0, 0, [GREEN] * 4)
    g.place(2, 1, [GREEN] * 4)   # shares one field edge: (1, 1)-(2, 1)
    g.place(-1, 2, [GREEN] * 4)  # shares (0,1)-(0,2), staggered the other way
    assert g.largest(GREEN) == 12


def test_no_overlap():
    g = Garden()
    g.place(0, 0, [GREEN] * 4)
    exc = raises(IllegalPlacement, g.place, 1, 1, [RED] * 4)
    mentions(exc, "overlap", "(1, 1)")
    assert g.largest(RED) == 0


def test_holes_are_allowed():
    # "holes may be formed": a ring of 2x2 tiles around an empty 2x2 hole.
    g = Garden()
    for x, y in ((0, 0), (2, 0), (4, 0), (4, 2), (4, 4), (2, 4), (0, 4), (0, 2)):
        g.place(x, y, [WHITE] * 4)
    assert g.largest(WHITE) == 32
    assert (2, 2) not in [(k % 1024 - 512, k // 1024 - 512) for k in g.fields]


def test_separate_areas_never_add_up():
    # "The individual Blue fields that are not connected to the large Blue field do not
    # earn any points either": only the largest contiguous area counts.
    g = Garden()
    g.place(0, 0, [BLUE, BLUE, RED, RED])
    g.place(0, 2, [RED, RED, BLUE, BLUE])
    g.place(2, 0, [BLUE, RED, BLUE, RED])
    # blue: {(0,0),(1,0),(2,0),(2,1)} = 4 and {(0,3),(1,3)} = 2 -> 4, not 6
    assert g.largest(BLUE) == 4
    assert g.largest(RED) == 4  # (3,0)-(3,1) is a separate red pair


def test_joker_joins_areas_of_its_types():
    # "This 'wild' field can be counted as any type(s) of garden(s) simultaneously": a joker
    # between two red areas joins them into one.
    g = Garden()
    g.place(0, 0, [RED, JOKER, RED, RED])
    g.place(2, 0, [RED, BLUE, RED, BLUE])
    assert g.largest(RED) == 6
    assert g.largest(BLUE) == 2  # (3,0) + (3,1); the joker touches no blue field


def test_jokers_do_not_extend_construction_sites():
    # Our choice (docs/RULES.md): the joker counts for garden types; a construction site is
    # not a garden type.
    g = Garden()
    g.place(0, 0, [C, JOKER, C, C])
    assert g.largest(CONSTRUCTION) == 3
    assert g.largest(GREEN) == 1


def test_joker_only_area_counts():
    # Our choice (docs/RULES.md): two touching jokers with no real field of a type still
    # form an area of 2 of that type - the joker "counts as any type".
    g = Garden()
    g.place(0, 0, [JOKER, JOKER, C, C])
    assert g.areas() == [2, 2, 2, 2, 2, 2]


def test_rotation_and_faces():
    # fields are top-left, top-right, bottom-left, bottom-right; a quarter turn clockwise
    # moves bottom-left to top-left.
    f = tile_codes("gbwr")
    assert f == [GREEN, BLUE, WHITE, RED]
    assert rotate(f, 1) == [WHITE, GREEN, RED, BLUE]
    assert rotate(f, 4) == f and rotate(f, 2) == [RED, WHITE, BLUE, GREEN]
    assert tile_codes("c*") == [CONSTRUCTION, JOKER]


def test_tile_set_has_72_tiles_of_the_known_kinds():
    # "72 Garden Tiles"; fields are the five garden types, construction sites and jokers.
    from shared_rules.versailles.simulate import TILE_FACES
    from shared_rules.versailles.tiles import TILE_COUNT
    assert len(TILE_FACES) == TILE_COUNT == 72
    for face in TILE_FACES:
        assert len(face) == 4
        tile_codes(face)  # raises on an unknown letter
    letters = "".join(TILE_FACES)
    for ch in "gbwryc*":
        assert ch in letters


def test_areas_report_order():
    g = Garden()
    g.place(0, 0, [GREEN, BLUE, WHITE, RED])
    g.place(2, 0, [YELLOW, YELLOW, C, C])
    assert g.areas() == [1, 1, 1, 1, 2, 2]

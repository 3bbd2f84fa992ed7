# Issue 22, each game's own colours: a game whose rulebook gives its players colours plays in
# them (its rules' SEATS), one colour per player per game; the others in the box's own
# (shared_rules/palette.py). On CPython and MicroPython. The setup screens that offer them:
# test_gardens_flow.py, test_schlossgarten_box.py.
from shared_rules import palette, roster
from shared_rules.gardens import rules as gardens
from shared_rules.gardens.game import SEATS as GARDENS
from shared_rules.schlossgarten.game import SEATS as SCHLOSSGARTEN

from app.colors import rgb_of


def test_gardens_players_are_its_flower_colours_in_the_rules_order():
    # "Each player receives, in their own color"; the box turns a chosen colour into the
    # rules' colour by its place, so the two orders must be one
    assert [n.lower() for n, _ in GARDENS] == list(gardens.COLOURS), GARDENS


def test_schlossgarten_players_are_its_pawn_colours():
    # Figures 4, 5a-5d: "the blue player", "the red player", "the white gardener", "the yellow
    # gardener"
    assert sorted(n for n, _ in SCHLOSSGARTEN) == ["Blue", "Red", "White", "Yellow"]


def test_a_colour_name_means_one_colour_whatever_the_game():
    # the host draws a player by their name alone, so a name two games share is one colour;
    # each game offers a colour once; a pixel finds it with the game's own colours
    seen = {}
    for colours in (palette.PALETTE, GARDENS, SCHLOSSGARTEN):
        names = [n for n, _ in colours]
        assert len(set(names)) == len(names), names
        for n, rgb in colours:
            assert seen.setdefault(n, rgb) == rgb, (n, rgb, seen[n])
            assert rgb_of(n, colours) == rgb, n
    assert rgb_of("Orange", GARDENS) == (255, 80, 0)  # a game set up before: the palette's
    assert rgb_of("Blue") == rgb_of("Nobody", GARDENS) == (255, 255, 255)


def test_no_person_on_the_roster_takes_a_seats_colour_of_any_game():
    # a guest plays under the colour: a person by that name would be counted with every
    # guest. The roster writes the games' own colours itself (importing them would load
    # those games' rules at every setup): the same names
    own = set(n for n, _ in GARDENS + SCHLOSSGARTEN) - set(n for n, _ in palette.PALETTE)
    assert sorted(roster.GAME_COLOURS) == sorted(own)
    for name in ("Blue", "white", "ORANGE", "Pink", "Yellow"):
        assert "seat's colour" in roster.problem(name), name
    assert roster.problem("Jana") is None

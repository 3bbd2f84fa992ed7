# The end of a game of Gardens on the box (app/gardens.py): its final scoreboard is the game's
# lowest point of heap, every event held, so the bed entry leaves as it opens; on CPython and
# the MicroPython unix port.
import sys

from support import dropping, press, scratch, screen_said, screen_texts

from test_gardens_flow import _bed, _start, _turn


@dropping
def test_the_final_scoreboard_lets_the_bed_entry_go():
    # The final scoreboard is a game's lowest point, every event held: the bed entry, of no
    # more use, leaves the heap as it opens
    h, a = _start(scratch("gardens_over_heap"), 3, 2)  # 6 tiles each
    for _ in range(4):
        _turn(h, a, "bbbb", "bbby")  # blue's tiles, till the end is triggered
        if a.game.end_at is not None:
            break
        _turn(h, a)
        _turn(h, a)
    for _ in range(3):
        if a.game.outcome is not None:
            break
        _turn(h, a)
    assert screen_texts(h)[0] == "Game over", screen_texts(h)
    assert "app.gardens_beds" in sys.modules
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Final scores", screen_texts(h)
    assert "app.gardens_beds" not in sys.modules


@dropping
def test_a_new_game_lets_the_last_ends_screens_go():
    # The final scoreboard's modules (and the winner screen's) stay for the menu, and leave
    # at the next New game: beside the setup they held its lowest point on the image
    h, a = _start(scratch("gardens_over_setup"), 3, 2)
    while a.game.outcome is None:
        if a.game.end_at is None:
            _turn(h, a, "bbbb", "bbby")  # blue's tiles, till the end is triggered
        else:
            _turn(h, a)
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Final scores" and "app.scoreboard" in sys.modules
    while screen_texts(h)[0] != "LE NOTRE":
        press(h, a, "back")
    press(h, a, "ok")  # New game (no game to resume)
    assert screen_texts(h)[2] == "How many players", screen_texts(h)
    for m in ("app.results", "app.scoreboard", "shared_rules.scoreboard"):
        assert m not in sys.modules, m


def test_beds_no_tile_can_complete_are_refused_and_stay_to_be_put_right():
    # A tile has one flower of each colour in its corners, a different one in each bed it
    # completes (docs/RULES.md, G13): two all-blue beds in one turn are a typing error. The box
    # says so when ok records the turn; the beds stay on the screen to be put right.
    h, a = _start(scratch("gardens_one_tile"), 3, 2)
    _turn(h, a, "bbbb", "bbbb")
    assert screen_texts(h)[0] == "Not allowed", screen_texts(h)
    assert "no garden tile completes bbbb bbbb" in screen_said(h), screen_said(h)
    assert a.game.turns == 0
    press(h, a, "back")  # the message closes: the second bed as it was entered
    assert screen_texts(h)[:2] == ["blue bed 2", "B B B B"], screen_texts(h)
    press(h, a, "back")  # its last flower taken away, a yellow one instead
    _bed(h, a, "y")
    press(h, a, "ok")
    assert a.game.turns == 1 and a.game.won[0] == 2, a.game.won

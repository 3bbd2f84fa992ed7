"""screenread (the emulated Pico's screen, read from the OLED frame's pixels alone) against the
strings the firmware drew, on the simulated box (CPython): a whole game played by a player who
sees only the pixels, every screen compared with the firmware's own list of texts."""
import re

import pytest

from lenotre.device import screenread
from lenotre.device.simclient import SimDevice
from lenotre.games.versailles_play import Player
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play
from test_device_games import journal


class PixelsOnly:
    # The simulated box seen as the emulated Pico is: texts read off the frame; every screen
    # looked at is kept with what the firmware drew on it.
    def __init__(self, dev):
        self.dev = dev
        self.seen = []

    def __getattr__(self, name):
        return getattr(self.dev, name)

    def screen(self):
        frame, drawn = self.dev.screen()
        read = screenread.texts(frame)
        self.seen.append(([t.strip() for t in drawn if t.strip()], read))
        return frame, read


@pytest.fixture(scope="module")
def game_seen(tmp_path_factory):
    # a 2-player game played from the pixels: (the plan, the screens seen, the box's flash)
    plan = play(3, 2)
    flash = str(tmp_path_factory.mktemp("screenread") / "flash")
    with SimDevice(flash) as dev:
        dev.wait(30)
        eyes = PixelsOnly(dev)
        Player(eyes).play(plan.log)
    return plan, eyes.seen, flash


def test_a_whole_game_played_from_the_pixels_alone(game_seen):
    plan, seen, flash = game_seen
    for drawn, read in seen:
        # nothing read that was not drawn; texts drawn on one line apart may be read as one
        # ("Versailles  >": the title and the -> to the next game, on a box with several)
        for t in read:
            assert t in drawn or all(part in drawn for part in re.split(r"\s{2,}", t)), \
                (drawn, read)
        # a string not read was drawn over: a toast (drawn last, read) covers the hint
        joined = " ".join(read)
        for t in drawn:
            if t not in read and t not in joined.split():
                assert drawn.index(t) < len(drawn) - 1 and drawn[-1] in read, (drawn, read)
    s, gid = journal(flash)
    assert Game.replay(s.events(gid)).totals() == plan.totals()


def test_the_areas_screen_is_read_whole_chosen_row_included(game_seen):
    # Regression: the chosen row's bar (1 pixel up, 8 high) hid its descenders (the y of
    # yellow, drawn dark on dark) and the row above's; screenread found no chosen row.
    areas = [(d, r) for d, r in game_seen[1] if any("'s areas" in t for t in d)]
    assert areas
    for drawn, read in areas:
        assert read == drawn
        assert len([t for t in read if t.startswith(">")]) == 1
    # stage 2's screens have the construction row, chosen last
    assert any(r[-1].startswith(">construction") for _, r in areas)


def test_german_letters_are_read_off_the_pixels(tmp_path):
    # Issue 25: the box draws ÄÖÜäöüß itself (shared_rules/glyphs.py); a reader of its pixels
    # knows them (the inverted title bar's: tests/shared/test_german_letters.py). The names
    # come by the roster's file.
    flash = tmp_path / "flash"
    (flash / "data").mkdir(parents=True)
    (flash / "data" / "roster.txt").write_text("Jürgen\nBjörn\nGrößmann\n", encoding="utf-8")
    with SimDevice(str(flash)) as dev:
        dev.wait(30)
        dev.press("ok")  # New game
        dev.press("ok")  # 2 players
        dev.press("ok")  # the first colour
        frame, drawn = dev.screen()
        assert {"Jürgen", "Björn", "Größmann"} <= set(drawn)
        assert screenread.texts(frame) == [t for t in drawn if t.strip()]

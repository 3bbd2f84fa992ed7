"""Regenerate the README's screenshots: the simulator's demo game (a whole 2-player game of
Versailles from the desktop simulation, played on the simulated box through its buttons, in
lenotre/games/versailles_demo.py) with a PNG of the OLED and the LEDs at each moment a player
looks; then the same presses on a box speaking each other language it has, the same moments
shot into docs/screens/<code>/ (tests/rigs/replay.py). Run: .venv/bin/python docs/screens/make.py"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(ROOT, "host"), os.path.join(ROOT, "tests", "rigs")]

from lenotre.device import languages, png  # noqa: E402
from lenotre.games import versailles_demo  # noqa: E402
from replay import Recording, again  # noqa: E402

SEED = 25  # the box's games' seeds: Ludwig's deck the same in every language's run


def _write(dev, folder, name):
    frame, texts = dev.screen()
    png.write(os.path.join(folder, name + ".png"), frame, pixels=dev.pixels(), pixel_max=48)
    print("%-14s %s" % (os.path.relpath(os.path.join(folder, name), HERE), " | ".join(texts)))


def main():
    with tempfile.TemporaryDirectory() as flash, Recording(flash, seed=SEED) as dev:
        def shoot(name):
            _write(dev, HERE, name)
            dev.mark(name)
        presses = versailles_demo.play(dev, shoot)
    print("%d button presses" % presses)
    for code in languages.codes():
        folder = os.path.join(HERE, code)
        os.makedirs(folder, exist_ok=True)
        again(dev, code, lambda there, name: _write(there, folder, name), SEED)


if __name__ == "__main__":
    main()

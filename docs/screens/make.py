"""Regenerate the README's screenshots: the simulator's demo game (a whole 2-player game of
Versailles from the desktop simulation, played on the simulated box through its buttons, in
lenotre/games/versailles_demo.py) with a PNG of the OLED and the LEDs at each moment a player
looks. Run: .venv/bin/python docs/screens/make.py"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(HERE)), "host"))

from lenotre.device import png  # noqa: E402
from lenotre.device.simclient import SimDevice  # noqa: E402
from lenotre.games import versailles_demo  # noqa: E402


def main():
    with tempfile.TemporaryDirectory() as flash, SimDevice(flash) as dev:
        def shoot(name):
            frame, texts = dev.screen()
            png.write(os.path.join(HERE, name + ".png"), frame, pixels=dev.pixels(),
                      pixel_max=48)
            print("%-10s %s" % (name, " | ".join(texts)))
        presses = versailles_demo.play(dev, shoot)
    print("%d button presses" % presses)


if __name__ == "__main__":
    main()

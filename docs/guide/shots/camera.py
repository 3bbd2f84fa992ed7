"""What every page's shots share: a fresh simulated box, and a camera that writes the OLED
and the LED strip as docs/screens/<page>/<name>.png once it has checked the screen is the one
the page describes (a firmware change that moves a screen fails the run, not the guide).
The box records what was pressed (tests/rigs/replay.py): again() plays the same presses on a
box speaking another language and takes the same shots there, docs/screens/<code>/<page>/."""
import contextlib
import os
import tempfile

from lenotre.device import png
from lenotre.device.simplay import TOAST_MS, colours
import replay
from replay import Recording

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))
SCREENS = os.path.join(ROOT, "docs", "screens")
PIXEL_MAX = 48  # hardware/pinout.json's brightness_cap: the LEDs drawn as they look lit
BOOT_MS = 30  # the menu's first frame
SEED = 25  # the box's games' seeds (Ludwig's deck): the same presses, the same game
boxes = []  # the boxes of this run, each with its recording


class ShotError(Exception):
    pass


@contextlib.contextmanager
def fresh_box(roster=None):
    """A simulated box on an empty flash, at its menu; roster: names for data/roster.txt
    (write_roster) before it boots."""
    with tempfile.TemporaryDirectory() as flash:
        if roster:
            write_roster(flash, roster)
        with Recording(flash, seed=SEED) as dev:
            dev.flash = flash
            boxes.append(dev)
            dev.wait(BOOT_MS)
            yield dev


def write_roster(flash, names):
    # The file a sync leaves on the box (firmware/roster.py); the setup reads it at each
    # player count's ok, so a box may get it between two games
    os.makedirs(os.path.join(flash, "data"), exist_ok=True)
    text = "".join(name + "\n" for name in names)
    with open(os.path.join(flash, "data", "roster.txt"), "w") as f:
        f.write(text)
    for dev in boxes:
        if dev.flash == flash:
            dev.wrote("data/roster.txt", text)


class Camera:
    def __init__(self, dev, page):
        self.dev = dev
        self.folder = os.path.join(SCREENS, page)
        self.page = page
        self.taken = []
        os.makedirs(self.folder, exist_ok=True)

    def shoot(self, name, *words):
        """Write <page>/<name>.png; every one of `words` must be in the screen's texts (a
        toast's lines count: some shots are of a toast)."""
        frame, texts = self.dev.screen()
        missing = [w for w in words if not any(w in t for t in texts)]
        if missing:
            raise ShotError("%s/%s: the screen lacks %r; it shows %r"
                            % (self.page, name, missing, texts))
        png.write(os.path.join(self.folder, name + ".png"), frame, pixels=self.dev.pixels(),
                  pixel_max=PIXEL_MAX)
        self.dev.mark(name)
        self.taken.append(name)
        print("%-28s %s" % ("%s/%s" % (self.page, name), " | ".join(texts)))

    def settle(self):
        # let a toast go, for a shot of the screen under it
        self.dev.wait(TOAST_MS)


def start(dev, cam, player, game, players, *words, turns=0, said=True):
    # The setup's colours taken in order (ok: the first free one each), a look at the start
    # screen (its `words`), its house rule turned `turns` times (^v), then the game started
    # (said: its setup said on a screen of its own, shot), as the rig's new_game leaves it
    for _ in range(players):
        dev.press("ok")
    cam.shoot("start", *words)
    dev.press("down", turns)
    dev.press("ok")
    if said:
        cam.shoot("setup", "Set up")
        dev.press("ok")
    player.names = colours(game)[:players]


def again(page, code):
    """The page's shots once more on a box speaking `code`, from the presses this run
    recorded: docs/screens/<code>/<page>/<name>.png -> their names."""
    folder = os.path.join(SCREENS, code, page)
    os.makedirs(folder, exist_ok=True)
    taken = []

    def shoot(dev, name):
        frame, texts = dev.screen()
        png.write(os.path.join(folder, name + ".png"), frame, pixels=dev.pixels(),
                  pixel_max=PIXEL_MAX)
        taken.append(name)
        print("%-28s %s" % ("%s/%s/%s" % (code, page, name), " | ".join(texts)))
    for box in boxes:
        replay.again(box, code, shoot, SEED, BOOT_MS)
    del boxes[:]
    return taken

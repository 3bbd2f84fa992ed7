# The report looked at in a real browser: headless Chromium screenshots of the overview and
# of a game's page, checked to be a real rendering (the size asked for, not blank, the charts
# drawn). Skipped, saying why, where Chromium is not installed (.ci/run installs it).
import os
import shutil
import subprocess

import pytest
from matplotlib import image as mpimg

import librarygames as L
from lenotre.cli import main

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Chromium is not installed (Debian: apt-get install chromium)")
WIDTH, HEIGHT = 1200, 2400
ORANGE = (255, 80, 0)  # the box's Orange (firmware/app/colors.py): a player's colour in a chart


def screenshot(page, png, profile, size=(WIDTH, HEIGHT)):
    # One headless Chromium run with a fresh profile and nothing going out on the network.
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
           "--no-first-run", "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--hide-scrollbars", "--user-data-dir=%s" % profile,
           "--screenshot=%s" % png, "--window-size=%d,%d" % size, "file://%s" % page]
    run = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0 and os.path.isfile(png), run.stderr[-2000:]
    with open(png, "rb") as f:
        assert f.read(8) == b"\x89PNG\r\n\x1a\n"
    return (mpimg.imread(png)[:, :, :3] * 255).round()  # rows x columns x RGB, 0-255


def census(pixels):
    # -> (share of pixels that are not white, pixels of the Orange player's colour)
    inked = (pixels != 255).any(axis=2).mean()
    orange = int((abs(pixels - ORANGE) <= 6).all(axis=2).sum())
    return inked, orange


@pytest.fixture
def built(tmp_path, capsys):
    db = L.library(tmp_path / "games.sqlite", [
        ("b0x", 1, L.simulated(21, 2), True), ("b0x", 2, L.simulated(22, 3), True),
        ("b0x", 3, L.shared_victory(), True), ("b0x", 4, L.running(), False)])
    out = tmp_path / "report"
    assert main(["report", "--db", db, "--out", str(out)]) == 0
    capsys.readouterr()
    return out


def test_the_overview_renders_in_chromium(built, tmp_path):
    image = screenshot(built / "index.html", str(tmp_path / "overview.png"), tmp_path / "p1")
    assert image.shape[:2] == (HEIGHT, WIDTH)
    inked, orange = census(image)
    # Text and tables: not blank (measured: 7% inked without the charts, 15% with them);
    # and the charts' PNGs were loaded: the page's own style has no Orange, only the charts
    # draw in the players' colours (measured: 0 Orange pixels without them, 36,000 with).
    assert inked > 0.05, "the screenshot is almost blank (%.1f%% inked)" % (100 * inked)
    assert orange > 2000, "no chart on the screenshot (%d Orange pixels)" % orange


def test_a_game_page_renders_its_svg_charts_in_chromium(built, tmp_path):
    image = screenshot(built / "game" / "b0x-1.html", str(tmp_path / "game.png"),
                       tmp_path / "p2", (1000, 1400))
    assert image.shape[:2] == (1400, 1000)
    inked, orange = census(image)
    assert inked > 0.05
    # The score steps and the token cells are drawn in the players' colours (the legend's
    # swatch alone is about 150 pixels; measured with the charts: 9,300).
    assert orange > 3000, "the SVG charts are not drawn (%d Orange pixels)" % orange

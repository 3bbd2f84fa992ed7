"""The box's CircuitPython edition on a real RP2040's CircuitPython: the official CircuitPython
10.2.1 UF2 for the Raspberry Pi Pico on the emulated Pico (lenotre.device.epico,
kind="circuitpython"). CIRCUITPY is a FAT image made with mtools holding only boot.py, as a
user's first copy onto the drive leaves it; `lenotre flash --circuitpython` puts the rest on over
the emulated USB serial. Driven through its GPIO buttons, screens read from the SSD1306's I2C
frames, colours decoded from the NeoPixel's PIO output, the journal read from the FAT image as a
PC reads the drive.

Skipped, saying what to install, where the UF2, the boot ROM, Node, rp2040js or mtools is
missing. Kept small for `make test` (one flash, one game, three power cuts, one cut sync)."""
import contextlib
import io
import os
import random
import shutil

import pytest

from lenotre.cli import main
from lenotre.device import epico, fatimage
from lenotre.device.epico import EmulatedPico, PicoDevice
from lenotre.device.simplay import Player, entered, plan_of
from lenotre.device.toolchain import ROOT
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play

KIND = "circuitpython"
try:
    epico.find_inputs(KIND)
    for tool, package in (("mformat", "mtools"), ("fsck.fat", "dosfstools")):
        fatimage._tool(tool, package)
    MISSING = None
except (epico.EmulatorMissing, fatimage.Missing) as exc:
    MISSING = str(exc)
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

failures = epico.tracebacks


def fresh_drive(image):
    # CIRCUITPY as after the user's one copy by hand: boot.py, which lets the box write
    with open(os.path.join(ROOT, "firmware", "circuitpython", "boot.py"), "rb") as f:
        fatimage.make(image, {"boot.py": f.read()})


def journal(image, tmp_path):
    # the box's data/ folder as a PC reads the drive, opened with the firmware's own store
    import store
    local = str(tmp_path / "pulled")
    shutil.rmtree(local, ignore_errors=True)
    os.makedirs(local)
    for path in fatimage.listing(image):
        if path.startswith("data/") and path.count("/") == 1:
            with open(os.path.join(local, path[5:]), "wb") as f:
                f.write(fatimage.read(image, path))
    return store.Store(local)


@pytest.fixture(scope="module")
def flashed_image(tmp_path_factory):
    # A fresh drive flashed the way a user does it: `lenotre flash --circuitpython --port`.
    # -> the FAT image with the firmware on it, and what the flash printed
    image = str(tmp_path_factory.mktemp("circuitpy") / "circuitpy.img")
    fresh_drive(image)
    said = io.StringIO()
    with EmulatedPico(image, kind=KIND) as pico, contextlib.redirect_stdout(said):
        pico.wait(1000)  # boot.py done, the REPL's banner out
        assert main(["flash", "--circuitpython", "--port", pico.port,
                     "--db", str(tmp_path_factory.mktemp("lib") / "none.db")]) == 0
        texts = pico.wait_for("New game", timeout_ms=60000)
        assert texts[0] == "LE NOTRE", texts
        assert failures(pico.serial_log) == []
    return image, said.getvalue()


def boot(image, tmp_path):
    copy = str(tmp_path / "circuitpy.img")
    shutil.copyfile(image, copy)
    return copy, EmulatedPico(copy, kind=KIND)  # started by the with statement


def test_lenotre_flash_circuitpython_puts_the_app_and_neopixel_on_a_fresh_drive(flashed_image):
    image, out = flashed_image
    line = [ln for ln in out.splitlines() if ln.startswith("flashed ")][0]
    assert "removed 0" in line and "copied 0 (0 bytes)" not in line, line
    files = fatimage.listing(image)
    for path in ("main.py", "boot.py", "boxboard.py", "hal/circuitpython.py", "machine.py",
                 "framebuf.py", "font8x8.bin", "lib/neopixel.py", "pinout.json",
                 "lib/shared_rules/versailles/game.py"):
        assert path in files, (path, files)
    assert not [p for p in files if p.endswith(".mpy") or p.startswith("board.")], files
    assert "hal/pico.py" not in files
    assert fatimage.check(image) == ""


def test_the_flash_refuses_micropythons_build_on_a_circuitpython_box(flashed_image, tmp_path,
                                                                     capsys):
    _, pico = boot(flashed_image[0], tmp_path)
    with pico:
        pico.wait_for("New game", timeout_ms=60000)
        assert main(["flash", "--port", pico.port, "--db", str(tmp_path / "none.db")]) == 1
    err = capsys.readouterr().err
    assert "runs CircuitPython 10.2.1" in err and "--circuitpython" in err, err


def capped(rgb, cap=48):
    return max(rgb) == cap


def test_whole_two_player_game_through_the_gpio_buttons(flashed_image, tmp_path):
    # test_pico_emulated's game on CircuitPython: every press a GPIO held low, every screen
    # from the I2C frames, every colour from the PIO's output, the journal from the FAT image
    plan = play(3, 2)
    image, pico = boot(flashed_image[0], tmp_path)
    with pico:
        dev = PicoDevice(pico)
        assert dev.runtime.endswith("CircuitPython 10.2.1)")
        pico.wait_for("New game", timeout_ms=60000)
        p = Player(dev)
        p.play(plan.log)
        names = p.names
        texts = dev.screen()[1]
        winners = plan.outcome.winners
        assert texts[0] == ("Shared victory" if plan.outcome.shared else "Winner"), texts
        assert any(names[winners[0]][:7] in t for t in texts), texts
        if not plan.outcome.tiebreak:
            assert "%d points" % max(plan.totals()) in texts
        px = dev.pixels()
        for t in range(5):
            h = plan.holders[t]
            if h < 0:
                assert px[t] == (0, 0, 0), (t, px)
            else:
                assert capped(px[t]), (t, px)
        dev.press("ok")
        assert "New game" in dev.screen()[1]
        shown = pico.screen()
        assert shown["pixel_writes"] > 0 and shown["frames"] > 50
        assert failures(pico.serial_log) == []
    assert fatimage.check(image) == ""
    s = journal(image, tmp_path)
    ids = [gid for gid, _ in s.games()]
    assert len(ids) == 1
    events = s.events(ids[0])
    assert s.finished(ids[0]) and not s.synced(ids[0])
    game = Game.replay(events)
    assert game.phase == "over" and game.players == names
    assert game.totals() == plan.totals() and game.scores == plan.scores
    assert game.holders == plan.holders and game.outcome.winners == winners
    assert plan_of(events) == entered(plan.log)

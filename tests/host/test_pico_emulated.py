"""The box's firmware on a real RP2040's MicroPython: the official MicroPython 1.26.1 UF2 on
the emulated Pico (lenotre.device.epico, emu/pico). Flashed with `lenotre flash` over the emulated
USB serial, driven through its GPIO buttons; screens read from the SSD1306's I2C frames,
colours decoded from the NeoPixel data pin, the journal read back from its littlefs.

Skipped, saying what to install, where the UF2, the boot ROM, Node or rp2040js is missing
(`make pico-firmware`, `make emu`). The emulator runs at a quarter of a Pico's speed; idle
time inside presses is skipped, so a whole game takes a few seconds of emulated time."""
import contextlib
import io
import os
import random
import shutil

import pytest

from lenotre.device import epico
from lenotre.cli import main
from lenotre.device.epico import EmulatedPico, PicoDevice
from lenotre.games.versailles_play import Player, entered, plan_of
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play
import picorepl
from picorig import (CutDevice, PowerCut, check_the_end, cut_sync_then_resync, each_game_once,
                     games_on_desktop, soak_only)

try:
    epico.find_inputs()
    MISSING = None
except epico.EmulatorMissing as exc:
    MISSING = str(exc)
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


def journal(pico, tmp_path):
    # the box's data/ folder over USB, opened with the firmware's own store
    import store
    local = str(tmp_path / "pulled")
    shutil.rmtree(local, ignore_errors=True)
    n = len(pico.serial_log)
    try:
        picorepl.pull(pico.port, "data", local)
    except Exception as exc:
        raise AssertionError("reading the journal over USB failed: %s; the device said %r"
                             % (exc, pico.serial_log[n - 200:][-3000:]))
    return store.Store(local)


@pytest.fixture(scope="module")
def flashed_image(tmp_path_factory):
    # A blank emulated Pico (erased flash: MicroPython formats its littlefs at first boot),
    # flashed the way a user does it: `lenotre flash --port`. Then flashed again: nothing to
    # copy. -> the flash image, with the firmware on it
    image = str(tmp_path_factory.mktemp("pico") / "flash.img")
    said = io.StringIO()
    with EmulatedPico(image) as pico, contextlib.redirect_stdout(said):
        assert main(["flash", "--port", pico.port]) == 0
        texts = pico.wait_for("New game")
        assert texts[0] == "LE NOTRE", texts
        assert main(["flash", "--port", pico.port]) == 0
        assert failures(pico.serial_log) == []
        pico.wait_for("New game")
    return image, said.getvalue()


failures = epico.tracebacks


def boot(image, tmp_path):
    copy = str(tmp_path / "flash.img")
    shutil.copyfile(image, copy)
    return EmulatedPico(copy)  # started by the with statement


def test_lenotre_flash_on_a_blank_pico_then_again_copies_nothing(flashed_image):
    # (the flashing itself is the fixture's; its output is checked here)
    out = flashed_image[1]
    first, second = [line for line in out.splitlines() if line.startswith("flashed ")]
    assert ", unchanged 0, removed 0" in first and "copied 0 (0 bytes)" not in first
    assert "copied 0 (0 bytes)" in second and "removed 0" in second


@soak_only("the box's own image plays this game (test_image_emulated.py)")
def test_whole_two_player_game_with_ludwig_through_the_gpio_buttons(flashed_image, tmp_path):
    # The unix-port scenario (test_device_games.py) on the rp2 port: every press a GPIO held
    # low, every screen read from the I2C frames, every colour from the data pin.
    plan = play(3, 2)
    with boot(flashed_image[0], tmp_path) as pico:
        dev = PicoDevice(pico)
        pico.wait_for("New game")
        p = Player(dev)
        p.play(plan.log)
        check_the_end(plan, p, dev, pico)
        s = journal(pico, tmp_path)
    ids = [gid for gid, _ in s.games()]
    assert len(ids) == 1
    events = s.events(ids[0])
    assert s.finished(ids[0]) and not s.synced(ids[0])
    game = Game.replay(events)
    assert game.phase == "over" and game.players == p.names
    assert game.totals() == plan.totals() and game.scores == plan.scores
    assert game.holders == plan.holders and game.outcome.winners == plan.outcome.winners
    assert plan_of(events) == entered(plan.log)
    assert all("ludwig" in ev for ev in events if ev["e"] == "round")


# make soak: ten seeded instants (a cut anywhere in a whole game)
POWER_CUTS = int(os.environ.get("LENOTRE_PICO_CUTS", "1"))


@soak_only("the box's own image is cut mid-game (test_image_emulated.py)")
@pytest.mark.parametrize("seed", range(1, POWER_CUTS + 1))
def test_a_power_cut_at_a_random_instant_loses_no_completed_event(flashed_image, tmp_path,
                                                                  seed):
    rnd = random.Random(seed)
    plan = play(10 + seed, 2)
    steps = entered(plan.log)  # as the box records them
    done = []
    copy = str(tmp_path / "flash.img")
    shutil.copyfile(flashed_image[0], copy)
    with EmulatedPico(copy) as pico:
        pico.wait_for("New game")
        dev = CutDevice(pico, rnd.randrange(5, 200), rnd)  # a 2-player game is ~180 presses
        with pytest.raises(PowerCut):
            Player(dev).play(plan.log, lambda kind, n: done.append(kind) if kind in (
                "round", "claim", "areas", "score") else None)
    with EmulatedPico(copy) as pico:  # power back: the box boots from the flash as it was
        texts = pico.wait_for("", timeout_ms=3000)
        assert texts, "nothing on the screen after the power came back"
        s = journal(pico, tmp_path)
        assert failures(pico.serial_log) == []
    games = s.games()
    assert len(games) <= 1
    events = s.events(games[0][0]) if games else []
    kept = plan_of(events) if events else []
    # every step the player saw acknowledged is there, in order; at most the step being
    # entered at the cut (and the scoring it set off) more
    assert kept == steps[:len(kept)], (kept, steps[:len(kept) + 1])
    assert len(done) <= len(kept) <= len(done) + 2, (len(done), len(kept))
    if events:
        Game.replay(events)  # the journal mends into a game the rules accept


def test_lenotre_sim_pico_runs_a_script_with_screenshots(flashed_image, tmp_path, capsys):
    # The box on the emulated Pico from the CLI: flashed as `lenotre flash` does (nothing
    # to copy on this image), a script pressed through the GPIOs, PNGs of the I2C frames.
    copy = str(tmp_path / "flash.img")
    shutil.copyfile(flashed_image[0], copy)
    script = tmp_path / "script.txt"
    script.write_text("ok\nexpect How many players\nok\nok\nok\nok\nexpect Stage 1 Round 1\n"
                      "shot hub\n")
    assert main(["sim", "--pico", "--flash", copy, "--script", str(script), "--screenshots",
                 str(tmp_path / "shots")]) == 0
    out = capsys.readouterr()
    assert "firmware copied 0" in out.err
    assert out.out.startswith("Stage 1 Round 1 | row of 21 tiles")
    assert "runtime rp2040" in out.out
    png = (tmp_path / "shots" / "hub.png").read_bytes()
    assert png.startswith(b"\x89PNG")


def test_lenotre_sim_pico_serial_gives_a_port_with_the_micropython_repl(flashed_image,
                                                                       tmp_path):
    import select
    import subprocess
    import sys
    import time

    import serial
    copy = str(tmp_path / "flash.img")
    shutil.copyfile(flashed_image[0], copy)
    proc = subprocess.Popen([sys.executable, "-m", "lenotre.cli", "sim", "--pico", "--serial",
                             "--flash", copy], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 30)
        port = proc.stdout.readline().strip() if ready else ""
        assert port.startswith("/dev/pts/"), proc.stderr.read()
        with serial.Serial(port, 115200, timeout=0.2) as s:
            seen = b""
            end = time.monotonic() + 20
            while b"Raspberry Pi Pico with RP2040" not in seen and time.monotonic() < end:
                s.write(b"\x03\x02")  # Ctrl-C stops the app; Ctrl-B: the banner
                seen += s.read(4096)
        assert b"MicroPython v1.26.1" in seen, seen[-500:]
    finally:
        proc.terminate()
        proc.wait(10)


@soak_only("the box's own image's sync is cut (test_image_emulated.py)")
def test_lenotre_sync_over_the_emulated_usb_with_the_cable_cut_mid_sync(flashed_image,
                                                                        tmp_path):
    # Games on the box's littlefs (written by the firmware's own store on the desktop, then
    # copied over USB), `lenotre sync` killed at a seeded random moment (the host end gone
    # mid-transfer, as when the cable is pulled), the box restarted (plugged in again), then
    # synced again: every game exactly once in the library, each as the box recorded it.
    local = str(tmp_path / "box")
    logs = games_on_desktop(local, 30)
    copy = str(tmp_path / "flash.img")
    shutil.copyfile(flashed_image[0], copy)
    db = str(tmp_path / "library.db")
    with EmulatedPico(copy) as pico:
        pico.wait_for("New game")
        assert picorepl.push(pico.port, local, "data") == len(os.listdir(local))
    cut_sync_then_resync(lambda: EmulatedPico(copy), db, len(logs), random.Random(7), 20, 120)
    each_game_once(db, logs)


# `make soak` presses 2,000 times (LENOTRE_PICO_SOAK; 200 without it).
SOAK_PRESSES = int(os.environ.get("LENOTRE_PICO_SOAK", "200"))


@soak_only("the box's own image takes random presses in all four games "
           "(test_image_emulated.py)")
def test_random_presses_do_not_break_the_box(flashed_image, tmp_path):
    # A seeded, bounded soak: SOAK_PRESSES presses, short and long, at random; the box never
    # prints a traceback, its guard caught no crash (no crash.log), it still draws a readable
    # screen, and every game in its journal replays. (It found the abandoned game's
    # IndexError, fixed.)
    rnd = random.Random(11)
    with boot(flashed_image[0], tmp_path) as pico:
        pico.wait_for("New game")
        for _ in range(SOAK_PRESSES):
            button = rnd.choice(epico.BUTTONS)
            if rnd.random() < 0.1:
                pico.long(button)
            else:
                pico.press(button, rnd.choice((30, 80, 200)), rnd.choice((20, 40, 300)))
        pico.wait(2000)
        assert failures(pico.serial_log) == [], failures(pico.serial_log)[0]
        assert pico.screen()["texts"], "a blank screen after the soak"
        s = journal(pico, tmp_path)
    assert not os.path.exists(os.path.join(str(tmp_path / "pulled"), "crash.log")), \
        open(os.path.join(str(tmp_path / "pulled"), "crash.log")).read()
    for gid, _ in s.games():
        Game.replay(s.events(gid))


def test_the_buzzer_of_hal_pico_sounds_its_frequency_for_its_time(flashed_image, tmp_path):
    # hal.pico.Buzzer on the rp2 port: machine.PWM on the buzzer pin, silenced by a virtual
    # machine.Timer; the emulated Pico decodes the PWM slice of that pin.
    with boot(flashed_image[0], tmp_path) as pico:
        pico.wait_for("New game")
        picorepl.execute(pico.port, "from hal.pico import Buzzer\nimport board, time\n"
                      "b = Buzzer(board.load('pinout.json').buzzer_pin)\n"
                      "b.beep(880, 120)\ntime.sleep_ms(300)")
        beeps = pico.screen()["beeps"]
    assert len(beeps) == 1, beeps
    _, freq, ms = beeps[0]
    assert abs(freq - 880) <= 2 and 115 <= ms <= 130, beeps


TIMED = """import time, os
from machine import I2C, Pin
import board
b = board.load('pinout.json')
i2c = I2C(b.i2c_id, sda=Pin(b.i2c_sda), scl=Pin(b.i2c_scl), freq=b.i2c_freq)
frame = bytearray(1025)
frame[0] = 0x40
t = time.ticks_us()
i2c.writeto(b.oled_addr, frame)
bus = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
with open('timed.bin', 'wb') as f:
    f.write(bytes(2048))  # past littlefs's inline files (512 B): a block of its own
flash = time.ticks_diff(time.ticks_us(), t)
os.remove('timed.bin')
print(bus, flash)
"""


def test_the_i2c_bus_and_the_flash_take_their_time_in_emulated_time(flashed_image, tmp_path):
    # pico.js --costs (on for MicroPython): a blocking writeto lasts as long as its bits on
    # the pinout's bus, 9 bit times a byte and a bit each for start and stop; a new file's
    # block costs the W25Q16JV's sector erase (45 ms typical) before its program. Measured
    # by the Pico's own clock (ticks_us), which is emulated time: not the machine's speed.
    import json
    freq = json.load(open(os.path.join(epico.ROOT, "hardware", "pinout.json")))["i2c"]["freq"]
    with boot(flashed_image[0], tmp_path) as pico:
        pico.wait_for("New game")
        before = pico.screen()["flash"]
        bus_us, flash_us = map(int, picorepl.execute(pico.port, TIMED).split())
        after = pico.screen()["flash"]
    wire_us = (1 + 9 + 1025 * 9 + 1) * 1e6 / freq  # start, address, bytes, stop
    assert wire_us <= bus_us <= wire_us + 1500, (bus_us, wire_us)
    erases = after["erases"] - before["erases"]
    assert erases >= 1 and flash_us >= 45000, (flash_us, erases)


def test_an_emulated_pico_is_started_once(flashed_image, tmp_path):
    # Regression: the tests' boot() started one and the with statement another, on the same
    # flash image; the first ran on unseen, writing the image too, until the test run ended.
    pico = boot(flashed_image[0], tmp_path)
    with pico:
        with pytest.raises(epico.EmulatedPicoError, match="already running"):
            pico.start()
        first = pico.proc.pid
    assert pico.proc is None
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)


def test_what_a_host_writes_just_before_closing_the_port_reaches_the_device(flashed_image,
                                                                            tmp_path):
    # Regression: the relay heeded the hang-up first and left such bytes in the pseudo-
    # terminal until the next program opened it; then they went ahead of its own (a stale
    # Ctrl-D soft reboot swallowed mpremote's Ctrl-C: "could not enter raw repl").
    with boot(flashed_image[0], tmp_path) as pico:
        pico.wait_for("New game")
        fd = os.open(pico.port, os.O_RDWR | os.O_NOCTTY)
        os.write(fd, b"\r\x03")  # Ctrl-C: the app stops, the REPL shows why
        os.close(fd)
        pico.wait(1500)
        assert b"KeyboardInterrupt" in pico.serial_log, pico.serial_log[-300:]

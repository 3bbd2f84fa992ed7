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
from lenotre.device import epico
from lenotre.device.epico import EmulatedPico, PicoDevice
from lenotre.games.versailles_play import Player, entered, plan_of
from lenotre.device.toolchain import ROOT
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play
import fatimage
import picorepl
from picorig import (CutDevice, PowerCut, boot_after_cut, check_the_end, each_game_once,
                     games_on_desktop, soak_only, sync_cut_mid_way)

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


BUZZ = ("import boxboard, time\nfrom hal.circuitpython import Buzzer, Clock\nc = Clock()\n"
        "b = Buzzer(boxboard.load('pinout.json').buzzer_pin, c)\nb.beep(880, 120)\n"
        "t = c.ticks_ms()\nwhile c.ticks_diff(c.ticks_ms(), t) < 300:\n b.tick(c.ticks_ms())\n"
        " time.sleep(0.01)")


@pytest.fixture(scope="module")
def flashed_image(tmp_path_factory):
    # A fresh drive flashed the way a user does it: `lenotre flash --circuitpython --port`;
    # then, on the same boot (each boot compiles the sources: ~10 s), MicroPython's build
    # offered to it, and hal.circuitpython's buzzer sounded.
    # -> the FAT image with the firmware on it, what the flashes printed, the beeps heard
    image = str(tmp_path_factory.mktemp("circuitpy") / "circuitpy.img")
    fresh_drive(image)
    said = io.StringIO()
    none = str(tmp_path_factory.mktemp("lib") / "none.db")
    with EmulatedPico(image, kind=KIND) as pico, contextlib.redirect_stdout(said), \
            contextlib.redirect_stderr(said):
        pico.wait(1000)  # boot.py done, the REPL's banner out
        assert main(["flash", "--circuitpython", "--port", pico.port, "--db", none]) == 0
        texts = pico.wait_for("New game", timeout_ms=60000)
        assert texts[0] == "LE NOTRE", texts
        assert failures(pico.serial_log) == []
        refused = main(["flash", "--port", pico.port, "--db", none])
        picorepl.execute(pico.port, BUZZ)
        beeps = pico.screen()["beeps"]
    return image, said.getvalue(), refused, beeps


def boot(image, tmp_path):
    copy = str(tmp_path / "circuitpy.img")
    shutil.copyfile(image, copy)
    return copy, EmulatedPico(copy, kind=KIND)  # started by the with statement


def test_lenotre_flash_circuitpython_puts_the_app_and_neopixel_on_a_fresh_drive(flashed_image):
    image, out = flashed_image[:2]
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


def test_the_flash_refuses_micropythons_build_on_a_circuitpython_box(flashed_image):
    # (offered in the fixture) `lenotre flash` without --circuitpython says what to do
    _, said, refused, _ = flashed_image
    assert refused == 1
    assert "runs CircuitPython 10.2.1" in said and "with `lenotre flash --circuitpython`" in said


def test_a_drive_without_boot_py_is_refused_saying_to_copy_it(tmp_path, capsys):
    # Step 2 of the setup skipped (hardware/README.md): CircuitPython keeps CIRCUITPY read-only
    # to the box, and the flash says so and what to do, before copying anything
    image = str(tmp_path / "circuitpy.img")
    fatimage.make(image, {"notes.txt": b"mine"})
    with EmulatedPico(image, kind=KIND) as pico:
        pico.wait(1000)
        assert main(["flash", "--circuitpython", "--port", pico.port,
                     "--db", str(tmp_path / "n.db")]) == 1
    err = capsys.readouterr().err
    assert "CIRCUITPY is read-only to the box" in err and "firmware/circuitpython/boot.py" in err
    assert "nothing was changed" in err
    # (boot_out.txt is CircuitPython's own, written at every boot)
    assert sorted(fatimage.listing(image)) == ["boot_out.txt", "notes.txt"]


def test_the_buzzer_of_hal_circuitpython_sounds_its_frequency_for_its_time(flashed_image):
    # (sounded in the fixture) pwmio on the buzzer pin, silenced by the keypad's poll (tick)
    beeps = flashed_image[3]
    assert len(beeps) == 1, beeps
    _, freq, ms = beeps[0]
    # pwmio's divider and TOP give 872 Hz for 880 (what the registers make, read by pico.js)
    assert abs(freq - 880) <= 0.015 * 880 and 115 <= ms <= 140, beeps


WATCHDOG = ("import supervisor\nfrom hal.circuitpython import Clock, Watchdog\nc = Clock()\n"
            "w = Watchdog()\nw.start(1000)\nw.feed()\n%s\nt = c.ticks_ms()\n"
            "while c.ticks_diff(c.ticks_ms(), t) < 2500:\n pass\nprint('alive')")


def test_the_watchdog_resets_a_hung_box_and_lets_the_host_hold_the_repl(flashed_image,
                                                                         tmp_path):
    # hal.circuitpython.Watchdog (microcontroller.watchdog, what guard.py feeds after every
    # step): stopped, as the guard stops it when the host's Ctrl-C takes the box for a sync
    # or a flash, a busy 2.5 s past its 1 s is no reset; armed and not fed, the box resets
    # and comes back to its app by itself.
    image, pico = boot(flashed_image[0], tmp_path)
    with pico:
        pico.wait_for("New game", timeout_ms=60000)
        out = picorepl.at_raw_repl(pico.port, lambda t: t.exec(WATCHDOG % "w.stop()", 300))
        assert b"alive" in out and pico.resets == [], out
        picorepl.at_raw_repl(pico.port, lambda t: t.start(WATCHDOG % ""))
        for _ in range(40):  # 1 s armed, then reset: well within these 20 s
            if pico.resets:
                break
            pico.wait(500)
        assert pico.resets == ["watchdog"]
        frames = pico.screen()["frames"]  # (the OLED keeps its picture through a reset)
        for _ in range(60):
            pico.wait(500)
            if pico.screen()["frames"] > frames and "New game" in pico.text():
                break
        assert pico.text().startswith("LE NOTRE | New game"), pico.text()
        assert pico.serial_log.count(b"alive") == 1  # the stopped run's; the hung one's never


@soak_only("7 minutes on a 2-core machine; in make test the CircuitPython box plays up to "
           "a power cut and runs the rules tests, the box's own image plays this game whole")
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
        check_the_end(plan, p, dev, pico)
    assert fatimage.check(image) == ""
    s = journal(image, tmp_path)
    ids = [gid for gid, _ in s.games()]
    assert len(ids) == 1
    events = s.events(ids[0])
    assert s.finished(ids[0]) and not s.synced(ids[0])
    game = Game.replay(events)
    assert game.phase == "over" and game.players == p.names
    assert game.totals() == plan.totals() and game.scores == plan.scores
    assert game.holders == plan.holders and game.outcome.winners == plan.outcome.winners
    assert plan_of(events) == entered(plan.log)


# `make test` cuts at 2 seeded instants in a game's first 60 presses (its setup and first
# rounds: claims, cards, round ends all write the journal); `make soak` at 10 over its whole
# length (LENOTRE_CIRCUITPY_CUTS): each boot compiles the sources, each press ~0.3 s wall.
CUTS = int(os.environ.get("LENOTRE_CIRCUITPY_CUTS", "1"))
LAST_CUT = 60 if CUTS <= 2 else 180


@pytest.mark.parametrize("seed", range(1, CUTS + 1))
def test_a_power_cut_at_a_random_instant_loses_no_completed_event_on_fat(flashed_image,
                                                                         tmp_path, seed):
    rnd = random.Random(seed)
    plan = play(10 + seed, 2)
    steps = entered(plan.log)
    done = []
    image, pico = boot(flashed_image[0], tmp_path)
    with pico:
        pico.wait_for("New game", timeout_ms=60000)
        dev = CutDevice(pico, rnd.randrange(5, LAST_CUT), rnd)
        with pytest.raises(PowerCut):
            Player(dev).play(plan.log, lambda kind, n: done.append(kind) if kind in (
                "round", "claim", "areas", "score") else None)
    with EmulatedPico(image, kind=KIND) as pico:  # power back: boots from the flash as it was
        texts = pico.wait_for("", timeout_ms=60000)
        assert texts, "nothing on the screen after the power came back"
        pico.wait(500)
        assert failures(pico.serial_log) == []
    # the drive is a FAT a PC mounts, and the store reads the journal the box mended at boot
    assert fatimage.check(image) == ""
    s = journal(image, tmp_path)
    games = s.games()
    assert len(games) <= 1
    events = s.events(games[0][0]) if games else []
    kept = plan_of(events) if events else []
    assert kept == steps[:len(kept)], (kept, steps[:len(kept) + 1])
    assert len(done) <= len(kept) <= len(done) + 2, (len(done), len(kept))
    if events:
        Game.replay(events)


# make test: none (the one seed it ran meets the open case below); make soak: six
# (LENOTRE_CIRCUITPY_ERASE_CUTS)
ERASE_CUTS = int(os.environ.get("LENOTRE_CIRCUITPY_ERASE_CUTS", "1"))


# Open (issue 21's closing note): when the sector erased also holds data/'s directory
# entries, the box boots with data/ empty and does not put the game back from the mirror; seed 3
# meets it since the firmware's files grew (the drive's layout moved), seed 3 of the one before
# did not.
@soak_only("cuts between a sector's erase and its program; one case is open (below)")
@pytest.mark.xfail(reason="a cut that erases data/'s directory entries with the journal's "
                          "sector: the mirror's game is not put back (open)", strict=False)
@pytest.mark.parametrize("seed", range(3, 3 + ERASE_CUTS))
def test_a_cut_between_the_journals_sector_erase_and_its_program_loses_no_step(flashed_image,
                                                                                tmp_path, seed):
    # The window the random cuts above cannot hit (in the emulator a sector's erase and its
    # program are one instant apart; on a real Pico tens of ms): CircuitPython rewrites a
    # 4 KiB flash sector to append to a file, and a cut after the erase leaves it erased,
    # the journal's records in it with it. After a seeded number of steps the emulated Pico
    # is told to cut at the next erase of the sector holding the journal's last bytes
    # (pico.js cut_at_erase "at"); the game goes on until that write. On the drive those
    # steps are then gone; the box's boot puts them back from microcontroller.nvm (the
    # mirror, firmware/mirror.py, docs/FIRMWARE.md): every step the player saw done is kept.
    rnd = random.Random(seed)
    plan = play(28 + seed, 2)
    steps = entered(plan.log)
    arm_after = rnd.randrange(4, 12)
    done, armed = [], []
    image, pico = boot(flashed_image[0], tmp_path)

    def after_step(kind, n):
        if kind not in ("round", "claim", "areas", "score"):
            return
        done.append(kind)
        if armed or len(done) < arm_after:
            return
        data = fatimage.read(image, "data/g0001.log")
        if len(data) % 512 == 0:
            return  # the next append starts a cluster of its own: arm at the next step
        last = data[len(data) - len(data) % 512:]  # the journal's last, part-filled cluster
        with open(image, "rb") as f:
            drive = f.read()
        at = drive.find(last)
        assert at >= 0 and drive.find(last, at + 1) < 0, "the journal's last cluster not found"
        pico.request({"op": "cut_at_erase", "n": 1, "at": at})
        armed.append((at, len(last), len(done)))

    with pico:
        pico.wait_for("New game", timeout_ms=60000)
        player = Player(PicoDevice(pico))
        with pytest.raises(epico.EmulatedPicoError):
            player.play(plan.log, after_step)
    at, length, seen = armed[0]
    assert len(done) in (seen, seen + 1)  # cut during the next step's write
    with open(image, "rb") as f:
        f.seek(at)
        assert f.read(length) == b"\xff" * length  # the sector erased: on FAT, steps are gone
    on_fat = journal(image, tmp_path)  # (the sector may have held data/'s entries too)
    has = [gid for gid, _ in on_fat.games()] == [1]
    assert len(plan_of(on_fat.events(1)) if has else []) < len(done)

    # The power back: the box resumes the game where the player left it. The erased sector
    # may have held a firmware file too (then the box shows nothing and waits at
    # CircuitPython's REPL): `lenotre flash --circuitpython` again, as a user would, puts it
    # back and leaves data/ alone.
    texts, printed, reflashed = boot_after_cut(image, KIND, lambda port: "exit %d" % main(
        ["flash", "--circuitpython", "--port", port, "--db", str(tmp_path / "n.db")]))
    assert reflashed == "" or reflashed.endswith("; reflashed: exit 0"), reflashed
    shown = " ".join(texts)
    assert texts[0] != "LE NOTRE" and any(n[:6] in shown for n in player.names), texts
    assert printed == [], printed  # no traceback on the boot that counts
    s = journal(image, tmp_path)
    events = s.events(1)
    kept = plan_of(events)
    assert kept == steps[:len(kept)] and len(kept) >= len(done), (len(kept), len(done))
    assert not s.finished(1)
    Game.replay(events)


# The store's cut-at-every-byte test (tests/shared/test_store.py) on the box's own FAT, run by
# CircuitPython: for a k, the first k bytes of a real game's journal (END included) as
# cut/g0001.log, the store booted over it, then a record appended and the store booted again.
# `make test`: every 16th k and the three around each record's end (134 of the 796 of a
# 795-byte 2-player game: 59 s); `make soak`: every k (LENOTRE_CIRCUITPY_CUT_STEP=1: 233 s).
CUT_EVERY_BYTE = """import os, store
def clear():
    for n in os.listdir('cut'):
        os.remove('cut/' + n)
data = open('cutlog.bin', 'rb').read()
ends = [i + 1 for i in range(len(data)) if data[i] == 10]
checked = failed = 0
for k in %(cuts)r:
    try:
        os.mkdir('cut')
    except OSError:
        clear()
    with open('cut/g0001.log', 'wb') as f:
        f.write(data[:k])
    done = len([e for e in ends if e <= k])
    keep = ends[done - 1] if done else 0
    try:
        s = store.Store('cut')
        if done == len(ends):  # END whole: finished, filed at boot
            ok = s.current() is None and s.finished(1) and s.read_from(1, 0, k) == data
            ok = ok and len(s.events(1)) == done - 1
            ok = ok and sorted(os.listdir('cut')) == ['p0001.pak', 'packs.ix']
        else:
            ok = s.current() == 1 and s.size(1) == keep and len(s.events(1)) == done
            rec = store.record({'e': 'undo'}, s.game(1))
            s.append(1, {'e': 'undo'})
            s = store.Store('cut')
            ok = ok and s.size(1) == keep + len(rec) and s.read_from(1, keep, 999) == rec
            ok = ok and len(s.events(1)) == done + 1
    except Exception as exc:
        ok = False
        print('cut at', k, repr(exc))
    checked += 1
    if not ok:
        failed += 1
        print('cut at', k, 'kept', keep, 'FAILED')
clear()
os.rmdir('cut')
os.remove('cutlog.bin')
print('cut-every-byte: %%d checked, %%d failed' %% (checked, failed))
"""
CUT_STEP = int(os.environ.get("LENOTRE_CIRCUITPY_CUT_STEP", "32"))


def test_the_journal_cut_at_every_byte_on_the_boxs_fat(flashed_image, tmp_path):
    import store
    local = str(tmp_path / "box")
    games_on_desktop(local, 1)
    data = store.Store(local).read_from(1, 0, 1 << 16)
    ends = [i + 1 for i in range(len(data)) if data[i] == 10]
    # every CUT_STEP-th k, and every record's last byte, its newline and the next one's first
    cuts = sorted(set(range(0, len(data) + 1, CUT_STEP)) | {
        k for e in ends for k in (e - 2, e - 1, e)})
    image, pico = boot(flashed_image[0], tmp_path)
    with pico:
        pico.wait_for("New game", timeout_ms=60000)

        def run(t):
            t.write_file("cutlog.bin", data, 4096)
            return t.exec(CUT_EVERY_BYTE % {"cuts": cuts}, 900)
        text = picorepl.at_raw_repl(pico.port, run, soft_reset=True).decode(errors="replace")
    assert "cut-every-byte: %d checked, 0 failed" % len(cuts) in text, text[-2000:]
    assert not [p for p in fatimage.listing(image) if p.startswith("cut")]  # cleaned up
    assert fatimage.check(image) == ""


def test_lenotre_sync_with_the_cable_cut_mid_sync_every_game_exactly_once(flashed_image,
                                                                          tmp_path):
    # Games on the box's FAT drive (written by the firmware's own store on the desktop, put
    # on the drive as a PC would), `lenotre sync` killed at a seeded random moment, the box
    # plugged in again, synced again: every game exactly once, each as the box recorded it.
    import subprocess

    local = str(tmp_path / "box")
    logs = games_on_desktop(local, 12)
    image, pico = boot(flashed_image[0], tmp_path)
    files = {}
    for name in os.listdir(local):
        with open(os.path.join(local, name), "rb") as f:
            files["data/" + name] = f.read()
    fatimage.put(image, files)
    db = str(tmp_path / "library.db")
    with pico:
        pico.wait_for("New game", timeout_ms=60000)
        cmd = sync_cut_mid_way(pico.port, db, len(logs), random.Random(7), 8, 180)
        pico.wait(200)
    with EmulatedPico(image, kind=KIND) as pico:
        pico.wait_for("", timeout_ms=60000)
        cmd[cmd.index("--port") + 1] = pico.port
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
    each_game_once(db, logs)
    assert fatimage.check(image) == ""


def test_lenotre_test_port_runs_the_rules_tests_on_the_circuitpython_box(flashed_image,
                                                                         tmp_path, capsys):
    # The same rules tests as on the desktop and on a MicroPython box (`lenotre test --port`,
    # tests/host/test_test_cmd.py): copied onto the drive over the raw REPL, run by
    # CircuitPython from source, removed again; the box back at its app by itself. One game's
    # (--game): the drive takes the files at about 1 s a KB, and all four games' 17 files kept
    # this test 5 minutes of make test; every game's tests travel the same way, and all run
    # on CPython and on MicroPython in make test.
    from lenotre.commands.test import rules_tests
    image, pico = boot(flashed_image[0], tmp_path)
    with pico:
        pico.wait_for("New game", timeout_ms=60000)
        assert main(["test", "--port", pico.port, "--game", "versailles"]) == 0
        out = capsys.readouterr().out
        assert "shared rules tests on circuitpython: %d files" % len(
            rules_tests(["versailles"])) in out, out
        assert " 0 failed, 0 skipped" in out and "lenotre-tests-done" not in out, out
        assert pico.wait_for("New game", timeout_ms=60000)[0] == "LE NOTRE"
        assert failures(pico.serial_log) == []  # the link's keys read as Python: none
    assert [p for p in fatimage.listing(image) if p.startswith("tests")] == []
    assert fatimage.check(image) == ""

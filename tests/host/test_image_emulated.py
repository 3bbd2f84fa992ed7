"""The box's own firmware image (lenotre.device.image: MicroPython 1.28.0 built for Le Nôtre's
board from the sources in shared/micropython/, the app's .mpy files in its ROMFS partition) on
the emulated Pico: one UF2 dragged onto a blank Pico is the whole box; `lenotre flash` rewrites
the ROMFS over USB (a cut mid-way leaves no torn one); a whole game of each of the four games
through the GPIO buttons; a power cut mid-write; a cut sync; random presses across all four
games. The image is built once per set of inputs (the cache, device/image.py).

Skipped, saying why, where the emulator's inputs, the ARM compiler or the sources are missing."""
import os
import random
import shutil

import pytest

from lenotre.cli import main
from lenotre.device import epico, image, toolchain
from lenotre.device.epico import EmulatedPico, PicoDevice
from lenotre.link import flasher
import picorepl
from picorig import (CutDevice, PowerCut, check_the_end, cut_sync_then_resync, each_game_once,
                     games_on_desktop)
from shared_rules import games

try:
    epico.find_inputs()
    MISSING = None
except epico.EmulatorMissing as exc:
    MISSING = str(exc)
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

failures = epico.tracebacks


@pytest.fixture(scope="module")
def uf2():
    # the image a maker drags onto the Pico: built here the first time (a few minutes)
    try:
        return image.build_uf2(log=lambda line: None)
    except image.ImageError as exc:
        pytest.skip("the box's image cannot be built here: %s" % str(exc).splitlines()[0])


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("build"))
    toolchain.build(out)
    return toolchain.built_files(out)


def blank(tmp_path, uf2, name="flash.img"):
    # a Pico with an erased flash, the UF2 just dragged onto it
    path = str(tmp_path / name)
    if os.path.exists(path):
        os.remove(path)
    return EmulatedPico(path, uf2=uf2)


def menu(pico):
    # A UF2 just dragged: the box asks its language at its first start (docs/LANGUAGES.md), and
    # a maker's ok takes the first, English. -> the menu's texts
    assert pico.wait_for("Language/Sprache") == ["Language/Sprache", "English", "Deutsch"]
    return pico.first_start()


def journal(pico, tmp_path):
    # the box's data/ folder over USB, opened with the firmware's own store
    import store
    local = str(tmp_path / "pulled")
    shutil.rmtree(local, ignore_errors=True)
    picorepl.pull(pico.port, "data", local)
    return store.Store(local)


def littlefs_and_romfs(port):
    # -> (the files at littlefs's root, the ROMFS's root, whether the box runs an `app`
    # package that has the tests' module app.lenotre_probe) as the box lists them, on the
    # sys.path the image's main.py gives the app (a REPL after a soft reset has .frozen first)
    board = flasher.Board(port)
    try:
        board.exec("import os, sys\nsys.path[:] = ['/rom', '/rom/lib', '.frozen']\ntry:\n import app.lenotre_probe\n probe = True\n"
                   "except ImportError:\n probe = False")
        return (board.eval("sorted(os.listdir('/'))"), board.eval("sorted(os.listdir('/rom'))"),
                board.eval("probe"))
    finally:
        board.close()


def test_one_uf2_is_the_whole_box_and_lenotre_flash_then_finds_nothing_to_write(
        uf2, build, tmp_path, capsys):
    with blank(tmp_path, uf2) as pico:
        texts = menu(pico)  # no file copied: the app came with the UF2
        assert texts[0] == "LE NOTRE", texts
        root, rom, probe = littlefs_and_romfs(pico.port)
        assert "main.py" not in root and "app" not in root, root  # littlefs is the games'
        # the app is frozen: the ROMFS has the wiring and the languages' trees (never frozen)
        assert rom == ["lang", "pinout.json"], rom
        board = flasher.Board(pico.port)
        try:  # its code is in flash: finished games are compressed
            board.exec("from app import codeheap")
            assert board.eval("(codeheap.IN_FLASH, codeheap.SQUEEZE)") == (True, True)
        finally:
            board.close()
        assert main(["flash", "--port", pico.port]) == 0
        out = capsys.readouterr().out
        # the box's appsums says its frozen app is this checkout's: nothing goes over it
        assert "its ROMFS" in out and ": 0 blocks of 4 KiB rewritten" in out, out
        assert "over the frozen app" not in out, out
        pico.wait_for("New game")
        assert failures(pico.serial_log) == []


def test_lenotre_flash_rewrites_the_romfs_and_a_cut_mid_way_leaves_none_torn(
        uf2, build, tmp_path, capsys):
    # A changed app (one module more in the app package) goes over USB into the ROMFS, the
    # whole package over the frozen one, and the box runs it from there; a second time, the
    # power goes after the third block written: the box then has no ROMFS (its header erased
    # first, written last) and waits at its REPL; `lenotre flash` mends it.
    changed = dict(build)
    changed["app/lenotre_probe.mpy"] = build["board.mpy"]  # any valid module, under a new name
    again = dict(changed)
    again["app/lenotre_probe.mpy"] = build["buttons.mpy"]
    log = []

    def cut_after_three(line):
        log.append(line)
        if sum(1 for ln in log if ln.startswith("romfs block")) == 3:
            pico.kill()

    path = str(tmp_path / "flash.img")
    with blank(tmp_path, uf2) as pico:
        menu(pico)
        done = flasher.flash(pico.port, changed)
        assert done["romfs"]["units"] == ["app"], done["romfs"]
        # the app package and the languages' trees do not fit the 128 KiB together: the
        # update goes, the languages wait for the next image
        assert done["romfs"]["languages_left"], done["romfs"]
        pico.wait_for("New game")
        root, rom, probe = littlefs_and_romfs(pico.port)
        assert rom == ["app", "pinout.json"] and probe, (rom, probe)  # over the frozen app
        log.clear()
        with pytest.raises(flasher.FlashError):
            flasher.flash(pico.port, again, cut_after_three)
    with EmulatedPico(path, uf2=uf2) as pico:  # power back: the flash as the cut left it
        pico.wait(3000)
        assert pico.screen()["texts"] == [], pico.screen()["texts"]
        board = flasher.Board(pico.port)  # no torn ROMFS was mounted: none at all
        try:
            assert board.eval("bytes(memoryview(__import__('vfs').rom_ioctl(2, 0))[:3])") \
                == b"\xff" * 3
            assert "rom" not in board.eval("__import__('os').listdir('/')")
        finally:
            board.close()
        assert main(["flash", "--port", pico.port]) == 0
        assert ": 0 blocks" not in capsys.readouterr().out
        pico.wait_for("New game")
        root, rom, probe = littlefs_and_romfs(pico.port)
        assert rom == ["lang", "pinout.json"] and not probe, (rom, probe)  # the frozen app again
    with EmulatedPico(path, uf2=uf2) as pico:  # and so it stays
        pico.wait_for("New game")
        assert failures(pico.serial_log) == []


PLAYERS = {  # (the game's player, the plan: a simulated 2-player game)
    "versailles": ("lenotre.games.versailles_play", "Player"),
    "sanssouci": ("sanssouci_play", "Player"),
    "gardens": ("gardens_play", "GardensPlayer"),
    "schlossgarten": ("schlossgarten_play", "Player"),
}


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_whole_game_of_each_game_through_the_gpio_buttons(uf2, game, tmp_path):
    import importlib
    module, cls = PLAYERS[game]
    player_class = getattr(importlib.import_module(module), cls)
    plan = importlib.import_module("shared_rules.%s.simulate" % game).play(3, 2)
    with blank(tmp_path, uf2) as pico:
        dev = PicoDevice(pico)
        menu(pico)
        player = player_class(dev)
        player.play(plan.log)
        if game == "versailles":
            check_the_end(plan, player, dev, pico)
            # its scores again from Finished games: the scoring screens, let go at the
            # winner (the game's lowest point), are read back from flash
            dev.press("down")
            dev.press("ok")
            assert dev.screen()[1][0] == "Finished games", dev.screen()[1]
            dev.press("ok")
            assert "Final scores" in dev.text(), dev.text()
        assert failures(pico.serial_log) == []
        s = journal(pico, tmp_path)
    ids = [gid for gid, _ in s.games()]
    assert len(ids) == 1 and s.finished(ids[0])
    events = s.events(ids[0])
    assert events[0]["game"] == game if "game" in events[0] else game == "versailles"
    played = games.replay(events)
    assert played.outcome is not None
    assert played.totals() == plan.totals(), (played.totals(), plan.totals())
    if game == "versailles":  # every step as entered; Ludwig, the 2-player opponent, each round
        from lenotre.games.versailles_play import entered, plan_of
        assert plan_of(events) == entered(plan.log)
        assert all("ludwig" in ev for ev in events if ev["e"] == "round")


def test_a_power_cut_mid_write_loses_no_completed_step(uf2, tmp_path):
    from lenotre.games.versailles_play import Player, entered, plan_of
    from shared_rules.versailles.simulate import play
    rnd = random.Random(5)
    plan = play(12, 2)
    steps = entered(plan.log)
    done = []
    path = str(tmp_path / "flash.img")
    with blank(tmp_path, uf2) as pico:
        menu(pico)
        dev = CutDevice(pico, rnd.randrange(20, 160), rnd)
        with pytest.raises(PowerCut):
            Player(dev).play(plan.log, lambda kind, n: done.append(kind) if kind in (
                "round", "claim", "areas", "score") else None)
    with EmulatedPico(path, uf2=uf2) as pico:  # power back: the flash as it was
        assert pico.wait_for("", timeout_ms=3000), "nothing on the screen after the cut"
        s = journal(pico, tmp_path)
        assert failures(pico.serial_log) == []
    events = s.events(s.games()[0][0]) if s.games() else []
    kept = plan_of(events) if events else []
    assert kept == steps[:len(kept)], (kept, steps[:len(kept) + 1])
    assert len(done) <= len(kept) <= len(done) + 2, (len(done), len(kept))


def test_lenotre_sync_with_the_cable_cut_mid_sync_stores_every_game_once(uf2, tmp_path):
    local = str(tmp_path / "box")
    logs = games_on_desktop(local, 30)
    path = str(tmp_path / "flash.img")
    db = str(tmp_path / "library.db")
    with blank(tmp_path, uf2) as pico:
        menu(pico)
        assert picorepl.push(pico.port, local, "data") == len(os.listdir(local))
    cut_sync_then_resync(lambda: EmulatedPico(path, uf2=uf2), db, len(logs), random.Random(3),
                         20, 120)
    each_game_once(db, logs)


# `make test` presses 60 times in each game; `make soak` more (LENOTRE_IMAGE_SOAK)
SOAK_PRESSES = int(os.environ.get("LENOTRE_IMAGE_SOAK", "60"))


def test_random_presses_across_all_four_games_do_not_break_the_box(uf2, tmp_path):
    # For each game in turn: from the menu, New game, -> to that game, ok, then seeded random
    # presses. No traceback, no crash the guard caught, a readable screen, every journal
    # replays.
    rnd = random.Random(17)
    with blank(tmp_path, uf2) as pico:
        menu(pico)
        for turns in range(4):
            for k in range(12):  # back to the menu: a short back leaves a screen, a long one
                if "New game" in pico.screen()["texts"]:  # the entry screens' "take back"
                    break
                if k % 2:
                    pico.long("back")
                else:
                    pico.press("back")
            texts = pico.screen()["texts"]
            assert "New game" in texts, texts
            pico.press("down" if "Resume game" in texts else "ok")
            if "Resume game" in texts:
                pico.press("ok")
            for _ in range(turns):
                pico.press("next")
            pico.press("ok")
            for _ in range(SOAK_PRESSES):
                button = rnd.choice(epico.BUTTONS)
                if rnd.random() < 0.1:
                    pico.long(button)
                else:
                    pico.press(button, rnd.choice((30, 80, 200)), rnd.choice((20, 40, 300)))
        pico.wait(1000)
        assert failures(pico.serial_log) == [], failures(pico.serial_log)[0]
        assert pico.screen()["texts"], "a blank screen after the soak"
        s = journal(pico, tmp_path)
    crash = os.path.join(str(tmp_path / "pulled"), "crash.log")
    assert not os.path.exists(crash), open(crash).read()
    for gid, _ in s.games():
        games.replay(s.events(gid))

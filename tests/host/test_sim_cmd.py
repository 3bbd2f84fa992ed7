"""`lenotre sim` headless: scripts, screenshots, the flash folder across restarts, errors."""
import re
import subprocess
import sys

import pytest

from lenotre.cli import main

START = """# a 2-player game: players, two colours, start
ok
ok
ok
ok
ok
expect Stage 1 Round 1
ok
shot card
ok
ok
expect S1 R1: place
"""


def sim(tmp_path, script, *extra):
    f = tmp_path / "script.txt"
    f.write_text(script)
    return main(["sim", "--flash", str(tmp_path / "flash"), "--script", str(f)] + list(extra))


@pytest.mark.parametrize("runtime", [[], ["--micropython"]])
def test_script_screenshots_and_a_game_that_survives_a_restart(tmp_path, capsys, runtime):
    shots = tmp_path / "shots"
    assert sim(tmp_path, START, "--screenshots", str(shots), *runtime) == 0
    out = capsys.readouterr().out
    assert "S1 R1: place" in out and "8 button presses" in out
    png = (shots / "card.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
    # Quit and start again on the same flash: the game is back where it was, and the menu
    # (back) offers it too.
    assert sim(tmp_path, "expect S1 R1: place\nback\nexpect Resume game\nok\n"
                         "expect S1 R1: place\n", *runtime) == 0


def test_a_failed_expectation_is_exit_2_naming_the_line(tmp_path, capsys):
    assert sim(tmp_path, "ok\nexpect Dragons\n") == 2
    err = capsys.readouterr().err
    assert "script line 2" in err and "Dragons" in err and "How many players" in err


def test_a_bad_script_line_is_refused_before_the_device_starts(tmp_path, capsys):
    assert sim(tmp_path, "ok\njump 3\n") == 2
    err = capsys.readouterr().err
    assert "script line 2" in err and "'jump 3'" in err and "long BUTTON" in err
    assert not (tmp_path / "flash").exists() or not any((tmp_path / "flash").iterdir())


def test_without_a_terminal_it_plays_the_demo(tmp_path):
    out = subprocess.run([sys.executable, "-m", "lenotre.cli", "sim", "--flash",
                          str(tmp_path / "f")], stdin=subprocess.DEVNULL, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "demo game" in out.stdout and "winner: Winner" in out.stdout
    assert "\u2580" in out.stdout  # the OLED drawn with half blocks


# ---- the terminal's size (issue 8: garbage in a terminal narrower than 128 columns) -------
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def visible(line):
    return ANSI.sub("", line)


@pytest.fixture(scope="module")
def home_screen(tmp_path_factory):
    from lenotre.device.simclient import SimDevice
    with SimDevice(str(tmp_path_factory.mktemp("flash"))) as dev:
        dev.wait(30)
        frame, texts = dev.screen()
        return frame, texts, dev.pixels()


@pytest.mark.parametrize("cols,rows,mode", [
    (200, 60, "full"), (128, 35, "full"), (127, 40, "half"), (128, 34, "half"),
    (80, 24, "half"), (64, 19, "half"), (63, 40, "text"), (80, 18, "text"), (40, 10, "text"),
    (12, 4, "text")])
def test_the_screen_fits_the_terminal_or_says_what_it_needs(home_screen, cols, rows, mode):
    from lenotre.device import png
    from lenotre.commands.sim_screen import fit
    from lenotre.commands.sim_tty import HELP, SHORT_HELP
    frame, texts, pixels = home_screen
    lines = fit(cols, rows, frame, texts, pixels, HELP, SHORT_HELP)
    assert len(lines) <= rows
    assert all(len(visible(line)) <= cols for line in lines), [visible(x) for x in lines]
    shown = "\n".join(visible(line) for line in lines)
    if mode == "full":
        assert len(lines) == 35 and "\u2580" * 128 in shown
    elif mode == "half":
        # every OLED pixel, dot for dot, in braille: 64 columns by 16 rows
        assert len(lines) == 19
        for row in range(16):
            cells = visible(lines[row])
            assert len(cells) == 64
            for cx in range(64):
                bits = ord(cells[cx]) - 0x2800
                for dx, dots in enumerate(((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))):
                    for dy in range(4):
                        assert bool(bits & dots[dy]) == bool(
                            png.lit(frame, 128, 2 * cx + dx, 4 * row + dy)), (cx, row, dx, dy)
    else:
        if rows >= 8:
            assert ("Terminal %dx%d: the screen needs 64x19" % (cols, rows)).split()[0] in shown
            flat = " ".join(shown.split())
            assert "needs 64x19 (128x35 full size)" in flat, flat
            assert "LE NOTRE" in shown and "New game" in shown
        assert "\u2580" not in shown and "\u2800" not in shown


def test_the_simulator_in_an_80_column_terminal_draws_half_size_then_says_when_too_small(
        tmp_path):
    # The interactive simulator in a real pseudo-terminal: 80x24 gets the braille screen,
    # no line past column 80; shrunk to 40x10 it says what it needs and shows the text.
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios
    import time
    master, slave = pty.openpty()
    name = os.ttyname(slave)

    def size(cols, rows):
        fd = os.open(name, os.O_RDWR | os.O_NOCTTY)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.close(fd)
    size(80, 24)
    proc = subprocess.Popen([sys.executable, "-m", "lenotre.cli", "sim", "--flash",
                             str(tmp_path / "f")], stdin=slave, stdout=slave, stderr=slave,
                            close_fds=True)
    os.close(slave)
    out = b""

    def read_until(what, timeout=60):
        nonlocal out
        end = time.time() + timeout
        while time.time() < end:
            if what in out.decode(errors="ignore"):
                return out.decode(errors="ignore")
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    out += os.read(master, 65536)
                except OSError:
                    break
        raise AssertionError("%r never shown: %r" % (what, out[-2000:]))
    try:
        text = read_until("q quit")
        lines = [visible(x) for x in re.split(r"\x1b\[K\r?\n|\x1b\[H", text)]
        assert max(len(x) for x in lines) <= 80, max(lines, key=len)
        assert any("\u2801" <= c <= "\u28ff" for c in text)  # braille cells, some dots lit
        assert "\u2580" not in text  # not the full-size half blocks
        size(40, 10)  # the terminal shrinks: the next frame says so
        read_until("Terminal 40x10")
        os.write(master, b"q")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)

def test_the_simulator_keeps_its_games_where_the_box_does(tmp_path, capsys):
    # One flash layout (issue 9): the journal is in data/ of the flash, as on a Pico and the
    # virtual Pico, not at the flash's top; beside it the languages' trees, lang/, as on a box
    # (docs/LANGUAGES.md)
    assert sim(tmp_path, START) == 0
    flash = tmp_path / "flash"
    assert sorted(p.name for p in flash.iterdir()) == ["data", "lang"]
    assert (flash / "lang" / "names.txt").read_text() == "de Deutsch\n"
    assert any(p.name.endswith(".log") for p in (flash / "data").iterdir())


def test_games_at_the_top_of_an_old_simulator_flash_are_moved_into_data(tmp_path, capsys):
    import store
    flash = tmp_path / "flash"
    old = store.Store(str(flash))  # where the simulator kept them before issue 9
    gid = old.new_game({"e": "setup", "game": "versailles", "players": ["Orange", "Purple"],
                        "seed": 5})
    files = len(list(flash.iterdir()))
    (flash / "notes.txt").write_text("mine")
    assert sim(tmp_path, "expect Stage 1 Round 1\n") == 0  # the running game is found
    assert "moved the games (%d file" % files in capsys.readouterr().err
    assert sorted(p.name for p in flash.iterdir()) == ["data", "lang", "notes.txt"]
    assert store.Store(str(flash / "data")).current() == gid


def test_a_demo_game_onto_the_flash_is_synced_from_the_virtual_pico(tmp_path, capsys):
    from lenotre.library import played
    from lenotre.library.db import Library
    from vpico_client import VirtualPico
    from shared_rules.versailles.simulate import play
    flash = tmp_path / "flash"
    assert main(["sim", "--demo", "--flash", str(flash)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("played a demo game onto %s" % flash)
    assert "lenotre sim --serial --flash %s" % flash in out and "lenotre sync --port" in out
    db = str(tmp_path / "games.sqlite")
    with VirtualPico(flash) as pico:  # `lenotre sim --serial --flash DIR`
        assert main(["flash", "--port", pico.port]) == 0
        pico.wait_for("LE NOTRE")
        capsys.readouterr()
        assert main(["sync", "--port", pico.port, "--db", db]) == 0
    assert ": 1 game: 1 new, 0 updated, 0 unchanged" in capsys.readouterr().out
    lib = Library(db, create=False)
    (game,), problems = played.load(lib)
    lib.close()
    plan = play(3, 2).log  # the demo's plan: its players' cards, entered with the buttons
    assert problems == [] and game.finished and game.players == ["Orange", "Purple"]
    assert [ev["cards"] for ev in game.events if ev["e"] == "round"] == [
        ev["cards"] for ev in plan if ev["e"] == "round"]

def test_a_crash_the_guard_caught_stops_a_script_with_exit_1(tmp_path, capsys):
    # a flash whose running game the rules reject: the app crashes at boot
    import store
    from shared_rules.versailles.simulate import play
    flash = str(tmp_path / "flash")
    (tmp_path / "flash").mkdir()
    st = store.Store(flash + "/data")  # the box's layout
    log = play(5, 2).log
    gid = st.new_game(log[0])
    st.append(gid, {"e": "round", "cards": [99, 98]})
    script = tmp_path / "s.txt"
    script.write_text("wait 100\nok\n")
    assert main(["sim", "--flash", flash, "--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("lenotre sim: error: wait ") and "InvalidCard" in err
    assert "caught by the guard" in err

"""`lenotre sim` headless: scripts, screenshots, the flash folder across restarts, errors."""
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


def test_a_crash_the_guard_caught_stops_a_script_with_exit_1(tmp_path, capsys):
    # a flash whose running game the rules reject: the app crashes at boot
    import store
    from shared_rules.versailles.simulate import play
    flash = str(tmp_path / "flash")
    st = store.Store(flash)
    log = play(5, 2).log
    gid = st.new_game(log[0])
    st.append(gid, {"e": "round", "cards": [99, 98]})
    script = tmp_path / "s.txt"
    script.write_text("wait 100\nok\n")
    assert main(["sim", "--flash", flash, "--script", str(script)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("lenotre sim: error: wait ") and "InvalidCard" in err
    assert "caught by the guard" in err

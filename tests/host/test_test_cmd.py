"""`lenotre test`: the shared rules tests on CPython, MicroPython and a (virtual) Pico."""
import ast
import os
import re
import time

import pytest

from lenotre.commands import test as test_cmd
from lenotre.cli import main
from lenotre.device.toolchain import ROOT
from linkrig import Peer
from shared_rules import games


def rules_tests(files=None):
    # -> how many tests the rules test files hold: their top-level test_* functions, read from
    # the source (every runner must run each of them; none of them may skip on any runtime)
    files = test_cmd.rules_tests() if files is None else files
    count = 0
    for name in files:
        with open(os.path.join(ROOT, "tests", "shared", name)) as f:
            tree = ast.parse(f.read())
        count += sum(1 for node in tree.body if isinstance(node, ast.FunctionDef)
                     and node.name.startswith("test_"))
    assert count > len(files)
    return count


def test_on_cpython_and_micropython(capfd):
    count = rules_tests()
    assert main(["test"]) == 0
    out = capfd.readouterr().out
    assert re.search(r"^%d passed in " % count, out, re.M), out
    assert main(["test", "--micropython"]) == 0
    out = capfd.readouterr().out
    assert "one process per file: %d files" % len(test_cmd.rules_tests()) in out, out
    assert re.search(r"^%d passed, 0 failed, 0 skipped$" % count, out, re.M), out


def test_every_game_has_rules_tests_and_none_needs_the_firmware():
    # The selection reads each file's imports and calls: a game of the registry without rules
    # tests, a file that imports the firmware (test_app.py boots the app) or reads a file the
    # box does not have (test_schlossgarten_rules.py reads docs/RULES.md) is a wrong selection.
    by_game = {name: test_cmd.rules_tests([name]) for name in games.names()}
    assert all(by_game.values()), by_game
    chosen = test_cmd.rules_tests()
    assert sorted(set(sum(by_game.values(), []))) == chosen
    assert "test_rulebook_examples.py" in by_game["versailles"]
    assert "test_gardens_rules.py" in by_game["gardens"]
    assert "test_gardens_rules.py" not in by_game["sanssouci"]
    assert "test_app.py" not in chosen and "test_store.py" not in chosen
    assert "test_schlossgarten_rules.py" not in chosen
    for name in chosen:
        with open(os.path.join(ROOT, "tests", "shared", name)) as f:
            text = f.read()
        assert not re.search(r"^\s*(import|from) (app|store|hal|link)\b", text, re.M), name
        assert "open(" not in text, name


def test_one_game_s_rules_tests(capfd):
    files = test_cmd.rules_tests(["gardens"])
    assert main(["test", "--game", "gardens"]) == 0
    out = capfd.readouterr().out
    assert re.search(r"^%d passed in " % rules_tests(files), out, re.M), out


def test_on_a_flashed_pico_then_the_box_is_clean_and_runs_its_app(flashed_vpico, capfd):
    # Issue 9: the test files stayed on the box and its app stayed stopped.
    before = sorted(os.listdir(flashed_vpico.flash))
    assert main(["test", "--port", flashed_vpico.port]) == 0
    out = capfd.readouterr().out
    assert "shared rules tests on micropython: %d files" % len(test_cmd.rules_tests()) in out
    assert re.search(r"^%d passed, 0 failed, 0 skipped\s*$" % rules_tests(), out, re.M), out
    assert sorted(os.listdir(flashed_vpico.flash)) == before  # no tests/ left
    flashed_vpico.wait_for("LE NOTRE", 10)  # the app is back


def test_a_port_with_no_pico_is_a_clear_error(tmp_path, capfd):
    assert main(["test", "--port", str(tmp_path / "ttyNOPE")]) == 1  # docs/CLI.md, exit status
    assert "did not run the tests" in capfd.readouterr().err


@pytest.mark.parametrize("mode, words", [
    ("silent", "it stayed silent"), ("echo", "it echoes what it is sent"),
    ("garbage", "it sends bytes that are no MicroPython prompt")])
def test_a_port_that_is_no_box_is_named_within_seconds(mode, words, capfd):
    # Issue 9: `lenotre test --port` on a silent or echoing port ran past 200 s.
    peer = Peer(mode)
    try:
        start = time.monotonic()
        assert main(["test", "--port", peer.path]) == 1
        took = time.monotonic() - start
    finally:
        peer.close()
    err = capfd.readouterr().err
    assert "the Pico at %s did not run the tests: no MicroPython box on %s: %s" % (
        peer.path, peer.path, words) in err
    assert took < 8, took


def test_a_test_run_whose_host_is_killed_leaves_no_file_and_the_app_comes_back(
        flashed_vpico, monkeypatch, capfd):
    # The box removes the test files itself as the run ends: here the host stops reading
    # after the first output (as if killed) and never cleans up.
    from lenotre.link.repl import RawRepl
    monkeypatch.setattr(test_cmd, "_clean", lambda repl, put: None)

    def killed(self, emit, idle, most):
        raise KeyboardInterrupt  # the host dies while the tests run
    monkeypatch.setattr(RawRepl, "follow", killed)
    monkeypatch.setattr(test_cmd, "BACK_MS", 1500)
    before = sorted(os.listdir(flashed_vpico.flash))
    try:
        main(["test", "--port", flashed_vpico.port])
    except KeyboardInterrupt:
        pass
    end = time.monotonic() + 60
    while sorted(os.listdir(flashed_vpico.flash)) != before:
        assert time.monotonic() < end, os.listdir(flashed_vpico.flash)
        time.sleep(0.2)
    # and with no go-ahead from a host, the box restarts into its app by itself
    flashed_vpico.wait_for("LE NOTRE", 30)

"""The CLI's own surface (issue #11, "Desktop"): --version, user-facing --help, the folders it
uses (platformdirs, where earlier releases kept them), one place that prints errors and the
documented exit statuses (docs/CLI.md, "Exit status")."""
import sys

import platformdirs
import pytest

from lenotre import cli, errors, paths
from lenotre.library import db


def test_version_says_the_packages_version(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    from lenotre import __version__
    assert capsys.readouterr().out == "lenotre %s\n" % __version__


def test_help_speaks_to_users_not_to_developers(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert "keeps score of garden board games" in out and "exit status: 0 done" in out
    assert "add(sub)" not in out  # the module docstring's developer note
    for command in ("flash", "library", "sim", "simulate", "test"):
        with pytest.raises(SystemExit):
            cli.main([command, "--help"])
        out = capsys.readouterr().out
        assert ".py" not in out and "DESCRIPTION" not in out, (command, out)


def test_the_folders_are_platformdirs_and_on_linux_where_they_always_were(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert paths.data_dir() == platformdirs.user_data_dir("lenotre", appauthor=False)
    assert paths.cache_dir() == platformdirs.user_cache_dir("lenotre", appauthor=False)
    if sys.platform.startswith("linux"):
        # 0.1's own rule: $XDG_DATA_HOME/lenotre, else ~/.local/share/lenotre
        assert paths.data_dir() == str(tmp_path / "data" / "lenotre")
        assert db.default_path() == str(tmp_path / "data" / "lenotre" / "games.sqlite")
        monkeypatch.delenv("XDG_DATA_HOME")
        monkeypatch.setenv("HOME", str(tmp_path / "home"))
        assert paths.data_dir() == str(tmp_path / "home" / ".local" / "share" / "lenotre")


def test_where_platformdirs_differs_an_earlier_library_stays_in_use(monkeypatch, tmp_path):
    # macOS or Windows: platformdirs names another folder than 0.1's XDG one
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    platforms = tmp_path / "Application Support" / "lenotre"
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda *a, **k: str(platforms))
    assert paths.data_dir() == str(platforms)  # nothing earlier: the platform's folder
    earlier = tmp_path / "xdg" / "lenotre"
    earlier.mkdir(parents=True)
    (earlier / "games.sqlite").write_bytes(b"games")
    assert db.default_path() == str(earlier / "games.sqlite")  # the games found stay found
    platforms.mkdir(parents=True)
    assert paths.data_dir() == str(platforms)  # once the platform's exists, it is the one


@pytest.mark.parametrize("exc, status", [
    (errors.UsageError("--games is at least 1"), errors.USAGE),
    (errors.CommandFailed("no box found"), errors.FAILED),
    (db.DbError("the library is damaged"), errors.FAILED),
    (KeyboardInterrupt(), errors.INTERRUPTED)])
def test_errors_are_printed_once_here_with_their_exit_status(exc, status, monkeypatch, capsys):
    def run(args):
        raise exc
    monkeypatch.setattr(cli.simulate_cmd, "run", run)
    assert cli.main(["simulate"]) == status
    out = capsys.readouterr()
    message = str(exc) or "interrupted"
    assert out.err == "lenotre simulate: error: %s\n" % message and out.out == ""

"""Where a command writes and cannot (issue 23): a file where a folder was expected, a folder
where a file was, a full disk. Each ends in one clear line, exit 1 or 2, and nothing
half-written is left behind; the library and a report written before stay as they were."""
import errno
import os
import sqlite3

import pytest

import librarygames as L
from lenotre.cli import main
from lenotre.library import export, librepair


@pytest.fixture
def db(tmp_path):
    return L.library(tmp_path / "games.sqlite", [("b0x", 1, L.shared_victory(), True),
                                                 ("b0x", 2, L.decided_by_largest_area(), True)])


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(code, err, *words):
    assert code in (1, 2), (code, err)
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err


def listing(folder):
    return sorted(os.listdir(folder))


def test_report_out_at_a_file_is_refused_and_the_file_kept(db, tmp_path, capsys):
    there = tmp_path / "notes.txt"
    there.write_text("mine")
    code, out, err = run(capsys, "report", "--db", db, "--out", str(there))
    one_line(code, err, "is a file; give a folder's name")
    assert there.read_text() == "mine"


def test_a_report_that_fails_midway_leaves_the_last_one_whole(db, tmp_path, capsys,
                                                               monkeypatch):
    out_dir = tmp_path / "report"
    assert run(capsys, "report", "--db", db, "--out", str(out_dir))[0] == 0
    before = {n: (out_dir / n).read_bytes() for n in listing(out_dir) if (out_dir / n).is_file()}
    from lenotre.library import report
    real = report.write

    def full_disk(games, out, last):
        real(games, out, last)  # the pages written, then the disk is full
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(report, "write", full_disk)
    code, _, err = run(capsys, "report", "--db", db, "--out", str(out_dir))
    one_line(code, err, "No space left on device", "nothing was written")
    assert {n: (out_dir / n).read_bytes() for n in before} == before
    assert listing(tmp_path) == ["games.sqlite", "report"]  # no temporary folder left


def test_export_at_a_folder_or_into_a_missing_one_says_so(db, tmp_path, capsys):
    code, _, err = run(capsys, "export", "--db", db, "--out", str(tmp_path))
    one_line(code, err, "it is a folder; give a file's name")
    code, _, err = run(capsys, "export", "--db", db, "--out", str(tmp_path / "no" / "x.csv"))
    one_line(code, err, "No such file or directory")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
def test_export_onto_a_full_device_says_so(db, capsys):
    code, _, err = run(capsys, "export", "--db", db, "--format", "csv", "--out", "/dev/full")
    one_line(code, err, "cannot write /dev/full: No space left on device")


def test_export_that_fills_the_disk_leaves_no_file(db, tmp_path, capsys, monkeypatch):
    target = tmp_path / "games.json"

    def full_disk(games, out, location=None):
        out.write("[" + " " * 5000)
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setitem(export.WRITERS, "json", full_disk)
    code, _, err = run(capsys, "export", "--db", db, "--out", str(target))
    one_line(code, err, "No space left on device", "nothing was written")
    assert listing(tmp_path) == ["games.sqlite"]  # neither games.json nor a temporary file


def test_export_replaces_a_file_whole(db, tmp_path, capsys):
    target = tmp_path / "games.csv"
    target.write_text("older export\n")
    assert run(capsys, "export", "--db", db, "--format", "csv", "--out", str(target))[0] == 0
    assert target.read_text().startswith("device,game,")
    assert listing(tmp_path) == ["games.csv", "games.sqlite"]


@pytest.mark.parametrize("where, words", [
    ("folder", "is a folder: give the library's file"),
    ("under a file", "is a file, not a folder"),
])
def test_sync_db_at_a_folder_or_under_a_file_says_so_before_the_box(tmp_path, capsys, where,
                                                                      words):
    (tmp_path / "afile").write_text("x")
    path = tmp_path if where == "folder" else tmp_path / "afile" / "games.sqlite"
    # the port is not even opened: /dev/null would be refused as no box
    code, _, err = run(capsys, "sync", "--db", str(path), "--port", "/dev/null")
    one_line(code, err, words)


def test_sim_flash_of_the_wrong_kind_says_so(tmp_path, capsys):
    (tmp_path / "afile").write_text("x")
    code, _, err = run(capsys, "sim", "--demo", "--flash", str(tmp_path / "afile"))
    one_line(code, err, "is a file: this simulator's flash is a folder")
    code, _, err = run(capsys, "sim", "--pico", "--flash", str(tmp_path))
    one_line(code, err, "is a folder: the emulated Pico's flash is an image file")


def test_repair_on_a_full_disk_leaves_the_library_and_nothing_beside_it(db, tmp_path, capsys,
                                                                         monkeypatch):
    before = open(db, "rb").read()

    def full_disk(old, new, result):
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(librepair, "_rebuild", full_disk)
    code, _, err = run(capsys, "library", "--db", db, "repair")
    one_line(code, err, "cannot repair", "database or disk is full", "the library is as it was")
    assert open(db, "rb").read() == before
    assert [n for n in listing(tmp_path) if not n.startswith("games.sqlite-")] == \
        ["games.sqlite"]  # no .damaged copy, no .rebuilding file


def test_repair_names_the_copies_kept_before_the_last_syncs(db, capsys):
    import shutil
    shutil.copyfile(db, db + ".before-sync-1")
    code, out, _ = run(capsys, "library", "--db", db, "repair")
    assert code == 0
    assert "copies of the library from before the last syncs (newest first): %s" \
        % (db + ".before-sync-1") in out


@pytest.fixture
def read_only_folder(tmp_path):
    # -> a folder that cannot be written (a read-only tmpfs: as root, permissions do not
    # bind), holding what the test put in it first via the second value, a writable twin
    import subprocess
    folder = tmp_path / "ro"
    folder.mkdir()
    if os.geteuid() != 0:
        yield folder, lambda: folder.chmod(0o555)
        folder.chmod(0o755)
        return
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(folder)],
                      capture_output=True).returncode:
        pytest.skip("a read-only folder needs a mount here (root without CAP_SYS_ADMIN)")
    try:
        yield folder, lambda: subprocess.run(["mount", "-o", "remount,ro", str(folder)],
                                             check=True)
    finally:
        subprocess.run(["umount", str(folder)])


def test_a_library_in_a_read_only_folder_is_read_and_not_written(read_only_folder, tmp_path,
                                                                 capsys):
    folder, seal = read_only_folder
    path = str(folder / "games.sqlite")
    L.library(path, [("b0x", 1, L.shared_victory(), True),
                     ("b0x", 2, L.decided_by_largest_area(), True)])
    with open(path, "rb") as f:
        before = f.read()
    seal()
    code, out, err = run(capsys, "games", "--db", path)
    assert code == 0 and "b0x:1" in out and "b0x:2" in out and not err
    code, out, err = run(capsys, "show", "2", "--db", path)
    assert code == 0 and "Winner" in out
    code, out, err = run(capsys, "export", "--format", "json", "--db", path)
    assert code == 0 and out.count('"device": "b0x"') == 2
    code, out, err = run(capsys, "report", "--db", path, "--out", str(tmp_path / "r"))
    assert code == 0 and (tmp_path / "r" / "index.html").exists()
    code, out, err = run(capsys, "players", "--db", path, "list")
    assert code == 0 and "no people yet" in out
    for args in (("players", "--db", path, "add", "Anna"), ("sync", "--db", path,
                                                            "--port", "/dev/null")):
        code, out, err = run(capsys, *args)
        one_line(code, err, "read-only")
    code, out, err = run(capsys, "library", "repair", "--db", path)
    one_line(code, err, "Read-only", "as it was")
    # and what would write into the read-only folder: one line each
    for args, words in ((("report", "--db", path, "--out", str(folder / "r")), ("cannot write",)),
                        (("export", "--db", path, "--out", str(folder / "x.csv")),
                         ("cannot write",)),
                        (("sim", "--demo", "--flash", str(folder / "flash")), ("--flash",)),
                        (("sim", "--pico", "--flash", str(folder / "p.img")), ("read-only",)),
                        (("sync", "--db", str(folder / "new.sqlite"), "--port", "/dev/null"),
                         ("not writable",))):
        code, out, err = run(capsys, *args)
        one_line(code, err, *words)
    with open(path, "rb") as f:
        assert f.read() == before
    assert listing(str(folder)) == ["games.sqlite"]


def test_a_read_only_library_with_a_write_ahead_log_left_says_to_copy_it(read_only_folder,
                                                                        capsys):
    folder, seal = read_only_folder
    path = str(folder / "games.sqlite")
    from lenotre.library.db import Library
    lib = Library(L.library(path, [("b0x", 1, L.shared_victory(), True)]))
    # a lenotre killed mid-work: its write-ahead log holds a game the file alone does not
    lib.conn.execute("PRAGMA wal_autocheckpoint=0")
    L.add(lib, "b0x", 2, L.decided_by_largest_area())
    import shutil
    for end in ("", "-wal"):
        shutil.copy(path + end, path + end + ".keep")
    lib.close()
    for end in ("", "-wal"):
        os.replace(path + end + ".keep", path + end)
    assert os.path.getsize(path + "-wal") > 0
    seal()
    code, out, err = run(capsys, "games", "--db", path)
    one_line(code, err, "read-only", "-wal", "copy the folder")

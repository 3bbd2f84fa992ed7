"""The box's crash log (firmware/crashlog.py, written by firmware/guard.py) comes to the PC with
`lenotre sync` (the link's CRASHES request, served by the real firmware/link.py under
MicroPython at 192 KB on a pseudo-terminal), lands in the library's `crashes` table, and
`lenotre sync`, `lenotre crashes` and `lenotre show` tell it."""
import os
import re

import pytest

import crashlog
from linkrig import Device, Proxy, install_firmware, record_games
from test_sync import do_sync
from test_sync_cmd import ROOT, _run, _sync
from lenotre.library.db import Library

SPECS = [(31, 2, None), (32, 3, 14)]  # a finished game (id 1) and a running one (id 2)


def _log(flash):
    return crashlog.CrashLog(os.path.join(flash, "data") + "/")


def _bare_box(flash):
    # a box with two games and two crashes: one during game 2 (after its 9th event), one at
    # boot with no game open
    record_games(flash, SPECS)
    log = _log(flash)
    log.add({"err": "IndexError: list index out of range",
             "tb": "app/__init__.py:61 step|app/results.py:22 draw", "g": 2, "ev": 9,
             "ms": 123456, "boot": 0})
    log.add({"err": "OSError: [Errno 5] EIO", "tb": "guard.py:199 boot", "g": None,
             "ev": None, "ms": 40, "boot": 1})
    return flash


@pytest.fixture
def box(tmp_path, firmware_files):
    # that box with its firmware installed (`lenotre sync` soft-resets the box)
    flash = _bare_box(str(tmp_path / "flash"))
    install_firmware(flash, firmware_files)
    return flash


def test_sync_brings_the_crash_log_once_and_says_so(box, tmp_path):
    db = str(tmp_path / "games.sqlite")
    summary, _ = do_sync(box, db)
    assert summary.crashes == 2 and not summary.problems
    assert summary.lines(1.0, 0)[-1] == ("2 new crashes on the box (caught, the box "
                                         "restarted): `lenotre crashes` lists them")
    lib = Library(db)
    rows = lib.crashes()
    device = lib.games()[0][0]
    assert [(r[0], r[1], r[2], r[4], r[5], r[6]) for r in rows] == [
        (device, 1, "IndexError: list index out of range", 2, 9, 0),
        (device, 2, "OSError: [Errno 5] EIO", None, None, 1)]
    assert rows[0][3] == "app/__init__.py:61 step|app/results.py:22 draw"
    assert [r[1] for r in lib.crashes(device, 2)] == [1]
    lib.close()
    # again: nothing new, no line about crashes
    summary, _ = do_sync(box, db)
    assert summary.crashes == 0 and "crash" not in " ".join(summary.lines(1.0, 0))
    # a new crash on the box: the next sync brings that one only
    _log(box).add({"err": "MemoryError: memory allocation failed", "tb": "", "g": 1,
                   "ev": 31, "ms": 9, "boot": 0})
    summary, _ = do_sync(box, db)
    assert summary.crashes == 1
    lib = Library(db)
    assert [r[1] for r in lib.crashes()] == [1, 2, 3]
    lib.close()


def test_a_damaged_crash_line_is_asked_again(box, tmp_path):
    damaged = []

    def to_host(line):
        if line.startswith(b"LN CRASH ") and not damaged:
            damaged.append(line)
            return line[:20] + b"X" + line[21:]  # one flipped character: the CRC fails
        return line
    summary, proto = do_sync(box, str(tmp_path / "g.sqlite"), to_host=to_host)
    assert damaged and summary.crashes == 2 and proto.resent >= 1


def test_a_box_whose_firmware_keeps_no_crash_log_still_syncs(tmp_path):
    box = _bare_box(str(tmp_path / "bare"))  # no installed link.mpy in front of the old one
    old = tmp_path / "oldfw"
    old.mkdir()
    src = open(os.path.join(ROOT, "firmware", "link.py")).read()
    assert '        elif cmd == "CRASHES":\n            self.crashes()\n' in src
    (old / "link.py").write_text(src.replace('        elif cmd == "CRASHES":\n'
                                             '            self.crashes()\n', ""))
    db = str(tmp_path / "g.sqlite")
    from lenotre.link.port import Port
    from lenotre.link.sync import sync
    from lenotre.link.syncproto import Proto
    dev = Device(box, path=[str(old)])
    port = Port(dev.path, timeout=1.0)
    lib = Library(db)
    try:
        summary = sync(Proto(port, timeout=1.0), lib)
    finally:
        port.close()
        dev.kill()
    assert summary.new == 2 and summary.crashes == 0 and not summary.problems
    assert lib.crashes() == []
    lib.close()


def test_the_commands_tell_the_crashes(box, tmp_path):
    db = str(tmp_path / "games.sqlite")
    code, out, err = _sync(box, db)
    assert code == 0, err
    assert "2 new crashes on the box" in out
    device = open(os.path.join(box, "data", "device.id")).read().strip()
    code, out, _ = _run(["crashes", "--db", db])
    assert code == 0
    when = r"synced \d{4}-\d\d-\d\d \d\d:\d\d:\d\d"
    expected = [
        re.escape("2 crashes, oldest first (each time the box showed the error and restarted; "
                  "no journal was lost):"),
        re.escape("%s crash 1: IndexError: list index out of range" % device),
        re.escape("    during game %s:2 (after its event 9); at app/__init__.py:61 step < "
                  "app/results.py:22 draw; " % device) + when,
        re.escape("%s crash 2 at boot: OSError: [Errno 5] EIO" % device),
        re.escape("    with no game open; at guard.py:199 boot; ") + when]
    lines = out.splitlines()
    assert len(lines) == len(expected), out
    for line, pattern in zip(lines, expected):
        assert re.fullmatch(pattern, line), (line, pattern)
    code, out, _ = _run(["show", "%s:2" % device, "--db", db])
    assert code == 0
    assert "The box crashed 1 time during this game (it restarted; no event was lost):" in out
    assert "  crash 1: IndexError: list index out of range" in out
    code, out, _ = _run(["show", "%s:1" % device, "--db", db])
    assert "crash" not in out
    code, out, _ = _run(["crashes", "--db", db, "--box", "zz"])
    assert code == 2

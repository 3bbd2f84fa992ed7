"""The commands: `lenotre sync` through the raw REPL of MicroPython's unix port on a pty (as a
Pico's USB serial), then `games`, `show` and `replay` on the library it made; and the raw-REPL
transport and port discovery of lenotre/link/ (port.py, repl.py) on their own."""
import os
import shutil
import sqlite3
import time
import types

import pytest

from linkrig import Device, Peer, install_firmware, record_games
from lenotre import cli
from lenotre.link import port as link
from lenotre.link.port import LinkError, LinkTimeout, NoBox, Port, PortBusy, find_port
from lenotre.link.repl import RawRepl
from lenotre.link.syncproto import LinkStopped, Proto
from vpico_client import VirtualPico
from shared_rules.codec import decode, encode
from shared_rules import framing
from shared_rules.versailles.game import Game

SPECS = [(21, 2, None), (22, 3, None), (23, 2, 9)]
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def synced(tmp_path_factory, firmware_files):
    # A box of three games synced once by `lenotre sync` (raw REPL and all): -> (flash,
    # logs, db, the box id)
    root = tmp_path_factory.mktemp("cmd")
    flash = str(root / "flash")
    logs = record_games(flash, SPECS)
    install_firmware(flash, firmware_files)
    db = str(root / "games.sqlite")
    out = _sync(flash, db)
    assert out[0] == 0, out
    device = open(os.path.join(flash, "data", "device.id")).read().strip()
    return flash, logs, db, device, out


def _sync(flash, db):
    # a virtual Pico with the firmware, its app running: the sync stops it, soft-resets the
    # box and runs the link
    with VirtualPico(flash) as pico:
        return _run(["sync", "--port", pico.port, "--db", db])


def _run(argv):
    import contextlib
    import io
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:
            code = exc.code
    return code, out.getvalue(), err.getvalue()


def test_sync_through_the_raw_repl_then_again(synced, tmp_path):
    flash, logs, db, device, (code, out, err) = synced
    assert "box %s (firmware 0.1): 3 games: 3 new, 0 updated, 0 unchanged" % device in out
    assert err == ""
    again = _sync(flash, db)
    assert again[0] == 0 and "3 games: 0 new, 0 updated, 3 unchanged" in again[1]
    assert "0 bytes, 0 events, 0 frames" in again[1]


def test_games_lists_every_game_with_its_row_number(synced):
    _flash, logs, db, device, _ = synced
    code, out, _ = _run(["games", "--db", db])
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["#", "game", "kind", "players", "state", "winner"]
    assert lines[1].split()[:5] == ["1", device + ":1", "Versailles", "Sophie,", "Alexander"]
    assert "+ Ludwig" in lines[1] and "finished" in lines[1]
    assert "Sophie, Alexander, Christian" in lines[2] and "finished" in lines[2]
    assert lines[3].rstrip().endswith(Game.replay(logs[3]).describe())  # not finished


def test_show_tells_the_game_round_by_round(synced):
    _flash, logs, db, device, _ = synced
    code, out, _ = _run(["show", device[:4] + ":1", "--db", db])
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Game %s:1: Versailles, 2 players + Ludwig, seed 21" % device
    # played on a box whose clock no PC had set (its journal written, not played): no date
    # of its own, only the latest it can have been, its first sync, and said so
    assert lines[2].startswith("played before ") and lines[2].endswith(
        " UTC (the box's clock was not set: the games before and after it on the box, and its "
        "first sync, tell)")
    first = logs[1][1]
    assert lines[4] == "  Round 1: Sophie %d, Alexander %d, Ludwig %d" % (
        first["cards"][0], first["cards"][1], first["ludwig"])
    assert lines[5].startswith("    tiles: 1 ") and "(discarded)" in lines[5]
    assert sum(1 for x in lines if x.startswith("  Round ")) == 14
    assert any(": takes the " in x and " token" in x for x in lines)
    assert "  Scoring stage 1:" in lines and "  Scoring stage 2:" in lines
    assert lines[-1].startswith("Winner: ")
    same = _run(["show", "1", "--db", db])
    assert same[1] == out
    running = _run(["show", "3", "--db", db])[1].splitlines()
    assert running[-1] == "Not finished: " + Game.replay(logs[3]).describe()


def test_replay_agrees_with_an_untouched_game(synced):
    _flash, _logs, db, device, _ = synced
    code, out, _ = _run(["replay", "2", "--db", db])
    assert code == 0
    assert out.splitlines()[0].startswith("%s:2: " % device)
    assert "no difference" in out


def _tamper(db, tmp_path, gid, seq, change):
    copy = str(tmp_path / "tampered.sqlite")
    shutil.copyfile(db, copy)
    c = sqlite3.connect(copy)
    (text,) = c.execute("SELECT event FROM events WHERE gid=? AND seq=?", (gid, seq)).fetchone()
    ev = decode(text)
    change(ev)
    c.execute("UPDATE events SET event=? WHERE gid=? AND seq=?", (encode(ev), gid, seq))
    c.commit()
    c.close()
    return copy


def test_replay_flags_a_changed_ludwig_draw_and_exits_1(synced, tmp_path):
    _flash, logs, db, _device, _ = synced
    drawn = logs[1][1]["ludwig"]
    other = next(c for c in range(1, 56) if c != drawn and c not in logs[1][1]["cards"])
    copy = _tamper(db, tmp_path, 1, 1, lambda ev: ev.__setitem__("ludwig", other))
    code, out, _ = _run(["replay", "1", "--db", copy])
    assert code == 1
    assert ("event 2 (round): Ludwig's card on the box is %d, the rules core draws %d"
            % (other, drawn)) in out
    assert "1 difference from what the box recorded" in out
    shown = _run(["show", "1", "--db", copy])[1]
    assert "! Ludwig's card on the box was %d, the rules core draws %d" % (other, drawn) in shown


def test_replay_flags_an_event_the_rules_reject_and_exits_1(synced, tmp_path):
    _flash, logs, db, _device, _ = synced
    seq = next(i for i, ev in enumerate(logs[2]) if ev["e"] == "claim")
    copy = _tamper(db, tmp_path, 2, seq, lambda ev: ev.__setitem__("size", 2))
    code, out, _ = _run(["replay", "2", "--db", copy])
    assert code == 1
    assert "event %d (claim): the rules core rejects it: " % (seq + 1) in out
    assert "too small; a token needs at least 4" in out


@pytest.mark.parametrize("argv, words", [
    (["show", "9"], "no game 9: the library has 3"),
    (["replay", "zz:1"], "no game zz:1 in the library"),
    (["show", "what"], "'what' is not a game ID"),
])
def test_unknown_ids_are_usage_errors(synced, argv, words):
    code, out, err = _run(argv + ["--db", synced[2]])
    assert code == 2 and out == ""
    assert err.startswith("lenotre %s: error: " % argv[0]) and words in err


def test_no_library_yet(tmp_path):
    code, _, err = _run(["games", "--db", str(tmp_path / "none.sqlite")])
    assert code == 2 and "no library at" in err and "lenotre sync" in err


def test_sync_of_a_box_with_older_firmware_stores_nothing_and_gives_the_box_back(
        tmp_path, firmware_files):
    flash = str(tmp_path / "flash")
    record_games(flash, [(41, 2, None)])
    install_firmware(flash, firmware_files)
    src = open(os.path.join(ROOT, "firmware", "link.py")).read()
    assert "\nPROTO = 2\nOLDEST = 1\n" in src
    # a link.py shadows the flashed link.mpy: the firmware of an older protocol
    with open(os.path.join(flash, "link.py"), "w") as f:
        f.write(src.replace("\nPROTO = 2\nOLDEST = 1\n", "\nPROTO = 0\nOLDEST = 0\n"))
    db = str(tmp_path / "g.sqlite")
    with VirtualPico(flash) as pico:
        pico.wait_for("LE NOTRE")
        code, out, err = _run(["sync", "--port", pico.port, "--db", db])
        pico.wait_for("LE NOTRE")  # the app runs again
    assert code == 1 and out == ""
    assert err == ("lenotre sync: error: the box speaks link protocol 0, this lenotre speaks "
                   "2: update the box's firmware (lenotre flash); nothing was synced\n")
    assert not os.path.exists(db)  # nothing came from a box: no library was made


@pytest.mark.parametrize("mode, words", [
    ("silent", "it stayed silent"), ("echo", "it echoes what it is sent"),
    ("garbage", "it sends bytes that are no MicroPython prompt"),
    ("repl", "a REPL answers but never entered MicroPython's raw REPL")])
def test_a_port_that_is_no_box_is_named_fast_and_no_library_is_made(tmp_path, mode, words):
    # Issue 9: on a port that is no Pico, sync took 19.5 s, said "waited 2 s", advised
    # "nothing stored is lost" and made an empty library.
    db = str(tmp_path / "g.sqlite")
    peer = Peer(mode)
    try:
        start = time.monotonic()
        code, out, err = _run(["sync", "--port", peer.path, "--db", db])
        took = time.monotonic() - start
    finally:
        peer.close()
    assert code == 1 and out == ""
    assert err.startswith("lenotre sync: error: no MicroPython box on %s: %s"
                          % (peer.path, words)), err
    assert "nothing stored is lost" not in err and "waited" not in err
    assert took < 6, took
    assert not os.path.exists(db)


def test_sync_without_a_box_says_so(tmp_path, monkeypatch):
    monkeypatch.setattr(link.list_ports, "comports", lambda: [])
    code, out, err = _run(["sync", "--db", str(tmp_path / "g.sqlite")])
    assert code == 1 and out == ""
    assert err.startswith("lenotre sync: error: no box found") and "--port" in err


# ---- the transport -------------------------------------------------------------------------

def _fake(device, vid):
    return types.SimpleNamespace(device=device, vid=vid)


def test_find_port_picks_the_one_pico():
    assert find_port("/dev/x") == "/dev/x"
    assert find_port(ports=[_fake("/dev/ttyS0", None), _fake("/dev/ttyACM0", 0x2E8A)]) \
        == "/dev/ttyACM0"
    with pytest.raises(NoBox, match="no box found"):
        find_port(ports=[_fake("/dev/ttyUSB0", 0x1A86)])
    with pytest.raises(NoBox, match=r"2 Picos are connected \(/dev/ttyACM0, /dev/ttyACM1\)"):
        find_port(ports=[_fake("/dev/ttyACM1", 0x2E8A), _fake("/dev/ttyACM0", 0x2E8A)])


def test_a_busy_or_missing_port_is_a_clear_error(tmp_path):
    dev = Device(str(tmp_path), code=None)
    first = Port(dev.path)
    try:
        with pytest.raises(PortBusy, match="is busy: another program"):
            Port(dev.path)
    finally:
        first.close()
        dev.kill()
    with pytest.raises(NoBox, match="no port /dev/nonexistent-box"):
        Port("/dev/nonexistent-box")


def test_a_silent_port_times_out_instead_of_hanging(tmp_path):
    master, slave = os.openpty()
    try:
        port = Port(os.ttyname(slave), timeout=0.2)
        start = time.monotonic()
        with pytest.raises(LinkTimeout, match="it stayed silent"):
            RawRepl(port).enter()
        with pytest.raises(LinkError, match="no usable answer to HELLO after 3 tries"):
            Proto(port, timeout=0.1, retries=2, start=0.5).hello()  # patience, then 3 tries
        assert time.monotonic() - start < 3
        port.close()
    finally:
        os.close(master)
        os.close(slave)


class SlowStart:
    # A port whose box answers only once `silent` seconds have passed (serve() still importing
    # and opening its store), then answers every HELLO it was sent
    def __init__(self, silent):
        self.ready = time.monotonic() + silent
        self.asked = 0
        self.answered = 0

    def write(self, data):
        self.asked += data.count(b"HELLO")

    def readline(self, timeout):
        wait = max(0.0, min(timeout, self.ready - time.monotonic()))
        time.sleep(wait)
        if time.monotonic() < self.ready or self.answered == self.asked:
            return None
        self.answered += 1
        return framing.frame("HELLO 2 box-1 0.9").encode()


def test_a_box_slow_to_start_its_link_is_waited_for_then_synced():
    # Six tries of 0.1 s would give up after 0.6 s; silence before the first answer only sends
    # HELLO again, for up to `start` seconds (a CircuitPython box compiles the link and reads
    # its games first: syncproto.START_S)
    port = SlowStart(1.0)
    proto = Proto(port, timeout=0.1, retries=5, start=5.0)
    assert proto.hello() == ("box-1", "0.9") and proto.version == 2
    assert port.asked > 6 and proto.resent == port.asked - 1
    with pytest.raises(LinkError, match="no usable answer to HELLO after 6 tries"):
        Proto(SlowStart(1.0), timeout=0.1, retries=5, start=0.0).hello()


def test_raw_repl_exec_eval_errors_and_serve(tmp_path):
    flash = str(tmp_path / "flash")
    record_games(flash, [(31, 2, 5)])
    dev = Device(flash, code=None)
    port = Port(dev.path)
    try:
        repl = RawRepl(port)
        repl.enter()
        assert repl.exec("print(6 * 7)") == b"42\n"
        assert repl.eval("[1, 'two', None]") == [1, "two", None]
        with pytest.raises(LinkError, match="ZeroDivisionError"):
            repl.exec("1 / 0")
        repl.start("import nolink\nnolink.serve()\n")  # firmware without the link
        with pytest.raises(LinkStopped, match="the box's firmware has no sync link "
                                              r"\(ImportError: no module named 'nolink'\)"):
            Proto(port).hello()
        repl.enter()  # again, from the raw REPL itself
        repl.start("import link\nlink.serve()\n")
        proto = Proto(port)
        games, notes = proto.list()
        assert [(g.gid, g.finished) for g in games] == [(1, False)] and notes == []
        proto.bye()
        assert repl.finish() == b""
        assert repl.restart_app() in (True, False)  # the unix port exits where a Pico reboots
    finally:
        port.close()
        dev.kill()


def test_the_progress_bar_draws_on_a_terminal_only():
    import io
    from lenotre.progress import Progress

    class Tty(io.StringIO):
        def isatty(self):
            return True
    tty = Tty()
    bar = Progress(tty)
    bar.start(2000)
    bar.advance(1000, 7)
    assert tty.getvalue() == "\rsync [###############               ]  50%  1000 bytes  game 7 "
    bar.advance(1000, 8)  # the end always shows
    assert "100%  2000 bytes  game 8" in tty.getvalue()
    bar.done()
    assert tty.getvalue().endswith("\r")
    quiet = io.StringIO()
    Progress(quiet).advance(10, 1)
    assert quiet.getvalue() == ""
    flash = Tty()  # `lenotre flash` and `lenotre test --port`: the total comes with each step
    bar = Progress(flash, label="flash")
    bar.update(0, 4000)
    bar.update(4000, 4000)
    assert flash.getvalue().endswith("\rflash [%s] 100%%  4000 bytes   " % ("#" * 30))


def test_a_box_that_prints_without_end_times_out_like_a_silent_one(tmp_path):
    # Lines that are no reply used to be skipped for as long as they came: a box printing
    # without end held a request forever. They count as silence now.
    master, slave = os.openpty()
    stop = []

    def chatter():
        while not stop:
            try:
                os.write(master, b"hello from a stuck program\r\n")
            except OSError:
                return
            time.sleep(0.01)
    import threading
    t = threading.Thread(target=chatter, daemon=True)
    t.start()
    try:
        port = Port(os.ttyname(slave), timeout=0.3)
        start = time.monotonic()
        with pytest.raises(LinkError, match="no usable answer to HELLO after 3 tries"):
            Proto(port, timeout=0.3, retries=2, start=0.5).hello()
        assert time.monotonic() - start < 3
        port.close()
    finally:
        stop.append(1)
        t.join(2)
        os.close(master)
        os.close(slave)


def test_a_disk_full_mid_sync_says_what_was_stored_not_nothing(tmp_path, firmware_files,
                                                                monkeypatch):
    # Issue 23: after a disk-full stop the message said "nothing was changed" though 58 games
    # were stored. The games stored before the disk filled are kept, and said so.
    from lenotre.library import db as dbmod
    flash = str(tmp_path / "flash")
    record_games(flash, [(31, 2, None), (32, 3, None), (33, 2, None), (34, 4, None)])
    install_firmware(flash, firmware_files)
    path = str(tmp_path / "games.sqlite")
    real = dbmod.Library.add

    def fills_up(self, device, gid, offset, data, finished=False):
        if len(self.stored) == 2:
            raise sqlite3.OperationalError("database or disk is full")
        return real(self, device, gid, offset, data, finished)
    monkeypatch.setattr(dbmod.Library, "add", fills_up)
    code, out, err = _sync(flash, path)
    assert code == 1 and "nothing was changed" not in err, err
    assert "took no more: SQLite says database or disk is full" in err
    assert "stored before it is kept (2 games" in err and len(err.splitlines()) == 1, err
    monkeypatch.setattr(dbmod.Library, "add", real)
    lib = dbmod.Library(path, create=False)
    assert len(lib.games()) == 2
    lib.close()


def test_a_sync_into_a_new_library_leaves_the_boxs_roster_and_says_so(tmp_path,
                                                                      firmware_files):
    # Issue 23: a new library's empty roster went onto the box and cleared the names it held
    import roster as box_roster
    flash = str(tmp_path / "flash")
    record_games(flash, [(31, 2, None)])
    install_firmware(flash, firmware_files)
    data = os.path.join(flash, "data") + "/"
    box_roster.save(data, ["Sophie", "Anna"])
    path = str(tmp_path / "games.sqlite")
    code, out, err = _sync(flash, path)
    assert code == 0, err
    assert box_roster.load(data) == ["Sophie", "Anna"]
    assert "a new library (%s): the box keeps its own roster of names" % path in out
    # once the library has a roster, it is the box's (removing everyone clears it: on purpose)
    assert cli.main(["players", "--db", path, "add", "Cleo"]) == 0
    assert _sync(flash, path)[0] == 0 and box_roster.load(data) == ["Cleo"]
    assert cli.main(["players", "--db", path, "remove", "Cleo"]) == 0
    code, out, _ = _sync(flash, path)
    assert code == 0 and box_roster.load(data) == [] and "keeps its own roster" not in out


def test_noise_with_the_raw_repls_end_bytes_is_no_box_within_seconds(tmp_path):
    # Issue 23: b"\x04>" in a port's noise counted as a sign of a box: 15 s to say it is none
    master, slave = os.openpty()
    stop = []

    def noise():
        while not stop:
            try:
                os.write(master, b"#\x04>~ 12 noise \x04>\r\n")
            except OSError:
                return
            time.sleep(0.05)
    import threading
    t = threading.Thread(target=noise, daemon=True)
    t.start()
    try:
        port = Port(os.ttyname(slave), timeout=1.0)
        start = time.monotonic()
        with pytest.raises(link.NotABox, match="bytes that are no MicroPython prompt"):
            RawRepl(port).enter()
        assert time.monotonic() - start < 6
        port.close()
    finally:
        stop.append(1)
        t.join(2)
        os.close(master)
        os.close(slave)

"""End to end against a virtual Pico (the real firmware under MicroPython's unix port behind a
pseudo-terminal), with lenotre's raw REPL client and pyserial (inside `lenotre flash` and
`lenotre sync`): flash a blank box, play through its buttons, sync, export; cut the cable at
random points; sync twice."""
import json
import os
import random
import select
import shutil
import subprocess
import threading
import time
import tty
import urllib.parse

import pytest

import store
from lenotre.link import flasher
from lenotre.library import played
from lenotre.cli import main
from lenotre.library.db import Library
from lenotre.link.port import Port
from lenotre.link.repl import RawRepl
from lenotre.games.versailles_play import Player
from lenotre.device.toolchain import tool
from vpico_client import VirtualPico, VirtualPicoError
from linkrig import install_firmware, journal_bytes, record_games, record_log
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play


class Buttons:
    # The virtual Pico's buttons and screen, as the scripted player uses them.
    def __init__(self, pico):
        self.pico = pico
        self.presses = 0

    def press(self, button, times=1):
        for _ in range(times):
            self.pico.press(button)
            self.presses += 1

    def long(self, button, ms=650):
        self.pico.long(button, ms)
        self.presses += 1

    def screen(self):
        s = self.pico.screen()
        return s["frame"], s["texts"]


def sync(port, db, *more):
    return main(["sync", "--port", port, "--db", db] + list(more))


def test_flash_play_sync_export(flashed_vpico, tmp_path, capsys):
    # Flash a blank virtual Pico (the fixture: `lenotre flash`'s code over a real pty),
    # play a whole 2-player game through its buttons, sync, export to BG Stats.
    pico = flashed_vpico
    plan = play(3, 2)
    player = Player(Buttons(pico))
    player.play(plan.log)
    assert "Winner" in pico.text()
    db = str(tmp_path / "games.sqlite")
    assert sync(pico.port, db) == 0
    assert "1 game: 1 new" in capsys.readouterr().out
    # The database holds the game the box recorded, which is the planned game.
    lib = Library(db)
    [(device, gid, finished, synced_at, count)] = lib.games()
    events = lib.events(device, gid)
    box = store.Store(os.path.join(str(pico.flash), "data"))
    assert events == box.events(gid) and finished and synced_at
    assert box.synced(gid)  # acknowledged by the host, so marked on the box
    game = Game.replay(events)
    assert game.totals() == plan.totals() and game.players == player.names
    lib.close()
    # BG Stats: the players, their scores, the winner, Ludwig as a bot seat.
    out = tmp_path / "plays.json"
    assert main(["export", "--db", db, "--format", "bgstats", "--out", str(out)]) == 0
    links = capsys.readouterr().out.split()
    [play_json] = json.loads(out.read_text())
    seats = play_json["players"]
    assert [p["name"] for p in seats] == player.names + ["Ludwig"]
    assert [p.get("score") for p in seats[:2]] == plan.totals()
    assert [p["winner"] for p in seats] == [w in plan.outcome.winners for w in range(2)] + [
        False]
    assert seats[2]["role"] == "Automa" and seats[2]["isAnonymous"] is True
    assert play_json["sourcePlayId"] == "lenotre-%s-%d" % (device, gid)
    # The flash set the box's clock: the game is dated by it, start and end, not estimated.
    lib = Library(db)
    [g] = played.load(lib)[0]
    lib.close()
    now = int(time.time())
    assert now - 900 < g.started <= g.ended <= now and not g.when_estimated
    assert g.when == g.ended and play_json["playDate"] == played.date_text(g.ended)
    assert play_json["durationMin"] == g.duration_min >= 1
    link = [x for x in links if x.startswith("https://app.bgstatsapp.com/createPlay.html?data=")]
    assert json.loads(urllib.parse.unquote(link[0].split("data=", 1)[1])) == play_json
    # The app came back after the sync: the box shows its menu or the game again.
    pico.wait_for("LE NOTRE")


class Cable:
    """A USB cable between the host and the virtual Pico that can be pulled: a pty for the
    host, bytes relayed both ways; after `cut_after` bytes from the box it closes both ends,
    as a pulled cable does."""

    def __init__(self, port, cut_after=None):
        self.box = os.open(port, os.O_RDWR | os.O_NOCTTY)
        tty.setraw(self.box)
        self.host, slave = os.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self._slave = slave
        self.cut_after = cut_after
        self.from_box = 0
        self.thread = threading.Thread(target=self._relay, daemon=True)
        self.thread.start()

    def _relay(self):
        try:
            while True:
                ready, _, _ = select.select([self.box, self.host], [], [], 30)
                if not ready:
                    break
                for fd in ready:
                    data = os.read(fd, 512)
                    if not data:
                        return self.pull()
                    if fd == self.box:
                        if self.cut_after is not None:
                            data = data[:max(0, self.cut_after - self.from_box)]
                        self.from_box += len(data)
                        os.write(self.host, data)
                        if self.cut_after is not None and self.from_box >= self.cut_after:
                            return self.pull()
                    else:
                        os.write(self.box, data)
        except OSError:
            self.pull()

    def pull(self):
        for fd in (self.box, self.host, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass


@pytest.fixture
def flashed_flash(tmp_path, firmware_files):
    # The flash of a box with 10 finished games and a running one, never synced, flashed and
    # booted once, then unplugged: each copy of it is that box before its first sync.
    flash = tmp_path / "template"
    logs = record_games(str(flash), [(s, 2 + s % 4, None) for s in range(10)] + [(99, 3, 12)])
    with VirtualPico(flash) as pico:
        flasher.flash(pico.port, firmware_files)
        pico.wait_for(": place")
    return flash, logs


@pytest.fixture
def box_with_games(flashed_flash):
    # That box, booted: its running game is resumed on boot, at its hub.
    flash, logs = flashed_flash
    with VirtualPico(flash) as pico:
        pico.wait_for(": place")
        yield pico, logs


def test_cut_cable_at_28_points_loses_and_duplicates_nothing(flashed_flash, tmp_path,
                                                                    capsys):
    # Every cut hits a box before its first sync (a fresh copy of one flash), so each cut can
    # fall in any phase: the raw REPL, the listing, the READs, the ACKs that mark games synced.
    template, logs = flashed_flash
    box_data = lambda flash: store.Store(os.path.join(str(flash), "data"))  # noqa: E731

    def first_sync(i, cut):
        flash = tmp_path / ("flash%d" % i)
        shutil.copytree(str(template), str(flash))
        with VirtualPico(flash) as pico:
            pico.wait_for(": place")  # the running game is resumed on boot, at its hub
            cable = Cable(pico.port, cut_after=cut)
            db = str(tmp_path / ("games%d.sqlite" % i))
            code = sync(cable.path, db)
            cable.pull()
            cable.thread.join(5)
            err = capsys.readouterr().err
            if cut is None:
                assert code == 0, err
                return cable.from_box
            # a cut after the ACKs can pass unnoticed: exit 0; one before the box answered
            # HELLO has nothing to finish: no library was made
            assert code == 0 or "run `lenotre sync` again" in err or (
                "lost the box" in err and not os.path.exists(db)), err
            lib = Library(db)
            box = box_data(flash)
            for device, gid, _, _, _ in lib.games():  # only whole records, in order, no dupes
                got = lib.events(device, gid)
                assert got == logs[gid][:len(got)]
                # what this sync made the box mark synced, this library holds
                assert box.acked(gid) <= lib.received(device, gid)
            assert not [gid for gid in logs if box.acked(gid) and gid not in
                        [g[1] for g in lib.games()]]
            lib.close()
            acked = sum(1 for gid in logs if box.acked(gid))
            code = sync(pico.port, db)  # the next sync finishes the job
            assert code == 0, capsys.readouterr().err
            capsys.readouterr()
            lib = Library(db)
            games = lib.games()
            assert sorted(g[1] for g in games) == sorted(logs)  # every game exactly once
            for device, gid, finished, _, count in games:
                assert lib.events(device, gid) == logs[gid]
                assert bool(finished) == (len(logs[gid]) > 12)
            lib.close()
            box = box_data(flash)
            assert all(box.synced(gid) for gid in logs)
            return cable.from_box >= cut, acked

    # The box's bytes for a whole first sync, through a cable nobody pulls; the smallest of two
    # (where the app was when the sync interrupted it changes the count by some 50 bytes).
    total = min(first_sync(-1, None), first_sync(-2, None))
    # (finished games go as they are filed, compressed: the bytes the box holds of them)
    assert total > sum(z or n for _, _, n, z in box_data(template).listing()) > 4000
    rng = random.Random(20261130)
    # 20 anywhere, and 8 through the last 500 bytes, where the ACK goes (one line for every
    # game in protocol 2, which random cuts seldom hit): there a cut leaves the box with its
    # games marked synced, all of them at once.
    cuts = sorted(rng.randrange(200, total - 200) for _ in range(20))
    cuts += [total - 500 + 60 * k for k in range(8)]
    results = [first_sync(i, cut) for i, cut in enumerate(cuts)]
    assert [r[0] for r in results] == [True] * len(cuts), (results, cuts, total)
    assert [r[1] for r in results if r[1] == len(logs)], "no cut fell after the ACK"
    assert not [r[1] for r in results if 0 < r[1] < len(logs)], "an ACK line marked a part"


def test_second_sync_transfers_nothing(box_with_games, tmp_path, capsys):
    pico, logs = box_with_games
    db = str(tmp_path / "games.sqlite")
    assert sync(pico.port, db) == 0
    first = capsys.readouterr().out
    assert "11 games: 11 new, 0 updated, 0 unchanged" in first
    assert sync(pico.port, db) == 0
    second = capsys.readouterr().out
    assert "11 games: 0 new, 0 updated, 11 unchanged" in second
    assert "0 events, 0 frames" in second


def test_games_played_before_the_clock_was_set_are_dated_by_their_first_sync(box_with_games,
                                                                             tmp_path):
    # The box's 11 games were played before any flash or sync set its clock: nothing in their
    # journals says when, so each is dated by the sync that first stored it, marked estimated.
    pico, logs = box_with_games
    db = str(tmp_path / "games.sqlite")
    before = int(time.time())
    assert sync(pico.port, db) == 0
    after = int(time.time())
    lib = Library(db)
    games = played.load(lib, include_unfinished=True)[0]
    lib.close()
    assert len(games) == len(logs)
    for g in games:
        assert g.started is None and g.ended is None and g.when_estimated
        assert before <= g.when <= after
    # and the sync set the clock: the virtual Pico's kept time is the PC's now
    import keptclock
    kept = keptclock.Kept(os.path.join(str(pico.flash), keptclock.KEPT)).now()
    assert kept is not None and abs(kept - time.time()) < 5


def test_bad_input_on_the_virtual_pico(box_with_games, tmp_path, capsys):
    # Garbage on the port, a box with another protocol version, a corrupt journal: each a
    # clear message, nothing stored wrong - against the flashed virtual Pico.
    pico, logs = box_with_games
    db = str(tmp_path / "games.sqlite")
    import serial
    with serial.Serial(pico.port, timeout=0.2) as s:  # line noise, half a frame, binary
        s.write(b"\xff\xfe garbage LN READ 1 0 *deadbeef\n\x00\x7f LN HELL")
    assert sync(pico.port, db) == 0
    assert "11 new" in capsys.readouterr().out
    # A journal damaged in the middle of a record on the box: its good prefix comes, with a
    # message naming the game; everything stored replays.
    running = max(logs)
    path = os.path.join(str(pico.flash), "data", "g%04d.log" % running)
    raw = bytearray(open(path, "rb").read())
    at = raw.index(b"\n", len(raw) // 2) - 12  # inside the record before the middle line end
    raw[at] ^= 0x20
    with open(path, "wb") as f:
        f.write(raw)
    db2 = str(tmp_path / "fresh.sqlite")
    code = sync(pico.port, db2)
    err = capsys.readouterr().err
    # The box's store finds it when serve() opens it: the good records stay, the damaged file
    # is kept aside, and the sync says so.
    assert code in (0, 1) and "g%04d" % running in err and "damaged" in err, err
    assert ".bad" in err
    lib = Library(db2)
    for device, gid, _, _, _ in lib.games():
        got = lib.events(device, gid)
        assert got == logs[gid][:len(got)]
    lib.close()
    # A box speaking another protocol version: a link module that says 0.
    link_src = open(os.path.join(os.path.dirname(store.__file__), "link.py")).read()
    old = tmp_path / "link.py"
    old.write_text(link_src.replace("PROTO = 2\nOLDEST = 1", "PROTO = 0\nOLDEST = 0"))
    subprocess.run([tool("mpremote"), "connect", pico.port, "fs", "cp", str(old), ":link.py", "+", "fs", "rm",
                    ":link.mpy"], check=True, capture_output=True, timeout=60)
    db3 = str(tmp_path / "other.sqlite")
    assert sync(pico.port, db3) == 1
    err = capsys.readouterr().err
    assert "protocol" in err and "lenotre flash" in err, err
    lib = Library(db3)
    assert lib.games() == []
    lib.close()


def test_a_killed_sync_gives_the_box_back_to_its_app(box_with_games):
    # Issue 9: after a killed sync the box stayed stopped (no app). A host that starts the
    # link and vanishes without BYE: serve() hears nothing for idle_ms and resets the box, so
    # main.py runs the app again (here with a short idle; the firmware waits link.IDLE_MS).
    pico, _ = box_with_games
    port = Port(pico.port)
    repl = RawRepl(port)
    repl.enter()
    repl.start("import link\nlink.serve(idle_ms=1500)\n")
    port.close()  # the host is gone: no BYE, no Ctrl-C
    with pytest.raises(VirtualPicoError):
        pico.request("screen", timeout=0.5)  # the app is stopped for now ...
    pico.wait_for(": place", 10)  # ... and back by itself: the running game on screen


# finished games that fill a Pico's flash: from ~1,100 it refuses a new game (measured on the
# emulated Pico, docs/FIRMWARE.md), so a box with a running game holds at most about this many
FULL = 1050


# Open (issue 21's closing note): alone it passes (4 of 4, two at once); in `make test` the box,
# rebooting after the third sync with 1,050 plain games acknowledged and a running game, met a
# MemoryError at boot: the .mpy build on the unix port's 8-byte pointers at 192 KB is within
# a few KB of its limit here (the Pico's own heap has ~128 KB free at the same moment).
@pytest.mark.xfail(reason="the virtual Pico's full box at 192 KB: a few KB from its limit, "
                          "failed at boot after the third sync under make test (open)",
                   strict=False)
def test_a_full_box_with_its_app_running_syncs_back_to_back(tmp_path, firmware_files, capsys):
    # Issue 9: a full box's finished games and a running one on a virtual Pico whose app runs (its
    # heap holds the app and its games' index when the sync stops it; the virtual Pico's own
    # screen reply once took the last 1.7 KB piece and stopped it): `lenotre sync` three
    # times in a row, two into one library, one into a fresh one; all succeed.
    flash = str(tmp_path / "flash")
    os.makedirs(flash)
    # filed plain, as a box whose code lives in its heap files them (app/codeheap.py, SQUEEZE)
    st = store.Store(os.path.join(flash, "data"), squeeze=False)
    logs = [play(seed, 2 + seed % 4).log for seed in range(20)]
    for i in range(FULL):
        record_log(st, logs[i % 20])
    record_log(st, play(99, 3).log[:12], finish=False)
    install_firmware(flash, firmware_files)
    with VirtualPico(flash) as pico:
        pico.wait_for(": place", 30)
        for db, new in (("a", FULL + 1), ("a", 0), ("b", FULL + 1)):
            start = time.monotonic()
            assert sync(pico.port, str(tmp_path / (db + ".sqlite"))) == 0, capsys.readouterr()
            assert time.monotonic() - start < 60
            assert "%d games: %d new" % (FULL + 1, new) in capsys.readouterr().out
        pico.wait_for(": place", 30)  # the app came back after each
    assert store.Store(os.path.join(flash, "data")).count() == (FULL + 1, 0)

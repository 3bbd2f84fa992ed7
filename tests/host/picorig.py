# What the emulated Pico's tests of both editions share (tests/host/test_pico_emulated.py,
# test_circuitpython_emulated.py): the end of a whole 2-player game checked on the box's
# screen and pixels, and the box whose power goes at a chosen press; which of them only
# `make soak` runs.
import os

import pytest

from lenotre.device import epico
from lenotre.device.epico import PicoDevice

# `make soak` sets it: the emulated editions' long cases that the box's own image already runs
# in `make test` (test_image_emulated.py), kept for the official UF2s (make test stays under
# 20 minutes on a 2-core machine; a whole emulated game takes 1 to 7 minutes there).
SOAK = bool(os.environ.get("LENOTRE_SOAK"))


def soak_only(why):
    """Marks a test `make soak` runs (LENOTRE_SOAK=1) and `make test` skips, saying why."""
    return pytest.mark.skipif(not SOAK, reason="make soak runs it (LENOTRE_SOAK=1): " + why)


def capped(rgb, cap=48):
    # the strip's brightness cap (board.json's): the colour's largest channel at it
    return max(rgb) == cap


def check_the_end(plan, player, dev, pico):
    # The game of `plan` played through: its winner on screen (and the points, without a
    # tie-break), a pixel per garden type lit for its holder, back to the menu on ok, frames
    # and pixels drawn, no traceback on the serial port
    names = player.names
    texts = dev.screen()[1]
    winners = plan.outcome.winners
    assert texts[0] == ("Shared victory" if plan.outcome.shared else "Winner"), texts
    assert any(names[winners[0]][:7] in t for t in texts), texts
    if not plan.outcome.tiebreak:
        assert "%d points" % max(plan.totals()) in texts
    px = dev.pixels()
    for t in range(5):
        if plan.holders[t] < 0:
            assert px[t] == (0, 0, 0), (t, px)
        else:
            assert capped(px[t]), (t, px)
    dev.press("ok")
    assert "New game" in dev.screen()[1]
    shown = pico.screen()
    assert shown["pixel_writes"] > 0 and shown["frames"] > 50
    assert epico.tracebacks(pico.serial_log) == []


class PowerCut(Exception):
    pass


class CutDevice(PicoDevice):
    # The emulated Pico whose power goes at press number `at`: the button goes down and up,
    # then, a random fraction of a millisecond to 60 ms later (while the app may be writing
    # its journal, to littlefs or to FAT), the emulator is killed: the flash image stays as
    # it was at that instant.
    def __init__(self, pico, at, rnd):
        PicoDevice.__init__(self, pico)
        self.left = at
        self.rnd = rnd

    def _hold(self, button, ms):
        if self.left == 0:
            self.pico.down(button)
            self.pico.wait(ms)
            self.pico.up(button)
            self.pico.wait(self.rnd.uniform(0, 60))
            self.pico.kill()
            raise PowerCut()
        self.left -= 1

    def press(self, button, times=1):
        for _ in range(times):
            self._hold(button, epico.PRESS_MS)
            PicoDevice.press(self, button)

    def long(self, button, ms=epico.LONG_MS):
        self._hold(button, ms)
        PicoDevice.long(self, button, ms)


def boot_after_cut(image, kind, reflash=None):
    # The power back on a cut drive: -> (its screen's texts, the tracebacks it printed, what a
    # reflash said: "" if none). reflash(port) -> str: given to a box that shows nothing, as a
    # user would run `lenotre flash` again; the box is then booted once more, and what it
    # printed the first time goes into what the reflash said.
    said = ""
    with epico.EmulatedPico(image, kind=kind) as pico:
        try:
            texts = pico.wait_for("", timeout_ms=60000)
        except epico.EmulatedPicoError as exc:
            texts = ["no screen: %s" % exc]
        pico.wait(500)
        tb = epico.tracebacks(pico.serial_log)
        if reflash is None or pico.text():
            return texts, tb, said
        first = "".join("; it had stopped at: " + t.strip().splitlines()[-1] for t in tb[-1:])
        try:
            said = first + "; reflashed: " + reflash(pico.port)
        except Exception as exc:  # what a user would meet, said
            return texts, tb, first + "; reflash failed: %s" % str(exc).splitlines()[0][:200]
    texts, tb, _ = boot_after_cut(image, kind)
    return texts, tb, said


# ---- a sync cut mid-way (both editions' cut-cable tests) -------------------------------------
def games_on_desktop(folder, count):
    # count finished games of 2 to 4 players written into `folder` by the firmware's own store,
    # as the box would have them -> their logs, by game id - 1
    import store
    from linkrig import record_log
    from shared_rules.versailles.simulate import play
    box = store.Store(folder)
    logs = [play(seed, 2 + seed % 3).log for seed in range(count)]
    for log in logs:
        record_log(box, log)
    return logs


def games_stored(db):
    # -> how many games the library at db holds (0 before it is made)
    import sqlite3
    try:
        return sqlite3.connect(db).execute("SELECT count(*) FROM games").fetchone()[0]
    except sqlite3.Error:
        return 0


def sync_cut_mid_way(port, db, games, rnd, most, seconds):
    # `lenotre sync` of a box of `games` games into db, killed (the host end gone, as when the
    # cable is pulled) once 1 to most - 1 are stored, and a random bit more; fails unless the
    # cut landed mid-sync -> the command, to run it again
    import subprocess
    import sys
    import time
    cmd = [sys.executable, "-m", "lenotre.cli", "sync", "--port", port, "--db", db]
    cut = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    when = rnd.randrange(1, most)
    end = time.monotonic() + seconds
    while games_stored(db) < when and cut.poll() is None and time.monotonic() < end:
        time.sleep(0.01)
    time.sleep(rnd.uniform(0, 0.05))
    cut.kill()
    out = cut.communicate()
    assert 0 < games_stored(db) < games, ("the cut did not land mid-sync", out)
    return cmd


def cut_sync_then_resync(boot, db, games, rnd, most, seconds):
    # A box of `games` games (boot() -> an EmulatedPico that holds them) synced into db with the
    # cable cut mid-way, then booted again (plugged in again: its port may differ) and synced
    # whole; the second sync must succeed
    import subprocess
    with boot() as pico:
        pico.wait_for("New game", timeout_ms=60000)
        cmd = sync_cut_mid_way(pico.port, db, games, rnd, most, seconds)
        pico.wait(200)
    with boot() as pico:
        pico.wait_for("", timeout_ms=60000)
        cmd[cmd.index("--port") + 1] = pico.port
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=2 * seconds + 240)
        assert done.returncode == 0, done.stdout + done.stderr


def each_game_once(db, logs):
    # every game of `logs` exactly once in the library, finished, synced, as the box had it
    import sqlite3
    from lenotre.library import db as library
    rows = sqlite3.connect(db).execute("SELECT gid, count(*) FROM games GROUP BY gid").fetchall()
    assert sorted(rows) == [(g, 1) for g in range(1, len(logs) + 1)], rows
    lib = library.Library(db)
    for device, gid, finished, synced_at, n in lib.games():
        assert finished and synced_at
        assert lib.events(device, gid) == logs[gid - 1]

"""The box as `lenotre sim --micropython` runs it (the .mpy build, MicroPython's unix port, a
192 KB heap, the box alone in its process) never dies at the table: the issue's reproduction
through the buttons, and the random-press soak across the four games (tests/host/simsoak.py).
In make test, three seeds of SIM_SOAK presses; `make soak`: three seeds of 5,000."""
import os

import pytest
from simsoak import SimSoak

from lenotre.device.simclient import SimDevice

PRESSES = int(os.environ.get("LENOTRE_SIM_SOAK", "1500"))


def _logged(flash):
    import crashlog
    return crashlog.CrashLog(os.path.join(flash, "data") + "/").last


@pytest.mark.parametrize("synced", [0, 200])
def test_schlossgarten_set_up_after_a_gardens_game_at_192k(device_build, tmp_path, synced):
    # The reproduction: a 2-player game of Gardens set up and started, back to the
    # menu, New game (leaving it), -> to Schlossgarten, ok: a MemoryError there (loading the
    # Schlossgarten flow beside Gardens's code) killed the simulated device at the next read.
    # Now the colours are asked for, nothing crashed, and the Gardens game is kept. Also on a
    # box that was synced (200 games acknowledged in its synced.log): reading it at boot took
    # the last names before MicroPython's 14 KB block (docs/FIRMWARE.md, "MicroPython's table
    # of names")
    flash = str(tmp_path / "flash")
    if synced:
        from journal import record
        os.makedirs(os.path.join(flash, "data"))
        with open(os.path.join(flash, "data", "synced.log"), "wb") as f:
            for gid in range(1, synced + 1):
                f.write(record({"g": gid, "n": 100}))
    with SimDevice(flash, compiled=device_build, strict=False) as dev:
        dev.wait(30)
        dev.press("ok")  # New game: Versailles's player count
        dev.press("next", 2)  # -> Sanssouci, -> Gardens
        assert dev.texts()[0] == "Gardens", dev.texts()
        dev.press("ok", 3)  # 2 players, Blue, Yellow
        assert dev.texts()[0] == "Start Gardens", dev.texts()
        dev.press("ok")  # start
        assert dev.texts()[0] == "Set up", dev.texts()  # the rulebook's setup, said once
        dev.press("ok", 2)  # on two pages with 2 players
        assert dev.texts()[1] == "pile 96", dev.texts()
        dev.press("back")  # the menu
        dev.press("down")
        dev.press("ok")  # New game
        assert dev.texts()[1:3] == ["Leave the", "running game? It"], dev.texts()
        dev.press("ok")  # leave it: Gardens's player count, set up last
        assert dev.texts()[0] == "Gardens", dev.texts()
        dev.press("next")
        assert dev.texts()[0] == "Schlossgarten", dev.texts()
        dev.press("ok")
        assert dev.crashes == [] and dev.texts()[0] == "Player 1 of 2", (dev.crashes,
                                                                         dev.texts())
        assert dev.stats()["crashes"] == 0
    assert _logged(flash) == 0


def _soak(device_build, tmp_path, seed):
    s = SimSoak(str(tmp_path / ("flash%d" % seed)), seed, device_build, strict=False)
    try:
        s.run(PRESSES, session=min(PRESSES // 2, 2000))
    finally:
        s.close()
    # never died, every game it held was its journal (checked every 250 presses and across
    # power cycles), and every crash the guard caught is in crash.log
    assert s.presses == PRESSES and s.cycles >= 2 and s.checks >= PRESSES // 250
    assert _logged(s.flash) >= len(s.crashes)
    print(s.summary())
    return s


def test_the_192k_soak_seed_1(device_build, tmp_path):
    _soak(device_build, tmp_path, 1)


def test_the_192k_soak_seed_2(device_build, tmp_path):
    _soak(device_build, tmp_path, 2)


def test_the_192k_soak_seed_3(device_build, tmp_path):
    _soak(device_build, tmp_path, 3)


def test_the_game_command_gives_the_held_games_log_as_its_journal_holds_it(tmp_path):
    # simdevice's `game` (the soak's check), on CPython: none at the menu; once a game is
    # started and played, its events and their CRC are the journal's
    from simsoak import journal_of
    flash = str(tmp_path / "flash")
    with SimDevice(flash) as dev:
        dev.wait(30)
        assert dev.cmd("game") == ["game none"]
        dev.press("ok")  # New game: Versailles, 2 players with Ludwig
        dev.press("ok", 3)  # 2, Orange, Purple
        dev.press("ok")  # start
        dev.press("ok", 2)
        gid, over, n, crc = dev.cmd("game")[0].split()[1:]
        assert over == "0" and int(n) >= 1
        assert journal_of(flash, int(gid)) == (int(n), int(crc), False)

"""The guard on a virtual Pico (the flashed firmware under MicroPython's unix port behind a
pseudo-terminal, host/lenotre/vpico.py): a box whose app crashes at boot shows the error,
restarts (hal.virtual's restart: the process exits and boots again, as machine.reset() does),
stops on the safe screen after three crashes in a row, still syncs, and `lenotre sync` brings
its crash log to the library."""
import os

import store
from lenotre.cli import main
from lenotre.library.db import Library
from linkrig import game_log


def test_a_box_crashing_at_boot_restarts_stops_safe_and_syncs_its_crashes(flashed_vpico,
                                                                           tmp_path, capsys):
    pico = flashed_vpico
    # A running game whose last record the rules reject (cards no deck holds): the app
    # cannot resume it, at every boot.
    st = store.Store(os.path.join(str(pico.flash), "data"))
    log = game_log(5, 2)
    gid = st.new_game(log[0])
    for ev in log[1:4]:
        st.append(gid, ev)
    st.append(gid, {"e": "round", "cards": [99, 98]})
    db = str(tmp_path / "games.sqlite")
    # the sync gives the box back with a restart: the app boots, and crashes
    assert main(["sync", "--port", pico.port, "--db", db]) == 0
    capsys.readouterr()
    pico.wait_for("Restarting", 30)
    screen = pico.wait_for("Le Notre stopped", 60)  # 3 crashes at boot, 2 restarts between
    assert "Crashed 3 times" in screen and "ok: try again" in screen
    px = pico.screen()["pixels"]
    lit = [p for p in px if p != (0, 0, 0)]
    assert len(lit) == 1 and lit[0][0] > 0 and lit[0][1:] == (0, 0), px  # the status one: red
    # the safe screen stays; the host can still sync, and gets the crash log
    assert main(["sync", "--port", pico.port, "--db", db]) == 0
    out = capsys.readouterr().out
    assert "3 new crashes on the box" in out
    lib = Library(db)
    rows = lib.crashes()
    lib.close()
    assert [(r[1], r[6]) for r in rows] == [(1, 1), (2, 1), (3, 1)]  # numbers, at boot
    assert all("push" in r[3] and r[2].startswith("InvalidCard") for r in rows), rows  # boot: load
    # after the sync the box boots straight to the safe screen: no fourth try on its own
    screen = pico.wait_for("Le Notre stopped", 30)
    assert main(["crashes", "--db", db]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 crashes, oldest first") and out.count(" at boot: ") == 3

# The random-press soak (soak.py) in `make test`: 20,000 seeded presses on every screen, on
# CPython and on MicroPython at 192 KB (tests/run_mpy.py); `make soak` runs longer ones and
# the .mpy build. Fails on any crash the guard caught and on a journal that does not replay
# to the app's game. And the regression tests of what the soak found.
import sys

from support import scratch

import app as appmod
import soak
from app import codeheap

# From source, every screen's module compiled while the heap is young (see test_guard.py),
# every installed game's: the presses turn to each, and a module compiled late in the
# session's heap in pieces met a MemoryError. Compiled (.mpy, tests/run_mpy.py), the box
# loads and lets go of them as it does on a Pico.
appmod.preload()
if sys.implementation.name == "micropython" and not __file__.endswith(".mpy"):
    codeheap.preload(every=True)

PRESSES = 20000
SEED = 1
# Screens the presses must reach (not a closed list: new screens may come)
SCREENS = ("Home", "PlayerCount", "ColorPick", "StartGame", "Hub", "CardEntry", "Claim",
           "Areas", "Scoreboard", "Winner", "Finished", "Settings", "SyncStatus", "Message",
           "Confirm")


def test_twenty_thousand_random_presses_crash_nothing_and_keep_every_journal():
    s = soak.Soak(scratch("soak"), SEED).run(PRESSES)
    n = s.check_all_games()  # every game on the box replays with the rules core
    summary = s.summary()
    assert s.presses >= 20000 and s.crashes == 0, summary
    missing = [name for name in SCREENS if not s.screens.get(name)]
    assert not missing, "never reached: %s; %s" % (missing, summary)
    assert n["finished"] >= 1 and n["abandoned"] >= 1 and n["undos"] >= 1, summary
    assert s.checks >= 8, summary


def test_undo_after_the_game_is_over_is_refused_without_touching_the_journal():
    # Found by the soak: a long back on the Game over screen pushed an undo the store then
    # refused (the game is finished and filed): "Not allowed: game 1 is finished", and the
    # app replayed the journal beside the game it held, a MemoryError at 192 KB.
    import store as storemod
    from shared_rules.versailles.simulate import play
    flash = scratch("soak_undo_over")
    log = play(3, 2).log
    st = storemod.Store(flash + "/data")  # the box's layout
    gid = st.new_game(log[0])
    for ev in log[1:-1]:
        st.append(gid, ev)
    s = soak.Soak(flash, SEED)  # boots and resumes the game, one event from its end
    app = s.g.app
    assert app.record(log[-1]) and app.game.phase == "over"
    app.show_game()
    s.run_ms(20)
    size = app.store.size(gid)
    s.hold("back", 700)  # a long back: undo
    said = s.h.display.shown_texts
    assert u"Not allowed" not in said and u"Over: no undo" in said, said
    assert app.game.phase == "over" and app.store.size(gid) == size
    assert s.g.crashes == 0

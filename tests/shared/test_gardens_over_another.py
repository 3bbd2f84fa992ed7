# Found by the soak with Gardens installed beside Versailles (issue 13): a game set up over a
# game of another kind that the box still holds. In a file of its own, a box of its own: on
# MicroPython each file runs in a process of its own (tests/run_mpy.py).
import sys

from support import boot_box, press, scratch, screen_texts

import app  # noqa: F401  (the box in this process: run_mpy's harness heap)
from app import flows


def test_setting_up_a_game_over_a_finished_one_of_another_game():
    # Found by the soak: New game over a game the box still holds (just won), set up as
    # another game: its flow lit the pixels from the game held (Gardens's flow from a
    # Versailles game: an AttributeError the guard caught). Here Versailles is set up over a
    # finished game of Gardens, which the box lets go as the setup begins.
    import store as storemod
    flash = scratch("gardens_then_versailles")
    st = storemod.Store(flash + "/data")  # the box's layout
    # 3 players, 6 flowerbed tiles: blue places its 6th on turn 4, the round ends on turn 6
    log = [{"e": "setup", "game": "gardens", "players": ["Orange", "Purple", "Cyan"],
            "tiles": 6, "colours": ["blue", "yellow", "red"]},
           {"e": "turn", "c": "b", "beds": ["bbbb", "bbby", "bbbr", "bbbp"]}, {"e": "turn", "c": "y", "beds": []},
           {"e": "turn", "c": "r", "beds": []}, {"e": "turn", "c": "b", "beds": ["bbbb", "bbby"]},
           {"e": "turn", "c": "y", "beds": []}, {"e": "turn", "c": "r", "beds": []}]
    gid = st.new_game(log[0])
    for ev in log[1:-1]:
        st.append(gid, ev)
    st = None
    h, a = boot_box(flash)  # resumes the game, one turn from its end
    assert a.record(log[-1]) and a.game.outcome is not None
    a.show_game()
    press(h, a, "back")  # the menu
    labels = [item[0] for item in a.stack[-1].items]
    for _ in range(labels.index("New game")):
        press(h, a, "down")
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Versailles", screen_texts(h)  # the box's first game
    px = [h.pixels.role("px%d" % i) for i in range(1, 8)]
    assert [h.strip.shown[i] for i in px] == [(0, 0, 0)] * 7  # no game's pixels here
    for _ in range(len(flows.FLOWS)):  # -> to Gardens (other games may lie between)
        press(h, a, "next")
        if screen_texts(h)[0] == "Gardens":
            break
    assert screen_texts(h)[0] == "Gardens", screen_texts(h)
    from app import codeheap
    if codeheap.DROP:  # the game won let go, its rules with it until Gardens's ok loads them
        assert "shared_rules.gardens.game" not in sys.modules
    press(h, a, "back")  # away from the setup: the game won was let go as the setup began
    assert a.game is None  # (app.core.set_up): filed, it is read from its journal now
    from shared_rules import games
    assert games.replay(a.store.events(a.gid)).outcome.winners == [0]

# The menus at the table, in this process on the simulated hardware, on CPython and on
# MicroPython: Finished games' rows (the game, its day, what "*" means), a game left and
# resumed (it leaves the list; back from it the menu is on "Resume game"), and New game's
# line about the player count after turning through the games. Apart from test_app.py:
# test_guard imports that module, and its size is the guard harness's heap.
from support import scratch

from test_app import _boot, _press, _texts


def test_new_game_turned_round_the_games_back_to_versailles_still_says_ludwig():
    # At New game, -> turns through the installed games without loading their flows; back at
    # Versailles the "+ Ludwig" of its 2-player count was gone (its flow was let go on the
    # way). The line is kept as the flow is seen, for every count.
    from app import flows
    h, a = _boot(scratch("app_turn_note"))
    _press(h, a, "ok")  # New game: Versailles, the first installed, 2 players
    assert _texts(h)[0] == "Versailles" and "+ Ludwig" in _texts(h), _texts(h)
    for _ in flows.names():
        _press(h, a, "next")
    assert _texts(h)[0] == "Versailles" and "+ Ludwig" in _texts(h), _texts(h)
    _press(h, a, "up")  # 3 players: Ludwig does not play
    assert "+ Ludwig" not in _texts(h) and _texts(h)[3] == "3", _texts(h)
    _press(h, a, "down")
    assert _texts(h)[-1] == "+ Ludwig", _texts(h)

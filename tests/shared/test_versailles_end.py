# The end of a game of Versailles on the box, in the box's own process
# (app/versailles_scoring.py): its final scoring is a 5-player game's lowest point of heap,
# every event of the game held, so the screens of a round (claims, token holders) leave as it
# starts; on CPython and the MicroPython unix port.
import sys

from support import boot_box, dropping, finish_stage, press, scratch, screen_texts

import app  # noqa: F401  (the box in this process)


@dropping
def test_the_final_scoring_lets_the_claim_and_token_screens_go():
    from shared_rules.versailles.game import Game

    from app.versailles_scoring import start_scoring
    h, a = boot_box(scratch("versailles_end"))
    names = ["Orange", "Purple", "Lime"]
    won = Game(names, 1)
    finish_stage(won, [[3, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]])
    finish_stage(won, [[3, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]])
    a.new_game(names)
    for ev in won.log[1:-1]:  # all but the final scoring
        assert a.record(ev), ev
    for m in ("app.versailles_claims", "app.versailles_tokens"):
        __import__(m)
    start_scoring(a)
    a.redraw()
    assert screen_texts(h)[0] == "Final scoring", screen_texts(h)
    assert "app.versailles_claims" not in sys.modules
    assert "app.versailles_tokens" not in sys.modules
    press(h, a, "ok")  # scored: the game shown again loads its screens, and they go again
    assert screen_texts(h)[0] == "Final scores" and a.game.outcome is not None
    assert "app.versailles_claims" not in sys.modules
    assert "app.versailles_tokens" not in sys.modules
    press(h, a, "ok")  # the winner, then the game's hub: a game over takes no undo
    press(h, a, "ok")
    assert a.game.outcome is not None and "app.versailles_claims" not in sys.modules

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


def test_parts_a_stage_does_not_score_show_a_dash():
    # Small tokens and construction sites score only at the end, and not in the 2-player
    # game ("The Small Majority Tokens (worth 3 points) are not used in a 2-player game";
    # construction is the sixth small token, docs/RULES.md): where a stage does not score a
    # part, the player's points page shows "-", not a 0 that reads as a claim missed
    from shared_rules.versailles.game import Game

    from app.versailles_scoring import start_scoring
    h, a = boot_box(scratch("versailles_two_end"))
    names = ["Orange", "Purple"]
    won = Game(names, 1)
    finish_stage(won, [[3, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]])
    finish_stage(won, [[3, 0, 0, 0, 0, 2], [1, 0, 0, 0, 0, 0]])
    a.new_game(names, extra={"seed": won.log[0]["seed"]})  # Ludwig's deck as the game's
    for ev in won.log[1:-1]:  # all but the final scoring
        assert a.record(ev), ev
    start_scoring(a)
    press(h, a, "ok")
    assert screen_texts(h)[0] == "Final scores", screen_texts(h)
    press(h, a, "down")  # the leader's parts, stage by stage
    texts = screen_texts(h)
    assert texts[1:] == ["          S1  S2", "areas      3   3", "large tk   0   0",
                         "small tk   -   -", "constr.    -   -", "total      3   3"], texts

"""`lenotre sim --demo`'s game: a 2-player game of Versailles from the desktop simulation
(shared_rules.versailles.simulate, seed 3) entered on a box through its buttons, as players at
the table would, with a look at each screen a player meets (docs/screens/make.py shoots the
README's screenshots there). Versailles is the game whose button player ships with lenotre
(games/versailles_play.py)."""
from lenotre.games.versailles_play import Player
from shared_rules.versailles.simulate import play as simulated

SEED, PLAYERS = 3, 2
TOAST_GONE_MS = 1500  # app.TOAST_MS: a claim's toast over the screen until then


def plan(seed=SEED):
    """-> the events of the game the demo enters: the desktop simulation's, seed `seed`."""
    return simulated(seed, PLAYERS).log


def play(dev, show, seed=SEED):
    """Enter plan(seed) on `dev` through its buttons; call show(name) where a player looks:
    home, placement, card, token, tokens, areas, scores, points, winner. -> the presses."""
    dev.wait(30)
    show("home")
    seen = set()

    def moment(kind, presses):
        texts = dev.screen()[1]
        if kind == "round" and "placement" not in seen:
            seen.add("placement")
            show("placement")
            dev.press("ok")
            show("card")
            dev.press("back")
        elif kind == "claim" and "token" not in seen:
            seen.add("token")
            dev.wait(TOAST_GONE_MS)
            dev.press("next")  # the claim screen, offering the likeliest claim
            show("token")
            dev.press("back")
            dev.long("next")
            show("tokens")
            dev.press("down")
        elif kind == "areas" and "areas" not in seen and texts[0].endswith("'s areas"):
            seen.add("areas")
            dev.wait(TOAST_GONE_MS)  # the last claim's toast gone
            show("areas")
        elif kind == "scoreboard" and "Final scores" in texts:
            show("scores")
            dev.press("down")
            show("points")
            dev.press("up")
    Player(dev).play(plan(seed), moment)
    show("winner")
    return dev.presses

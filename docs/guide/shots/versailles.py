"""docs/guide/versailles.md's shots: the README's demo game (2 players and Ludwig, the
desktop simulation's seed 3: lenotre/games/versailles_demo.py) entered through the buttons by
versailles_play.Player, one step of the plan at a time, with a look at each screen the page explains
on the way. Two looks change the game and take it back, as a table would: a report that
shows a claim the box never heard of (the Missed claim question), then undone."""
from lenotre.games.versailles_play import Player, plan_of
from lenotre.games import versailles_demo
from shared_rules import games
from shared_rules.versailles.scoring import MIN_TOKEN_AREA
from shared_rules.versailles.tiles import TYPES

from shots.camera import Camera, fresh_box, start

PLAYERS = versailles_demo.PLAYERS


def shoot():
    # -> the names of the shots taken
    events = versailles_demo.plan()
    with fresh_box() as dev:
        cam = Camera(dev, "versailles")
        player = Player(dev)
        set_up(dev, cam, player)
        steps = plan_of(events)
        seen = set()
        for k, (kind, payload) in enumerate(steps):
            g = games.replay(events[:k + 1])  # the game as the box holds it before this step
            first = (kind, g.stage) not in seen
            seen.add((kind, g.stage))
            if kind == "round":
                if first and g.stage == 1:
                    round_one(dev, cam)
                elif first:
                    cam.shoot("stage2", "Stage 2 Round 1", "tokens flip to 5")
                player.play_round(payload)
                if first and g.stage == 1:
                    cam.shoot("placement", "S1 R1: place", "Ludwig", "out")
            elif kind == "claim":
                if "claim" not in cam.taken:
                    dev.press("next")  # the claim screen, the likeliest claim first
                    cam.shoot("claim", "claims", "nobody holds it", "^v:size ok:claim", ">:next hold>:who")
                    dev.press("back")
                player.claim(*payload)
            elif kind == "areas":
                areas(dev, cam, player, g, payload, first, last=k + 1 < len(steps)
                      and steps[k + 1][0] == "score")
            else:
                scoring(dev, cam, player, payload)
        dev.press("back")  # the final scores: back to the game's hub, over now
        cam.shoot("over", "Game over", "Winner", "ok:scores back")
        dev.press("ok")
        dev.press("ok")
        cam.shoot("winner", "Winner", "points")
        return cam.taken


def set_up(dev, cam, player):
    # versailles_play.Player.new_game's presses, with a look at the count and the start screen
    dev.press("ok")  # New game
    dev.press("up", PLAYERS - 2)
    cam.shoot("count", "Versailles", "How many players", "+ Ludwig")
    dev.press("ok")
    # Versailles says its setup on the first round's screen
    start(dev, cam, player, "versailles", PLAYERS, "Start Versailles", "Orange", "Purple",
          "+ Ludwig", said=False)


def round_one(dev, cam):
    cam.shoot("round1", "Stage 1 Round 1", "row of 21 tiles", "Ludwig: box deck")
    dev.press("next")
    cam.shoot("no_claim", "No claim yet")
    dev.press("back")
    dev.press("ok")
    cam.shoot("card", "R1 Orange's card", "1 of 2", "hold:5", "^v ok back")
    dev.press("back")


def areas(dev, cam, player, g, payload, first, last):
    p, sizes = payload
    if first:
        if g.stage == 1:
            dev.long("next")  # the token holders, from the hub
            cam.shoot("tokens", "Token holders", "more fields take")
            dev.press("back")
        dev.press("ok")  # the scoring starts with the first player's areas
        cam.shoot("areas" if g.stage == 1 else "areas2", "'s areas", ">green")
    if last and g.stage == 1:
        missed_claim(dev, cam, player, g, p, sizes)
    player.report(p, sizes)


def missed_claim(dev, cam, player, g, p, sizes):
    # The last report of stage 1 entered one field too large for a token it does not hold:
    # the box asks about the claim it never heard of; back leaves it, a long back on the hub
    # takes the report back, and the report is entered again as it should have been
    wrong = None
    for t in range(len(TYPES)):
        h = g.holders[t]
        big = g.reports[h][t] + 1 if h >= 0 and h != p else MIN_TOKEN_AREA if h < 0 else 0
        if big and max(big, sizes[t]) <= g.fields(p):
            wrong = list(sizes)
            wrong[t] = max(big, sizes[t])
            break
    if wrong is None:
        raise RuntimeError("no report of %s can miss a claim" % g.players[p])
    player.report(p, wrong)
    cam.shoot("missed", "Missed claim", "Claim it?")
    dev.press("back")
    dev.long("back")
    cam.shoot("undo", "Undone:", "'s areas")
    cam.settle()  # the toast's "Purple's areas" is not the areas screen yet


def scoring(dev, cam, player, stage):
    if stage == 1:
        player.score(1)
        cam.shoot("stage1", "Stage 1 scores", "dn:more  stg tot")
        dev.press("ok")
        return
    cam.shoot("final", "Final scoring", "ok:yes  back:no")
    player.score(2)
    cam.shoot("scores", "Final scores", "dn:more  stg tot")
    dev.press("down")
    cam.shoot("points", "1/2", "S1  S2", "large tk", "total")
    dev.press("up")

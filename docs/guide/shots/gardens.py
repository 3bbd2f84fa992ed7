"""docs/guide/gardens.md's shots: a 3-player shorter game (6 flowerbed tiles) of the desktop
simulation, seed 32 (special tiles, undos, 26 beds, a tie on beds broken by the
corners), set up by hand and played by the Gardens rig (tests/rigs/gardens_play.py), with a
look at each screen the page explains on the way."""
from shared_rules.gardens.simulate import play

from gardens_play import FLOWER_KEYS, GardensPlayer
from shots.camera import Camera, fresh_box

SEED, PLAYERS, TILES = 32, 3, 6


def shoot():
    # -> the names of the shots taken
    events = play(SEED, PLAYERS, tiles=TILES).log
    with fresh_box() as dev:
        cam = Camera(dev, "gardens")
        player = GardensPlayer(dev)
        set_up(dev, cam, player, events[0])
        cam.shoot("first", "ok: no new bed", "hold >: special")
        ended = False
        for k, ev in enumerate(events[1:]):
            if ev["e"] == "undo":
                player.undo()
                continue
            if len(ev["beds"]) > 1 and "bed" not in cam.taken:
                beds(dev, cam, ev["beds"])
            if ev.get("special") and "special" not in cam.taken:
                dev.long("next")
                cam.shoot("special", "special", "ok:next")
                dev.long("next")  # not yet: the rig marks it again
            player.turn(ev["c"], ev["beds"], ev.get("special", False))
            if k == 6:
                cam.shoot("hub", "won left", "pile", "ok:next ^v>:beds")
            if not ended and "to go" in dev.text():
                ended = True
                cam.shoot("end", "tile: last", "round, 2 to go")
                cam.settle()
                cam.shoot("countdown", "2 to go", "won left")
        cam.shoot("over", "Game over", "Winner", "ok:scores back")
        dev.press("ok")
        cam.shoot("scores", "Final scores", "dn:more")
        dev.press("down")
        cam.shoot("parts", "1/3", "beds", "corners", "total")
        dev.press("up")
        dev.press("ok")
        cam.shoot("winner", "Winner", "Tie at", "fewer corners:")
        return cam.taken


def set_up(dev, cam, player, setup):
    # GardensPlayer.new_game's presses, with a look at each setup screen
    dev.press("ok")  # New game: Versailles, the first game, comes first
    dev.press("next", 2)  # past Sanssouci
    dev.press("up", PLAYERS - 2)
    cam.shoot("count", "Gardens", "How many players")
    dev.press("ok")
    names = [c.title() for c in setup["colours"]]  # each player's flower colour, turn order
    for _ in range(4):  # the first player's, turned to before ok
        if names[0] in dev.screen()[1]:
            break
        dev.press("down")
    cam.shoot("colours", "Player 1 of 3", "Your colour:", names[0])
    for name in names:
        player.pick(name)
    cam.shoot("variant", "Gardens variant", "Normal: 8 tiles", "Shorter: 6")
    dev.press("down", 2)
    dev.press("ok")
    cam.shoot("start", "Start Gardens", "ok:start")
    dev.press("ok")
    cam.shoot("setup", "Set up", "Each: 2 pieces,")
    dev.press("ok")
    player.names = names


def beds(dev, cam, turn):
    # The first turn that completes beds (this game's first: a tie, then red's): the flowers
    # entered, a look half way and at each verdict, then erased, a flower a press, for the
    # rig to enter the turn
    dev.press("next")
    first, second = turn[:2]
    for flower in first[:2]:
        dev.press(FLOWER_KEYS[flower])
    cam.shoot("bed", "bed 1", "^ blue  v yellow", "back:erase")
    for flower in first[2:]:
        dev.press(FLOWER_KEYS[flower])
    cam.shoot("tie", "bed 1", "tie", "nobody scores", "ok:done >:bed 2")
    dev.press("next")
    for flower in second:
        dev.press(FLOWER_KEYS[flower])
    cam.shoot("verdict", "bed 2", "+1 bed", "ok:done >:bed 3")
    # back: bed 2's flowers, then to bed 1 taking its last, its other three, then the hub
    dev.press("back", 4 + 1 + 3 + 1)

"""docs/guide/schlossgarten.md's shots: a 3-player game of the desktop simulation, seed 7
(38 turns: elements built over others, the draw pile emptied and reshuffled, the win cut
short at a tile), played by the Schlossgarten rig (tests/rigs/schlossgarten_play.py) with a
look at each screen the page explains. The looks at a turn's screens are taken on the way
into a turn and backed out of (back, a screen at a time), so the rig then enters the turn
as the plan has it."""
from shared_rules.schlossgarten.simulate import play

from schlossgarten_play import Player
from shots.camera import Camera, fresh_box, start

SEED, PLAYERS = 7, 3
# the turns (their index in the plan, from 0) the looks are taken at
REFUSED = 0  # turn 1: Blue builds nothing; the box refuses a second tile
TILES = 18  # turn 19: Blue's hedge2 over nothing, tiles 2 and 3
OVER = 28  # turn 29: Red's maze over Blue's hedge1


def shoot():
    # -> the names of the shots taken
    events = play(SEED, PLAYERS).log
    with fresh_box() as dev:
        cam = Camera(dev, "schlossgarten")
        player = Player(dev)
        set_up(dev, cam, player)
        for k, ev in enumerate(events[1:]):
            if k == REFUSED:
                refused(dev, cam)
            elif k == TILES:
                tiles(dev, cam, player, ev)
            elif k == OVER:
                over(dev, cam, player)
            player.turn(ev)
            if k == TILES - 1:
                cam.shoot("hub", "Turn 19: Blue", "pile", "ok:build >:none")
                dev.press("down")
                cam.shoot("scores", "Scores", "dn:more")
                dev.press("back")
            elif k == OVER:
                cam.shoot("shuffle_toast", "pile 0", "Pile empty:", "discards")
                cam.settle()
                cam.shoot("shuffle", "pile 0", "shuffle 29 first")
        cam.shoot("over_hub", "Game over", "Winner", "ok:scores back")
        dev.press("ok")
        cam.shoot("final", "Final scores", "dn:more")
        dev.press("ok")
        cam.shoot("winner", "Winner", "first to 21", "by tile")
        return cam.taken


def set_up(dev, cam, player):
    # the rig's new_game presses, with a look at the count and the start screen
    dev.press("ok")  # New game: Versailles comes first
    dev.press("next", 3)
    dev.press("up", PLAYERS - 2)
    cam.shoot("count", "Schlossgarten", "How many players")
    dev.press("ok")
    # the guide's game is won at a tile (its plan's house rule, RULES.md S5): ^v once
    start(dev, cam, player, "schlossgarten", PLAYERS, "Schlossgarten", "Blue", "Yellow",
          "21: after turn", "ok:start", turns=1)


def refused(dev, cam):
    # turn 1: a terrace would be 3 tiles, and one tile is excavated a turn
    cam.shoot("first", "Turn 1: Blue", "pile", "ok:build >:none")
    dev.press("ok")
    cam.shoot("builds", "Blue builds", "hedge1 (1)", "terrace (3)")
    dev.press("up")  # the last row: the terrace
    dev.press("ok")
    dev.press("ok")  # a tile of 2
    dev.press("ok")  # and another: refused
    cam.shoot("refused", "Not allowed", "2 tiles now")
    dev.press("ok")
    to_hub(dev)


def tiles(dev, cam, player, ev):
    # Blue's hedge2, built over nothing ("none", the first row of what it covers)
    dev.press("ok")
    player.pick_element(ev["el"])
    dev.press("ok")
    dev.press("up")  # the first tile: a 3
    cam.shoot("tiles", "Blue tile 2/2", "for the hedge2", "up   3 points", "5+3 = 8 of 21")
    dev.press("ok")  # the last tile, a 2: the turn said whole before it is recorded
    cam.shoot("confirm", "Record turn?", "Blue builds", "ok:yes  back:no")
    to_hub(dev)


def over(dev, cam, player):
    # Red's maze (3 squares): what it was built over, ticked and unticked
    dev.press("ok")
    player.pick_element("maze")
    cam.shoot("covers", "maze over", "none, 3 tiles")
    player.pick_row("Blue hedge2", exact_end=True)
    cam.shoot("covers_ticked", "maze over", "done, 1 tile", "*Blue hedge2")
    player.pick_row("Yellow hedge2", exact_end=True)
    cam.shoot("too_large", "Too large", "No room left")
    dev.press("ok")
    to_hub(dev)


def to_hub(dev):
    # back, a screen (or a tile) at a time, to the hub: the turn's entry left unrecorded
    for _ in range(8):
        if dev.texts()[0].startswith("Turn "):
            return
        dev.press("back")
    raise RuntimeError("back never reached the hub: %r" % dev.texts())

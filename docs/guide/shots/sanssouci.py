"""docs/guide/sanssouci.md's shots: a 2-player game of the desktop simulation, seed 2 (Purple's
garden with 3 pre-printed cells, gardeners, nobles moved and left), played by the Sanssouci
rig (tests/rigs/sanssouci_play.py) with a look at each screen the page explains. A turn's
screens are looked at on the way into a turn and backed out of, so the rig then enters the
turn as the plan has it."""
from shared_rules.sanssouci.board import COLS
from shared_rules.sanssouci.simulate import play

from lenotre.device.simplay import colours
from sanssouci_play import Player, card_label_names, turns_of
from shots.camera import Camera, fresh_box

SEED, PLAYERS = 2, 2
LOOK_AROUND = 6  # the turn (from 0) before which the hub and the other garden are shot


def shoot():
    # -> the names of the shots taken
    events = play(SEED, PLAYERS).log
    turns, tasks = turns_of(events)
    with fresh_box() as dev:
        cam = Camera(dev, "sanssouci")
        player = Player(dev)
        set_up(dev, cam, player, events[0]["gardens"])
        for k, (tile, noble) in enumerate(turns):
            if k == 0:
                tile_and_card(dev, cam, player, tile)
            if k == LOOK_AROUND:
                cam.shoot("hub", "round", "ok:tile")
                dev.press("down")
                cam.shoot("other", "'s garden")
                dev.press("up")
            if tile["at"] != tile["r"] * COLS + tile["m"] and "gardener" not in cam.taken:
                gardener(dev, cam, player, tile)
            player.turn(tile, noble)
            if ">:noble" in dev.text() and "noble" not in cam.taken:
                # a noble that could move and was left: the hub's > still offers it
                cam.shoot("hub_noble", ">:noble")
                dev.press("next")
                cam.shoot("noble", "Move a noble?", "  to", ":none")
                dev.press("back")
        cam.shoot("final", "Final scoring", "?", "ok:task")
        dev.press("ok")
        cam.shoot("task", "Orange task 1/2", "Labyrinth", "Statue")
        for p in range(PLAYERS):
            player.reveal(p, tasks[p])
        cam.shoot("over", "Game over", "Winner", "ok:scores back")
        dev.press("ok")
        cam.shoot("scores", "Final scores", "dn:more")
        dev.press("down")
        cam.shoot("parts", "1/2", "nobles", "rows", "columns", "tasks", "total")
        dev.press("up")
        dev.press("ok")
        cam.shoot("winner", "Winner", "points")
        return cam.taken


def set_up(dev, cam, player, gardens):
    # the rig's new_game presses, with a look at each setup screen
    dev.press("ok")  # New game: Versailles comes first
    dev.press("next")
    dev.press("up", PLAYERS - 2)
    cam.shoot("count", "Sanssouci", "How many players")
    dev.press("ok")
    for _ in range(PLAYERS):
        dev.press("ok")  # the first free colour
    player.names = colours("sanssouci")[:PLAYERS]
    for p in range(PLAYERS):
        for c in sorted(gardens[p]):
            player.to_cell(*divmod(c, COLS))
            dev.press("ok")
        if gardens[p]:
            cam.shoot("garden", "'s garden", "%d set" % len(gardens[p]), "ok:set hold:done")
        dev.long("ok")
    cam.shoot("start", "Start Sanssouci", "1st row: 9 pts", "ok:start")
    dev.press("ok")
    cam.shoot("setup", "Set up", "9 nobles on top,")
    dev.press("ok")


def tile_and_card(dev, cam, player, tile):
    dev.press("ok")
    cam.shoot("tile", "Orange's tile", "orange", "Treppe", "^v<>:cell ok")
    player.to_cell(tile["r"], tile["m"])
    dev.press("ok")
    cam.shoot("card", "Card played", " card", "5-colour joker")
    dev.press("back")  # the list: back to the tile
    dev.long("back")  # the tile: the turn left, the hub


def gardener(dev, cam, player, tile):
    dev.press("ok")
    player.to_cell(tile["r"], tile["m"])
    dev.press("ok")
    player.choose(lambda label: card_label_names(label, tile["card"], tile.get("wild", 0)))
    dev.press("ok")
    cam.shoot("gardener", "Gardener: where?", "v>^:cell ok back")
    dev.press("back")  # the card list
    dev.press("back")  # the tile
    dev.long("back")  # the hub

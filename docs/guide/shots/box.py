"""docs/guide/box.md's shots: the screens every game shares. One box, as a table meets it:
the menu, Settings; a short game of Schlossgarten played to its end (a finished game); a
Versailles game set up with a roster on the box (who plays each colour), left for a New game
and resumed from Finished games; the undo toast."""
from shared_rules.schlossgarten.simulate import play as schlossgarten_game

from schlossgarten_play import Player as SchlossgartenPlayer
from shots.camera import Camera, fresh_box, write_roster

ROSTER = ("Sophie", "Max", "Lena")
# a short simulated game (2 players, 15 turns): the finished game in Finished games
FINISHED = (6, 2)


def shoot():
    # -> the names of the shots taken
    with fresh_box() as dev:
        cam = Camera(dev, "box")
        cam.shoot("menu", "LE NOTRE", "New game")
        dev.press("down", 2)
        dev.press("ok")
        cam.shoot("settings", "Sound: on", "Light: 4/4")
        dev.press("back")
        dev.press("up", 2)

        SchlossgartenPlayer(dev).play(schlossgarten_game(*FINISHED).log)
        dev.press("ok")  # the winner's hub: the final scores
        dev.press("ok")  # the winner
        dev.press("ok")  # the menu

        # a roster arrives with a sync; New game opens the game set up last: -> to Versailles
        write_roster(dev.flash, ROSTER)
        dev.press("ok")
        dev.press("next")
        cam.shoot("count", "Versailles", "How many players", "+ Ludwig")
        dev.press("ok")
        cam.shoot("colour", "Player 1 of 2", "Your colour:", "Orange")
        dev.press("ok")
        cam.shoot("person", "Orange is:", "Sophie", "Guest")
        dev.press("ok")  # Sophie
        dev.press("down")  # Purple's colour skipped: Cyan
        dev.press("ok")
        dev.press("ok")  # Max: Sophie is no longer offered
        cam.shoot("start", "Start Versailles", "Ora Sophie", "Cya Max", "ok:start")
        dev.press("ok")
        dev.press("ok")  # round 1's cards: the middle card for Sophie and the next for Max
        dev.press("ok")
        dev.press("ok")
        dev.press("back")
        cam.shoot("menu_game", "Resume game")
        dev.press("down")
        dev.press("ok")
        cam.shoot("leave", "Leave the", "can be synced.", "ok:yes  back:no")
        dev.press("ok")
        dev.press("back")  # at the player count: no new game after all
        # the menu lost its "Resume game" row: its cursor is on Finished games now
        dev.press("ok")
        cam.shoot("finished", "Finished games", "left S1R2", "* not synced yet")
        dev.press("ok")
        cam.shoot("unfinished", "Game 2: S1R2", "ok:resume")
        dev.press("ok")
        cam.shoot("resumed", "Game 2 goes on", "as 3")
        dev.long("back")
        cam.shoot("undo", "Undone: S1", "round 1")
        # No shot of Sync status: the simulator's flash is a folder on the PC, and its free
        # room is the PC disk's, far more than the screen's five digits of KB
        return cam.taken

"""Play a game of Gardens on the simulated device through its five buttons only.

A plan is the event log of a game (hand-written in a test, or from shared_rules.gardens
.simulate): its setup (players, variant, flower colours in turn order: each player chooses
their colour on the box, in that order), then its turns and undos. The player reads the screen as a person would (whose turn, which colour, the verdict on
each bed) and presses: a button a flower on the bed entry (up blue, down yellow, > red, ok
pink). Tests play it on the three runtimes; bench/gardens_presses.py counts what it costs."""
from shared_rules.gardens.rules import BEDS_PER_TURN, COLOURS, LETTERS

from lenotre.device.simplay import PlayError, Player, colours as offered

FLOWER_KEYS = {"b": "up", "y": "down", "r": "next", "p": "ok"}
VARIANT_ROWS = {None: 0, 8: 0, 7: 1, 6: 2}  # the variant menu's rows; teams: the fourth


class GardensPlayer(Player):
    def new_game(self, players, teams=False, tiles=None, colours=None, majority="team"):
        # From the menu: New game, -> to Gardens, the player count, each player's colour
        # (colours: the plan's, in turn order; else the first free), the variant, start; the
        # box's seats in turn order (a team game chosen out of turn is reseated). majority:
        # the team rules' house rule (docs/RULES.md G2) the start screen shows, "team" (its
        # first reading) or "colour" (^v once)
        dev = self.dev
        self.open_new_game()
        self.expect("How many players")
        for _ in range(8):
            if self.texts()[0] == "Gardens":
                break
            dev.press("next")
        else:
            raise PlayError("Gardens never came up at New game: %r" % self.texts())
        dev.press("up", players - 2)
        dev.press("ok")
        names = [c.title() for c in colours[:players]] if colours else offered("gardens")
        for p in range(players):
            self.expect("Your colour:")
            self.pick(names[p])
        if players > 2:
            self.expect("Gardens variant")
            row = 3 if teams else VARIANT_ROWS[tiles]
            if row:
                dev.press("down", row)
            dev.press("ok")
        self.expect("Start Gardens")
        if players == 2 or teams:
            self.house_rule("team majority", None if majority == "team" else "colour majority")
        dev.press("ok")
        self.setup_said()
        self.names = names[:players]
        return self.names

    def pick(self, colour):
        # The colour chooser turned (down) to `colour`, then ok
        for _ in range(4):
            if colour in self.texts():
                self.dev.press("ok")
                return
            self.dev.press("down")
        raise PlayError("%s is not offered: %r" % (colour, self.texts()))

    def on_turn(self):
        # -> (player's name, colour) in the hub's title: "Blue" (the colour is the name),
        # "Blue: red" (2 players), "Orange: blue" (a plan whose players are not colours)
        title = self.texts()[0]
        if ": " in title:
            name, colour = title.split(": ")
            return name, colour
        if title.lower() not in COLOURS:
            raise PlayError("not the game's hub: %r" % self.texts())
        return title, title.lower()

    def turn(self, colour, beds, special=False):
        # One turn from the hub: the colour must be the one the box says is on turn
        dev = self.dev
        for _ in range(2):
            try:
                shown = self.on_turn()[1]
                break
            except PlayError:  # a toast over the title: wait for it to go
                dev.wait(2500)
        else:
            raise PlayError("no hub: %r" % self.texts())
        if shown != COLOURS[LETTERS.index(colour)]:
            raise PlayError("the box says %s is on turn, the plan %s" % (shown, colour))
        if special:
            dev.long("next")
            self.expect("special")
        if not beds:
            dev.press("ok")
            return
        dev.press("next")  # the bed entry
        for i, bed in enumerate(beds):
            self.expect("bed %d" % (i + 1))
            for flower in bed:
                dev.press(FLOWER_KEYS[flower])
            self.expect("ok:done")  # the verdict is on screen
            if i + 1 < len(beds):
                if len(beds) > BEDS_PER_TURN:
                    raise PlayError("a turn of %d beds" % len(beds))
                dev.press("next")
        dev.press("ok")

    def undo(self):
        self.dev.long("back")
        self.expect("Undone:")

    def finish(self):
        # From the hub of a game over: the final scores, then the winner
        dev = self.dev
        self.expect("Game over")
        dev.press("ok")
        self.expect("Final scores")
        dev.press("ok")

    def play(self, events, after_turn=None):
        # A whole plan, to the winner screen; after_turn(event) after each of its events
        s = events[0]
        # a plan's setup says its house rule; one without it counted each colour's flowers
        self.new_game(len(s["players"]), s.get("teams", False), s.get("tiles"),
                      s.get("colours"), s.get("majority", "colour"))
        for ev in events[1:]:
            if ev["e"] == "turn":
                self.turn(ev["c"], ev["beds"], ev.get("special", False))
            elif ev["e"] == "undo":
                self.undo()
            else:
                raise PlayError("a plan of Gardens has no %r events" % ev["e"])
            if after_turn:
                after_turn(ev)
        self.finish()

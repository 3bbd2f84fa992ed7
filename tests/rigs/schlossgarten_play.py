"""Play a Schlossgarten game on the simulated device through its five buttons only, as
games/versailles_play.py does Versailles's.

A plan is the event log of a game (a hand-worked one, the desktop simulation's, or a real
journal); the player reads the screen as a person would (the rows of a list, the tile asked)
and presses until the box has the turn. A turn cut short by the win at 21 names no element in
the log: the player builds the smallest element of the supply that takes that many tiles,
as the table did (docs/RULES.md, S5), and the box ends the turn at the tile."""
from lenotre.device import simplay
from lenotre.device.simplay import PlayError
from shared_rules.schlossgarten.game import ELEMENTS, size

TITLE = "Schlossgarten"
TILE_PRESS = {3: "up", 2: "ok", 1: "down"}


class Player(simplay.Player):
    # simplay's: the screen's texts, and expect() (waiting out a toast that hides them)

    # ---- a whole game ----------------------------------------------------------------------
    def new_game(self, players, whole_turn=1):
        # The menu's New game opens the game set up last: -> turns from game to game until
        # Schlossgarten's player count shows. whole_turn: the house rule (docs/RULES.md S5)
        # the start screen shows, 1 (its first reading) or 0 (^v once)
        dev = self.dev
        if "ok:yes  back:no" in self.open_new_game():  # leave the running game: it stays saved
            dev.press("ok")
        for _ in range(8):
            texts = self.expect("How many players")
            if texts[0] == TITLE:
                break
            dev.press("next")
        else:
            raise PlayError("no %s at New game: %r" % (TITLE, texts))
        dev.press("up", players - 2)
        dev.press("ok")
        names = self.first_free_colours(players, "schlossgarten")
        self.expect("ok:start")  # the title "Schlossgarten": "Start " does not fit beside it
        self.house_rule("21: after turn", None if whole_turn else "21: at its tile")
        dev.press("ok")
        self.setup_said()
        self.names = names
        return self.names

    def turn(self, ev):
        # One turn of the plan, from the hub
        dev = self.dev
        p = ev["p"]
        self.expect("Turn ")
        title = self.texts()[0]
        if not title.endswith(": " + self.names[p][:7]):
            raise PlayError("the hub says %r, the plan has %s to play" % (title, self.names[p]))
        tiles = ev.get("tiles") or []
        name = ev.get("el")
        over = ev.get("over") or []
        if name is None and not tiles:
            dev.press("next")
            return
        dev.press("ok")
        if name is None:  # cut short by the win: an element of the supply the tiles lay under
            supply = [row.split(" (")[0] for row in self.texts()[1:] if " (" in row]
            name = min([e for e in supply if size(ELEMENTS.index(e)) >= len(tiles)],
                       key=lambda e: size(ELEMENTS.index(e)))
        self.pick_element(name)
        if self.texts()[0] == "%s over" % name:
            for s, e in over:
                self.pick_row("%s %s" % (self.names[s][:6], e), exact_end=True)
            self.pick_row("none," if not over else "done,")
        for v in tiles:
            self.expect(" tile ")
            dev.press(TILE_PRESS[v])
        self.expect("Record turn?")  # the turn said whole: ok through its pages records it
        for _ in range(4):
            if self.texts()[0] != "Record turn?":
                break
            dev.press("ok")

    def pick_element(self, name):
        # The six elements keep their rows; the bar starts on the first in the supply, skips
        # those on the field and goes round the list: the way round that is shorter
        dev = self.dev
        rows = self.texts()[1:1 + len(ELEMENTS)]
        supply = [e for e, row in zip(ELEMENTS, rows) if row.startswith(e + " (")]
        if name not in supply:
            raise PlayError("the %s is not in the supply: %r" % (name, self.texts()))
        j = supply.index(name)
        if j > len(supply) // 2:
            dev.press("up", len(supply) - j)
        else:
            dev.press("down", j)
        dev.press("ok")

    def pick_row(self, wanted, exact_end=False):
        # A list's rows (app.ui.Menu), cursor on the first: down to the row wanted, ok. Past
        # its six rows a list scrolls with the cursor on the last row shown.
        dev = self.dev

        def match(row):
            return row.lstrip("*").endswith(wanted) if exact_end else row.startswith(wanted)
        rows = self.texts()[1:]
        found = [i for i, r in enumerate(rows) if match(r)]
        if found:
            dev.press("down", found[0])
            dev.press("ok")
            return
        dev.press("down", len(rows) - 1)
        for _ in range(20):
            dev.press("down")
            if match(self.texts()[-1]):
                dev.press("ok")
                return
        raise PlayError("no row %r: %r" % (wanted, self.texts()))

    def play(self, events):
        # Every turn of a plan; the box is on the winner's hub (or the next turn) after
        # a plan's setup says its house rule; one without it was played tile by tile
        self.new_game(len(events[0]["players"]), events[0].get("whole_turn", 0))
        for ev in events[1:]:
            if ev["e"] != "turn":
                raise PlayError("a plan has no %r steps" % ev["e"])
            self.turn(ev)

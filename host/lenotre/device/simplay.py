"""A player at the simulated box who presses its five buttons only: the screen read as a person
reads it (the words, the number drawn big), values reached by holding and stepping as a person
does. A game's own player (lenotre/games/versailles_play.py; the tests' rigs for the others)
adds how that game's screens are played from its plan, the event log of a game."""
from shared_rules import games, palette


def colours(game):
    # -> the names of the colours the box's setup offers for `game`, in its order: the first
    # free one is each player's when a rig presses ok
    return [name for name, _ in getattr(games.rules(game), "SEATS", palette.PALETTE)]


# app.TOAST_MS and its half second more a line, for the longest (three lines): how long a
# toast can stay over the screen when no key is pressed
TOAST_MS = 1500 + 2 * 500


class PlayError(Exception):
    pass


def hold_ms(jumps):
    # How long to hold up/down for that many jumps: the first at 500 ms (buttons.py's long
    # press), then one every 300 ms (app/entry.py's pace); let go halfway to the next.
    return 500 + 300 * (jumps - 1) + 150


class Player:
    """Presses `dev`'s buttons (a simclient.SimDevice, an emulated Pico) as a person would."""

    def __init__(self, dev, long_holds=True):
        self.dev = dev
        self.names = None
        # False: a player who holds up/down for one jump at a time (bench/device.py's second
        # figure); True: through as many jumps as they need, letting go on the number.
        self.long_holds = long_holds

    def texts(self):
        return self.dev.screen()[1]

    def expect(self, words):
        # A toast over the screen may hide the words (the emulated Pico's screen is pixels
        # only): a player waits for it to go, then looks again.
        texts = self.texts()
        if not any(words in t for t in texts):
            self.dev.wait(TOAST_MS)
            texts = self.texts()
        if not any(words in t for t in texts):
            raise PlayError("expected %r on screen, it shows %r" % (words, texts))
        return texts

    def house_rule(self, first, other=None):
        # The start screen's house rule (docs/RULES.md): its first reading shows; `other`,
        # the reading to play by, is ^v away
        self.expect(first)
        if other:
            self.dev.press("down")
            self.expect(other)

    def setup_said(self):
        # A game's start says the rulebook's setup on a screen of its own (two, for Gardens'
        # 2 players): the table lays it out, ok pages on and then goes to the first turn
        self.expect("Set up")
        for _ in range(3):
            if self.texts()[0] != "Set up":
                return
            self.dev.press("ok")
        raise PlayError("the setup said is more than two pages: %r" % self.texts())

    def open_new_game(self):
        """From the menu: New game (past Resume game, where a game runs), ok. -> the texts of
        the screen it opens."""
        texts = self.expect("New game")
        if "Resume game" in texts:  # the menu starts on its first item
            self.dev.press("down")
        self.dev.press("ok")
        return self.texts()

    def first_free_colours(self, players, game):
        """Each player takes the first colour the setup offers (ok). -> their names."""
        for _ in range(players):
            self.expect("Your colour:")
            self.dev.press("ok")
        return colours(game)[:players]

    def value(self):
        # The one number drawn big on an entry screen. A toast drawn over it (the emulated
        # Pico's screen is pixels only) hides part of it: a player waits for the toast to go.
        nums = [t for t in self.texts() if t.isdigit()]
        if len(nums) != 1:
            self.dev.wait(TOAST_MS)
            nums = [t for t in self.texts() if t.isdigit()]
        if len(nums) != 1:
            raise PlayError("no single number on screen: %r" % self.texts())
        return int(nums[0])

    def set_value(self, target, read=None, jump=10, ends=None):
        # As a person does: a hold jumps (by `jump`, one more every 300 ms held) to the jump
        # nearest the target, or to an end (lo, hi) of the values when that is nearer, then
        # single steps, from either side.
        read = read or self.value
        back = 0  # the direction of the last jump: no jumping back over it
        for _ in range(200):
            v = read()
            if v == target:
                return
            up = target > v
            d = abs(target - v)
            tens = (d + (jump - 1) // 2) // jump
            steps = abs(d - tens * jump)
            if ends and back == 0:
                end = ends[1] if up else ends[0]
                if abs(end - target) < steps:  # to the end, then back from there
                    tens, steps = abs(end - v) // jump + 1, abs(end - target)
            if tens and back != (-1 if up else 1):
                self.dev.long("up" if up else "down",
                              hold_ms(tens if self.long_holds else 1))
                back = 1 if up else -1
            else:
                self.dev.press("up" if up else "down")
        raise PlayError("could not reach %d (at %d)" % (target, read()))

    def choose_shown(self, wanted, button="down"):
        # Step through a list shown one item at a time until `wanted` is on screen; once
        # round the list, then again after a toast (which may hide the item) is gone.
        for tries in range(16):
            if wanted in self.texts():
                return
            if tries == 8:
                self.dev.wait(TOAST_MS)
                if wanted in self.texts():
                    return
            self.dev.press(button)
        raise PlayError("%r never came up: %r" % (wanted, self.texts()))

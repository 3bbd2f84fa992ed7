"""Play a Versailles game on the simulated device through its five buttons only.

A plan is the event log of a game (from the desktop simulation or a real journal); the player
reads the screen as a person would (the value shown, the name shown) and presses until it
matches. Tests use it on both runtimes; the press-count benchmark counts what it costs."""
PALETTE = ("Orange", "Purple", "Cyan", "Pink", "Lime", "Silver")
TOAST_MS = 1500  # app.TOAST_MS: how long a message stays over the screen


class PlayError(Exception):
    pass


def plan_of(events):
    # -> [(kind, payload)] for what a player does at the box: rounds, claims, reports, scores
    steps = []
    for ev in events[1:]:
        kind = ev["e"]
        if kind == "round":
            steps.append(("round", list(ev["cards"])))
        elif kind == "claim":
            steps.append(("claim", (ev["p"], ev["type"], ev["size"])))
        elif kind == "areas":
            steps.append(("areas", (ev["p"], list(ev["sizes"]))))
        elif kind == "score":
            steps.append(("score", ev["stage"]))
        else:
            raise PlayError("a plan has no %r steps" % kind)
    return steps


class Player:
    def __init__(self, dev):
        self.dev = dev
        self.names = None

    def texts(self):
        return self.dev.screen()[1]

    def expect(self, words):
        texts = self.texts()
        if not any(words in t for t in texts):
            raise PlayError("expected %r on screen, it shows %r" % (words, texts))
        return texts

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

    def set_value(self, target):
        for _ in range(200):
            v = self.value()
            if v == target:
                return
            up = target > v
            if abs(target - v) >= 10:
                self.dev.long("up" if up else "down")
            else:
                self.dev.press("up" if up else "down")
        raise PlayError("could not reach %d (at %d)" % (target, self.value()))

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

    # ---- a whole game ----------------------------------------------------------------------
    def new_game(self, players):
        dev = self.dev
        texts = self.expect("New game")
        if "Resume game" in texts:  # the menu starts on its first item
            dev.press("down")
        dev.press("ok")
        self.expect("How many players")
        dev.press("up", players - 2)
        dev.press("ok")
        for _ in range(players):
            self.expect("Your colour:")
            dev.press("ok")  # the first free colour
        self.expect("Start Versailles")
        dev.press("ok")
        self.names = list(PALETTE[:players])
        return self.names

    def play_round(self, cards):
        dev = self.dev
        dev.press("ok")
        for card in cards:
            self.expect("'s card")
            self.set_value(card)
            dev.press("ok")

    def claim(self, p, type_name, size):
        dev = self.dev
        dev.press("next")
        self.choose_shown(type_name)
        dev.press("ok")
        self.choose_shown(self.names[p][:7])
        dev.press("ok")
        self.set_value(size)
        dev.press("ok")

    def report(self, p, sizes):
        dev = self.dev
        if not any("/6" in t for t in self.texts()):
            dev.press("ok")  # from the hub: start the scoring wizard
        self.expect(self.names[p][:7] + " 1/6")
        for k in range(6):
            self.set_value(sizes[k])
            dev.press("ok")

    def score(self, stage):
        dev = self.dev
        if stage == 2:
            self.expect("Final scoring")
            dev.press("ok")
        self.expect("Final scores" if stage == 2 else "Stage 1 scores")

    def play(self, events, after_step=None):
        # Every step of a plan, then past the scoreboards back to the hub or the menu.
        # after_step(kind, presses spent on it) is called after each, for the figures.
        steps = plan_of(events)
        spent = self.dev.presses
        self.new_game(len(events[0]["players"]))
        if after_step:
            after_step("setup", self.dev.presses - spent)
        for kind, payload in steps:
            spent = self.dev.presses
            if kind == "round":
                self.play_round(payload)
            elif kind == "claim":
                self.claim(*payload)
            elif kind == "areas":
                self.report(*payload)
            else:
                self.score(payload)
                if after_step:
                    after_step("scoreboard", 0)  # a moment to look at it
                self.dev.press("ok")  # leave the scoreboard
            if after_step:
                after_step(kind, self.dev.presses - spent)
        return steps


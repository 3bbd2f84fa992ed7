"""Play a Versailles game on the simulated box through its five buttons only, from its plan.

A plan is the event log of a game (from the desktop simulation or a real journal); the player
reads the screen as a person would (the value shown, the name shown) and presses until it
matches. Tests use it on every runtime; the press-count benchmarks count what it costs."""
from lenotre.device import simplay
from lenotre.device.simplay import PlayError, hold_ms
from shared_rules.versailles.game import CARDS
from shared_rules.versailles.tiles import AREA_KINDS


def entered(events):
    # plan_of(events) as the box records it: construction sites are not asked in stage 1
    # (never scored there), so its stage-1 reports hold 0 for them.
    steps = plan_of(events)
    stage = 1
    out = []
    for kind, payload in steps:
        if kind == "areas" and stage == 1:
            payload = (payload[0], payload[1][:5] + [0])
        elif kind == "score":
            stage += 1
        out.append((kind, payload))
    return out


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


class Player(simplay.Player):
    """simplay's player who knows Versailles' screens: its setup, rounds, claims, areas."""

    def area_rows(self):
        # -> [(chosen, kind, value)] of the areas screen's rows, top down; the chosen row
        # starts with ">", "-" is none. Leading spaces are not relied on: the emulated Pico's
        # screen is read from pixels, where a row's leading space is only blank.
        rows = []
        for t in self.texts():
            chosen = t.startswith(">")
            words = t[1 if chosen else 0:].split()
            if len(words) == 2 and words[0] in AREA_KINDS:
                rows.append((chosen, words[0], 0 if words[1] == "-" else int(words[1])))
        return rows

    def row_value(self):
        # The value in the chosen row (">") of a list of sizes.
        chosen = [r[2] for r in self.area_rows() if r[0]]
        if len(chosen) != 1:
            raise PlayError("no single chosen row on screen: %r" % self.texts())
        return chosen[0]

    # ---- a whole game ----------------------------------------------------------------------
    def new_game(self, players):
        dev = self.dev
        self.open_new_game()
        self.expect("How many players")
        dev.press("up", players - 2)
        dev.press("ok")
        names = self.first_free_colours(players, "versailles")
        self.expect("Start Versailles")
        dev.press("ok")
        self.names = names
        return self.names

    def play_round(self, cards):
        dev = self.dev
        self.expect("ok:R")
        self._first(cards[0])
        for card in cards:
            self.expect("'s card")
            self.set_value(card, jump=5, ends=(1, CARDS))
            dev.press("ok")

    def _first(self, card, middle=(CARDS + 1) // 2):
        # From the hub, up/down go straight into the first card: a person knows the card
        # screen starts near the middle of the cards and turns from there at once; ok opens
        # it when the first card is the middle.
        d = card - middle
        tens = (abs(d) + 2) // 5
        if tens:
            self.dev.long("up" if d > 0 else "down", hold_ms(tens if self.long_holds else 1))
        elif d:
            self.dev.press("up" if d > 0 else "down")
        else:
            self.dev.press("ok")

    def claim(self, p, type_name, size):
        # The claim screen offers the likely claims first: > steps through them, a long >
        # goes on to the next player.
        dev = self.dev
        dev.press("next")
        name = self.names[p][:7]
        for _ in range(40):
            texts = self.texts()
            if texts[0].split()[0] != name:
                dev.long("next")
            elif type_name not in texts:
                dev.press("next")
            else:
                break
        else:
            raise PlayError("the claim %s %s never came up" % (name, type_name))
        self.set_value(size)
        dev.press("ok")

    def report(self, p, sizes):
        # One screen per player, a row per kind (construction in stage 2 only): ok takes a
        # row, a long ok takes the rest as shown.
        dev = self.dev
        if not any("'s areas" in t for t in self.texts()):
            dev.press("ok")  # from the hub: start the scoring wizard
        self.expect(self.names[p][:7] + "'s areas")
        kinds = len(self.area_rows())  # construction sites in stage 2 only
        for k in range(kinds):
            self.set_value(sizes[k], self.row_value)
            rest = [r[2] for r in self.area_rows()][k + 1:kinds]
            if k + 1 < kinds and rest == sizes[k + 1:kinds]:
                dev.long("ok")
                return
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

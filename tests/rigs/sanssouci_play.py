"""Play a Sanssouci game on the simulated device through its five buttons only.

A plan is the event log of a game (the desktop simulation's, a hand-worked example's or a real
journal's); the player reads the screen as a person would (the cell named beside the grid, the
card in the list, the noble's stop and its points) and presses until it matches. Tests use it
on the three runtimes; bench/sanssouci_presses.py counts what it costs."""
from lenotre.device import simplay
from lenotre.device.simplay import PlayError
from shared_rules.sanssouci.board import COLOURS, COLS, MOTIFS
from shared_rules.sanssouci.cards import JOKER


def names(word, full):
    # A shown abbreviation ("Labyr.", "turq.", "Kraeut") names the full word it begins
    return bool(word) and full.startswith(word.rstrip("."))


def card_label_names(label, card, wild):
    # Does a row of the card list name this card?
    if card == JOKER:
        return label == "5-colour joker"
    if card < COLS:
        words = label.split()
        return len(words) == 2 and names(words[0], MOTIFS[card]) and \
            words[1] == ("wild" if wild else "card")
    a, b = divmod(card, 10)
    shown = label.split("/")
    return len(shown) == 2 and names(shown[0], COLOURS[a]) and names(shown[1], COLOURS[b])


def turns_of(events):
    # -> ([(tile event, noble event or None)], {seat: task motifs}) from a game's events
    turns, tasks = [], {}
    for ev in events[1:]:
        kind = ev["e"]
        if kind == "tile":
            turns.append((ev, None))
        elif kind == "noble":
            turns[-1] = (turns[-1][0], ev)
        elif kind == "tasks":
            tasks[ev["p"]] = list(ev["m"])
        else:
            raise PlayError("a plan has no %r events (undone events are left out)" % kind)
    return turns, tasks


class Player(simplay.Player):
    # simplay's: the screen's texts, and expect() (waiting out a toast that hides them)
    def panel(self):
        # -> the lines beside the grid (after the title, before the hint); the grid has none
        texts = self.texts()
        return texts[1:-1]

    def cursor_cell(self):
        # -> (row, motif) the grid's cursor is on, read from the first two panel lines
        shown = self.panel()
        rows = [r for r in range(len(COLOURS)) if names(shown[0], COLOURS[r])]
        motifs = [m for m in range(COLS) if names(shown[1], MOTIFS[m])]
        if len(rows) != 1 or len(motifs) != 1:
            raise PlayError("no cell named beside the grid: %r" % shown)
        return rows[0], motifs[0]

    def to_cell(self, row, motif):
        # The grid's cursor to a cell: up/down the rows (1-5, round), > and < (back) the
        # columns (round), each the shorter way, as a person counts the cells.
        r, m = self.cursor_cell()
        d = (row - r) % 5
        self.dev.press("down" if d <= 2 else "up", d if d <= 2 else 5 - d) if d else None
        d = (motif - m) % COLS
        if d:
            self.dev.press("next" if d <= 4 else "back", d if d <= 4 else COLS - d)
        if self.cursor_cell() != (row, motif):
            raise PlayError("the cursor is on %r, not on %r" % (self.cursor_cell(), (row, motif)))

    def choose(self, matches):
        # A list (ui.Menu) from its first row: down to the row `matches` accepts. Six rows
        # show; once past them the chosen row is the last shown.
        texts = self.texts()
        shown = texts[1:]
        for i, label in enumerate(shown[:5]):
            if matches(label):
                self.dev.press("down", i) if i else None
                return
        self.dev.press("down", 5)
        for _ in range(20):
            if matches(self.texts()[-1]):
                return
            self.dev.press("down")
        raise PlayError("no such row in the list: %r" % texts)

    # ---- a whole game ----------------------------------------------------------------------
    def new_game(self, players, gardens, first_row=1):
        # first_row: the house rule (docs/RULES.md S5) the start screen shows, 1 (its first
        # reading: the first row scores 9) or 0 (^v once)
        dev = self.dev
        self.open_new_game()
        texts = self.expect("How many players")
        if texts[0] != "Sanssouci":  # the game set up last comes first: -> to Sanssouci
            dev.press("next")
            self.expect("Sanssouci")
        dev.press("up", players - 2)
        dev.press("ok")
        self.names = self.first_free_colours(players, "sanssouci")
        for p in range(players):
            self.expect("%s's garden" % self.names[p][:7])
            for c in sorted(gardens[p]):
                self.to_cell(*divmod(c, COLS))
                dev.press("ok")
            dev.long("ok")
        self.expect("Start Sanssouci")
        self.house_rule("1st row: 9 pts", None if first_row else "1st row: 0 pts")
        dev.press("ok")
        self.setup_said()
        return self.names

    def turn(self, tile, noble):
        dev = self.dev
        p = tile["p"]
        self.expect("%s round" % self.names[p][:7])
        dev.press("ok")
        self.expect("'s tile")
        self.to_cell(tile["r"], tile["m"])
        dev.press("ok")
        self.expect("Card played")
        self.choose(lambda label: card_label_names(label, tile["card"], tile.get("wild", 0)))
        dev.press("ok")
        if tile["at"] != tile["r"] * COLS + tile["m"]:
            self.expect("Gardener: where?")
            for _ in range(60):
                if self.cursor_cell() == divmod(tile["at"], COLS):
                    break
                dev.press("down")
            dev.press("ok")
        texts = self.texts()
        if texts[0] != "Move a noble?":
            if noble:
                raise PlayError("no noble move offered; the plan moves %r" % noble)
            return
        if noble is None:
            dev.press("back")  # no noble this turn
            return
        for _ in range(COLS):
            if names(self.panel()[0], MOTIFS[noble["m"]]):
                break
            dev.press("next")
        for _ in range(6):
            if names(self.panel()[3], COLOURS[noble["r"]]):
                break
            dev.press("down")
        dev.press("ok")

    def reveal(self, p, motifs):
        dev = self.dev
        for i, m in enumerate(motifs):
            self.expect("%s task %d/2" % (self.names[p][:7], i + 1))
            self.choose(lambda label: names(label, MOTIFS[m]))
            dev.press("ok")

    def play(self, events, after_step=None):
        # Every turn of a plan, then the task cards in seat order (the box asks them so)
        turns, tasks = turns_of(events)
        gardens = events[0].get("gardens") or [[] for _ in events[0]["players"]]
        spent = self.dev.presses
        # a plan's setup says its house rule; one without it scored no first row
        self.new_game(len(events[0]["players"]), gardens, events[0].get("first_row", 0))
        if after_step:
            after_step("setup", self.dev.presses - spent)
        for tile, noble in turns:
            spent = self.dev.presses
            self.turn(tile, noble)
            if after_step:
                after_step("turn", self.dev.presses - spent)
        spent = self.dev.presses
        self.expect("Final scoring")
        self.dev.press("ok")
        for p in range(len(self.names)):
            self.reveal(p, tasks[p])
        if after_step:
            after_step("tasks", self.dev.presses - spent)
        return turns

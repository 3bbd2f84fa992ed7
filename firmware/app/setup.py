# Setting up a game at Home's "New game": how many players (and, on a box with more than one
# game, which game: the one set up last comes first, -> turns to the next), each one's colour
# of the game's own (and, with a roster on the box, who plays it), start. The same screens for
# every game; a game's flow may say a line about its player count (Versailles: "+ Ludwig"
# with 2), push its own setup screens instead (flow.setup), add its own after the colours
# (flow.more), and name a house rule the start screen shows and ^v changes (flow.house,
# docs/RULES.md).
from shared_rules import games

from app import codeheap, flows, ui
from app.colors import PALETTE


def choose(app):
    # New game: the game set up last (a table mostly plays one game again), else the first
    names = flows.names()
    last = app.settings["game"]
    app.set_up(last if last in names else names[0])


def _turn(app):
    # -> on the player count: the next installed game's setup in place of this one's
    names = flows.names()
    if len(names) < 2:
        return
    name = app.stack[-1].name
    app.pop()
    app.flow = None  # nothing holds the flow turned away from: it leaves the heap now
    codeheap.keep(app.game.GAME if app.game is not None else None)
    # The next game's count, its flow not loaded until ok: loading and unloading each game's
    # flow and rules on the way would break the heap into pieces (a 4-player Schlossgarten
    # game, reached past Sanssouci and Gardens, finds no room in a 192 KB heap)
    app.push(PlayerCount(app, names[(names.index(name) + 1) % len(names)]
                         if name in names else names[0]))


_notes = {}  # type: dict  # game -> its flow's line for each player count, once seen


class PlayerCount(ui.Screen):
    # How many play: from the game's fewest to its most (shared_rules/games.py). name: the
    # game, whose flow may not be loaded yet (turned to with ->): then it loads at ok. Its
    # line about the count (flow.note) is kept as the flow is seen (the lines of each count,
    # in _notes while the setup screens are loaded), so a game turned away from and back to
    # shows it again without its flow loaded
    def __init__(self, app, name=None):
        ui.Screen.__init__(self, app)
        self.name = name or app.flow.GAME
        self.info = games.info(self.name)
        self.n = self.info[2][0]
        self._flow()

    def _flow(self):
        flow = self.app.flow
        if flow is None or flow.GAME != self.name:
            return None
        if self.name not in _notes:
            fewest, most = self.info[2]
            _notes[self.name] = [flow.note(n) for n in range(fewest, most + 1)]
        return flow

    def draw(self, d):
        ui.title(d, ui.local(self.info[1]))
        if len(flows.FLOWS) > 1:
            ui.put(d, ">", ui.W - 8, 1, 0)  # -> the next game
        ui.center(d, u"How many players", 13)
        ui.big_center(d, str(self.n), 26, 3)
        notes = _notes.get(self.name)
        if notes:
            ui.center(d, notes[self.n - self.info[2][0]], 52)

    def key(self, button, kind):
        fewest, most = self.info[2]
        if button == ui.UP and kind != ui.LONG:
            self.n = min(most, self.n + 1)
        elif button == ui.DOWN and kind != ui.LONG:
            self.n = max(fewest, self.n - 1)
        elif button == ui.OK and kind == ui.PRESS:
            app = self.app
            if self._flow() is None:  # turned to: its flow now, the other games' code gone
                app.flow = codeheap.enter(self.name,
                                          app.game.GAME if app.game is not None else None)
                self._flow()  # its line about the count, from now on
            import roster  # loaded and read now, for this setup only: the heap keeps no roster
            app.push(ColorPick(app, self.n, [], [], roster.load(app.store.dir)))
        elif button == ui.NEXT and kind == ui.PRESS:
            _turn(self.app)
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


class ColorPick(ui.Screen):
    # Each player picks one of the game's colours (its flow's COLOURS, else the box's palette);
    # the status pixel shows it. Taken colours are skipped, and those a game's flow says go with them
    # (flow.taken(n, chosen): Gardens' 2 players each play two). With a roster on the box,
    # each colour is then given a person (PersonPick).
    def __init__(self, app, n, chosen, people=None, names=()):
        ui.Screen.__init__(self, app)
        self.n = n
        self.chosen = chosen
        self.people = people or []  # per seat chosen so far: a roster name, or None (guest)
        self.names = names  # the roster
        taken = getattr(app.flow, "taken", None)
        taken = taken(n, chosen) if taken else chosen
        own = getattr(app.flow, "COLOURS", PALETTE)
        self.free = [name for name, _ in own if name not in taken]
        self.at = 0
        self.status = self.free[0]

    def draw(self, d):
        ui.title(d, u"Player %d of %d" % (len(self.chosen) + 1, self.n))
        ui.center(d, u"Your colour:", 14)
        ui.big_center(d, ui.local(self.free[self.at]), 28)
        ui.hint(d, u"up/dn  ok:choose")

    def key(self, button, kind):
        if button in (ui.UP, ui.DOWN) and kind != ui.LONG:
            step = -1 if button == ui.UP else 1
            self.at = (self.at + step) % len(self.free)
            self.status = self.free[self.at]
        elif button == ui.OK and kind == ui.PRESS:
            chosen = self.chosen + [self.free[self.at]]
            if self.names:
                self.app.push(PersonPick(self.app, self.n, chosen, self.people, self.names))
            else:
                _next_seat(self.app, self.n, chosen, self.people + [None], self.names)
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()


def _next_seat(app, n, chosen, people, names):
    if len(chosen) < n:
        app.push(ColorPick(app, n, chosen, people, names))
    elif hasattr(app.flow, "more"):  # the game's own setup screens, ending in StartGame
        app.flow.more(app, chosen, people)
    else:
        app.push(StartGame(app, chosen, people))


class PersonPick(ui.Menu):
    # Who plays the colour just chosen: a roster name not taken yet, or Guest (nobody on the
    # roster). Up from the first row wraps to Guest, the last.
    def __init__(self, app, n, chosen, people, names):
        import roster
        self.n, self.chosen, self.people, self.names = n, chosen, people, names
        self.status = chosen[-1]
        items = [(name, self._pick(name)) for name in names if name not in people]
        items.append((ui.local(roster.GUEST), self._pick(None)))
        ui.Menu.__init__(self, app, u"%s is:" % ui.local(chosen[-1]), items)

    def _pick(self, person):
        return lambda: _next_seat(self.app, self.n, self.chosen, self.people + [person],
                                  self.names)


class StartGame(ui.Screen):
    # extra: the game's own setup fields (flow.more's screens chose them). A game's house rule
    # (flow.house(n, extra): (field, ((value, line), ...)), the rulebook's reading first, or
    # None) is a line of its own here, turned by ^v and recorded with the setup.
    def __init__(self, app, names, people=None, extra=None):
        ui.Screen.__init__(self, app)
        self.names = names
        self.people = people or [None] * len(names)
        self.extra = extra
        house = getattr(app.flow, "house", None)
        self.house = house(len(names), extra) if house else None
        if self.house:
            self.extra = dict(extra or {})
            self.extra[self.house[0]] = self.house[1][0][0]

    def draw(self, d):
        name = ui.local(games.info(self.app.flow.GAME)[1])
        head = u"Start " + name
        ui.title(d, head if len(head) <= ui.COLS else name)
        y = 12
        named = [1 for p in self.people if p]
        for i in range(len(self.names)):
            colour, person = ui.local(self.names[i]), self.people[i]
            if not named:
                d.fill_rect(4, y + 1, 6, 6, 1)
                ui.put(d, colour, 16, y)
            else:  # "Ora Sophie": 3 + 1 + 12 letters, a whole line (the 3 tell colours apart)
                ui.put(d, colour[:3] + " " + person if person else colour, 0, y)
            y += 9
        note = self.app.flow.note(len(self.names))
        if note:
            ui.put(d, note, 0 if named else 16, y)
            y += 9
        if self.house:
            field, lines = self.house
            for v, line in lines:
                if v == self.extra[field]:
                    ui.put(d, line, 0, y)
        ui.hint(d, u"^v ok:start back" if self.house else u"ok:start back")

    def key(self, button, kind):
        if button == ui.OK and kind == ui.PRESS:
            self.app.new_game(self.names, self.people, extra=self.extra)  # drops the setup
        elif button == ui.BACK and kind == ui.PRESS:
            self.app.pop()
        elif button in (ui.UP, ui.DOWN) and kind == ui.PRESS and self.house:
            field, lines = self.house  # the next reading (the first after the last)
            values = [v for v, _ in lines]
            self.extra[field] = values[(values.index(self.extra[field]) + 1) % len(values)]

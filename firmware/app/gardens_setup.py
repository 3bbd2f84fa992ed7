# Gardens' own setup screens (app/gardens.py's more): after the players' colours, the variant
# (3 players: the normal game or the shorter one with 7 or 6 flowerbed tiles; 4 players: the
# same, or the team game 2 vs 2), then which flower colour each player plays, in turn order.
# Loaded at New game only; the box playing a game never holds them.
from micropython import const
from shared_rules.gardens import rules as R

from app import ui
from app.ui import short

# (label, setup fields) of the variants for 3 and 4 players, the likeliest first
VARIANTS = (
    ("Normal: 8 tiles", None),
    ("Shorter: 7", 7),
    ("Shorter: 6", 6),
)
_TEAMS = const("Teams 2 vs 2")


def more(app, names, people):
    n = len(names)
    if n == 2:  # the two-player game: the team rules, no choice to make
        app.push(Colours(app, names, people, {}))
        return
    items = [(label, _pick(app, names, people, tiles)) for label, tiles in VARIANTS]
    if n == 4:
        items.append((_TEAMS, lambda: app.push(Colours(app, names, people, {"teams": True}))))
    app.push(ui.Menu(app, "Gardens variant", items))


def _pick(app, names, people, tiles):
    extra = {} if tiles is None else {"tiles": tiles}
    return lambda: app.push(Colours(app, names, people, extra))


class Colours(ui.Screen):
    # Who plays which flower colour, in turn order (the start player first): a row per colour
    # played (with 2 players, four rows: each plays two colours alternately). up/down choose
    # a row (">"), > gives it the next colour the rules allow there and no row above has (so
    # setting rows top down never undoes one), ok goes on to start.
    # In the team rules the teams (blue+red, yellow+pink) take turns in sequence, so a row's
    # colour decides its partner's (Rulebook, "Team Variant 2 vs 2").
    def __init__(self, app, names, people, extra):
        ui.Screen.__init__(self, app)
        self.names = names
        self.people = people
        self.extra = extra
        self.teams = len(names) == 2 or extra.get("teams", False)
        self.order = list(range(4 if self.teams else len(names)))  # blue, yellow, red, pink
        self.at = 0
        self.status = names[0]

    def draw(self, d):
        ui.title(d, "Flower colours")
        n = len(self.names)
        y = 11
        for i in range(len(self.order)):
            ui.put(d, "%s%-7s %s" % (">" if i == self.at else " ", short(self.names[i % n]),
                                     R.COLOURS[self.order[i]]), 0, y)
            y += 9
        ui.hint(d, "^v >:change ok")

    def _turn(self):
        # the chosen row's next colour; the rows it takes the colour from change with it
        o, i = self.order, self.at
        if self.teams:
            if i % 2 == 0:  # the start team's colour: the next of the four, its partner's
                o[0] = (o[0] + 1) % 4 if i == 0 else o[0] ^ 2
                if R.team(o[1]) == R.team(o[0]):
                    o[1] ^= 1
            else:  # the other team: its other colour
                o[1] ^= 2
            o[2], o[3] = o[0] ^ 2, o[1] ^ 2
            return
        # the next colour no row above has (rows are set top down), swapped with the row
        # below that has it
        c = (o[i] + 1) % 4
        while c in o[:i]:
            c = (c + 1) % 4
        if c in o:
            o[o.index(c)] = o[i]
        o[i] = c

    def key(self, button, kind):
        app = self.app
        n = len(self.order)
        if button in (ui.UP, ui.DOWN) and kind != ui.LONG:
            self.at = (self.at + (1 if button == ui.DOWN else -1)) % n
            self.status = self.names[self.at % len(self.names)]
        elif button == ui.NEXT and kind == ui.PRESS:
            self._turn()
        elif button == ui.OK and kind == ui.PRESS:
            from app.setup import StartGame
            extra = {"colours": [R.COLOURS[c] for c in self.order]}
            for k in self.extra:
                extra[k] = self.extra[k]
            app.push(StartGame(app, self.names, self.people, extra))
        elif button == ui.BACK and kind == ui.PRESS:
            app.pop()

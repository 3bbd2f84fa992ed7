# Gardens' own setup (app/gardens.py's more and taken): the players' colours are its flower
# colours (shared_rules/gardens/game.py's SEATS), chosen in turn order, the start player
# first; then the variant (3 players: the normal game or the shorter one with 7 or 6
# flowerbed tiles; 4 players: the same, or the team game 2 vs 2). Loaded at New game only; the
# box playing a game never holds them.
from micropython import const
from shared_rules.gardens import rules as R
from shared_rules.gardens.game import SEATS

from app import ui

# (label, setup fields) of the variants for 3 and 4 players, the likeliest first
VARIANTS = (
    (u"Normal: 8 tiles", None),
    (u"Shorter: 7", 7),
    (u"Shorter: 6", 6),
)
_TEAMS = const(u"Teams 2 vs 2")


def _colour(name):
    # -> the flower colour (0..3, shared_rules.gardens.rules.COLOURS) a player chose
    return [c[0] for c in SEATS].index(name)


def taken(n, chosen):
    # -> the colours no longer offered: with 2 players each also plays the chosen colour's
    # team mate (Rulebook, "Two-Player Game": "One player plays alternately as red and blue,
    # the other alternately as yellow and pink")
    if n != 2:
        return chosen
    names = [c[0] for c in SEATS]
    return chosen + [names[_colour(c) ^ 2] for c in chosen]


def more(app, names, people):
    n = len(names)
    if n == 2:  # the two-player game: the team rules, no choice to make
        _start(app, names, people, {})
        return
    items = [(label, _pick(app, names, people, tiles)) for label, tiles in VARIANTS]
    if n == 4:
        items.append((_TEAMS, lambda: _start(app, names, people, {"teams": True})))
    app.push(ui.Menu(app, u"Gardens variant", items))


def _pick(app, names, people, tiles):
    return lambda: _start(app, names, people, {} if tiles is None else {"tiles": tiles})


def _start(app, names, people, extra):
    # The setup's flower colours in turn order. In the team rules the teams (blue+red,
    # yellow+pink) take turns in sequence (Rulebook, "Team Variant 2 vs 2"): the first colour
    # chosen, the other team's first, then their mates; 4 players sit in that order, which
    # the start screen lists.
    from app.setup import StartGame
    order = [_colour(name) for name in names]
    if len(names) == 2 or extra.get("teams"):
        a = order[0]
        b = [c for c in order if R.team(c) != R.team(a)][0]
        turns = [a, b, a ^ 2, b ^ 2]
        if len(names) == 4:
            seats = [order.index(c) for c in turns]
            names = [names[i] for i in seats]
            people = [people[i] for i in seats]
        order = turns
    extra["colours"] = [R.COLOURS[c] for c in order]
    app.push(StartGame(app, names, people, extra))

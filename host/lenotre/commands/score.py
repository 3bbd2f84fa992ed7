"""`lenotre score [--game NAME] FILE`: a game's scores as JSON (docs/CLI.md, "lenotre score").

Two inputs, told apart by their keys:
- a game's events, {"game", "events"} (as the box journals them; one game of `lenotre export
  --format json` is such an object): replayed by the rules core, scored by what the game tracked;
- a score sheet, what the players report in the game's own keys: the games in SHEETS
  (Versailles: one stage from areas and tokens, lenotre/games/versailles_sheets.py).
The game comes from --game or the input's "game"; both given, they must agree.
"""
import importlib

from lenotre.jsonfile import emit, fail, kind_of, load, show
from shared_rules import games as registry
from shared_rules.errors import RulesError

# game -> the module whose score_sheet(data) -> the JSON of that game's score sheet, scored
SHEETS = {"versailles": "lenotre.games.versailles_sheets"}
EVENTS_KEYS = ("game", "events")


def add(sub):
    p = sub.add_parser(
        "score", help="a game's scores: from its events, or from a score sheet",
        description="Read a game's events ({\"game\", \"events\"}) or a score sheet (Versailles: "
                    "one stage from areas and tokens) from FILE (or - for stdin) and print the "
                    "scores, places and winners as JSON. See docs/CLI.md.")
    p.add_argument("file", metavar="FILE", help="the JSON input, or - to read stdin")
    p.add_argument("--game", metavar="NAME",
                   help="the game (%s); by default the input's \"game\"" % ", ".join(_names()))
    p.set_defaults(run=run)


def _names():
    return [g[0] for g in registry.GAMES]


def _quoted():
    return ", ".join(show(n) for n in _names())


def run(args):
    data = load(args.file)
    name = _game(args.game, data)
    if "events" in data:
        emit(score_events(name, data["events"]))
    elif name in SHEETS:
        data.setdefault("game", name)  # --game says it for the sheet
        emit(importlib.import_module(SHEETS[name]).score_sheet(data))
    else:
        fail("missing key \"events\": a %s game is scored from its events, {\"game\": %s, "
             "\"events\": [the setup, ...]}%s" % (show(name), show(name), _sheets()))


def _sheets():
    return "; a score sheet is read for %s" % ", ".join(sorted(SHEETS)) if SHEETS else ""


def _game(option, data):
    given = data.get("game")
    if given is not None and given not in _names():
        fail("\"game\" must be one of %s, got %s" % (_quoted(), show(given)))
    if option is not None and option not in _names():
        fail("--game must be one of %s, got %s" % (_quoted(), show(option)))
    if option is not None and given is not None and option != given:
        fail("--game %s but the input's \"game\" is %s: they must agree"
             % (option, show(given)))
    name = option or given
    if name is None:
        fail("which game? give --game (%s) or a \"game\" key in the input"
             % ", ".join(_names()))
    return name


def score_events(name, events):
    # -> the JSON of the game the events make; every event checked by the rules core
    if not isinstance(events, list) or not events:
        fail("\"events\" must be a list of the game's events, the setup first, got %s"
             % ("an empty list" if events == [] else kind_of(events)))
    for i, ev in enumerate(events):
        if not isinstance(ev, dict) or not isinstance(ev.get("e"), str):
            fail("event %d must be an object {\"e\": KIND, ...}, got %s"
                 % (i + 1, show(ev)))
    first = events[0]
    if first["e"] != "setup":
        fail("event 1 must be the setup {\"e\": \"setup\", \"game\": %s, \"players\": [...]}, "
             "got %s" % (show(name), show(first["e"])))
    if first.get("game") != name:
        fail("event 1: the setup is of %s, not %s" % (show(first.get("game")), show(name)))
    game = registry.rules(name).Game()
    for i, ev in enumerate(events):
        try:
            game.push(ev)
        except RulesError as exc:
            fail("event %d (%s): %s" % (i + 1, ev["e"], exc))
    return result(name, game)


def result(name, game):
    board = game.scoreboard()
    names, o = game.players, game.outcome
    places = o.places(board.totals) if o is not None else None
    seats = []
    for p in range(len(names)):
        seats.append({"seat": p, "player": names[p],
                      "parts": dict(zip(board.parts, board.rows[p])),
                      "total": board.totals[p],
                      "place": places[p] if places else None})
    out = {
        "game": name,
        "players": list(names),
        "finished": o is not None,
        "where": game.describe(),
        "parts": list(board.parts),
        "scores": seats,
        "winners": [names[p] for p in o.winners] if o else [],
        "reason": list(o.reason) if o else [],
        "tiebreak": bool(o and o.tiebreak),
        "house_rules": _house_rules(name, game),
        "details": _details(name, game),
    }
    return out


def _adapter(name):
    # the game's desktop adapter (lenotre.games), or None for a game without one
    from lenotre import games
    try:
        return games.adapter(name)
    except games.UnknownGame:
        return None


def _house_rules(name, game):
    # the house rules the events' setup chose, in words (docs/RULES.md); [] for none
    adapter = _adapter(name)
    return adapter.house_rules(game) if adapter else []


def _details(name, game):
    # what is particular to the game, from its desktop adapter; {} without one
    adapter = _adapter(name)
    return adapter.score_fields(game) if adapter else {}

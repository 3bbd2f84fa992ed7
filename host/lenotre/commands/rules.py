"""`lenotre areas` and `lenotre score`'s Versailles score sheet: the rules core on JSON files.

`areas` lays out a garden from its tiles and reports the largest area of every type; the
score sheet (score_sheet, for commands/score.py) is one stage scored from what the players
report. All rules come from shared_rules: this module
only reads JSON, checks its shape, turns names into seats and back, and prints JSON.
See docs/CLI.md for both contracts.
"""
import json
import sys

from lenotre.errors import UsageError
from shared_rules.errors import IllegalPlacement, RulesError, UnknownType
from shared_rules.versailles import scoring
from shared_rules.versailles.garden import Garden
from shared_rules.versailles.table import Table
from shared_rules.versailles.tiles import AREA_KINDS, TYPES, kind_code, type_code

GAME = "versailles"
# What an input may hold: a whole game's events are tens of KB; more is the wrong file
# (reading /dev/zero whole ran out of memory). A number has at most 18 digits: every count and
# total of the games is far smaller, and Python refuses to read one of more than 4,300.
MAX_INPUT_BYTES = 4 * 1024 * 1024
MAX_DIGITS = 18
TILE_KEYS = ("x", "y", "fields")
SCORE_KEYS = ("game", "players", "ludwig", "stage", "areas", "tokens", "claims", "previous")
CLAIM_KEYS = ("player", "type", "size")
CORNERS = "top-left, top-right, bottom-left, bottom-right"


def add(sub):
    p = sub.add_parser(
        "areas", help="largest area of each type in a garden given as placed tiles",
        description="Read {\"tiles\": [{\"x\", \"y\", \"fields\"}, ...]} (FILE or - for stdin) "
                    "and print the largest connected area of each garden type and of the "
                    "construction site as JSON. See docs/CLI.md.")
    p.add_argument("file", metavar="FILE", help="the JSON input, or - to read stdin")
    p.set_defaults(run=run_areas)
    # `lenotre score` is commands/score.py: it reads Versailles's score sheet with score_sheet


# ---- input ---------------------------------------------------------------------------------

def _fail(message):
    raise UsageError(message)


def _show(value):
    # A JSON value as it appears in the input, kept to one short line.
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind_of(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _unique_keys(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            _fail("duplicate key %s; every key may appear once per object" % _show(k))
        out[k] = v
    return out


def _no_constant(name):
    _fail("%s is not a JSON number; sizes and totals are whole numbers" % name)


def _whole(text):
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        _fail("a number of %d digits (%s...): sizes and totals have at most %d"
              % (digits, text[:12], MAX_DIGITS))
    return int(text)


def _load(path):
    where = "stdin" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            raw = stream.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_INPUT_BYTES + 1)
        if len(raw) > MAX_INPUT_BYTES:
            _fail("%s holds more than %d MiB: an input is a game's JSON, a few KB; is it the "
                  "right file?" % (where, MAX_INPUT_BYTES >> 20))
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except OSError as exc:
        _fail("cannot read %s: %s" % (where, exc.strerror or exc))
    except UnicodeDecodeError:
        _fail("cannot read %s: it is not UTF-8 text; the input is a JSON file" % where)
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_int=_whole)
    except json.JSONDecodeError as exc:
        _fail("%s is not valid JSON: %s at line %d, column %d"
              % (where, exc.msg, exc.lineno, exc.colno))
    except RecursionError:
        _fail("%s is not usable JSON: it is nested too deeply" % where)
    if not isinstance(data, dict):
        _fail("the input must be a JSON object {...}, got %s" % _kind_of(data))
    return data


def _check_keys(obj, where, required, allowed):
    for k in obj:
        if k not in allowed:
            _fail("%s: unknown key %s; allowed: %s" % (where, _show(k), ", ".join(allowed)))
    for k in required:
        if k not in obj:
            _fail("%s: missing key %s; needed: %s" % (where, _show(k), ", ".join(required)))


def _emit(obj):
    sys.stdout.write(json.dumps(obj, indent=2, sort_keys=True) + "\n")


# ---- lenotre areas -------------------------------------------------------------------------

def run_areas(args):
    data = _load(args.file)
    _check_keys(data, "input", ("tiles",), ("tiles",))
    tiles = data["tiles"]
    if not isinstance(tiles, list):
        _fail("\"tiles\" must be a list of tiles {\"x\", \"y\", \"fields\"} in placement order, "
              "got %s" % _kind_of(tiles))
    garden = Garden()
    for i in range(len(tiles)):
        _place(garden, i + 1, tiles[i])
    _emit({"areas": dict(zip(AREA_KINDS, garden.areas()))})


def _place(garden, number, tile):
    where = "tile %d" % number
    if not isinstance(tile, dict):
        _fail("%s must be an object {\"x\": n, \"y\": n, \"fields\": [4 field types]}, got %s"
              % (where, _kind_of(tile)))
    _check_keys(tile, where, TILE_KEYS, TILE_KEYS)
    for axis, line in (("x", "column"), ("y", "row")):
        if not _is_int(tile[axis]):
            _fail("%s: %s must be a whole number (the %s of its top-left field), got %s"
                  % (where, _show(axis), line, _show(tile[axis])))
    x, y = tile["x"], tile["y"]
    where = "tile %d at (%d, %d)" % (number, x, y)
    fields = tile["fields"]
    if not isinstance(fields, list) or len(fields) != 4:
        _fail("%s: \"fields\" must list exactly 4 field types (%s), got %s"
              % (where, CORNERS, _show(fields)))
    try:
        kinds = [kind_code(f) for f in fields]
        garden.place(x, y, kinds)
    except UnknownType as exc:
        _fail("%s: %s" % (where, exc))
    except IllegalPlacement as exc:
        # The core says "tile at (x, y) overlaps ..."; the prefix already names the tile.
        text = str(exc)
        lead = "tile at (%d, %d) " % (x, y)
        _fail("%s: %s" % (where, text[len(lead):] if text.startswith(lead) else text))


# ---- lenotre score -------------------------------------------------------------------------

def _seat(names, name, where):
    if isinstance(name, str) and name in names:
        return names.index(name)
    _fail("%s: unknown player %s; players: %s" % (where, _show(name), ", ".join(names)))


def _token_type(name, where):
    if name == "construction":
        _fail("%s: construction sites have no majority token; tokens: %s"
              % (where, ", ".join(TYPES)))
    if name not in TYPES:
        _fail("%s: unknown token type %s; tokens: %s" % (where, _show(name), ", ".join(TYPES)))
    return TYPES.index(name)


def _table(data):
    if data["game"] != GAME:
        _fail("\"game\" must be %s (the only game these rules know), got %s"
              % (_show(GAME), _show(data["game"])))
    players = data["players"]
    if not isinstance(players, list):
        _fail("\"players\" must be a list of 2 to 5 names in seat order, got %s"
              % _kind_of(players))
    stage = data["stage"]
    if not _is_int(stage) or stage not in (1, 2):
        _fail("\"stage\" must be 1 (intermediate scoring) or 2 (end of game), got %s"
              % _show(stage))
    try:
        table = Table(players, stage)
    except RulesError as exc:
        _fail("players: %s" % exc)
    ludwig = data.get("ludwig", table.n == 2)
    if not isinstance(ludwig, bool):
        _fail("\"ludwig\" must be true or false, got %s" % _show(ludwig))
    if ludwig and table.n != 2:
        _fail("\"ludwig\": true needs exactly 2 players (Ludwig only joins 2-player games), "
              "got %d players" % table.n)
    return table


def _previous(data, table):
    previous = data.get("previous", {})
    if not isinstance(previous, dict):
        _fail("\"previous\" must be an object {name: stage-1 total}, got %s"
              % _kind_of(previous))
    if previous and table.scored_stage == 1:
        _fail("\"previous\" holds stage-1 totals, so it goes with stage 2 only; leave it out "
              "in stage 1")
    out = [0] * table.n
    for name, total in previous.items():
        p = _seat(table.players, name, "previous")
        if not _is_int(total) or total < 0:
            _fail("previous: %s's stage-1 total must be a whole number >= 0, got %s"
                  % (name, _show(total)))
        out[p] = total
    return out


def _holders(data, table):
    # -> (holder seat per type, whether they come from claims)
    if "tokens" in data and "claims" in data:
        _fail("give either \"tokens\" (who holds each token) or \"claims\" (the claims in "
              "placement order), not both")
    if "claims" in data:
        claims = data["claims"]
        if not isinstance(claims, list):
            _fail("\"claims\" must be a list of {\"player\", \"type\", \"size\"} in placement "
                  "order, got %s" % _kind_of(claims))
        for i in range(len(claims)):
            _claim(table, i + 1, claims[i])
        return list(table.holders), True
    tokens = data.get("tokens", {})
    if not isinstance(tokens, dict):
        _fail("\"tokens\" must be an object {type: holder name or null}, got %s"
              % _kind_of(tokens))
    holders = [scoring.NOBODY] * len(TYPES)
    for type_name, name in tokens.items():
        t = _token_type(type_name, "tokens")
        if name is not None:
            holders[t] = _seat(table.players, name, "tokens: %s" % type_name)
    return holders, False


def _claim(table, number, claim):
    where = "claim %d" % number
    if not isinstance(claim, dict):
        _fail("%s must be an object {\"player\": name, \"type\": type, \"size\": n}, got %s"
              % (where, _kind_of(claim)))
    _check_keys(claim, where, CLAIM_KEYS, CLAIM_KEYS)
    p = _seat(table.players, claim["player"], where)
    _token_type(claim["type"], where)
    try:
        table.claim(p, claim["type"], claim["size"])
    except RulesError as exc:
        _fail("%s: %s" % (where, exc))


def _sizes(data, table):
    areas = data["areas"]
    if not isinstance(areas, dict):
        _fail("\"areas\" must be an object {name: {type: largest area}}, got %s"
              % _kind_of(areas))
    sizes = [[0] * len(AREA_KINDS) for _ in range(table.n)]
    reported = {}
    for name, garden in areas.items():
        p = _seat(table.players, name, "areas")
        if not isinstance(garden, dict):
            _fail("areas: %s's areas must be an object {type: largest area}, got %s"
                  % (name, _kind_of(garden)))
        reported[p] = garden
    for p in range(table.n):
        garden = reported.get(p, {})
        for type_name in garden:
            try:
                sizes[p][type_code(type_name)] = garden[type_name]
            except UnknownType as exc:
                _fail("areas for %s: %s" % (table.players[p], exc))
        # every size, the omitted zeros too: a zero below an earlier claim is a shrunk area
        for t in range(len(AREA_KINDS)):
            try:
                table.area(p, t, sizes[p][t])
            except RulesError as exc:
                _fail("areas: %s" % exc)
    return sizes


def score_sheet(data):
    # `lenotre score`'s Versailles score sheet: one stage from areas and tokens (or claims)
    _check_keys(data, "input", ("game", "players", "stage", "areas"), SCORE_KEYS)
    table = _table(data)
    names, stage = table.players, table.scored_stage
    previous = _previous(data, table)
    holders, claimed = _holders(data, table)
    sizes = _sizes(data, table)
    if not claimed:
        try:
            scoring.check_taken(sizes, holders, names)
        except RulesError as exc:
            _fail(str(exc))
    scoring.check_holders(sizes, holders, names)
    rows, small, builder = scoring.score_stage(stage, sizes, holders, table.n == 2)
    totals = [previous[p] + rows[p][4] for p in range(table.n)]
    result = scoring.outcome(totals, sizes)

    def name(seat):
        return None if seat == scoring.NOBODY else names[seat]

    scores = {}
    for p in range(table.n):
        areas, large, smalls, bonus, points = rows[p]
        scores[names[p]] = {"areas": areas, "large_tokens": large, "small_tokens": smalls,
                            "construction": bonus, "stage": points,
                            "previous": previous[p], "total": totals[p]}
    tiebreak = None
    if result.tiebreak:
        tiebreak = {"tied": [names[p] for p in result.tied],
                    "largest_area": {names[p]: result.largest[p] for p in result.tied},
                    "shared": result.shared}
    _emit({
        "game": GAME,
        "stage": stage,
        "scores": scores,
        "tokens": {TYPES[t]: name(holders[t]) for t in range(len(TYPES))},
        "small_tokens": {TYPES[t]: names[small[t]] for t in range(len(TYPES))
                         if small[t] != scoring.NOBODY},
        "construction_bonus": name(builder),
        "winners": [names[p] for p in result.winners],
        "tiebreak": tiebreak,
    })

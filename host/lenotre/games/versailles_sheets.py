"""Versailles's JSON sheets, read by the rules core: a garden laid out from its tiles
(`lenotre areas`) and one stage's score sheet (`lenotre score`, registered in its SHEETS).
This module only checks the JSON's shape, turns names into seats and back, and leaves every
rule to shared_rules.versailles; docs/CLI.md has both contracts."""
from lenotre.jsonfile import check_keys, fail, is_int, kind_of, show
from shared_rules.errors import IllegalPlacement, RulesError, UnknownType
from shared_rules.versailles import scoring
from shared_rules.versailles.garden import Garden
from shared_rules.versailles.table import Table
from shared_rules.versailles.tiles import AREA_KINDS, TYPES, kind_code, type_code


GAME = "versailles"
TILE_KEYS = ("x", "y", "fields")
SCORE_KEYS = ("game", "players", "ludwig", "stage", "areas", "tokens", "claims", "previous")
CLAIM_KEYS = ("player", "type", "size")
CORNERS = "top-left, top-right, bottom-left, bottom-right"


def areas(data):
    """-> {"areas": {kind: largest area}} of the garden the input's "tiles" make, placed in
    their order: the largest connected area of each garden type and of the construction site.
    fail() naming the first tile that is malformed or cannot be placed there."""
    check_keys(data, "input", ("tiles",), ("tiles",))
    tiles = data["tiles"]
    if not isinstance(tiles, list):
        fail("\"tiles\" must be a list of tiles {\"x\", \"y\", \"fields\"} in placement order, "
             "got %s" % kind_of(tiles))
    garden = Garden()
    for i in range(len(tiles)):
        _place(garden, i + 1, tiles[i])
    return {"areas": dict(zip(AREA_KINDS, garden.areas()))}


def _entry(value, where, shape, keys):
    # A sheet's list entry: an object holding exactly `keys` (its shape told if not)
    if not isinstance(value, dict):
        fail("%s must be an object %s, got %s" % (where, shape, kind_of(value)))
    check_keys(value, where, keys, keys)


def _place(garden, number, tile):
    where = "tile %d" % number
    _entry(tile, where, '{"x": n, "y": n, "fields": [4 field types]}', TILE_KEYS)
    for axis, line in (("x", "column"), ("y", "row")):
        if not is_int(tile[axis]):
            fail("%s: %s must be a whole number (the %s of its top-left field), got %s"
                 % (where, show(axis), line, show(tile[axis])))
    x, y = tile["x"], tile["y"]
    where = "tile %d at (%d, %d)" % (number, x, y)
    fields = tile["fields"]
    if not isinstance(fields, list) or len(fields) != 4:
        fail("%s: \"fields\" must list exactly 4 field types (%s), got %s"
             % (where, CORNERS, show(fields)))
    try:
        kinds = [kind_code(f) for f in fields]
        garden.place(x, y, kinds)
    except UnknownType as exc:
        fail("%s: %s" % (where, exc))
    except IllegalPlacement as exc:
        # The core says "tile at (x, y) overlaps ..."; the prefix already names the tile.
        text = str(exc)
        lead = "tile at (%d, %d) " % (x, y)
        fail("%s: %s" % (where, text[len(lead):] if text.startswith(lead) else text))


def _seat(names, name, where):
    if isinstance(name, str) and name in names:
        return names.index(name)
    fail("%s: unknown player %s; players: %s" % (where, show(name), ", ".join(names)))


def _token_type(name, where):
    if name == "construction":
        fail("%s: construction sites have no majority token; tokens: %s"
             % (where, ", ".join(TYPES)))
    if name not in TYPES:
        fail("%s: unknown token type %s; tokens: %s" % (where, show(name), ", ".join(TYPES)))
    return TYPES.index(name)


def _table(data):
    if data["game"] != GAME:
        fail("\"game\" must be %s (the only game these rules know), got %s"
             % (show(GAME), show(data["game"])))
    players = data["players"]
    if not isinstance(players, list):
        fail("\"players\" must be a list of 2 to 5 names in seat order, got %s"
             % kind_of(players))
    stage = data["stage"]
    if not is_int(stage) or stage not in (1, 2):
        fail("\"stage\" must be 1 (intermediate scoring) or 2 (end of game), got %s"
             % show(stage))
    try:
        table = Table(players, stage)
    except RulesError as exc:
        fail("players: %s" % exc)
    ludwig = data.get("ludwig", table.n == 2)
    if not isinstance(ludwig, bool):
        fail("\"ludwig\" must be true or false, got %s" % show(ludwig))
    if ludwig and table.n != 2:
        fail("\"ludwig\": true needs exactly 2 players (Ludwig only joins 2-player games), "
             "got %d players" % table.n)
    return table


def _previous(data, table):
    previous = data.get("previous", {})
    if not isinstance(previous, dict):
        fail("\"previous\" must be an object {name: stage-1 total}, got %s"
             % kind_of(previous))
    if previous and table.scored_stage == 1:
        fail("\"previous\" holds stage-1 totals, so it goes with stage 2 only; leave it out "
             "in stage 1")
    out = [0] * table.n
    for name, total in previous.items():
        p = _seat(table.players, name, "previous")
        if not is_int(total) or total < 0:
            fail("previous: %s's stage-1 total must be a whole number >= 0, got %s"
                 % (name, show(total)))
        out[p] = total
    return out


def _holders(data, table):
    # -> (holder seat per type, whether they come from claims)
    if "tokens" in data and "claims" in data:
        fail("give either \"tokens\" (who holds each token) or \"claims\" (the claims in "
             "placement order), not both")
    if "claims" in data:
        claims = data["claims"]
        if not isinstance(claims, list):
            fail("\"claims\" must be a list of {\"player\", \"type\", \"size\"} in placement "
                 "order, got %s" % kind_of(claims))
        for i in range(len(claims)):
            _claim(table, i + 1, claims[i])
        return list(table.holders), True
    tokens = data.get("tokens", {})
    if not isinstance(tokens, dict):
        fail("\"tokens\" must be an object {type: holder name or null}, got %s"
             % kind_of(tokens))
    holders = [scoring.NOBODY] * len(TYPES)
    for type_name, name in tokens.items():
        t = _token_type(type_name, "tokens")
        if name is not None:
            holders[t] = _seat(table.players, name, "tokens: %s" % type_name)
    return holders, False


def _claim(table, number, claim):
    where = "claim %d" % number
    _entry(claim, where, '{"player": name, "type": type, "size": n}', CLAIM_KEYS)
    p = _seat(table.players, claim["player"], where)
    _token_type(claim["type"], where)
    try:
        table.claim(p, claim["type"], claim["size"])
    except RulesError as exc:
        fail("%s: %s" % (where, exc))


def _sizes(data, table):
    areas = data["areas"]
    if not isinstance(areas, dict):
        fail("\"areas\" must be an object {name: {type: largest area}}, got %s"
             % kind_of(areas))
    sizes = [[0] * len(AREA_KINDS) for _ in range(table.n)]
    reported = {}
    for name, garden in areas.items():
        p = _seat(table.players, name, "areas")
        if not isinstance(garden, dict):
            fail("areas: %s's areas must be an object {type: largest area}, got %s"
                 % (name, kind_of(garden)))
        reported[p] = garden
    for p in range(table.n):
        garden = reported.get(p, {})
        for type_name in garden:
            try:
                sizes[p][type_code(type_name)] = garden[type_name]
            except UnknownType as exc:
                fail("areas for %s: %s" % (table.players[p], exc))
        # every size, the omitted zeros too: a zero below an earlier claim is a shrunk area
        for t in range(len(AREA_KINDS)):
            try:
                table.area(p, t, sizes[p][t])
            except RulesError as exc:
                fail("areas: %s" % exc)
    return sizes


def score_sheet(data):
    """`lenotre score`'s Versailles score sheet: one stage scored from the players' largest
    areas and who holds each token (or the claims that gave them). -> the JSON of the scores,
    tokens, bonus and winners; fail() naming what in the sheet the rules refuse."""
    check_keys(data, "input", ("game", "players", "stage", "areas"), SCORE_KEYS)
    table = _table(data)
    names, stage = table.players, table.scored_stage
    previous = _previous(data, table)
    holders, claimed = _holders(data, table)
    sizes = _sizes(data, table)
    if not claimed:
        try:
            scoring.check_taken(sizes, holders, names)
        except RulesError as exc:
            fail(str(exc))
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
    return {
        "game": GAME,
        "stage": stage,
        "scores": scores,
        "tokens": {TYPES[t]: name(holders[t]) for t in range(len(TYPES))},
        "small_tokens": {TYPES[t]: names[small[t]] for t in range(len(TYPES))
                         if small[t] != scoring.NOBODY},
        "construction_bonus": name(builder),
        "winners": [names[p] for p in result.winners],
        "tiebreak": tiebreak,
    }

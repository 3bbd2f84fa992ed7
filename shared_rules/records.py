# The journal's record format (docs/FIRMWARE.md, "Store"), shared by the box, which writes
# and reads its journals, and the PC, which reads the synced copies: one ASCII line, canonical
# JSON + "*" + CRC32 of the JSON text (8 lowercase hex) + "\n". Pure: the files are the
# firmware's (journal.py) and the library's (lenotre.library.db).
import binascii

from shared_rules.codec import decode, encode

# Game events are most of a journal's bytes. A known kind is written as a JSON array: its code,
# then its fields in this order, trailing optional ones left out; ["C",0,"white",5] for
# {"e":"claim","p":0,"type":"white","size":5}: a 5-player game in 40% fewer bytes. Any other
# value (an event with other keys, the store's own records) is written as it is.
# The kinds are a table ((kind, code, fields), ...): SHARED, the records of every game (the
# setup, whose "game" says which game's table the journal's other records use, and undo), then
# the game's own, RECORDS in its rules module (shared_rules/<game>/game.py; codes are single
# letters, and two games may use the same one). Part of the record format: add kinds with new
# codes, or optional fields at the end of a kind; never change, drop or reorder one (every
# journal ever written must read the same). Added later to the setup: "t", the box's wall
# clock when it was set from a PC (unix seconds), and "people", the roster person of each seat.
SHARED = (
    ("setup", "S", ("game", "players", "seed", "t", "people")),
    ("undo", "U", ()),
)
_tables = {}  # type: dict  # game -> (by kind, by code, known): the game met last


def table(game):
    # -> ({kind: entry}, {code: entry}, known) of the game's records, SHARED first. A game
    # this box does not have, or none (a record read without its journal's setup): known
    # False, SHARED alone, its other records read as the arrays they are (not damage).
    if type(game) is not str:
        game = None
    t = _tables.get(game)
    if t is None:
        kinds = SHARED
        known = False
        if game is not None:
            try:
                from shared_rules.games import rules
                kinds = SHARED + tuple(rules(game).RECORDS)
                known = True
            except Exception:  # not installed (or no such game): its records are kept unread
                pass
        by_kind, by_code = {}, {}
        for k in kinds:
            by_kind[k[0]] = k
            by_code[k[1]] = k
        t = (by_kind, by_code, known)
        if known:  # a game not found is looked for again (installed or registered later)
            # one game's at a time: a box reads one game's journal after the other, and
            # each table kept costs the Pico's heap 160 bytes under every later game
            _tables.clear()
            _tables[game] = t
    return t


def pack(value, game):
    # -> the value as its record holds it: a known kind's event as its array, else itself
    if type(value) is not dict:  # a list would read back as a packed event
        raise ValueError("a journal record is a JSON object, not %r" % (value,))
    name = value.get("e")
    if type(name) is not str:
        return value
    if name == "setup":
        game = value.get("game")
    kind = table(game)[0].get(name)
    if kind:
        fields = kind[2]
        n = len(value) - 1  # fields given: they must be the first n, and nothing else
        if n <= len(fields) and all(f in value for f in fields[:n]):
            return [kind[1]] + [value[f] for f in fields[:n]]
    return value


def unpack(value, game):
    if type(value) is not list:
        return value
    code = value[0] if value and type(value[0]) is str else None
    if code == "S":
        game = value[1] if len(value) > 1 else None
    t = table(game)
    kind = t[1].get(code)
    if not kind or len(value) - 1 > len(kind[2]):
        if not t[2] and type(code) is str and len(code) == 1:
            return value  # a game this box does not know: kept as written
        raise ValueError("unknown record kind")
    event = {"e": kind[0]}
    for f, v in zip(kind[2], value[1:]):
        event[f] = v
    return event


def record(value, game=None):
    # -> the journal line of a JSON value, bytes; game: the journal's (a setup names its own;
    # None: a record of the store's own, or a game's event left as it is)
    return line_of(encode(pack(value, game)).encode())


def line_of(text):
    # -> the journal line of canonical JSON text (bytes): the text, "*", its CRC32, newline
    return text + ("*%08x\n" % (binascii.crc32(text) & 0xFFFFFFFF)).encode()


END = record({"end": True})  # the last record of a finished game


def check(line):
    # -> the JSON value of one journal line (bytes, newline included), as written (a game's
    # event still packed); ValueError saying why not
    if not line.endswith(b"\n"):
        raise ValueError("no newline: the record was cut")
    text = line[:-10]
    if line[-10:-9] != b"*" or (
            "%08x" % (binascii.crc32(text) & 0xFFFFFFFF)).encode() != line[-9:-1]:
        raise ValueError("bad checksum")
    try:
        return decode(text.decode())
    except Exception:  # ValueError or UnicodeError: the runtimes differ
        raise ValueError("bad JSON")


def parse(line, game=None):
    # -> the value of one journal line of a game of `game` (None: the store's own records; a
    # game's packed event stays the array it is); ValueError saying why not
    return unpack(check(line), game)


def game_of(value):
    # -> the game a record names (a setup's "game", packed or not), or None
    if type(value) is list and value[:1] == ["S"] and len(value) > 1:
        return value[1]
    if type(value) is dict and value.get("e") == "setup":
        return value.get("game")
    return None

# A game's journal (docs/FIRMWARE.md, "Store"): the record format, reading a journal, mending
# one. Record: one ASCII line, canonical JSON + "*" + CRC32 of the JSON text (8 lowercase hex)
# + "\n". A record is whole once its newline is on flash, so a power cut leaves a journal
# ending in a bad line with no good one after it; a bad line with good ones after it is damage.
import binascii
import os

from flash import CHUNK, StoreError, write
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
# What a record read alone (no setup before it) is taken for: every journal written before
# games had their own tables was Versailles. A journal read whole (scan; the store's writes)
# goes by its setup's game.
DEFAULT_GAME = "versailles"
_tables = {}  # type: dict  # game -> (by kind, by code, known): the games met so far


def table(game):
    # -> ({kind: entry}, {code: entry}, known) of the game's records, SHARED first. A game
    # this box does not have (known False): SHARED alone, its other records read as the
    # arrays they are (they are not damage).
    if type(game) is not str:
        game = None
    t = _tables.get(game)
    if t is None:
        kinds = SHARED
        try:
            from shared_rules.games import rules
            kinds = SHARED + tuple(rules(game).RECORDS)
            known = True
        except Exception:  # not installed (or no such game): its records are kept unread
            known = False
        by_kind, by_code = {}, {}
        for k in kinds:
            by_kind[k[0]] = k
            by_code[k[1]] = k
        t = _tables[game] = (by_kind, by_code, known)
    return t


def _pack(value, game):
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


def _unpack(value, game):
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


def record(value, game=DEFAULT_GAME):
    # -> the journal line of a JSON value, bytes; game: the journal's (a setup names its own)
    text = encode(_pack(value, game)).encode()
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


def parse(line, game=DEFAULT_GAME):
    # -> the value of one journal line of a game of `game`; ValueError saying why not
    return _unpack(check(line), game)


def game_of(value):
    # -> the game a record names (a setup's "game", packed or not), or None
    if type(value) is list and value[:1] == ["S"] and len(value) > 1:
        return value[1]
    if type(value) is dict and value.get("e") == "setup":
        return value.get("game")
    return None


class CorruptJournal(StoreError):
    # A bad record with good ones after it: damage, not a cut write. `path` the file, `line`
    # 1-based, `reason`, `kept` good records before it, `aside` the original's new name.
    def __init__(self, path, line, reason, kept, later, aside):
        self.path, self.line, self.reason, self.kept, self.aside = path, line, reason, kept, aside
        msg = "journal %s is damaged at line %d (%s); %d good records after it" % (
            path, line, reason, later)
        if aside:
            msg += ("; the game goes on from the %d records before it, the original file is "
                    "kept as %s" % (kept, aside))
        else:
            msg += "; nothing was changed"
        super().__init__(msg)


def lines(f, n):
    # Yields (offset, line) over the next n bytes of f, CHUNK bytes a read; every line ends
    # with b"\n" but perhaps the last.
    buf = b""
    off = 0
    while True:
        i = buf.find(b"\n")
        while i >= 0:
            yield off, buf[:i + 1]
            off += i + 1
            buf = buf[i + 1:]
            i = buf.find(b"\n")
        chunk = f.read(min(CHUNK, n)) if n > 0 else b""
        if not chunk:
            break
        n -= len(chunk)
        buf += chunk
    if buf:
        yield off, buf


def scan(f, n, events):
    # Reads a journal: -> (good records, their bytes, bad, finished) where bad is None or
    # (line, reason, good records after it). Collects the events (not END) into `events`.
    good = end = later = 0
    bad = None
    last = b""
    game = None  # the journal's: its setup, the first record, names it
    for off, line in lines(f, n):
        try:
            v = check(line)
            game = game_of(v) or game
            v = _unpack(v, game)
        except ValueError as exc:
            bad = bad or (good + 1, str(exc))
            continue
        if bad:
            later += 1
            continue
        good += 1
        end = off + len(line)
        last = line
        if events is not None and line != END:
            events.append(v)
    return good, end, bad and (bad[0], bad[1], later), last == END


def mend(folder, name, n, good, end, bad):
    # Puts right the journal folder/name.log (n bytes) that scan found bad: -> bytes dropped.
    # A cut write: its good prefix replaces it. Damage: the good prefix becomes the journal,
    # the original is kept aside as name.bad (.bad2...), and CorruptJournal says so.
    path = folder + name + ".log"
    if not bad[2]:  # nothing good after the bad record: a cut write
        write(folder, name, name + ".log", None, path, end)
        return n - end
    names = os.listdir(folder)
    aside = name + ".bad"
    k = 1
    while aside in names:
        k += 1
        aside = name + ".bad%d" % k
    # the good prefix to g.tmp; g.log -> g.bad; g.tmp -> g.log (boot finishes a cut one)
    write(folder, name, None, None, path, end)
    os.rename(path, folder + aside)
    os.rename(folder + name + ".tmp", path)
    raise CorruptJournal(name + ".log", bad[0], bad[1], good, bad[2], aside)


def settle(folder, names):
    # Boot, on the store's files `names`: a rename that never happened leaves the old file
    # whole, so the temp goes. Except mend's: a damaged journal moved aside (g7.log -> g7.bad)
    # before its good prefix (g7.tmp) took its place: finish that.
    for name in names:
        if name.endswith(".tmp"):
            stem = name[:-4]
            if (name[0] == "g" and stem + ".log" not in names
                    and [1 for o in names if o.startswith(stem + ".bad")]):
                os.rename(folder + name, folder + stem + ".log")
            else:
                os.remove(folder + name)

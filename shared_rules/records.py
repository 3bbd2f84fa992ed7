# The journal's record format (docs/FIRMWARE.md, "Store"), shared by the box, which writes
# and reads its journals, and the PC, which reads the synced copies: one ASCII line, canonical
# JSON + "*" + CRC32 of the JSON text (8 lowercase hex) + "\n". Pure: the files are the
# firmware's (journal.py) and the library's (lenotre.library.db).
import binascii

from shared_rules.codec import decode, encode

# Game events are most of a journal's bytes. A known kind is written as a JSON array: its code,
# then its fields in this order, trailing optional ones left out; ["C",0,"white",5] for
# {"e":"claim","p":0,"type":"white","size":5}: a 5-player game in 40% fewer bytes. Any other
# value (an event with other keys, the store's own records) is written as it is. Part of the
# record format: add kinds with new codes, or optional fields at the end of a kind; never
# change, drop or reorder one (every journal ever written must read the same). Added later:
# "t", the box's wall clock when it was set from a PC (unix seconds: the setup's is the
# start, the last scoring's the end), and "people", the roster person of each seat or None.
KINDS = (
    ("setup", "S", ("game", "players", "seed", "t", "people")),
    ("round", "R", ("cards", "ludwig")),
    ("claim", "C", ("p", "type", "size")),
    ("areas", "A", ("p", "sizes")),
    ("score", "T", ("stage", "t")),
    ("undo", "U", ()),
)
_BY_KIND = {k[0]: k for k in KINDS}
_BY_CODE = {k[1]: k for k in KINDS}


def _pack(value):
    if type(value) is not dict:  # a list would read back as a packed event
        raise ValueError("a journal record is a JSON object, not %r" % (value,))
    name = value.get("e")
    kind = _BY_KIND.get(name) if type(name) is str else None
    if kind:
        fields = kind[2]
        n = len(value) - 1  # fields given: they must be the first n, and nothing else
        if n <= len(fields) and all(f in value for f in fields[:n]):
            return [kind[1]] + [value[f] for f in fields[:n]]
    return value


def _unpack(value):
    if type(value) is not list:
        return value
    kind = _BY_CODE.get(value[0]) if value and type(value[0]) is str else None
    if not kind or len(value) - 1 > len(kind[2]):
        raise ValueError("unknown record kind")
    event = {"e": kind[0]}
    for f, v in zip(kind[2], value[1:]):
        event[f] = v
    return event


def record(value):
    # -> the journal line of a JSON value, bytes
    text = encode(_pack(value)).encode()
    return text + ("*%08x\n" % (binascii.crc32(text) & 0xFFFFFFFF)).encode()


END = record({"end": True})  # the last record of a finished game


def parse(line):
    # -> the value of one journal line (bytes, newline included); ValueError saying why not
    if not line.endswith(b"\n"):
        raise ValueError("no newline: the record was cut")
    text = line[:-10]
    if line[-10:-9] != b"*" or (
            "%08x" % (binascii.crc32(text) & 0xFFFFFFFF)).encode() != line[-9:-1]:
        raise ValueError("bad checksum")
    try:
        value = decode(text.decode())
    except Exception:  # ValueError or UnicodeError: the runtimes differ
        raise ValueError("bad JSON")
    return _unpack(value)

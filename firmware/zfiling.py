# Compressed filings in packs ({"g", "n", "z"} entries, packs.py): what the store runs only
# for a compressed game, loaded then. A box that files plain (its code in the heap,
# app/codeheap.py) and holds no compressed game never loads it: 1.5 KB of its boot's heap.
from flash import CHUNK, Stopped
from shared_rules import zjournal


def squeeze(path, stop=None):
    # -> (journal, its zlib stream) of the finished journal at `path`; (None, None) where
    # this runtime reads no stream back or a record does not check (filed plain, as it is).
    # Stopped as soon as stop() says so (zjournal.compress)
    with open(path, "rb") as src:
        journal = src.read()
    text = zjournal.strip(journal) if zjournal.CAN_READ else None
    if not text:
        return None, None
    body = zjournal.compress(text, stop)
    if body is None:
        raise Stopped()
    return journal, body


def expand(where):
    # -> the journal bytes of the compressed filing at `where` (pack path, body offset,
    # journal bytes, stored bytes); ValueError when they do not read back whole
    with open(where[0], "rb") as f:
        f.seek(where[1])
        data = f.read(where[3])
    return zjournal.expand(data, where[2])


def reads_back(where, journal):
    # Does the compressed filing at `where` read back as `journal`? Compared as it inflates,
    # a CHUNK at a time: the journal is not held twice.
    at = 0
    try:
        with open(where[0], "rb") as f:
            f.seek(where[1])
            r = zjournal.Reader(f, where[3], where[2])
            while True:
                part = r.read(CHUNK)
                if not part:
                    return at == len(journal)
                if part != journal[at:at + len(part)]:
                    return False
                at += len(part)
    except ValueError:
        return False


def holds(path, where):
    # Is the journal at `path` byte for byte the compressed filing at `where`?
    with open(path, "rb") as f:
        return reads_back(where, f.read())

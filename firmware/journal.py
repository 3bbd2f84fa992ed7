"""A game's journal (docs/FIRMWARE.md, "Store"): reading a journal, mending one. The record
format (shared_rules/records.py): one ASCII line, canonical JSON + "*" + CRC32 of the JSON
text + "\\n". A record is whole once its newline is on flash, so a power cut leaves a journal
ending in a bad line with no good one after it; a bad line with good ones after it is damage."""
import os

from flash import CHUNK, StoreError, remove, write
# the record format is shared with the PC (it reads the synced journals)
from shared_rules.records import (  # noqa: F401  (the store's and the tests' names)
    END, check, game_of, line_of, parse, record, unpack)


class CorruptJournal(StoreError):
    """A bad record with good ones after it: damage, not a cut write. `path` the file, `line`
    1-based, `reason`, `kept` good records before it, `aside` the original's new name."""
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
    """Yields (offset, line) over the next n bytes of f, CHUNK bytes a read; every line ends
    with b"\\n" but perhaps the last."""
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
    """Reads a journal: -> (good records, their bytes, bad, finished) where bad is None or
    (line, reason, good records after it). Collects the events (not END) into `events`."""
    good = end = later = 0
    bad = None
    last = b""
    game = None  # the journal's: its setup, the first record, names it
    for off, line in lines(f, n):
        try:
            v = check(line)
            game = game_of(v) or game
            v = unpack(v, game)
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
    """Puts right the journal folder/name.log (n bytes) that scan found bad: -> bytes dropped.
    A cut write: its good prefix replaces it. Damage: the good prefix becomes the journal,
    the original is kept aside as name.bad (.bad2...), and CorruptJournal says so."""
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


def settle(folder, temps, names=()):
    """The temps `temps` a power cut left among the store's files `names`: a rename that never
    happened leaves the old file whole, so the temp goes. Except mend's: a damaged journal
    moved aside (g7.log -> g7.bad) before its good prefix (g7.tmp) took its place: finish
    that."""
    for name in temps:
        stem = name[:-4]
        if (name[0] == "g" and stem + ".log" not in names
                and [1 for o in names if o.startswith(stem + ".bad")]):
            os.rename(folder + name, folder + stem + ".log")
        else:
            remove(folder + name)

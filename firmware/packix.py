# The packs' directory on flash, packs.ix (packs.py says what it holds), read and checked at
# boot; packscan.py reads the packs it does not match and writes it again. Apart from
# packs.py so that its code is in the heap only while boot works (app/core.py lets it go
# then), and in two: the official UF2's box compiles or loads each piece in a heap that its
# app's code has already taken, where a box of 1,300 games has no 1,552 bytes in
# one piece for the two together.
#
import binascii
from array import array

from packs import E, NONE, span
from packsum import SUM_AFTER, load, save



class Seen:
    # Which game ids were met: a bit an id up to BITS (375 bytes for 3,000 games), a set past
    # it (ids past 32,767: a box decades old, or a test)
    BITS = 0x8000

    def __init__(self):
        self.bits = bytearray(1)
        self.far = set()

    def again(self, g):
        # -> whether g was met before; it is now
        if g >= self.BITS:
            met = g in self.far
            self.far.add(g)
            return met
        b = self.bits
        if g >> 3 >= len(b):
            b.extend(bytes((g >> 3) + 64 - len(b)))
        met = b[g >> 3] & (1 << (g & 7))
        b[g >> 3] |= 1 << (g & 7)
        return met != 0


def boot(packs, found, ix):
    # Reads packs.ix (ix bytes), checks it against the packs `found` ((number, bytes) of each pack file
    # in the store's folder, in order), reads from their headers the packs it does not
    # match, rewrites it if need be. -> the highest game id filed, 0 if none.
    seen = Seen()  # the ids met, for the refiled: the directory's in the one pass reading it
    runs = _runs(packs, seen, ix) if packs.index else {}
    stale = False
    top = 0
    for no, n in found:
        r = runs.pop(no, None)
        if r is not None and (r[6] and r[5] == n or not r[6] and r[4] == n):
            packs.note(len(packs.packs), no, r[2], r[3], r[1], r[0])
            if r[6]:
                packs.damaged.add(no)
            top = max(top, r[3])
            continue
        import packscan
        e = packscan.scan(packs, no)
        lo, hi = span(e)
        packs.note(len(packs.packs), no, lo, hi, len(e) // E, NONE)
        narrow = packscan.narrow(e)
        stale = stale or r is not None or narrow
        # kept: the directory written below takes it from here, not from a second read
        packs.loose[no] = array("H", e) if narrow else e
        for i in range(0, len(e), E):
            top = max(top, e[i])
            if seen.again(e[i]):
                packs.refiled.add(e[i])
        e = None
    if packs.index and (runs or stale):
        import packscan
        packscan.rewrite(packs)
    return top


def _runs(packs, seen, ix):
    # -> {pack no: array [first entry, games, lowest id, highest id, end of its last game,
    # the pack's bytes when the run was written, 1 if damaged then]} of packs.ix, read a chunk
    # at a time after those packs.sum covers, its ids met told to `seen` (those met twice are
    # refiled); packs.ixn and packs.last set. A pack with two runs (never written so) keeps
    # neither: it is read from its headers. A run's games are in the order filed: the last
    # one ends it.
    n = ix // (2 * E)
    packs.ixn = n
    packs.last = None
    if not n:
        return {}
    runs = {}  # type: dict
    at = crc = 0
    known = load(packs, seen, n)
    if known is not None:
        at, runs, crc = known
    r = runs.get(packs.last)
    buf = array("H", bytes(2 * E * 32))
    twice = set()
    try:
        with open(packs.ix, "rb") as f:
            f.seek(2 * E * at)
            while at < n:
                k = min(32, n - at)
                f.readinto(buf)
                crc = binascii.crc32(memoryview(buf)[:k * E], crc)
                for i in range(0, k * E, E):
                    if buf[i] == 0:  # a run's start: (0, pack no, its bytes, damaged << 15)
                        no = buf[i + 1]
                        if no in runs:
                            twice.add(no)
                        r = runs[no] = array("I", (at + i // E + 1, 0, 0, 0, 0, buf[i + 2] |
                                                   (buf[i + 3] & 0x7FFF) << 16, buf[i + 3] >> 15))
                        packs.last = no
                    elif r is not None:
                        g = buf[i]
                        if not r[1] or g < r[2]:
                            r[2] = g
                        if g > r[3]:
                            r[3] = g
                        r[1] += 1
                        r[4] = buf[i + 1] + (buf[i + 3] or buf[i + 2])
                        if seen.again(g):
                            packs.refiled.add(g)
                at += k
    except OSError:
        packs.ixn = 0
        return {}
    if not twice and not seen.far and n - (known[0] if known else 0) >= SUM_AFTER:
        save(packs, seen, runs, n, crc)
    for no in twice:
        del runs[no]
    return runs

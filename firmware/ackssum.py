# synced.log read at boot (acks.py's load), and synced.sum: the acks (acks.py's runs) that
# synced.log's first bytes hold, with those bytes' CRC-32 and one of its own. Parsing synced.log a
# record at a time costs a box of 2,500 synced games 1.5 s of its power-on on the Pico (JSON, and a
# collection for each new run); boot takes this where synced.log still starts with those bytes and
# parses only the records after them, and writes it again once SUM_AFTER bytes or more are parsed so
# (a small box writes none). Apart from acks.py: its code is in the heap only at boot.
import binascii
from array import array

from acks import REC_MAX, RUN
from filecrc import crc_of
from flash import size, write
from journal import lines, parse

SUM = "synced.sum"
SUM_AFTER = 2048  # bytes of records parsed one by one before it is written again (~75 acks)
_MAGIC = 0x31534B41
_WIDE = 0x80000000  # a run's key word: its run in 32 bits


def read(acks, n=None):
    # Acks only grow: every good line counts, in any order. A cut or bad line is dropped by
    # rewriting the file (losing an ack only keeps a game longer). n: synced.log's bytes, if
    # known. Where it is long, synced.sum gives what its first bytes hold, and the records
    # after them are parsed.
    path = acks.dir + "synced.log"
    n = size(path) if n is None else n
    if not n:
        return
    at = crc = 0
    long = n >= REC_MAX * RUN
    if long:
        at, crc = load(acks, n)
    clean = True
    try:
        with open(path, "rb") as f:
            f.seek(at)
            for off, line in lines(f, n - at):
                crc = binascii.crc32(line, crc)
                try:
                    v = parse(line)
                    acks._raise(v["g"], v["n"], True)
                except Exception:
                    clean = False
    except OSError:
        return
    if not clean:
        acks.problems.append("synced.log: dropped a cut or bad record")
        acks._write()
    elif long and n - at >= SUM_AFTER:
        save(acks, n, crc)


def load(acks, n):
    # -> (bytes of synced.log (n bytes now) it covers, their CRC-32), acks.runs and
    # acks.wide set as they were after them; (0, 0) where there is no synced.sum, or one
    # not whole, or not of this synced.log's first bytes (rewritten, cut)
    head = array("I", bytes(16))  # magic, bytes covered, their CRC-32, runs
    key = array("I", (0,))
    runs = {}
    wide = set()
    try:
        with open(acks.dir + SUM, "rb") as f:
            if f.readinto(head) != 16 or head[0] != _MAGIC or not 0 < head[1] <= n:
                return 0, 0
            crc = binascii.crc32(head)
            for _ in range(head[3]):
                if f.readinto(key) != 4:
                    return 0, 0
                k = key[0] & ~_WIDE
                run = array("I" if key[0] & _WIDE else "H", bytes(4 * RUN if key[0] & _WIDE
                                                               else 2 * RUN))
                if f.readinto(run) != len(run) * (4 if key[0] & _WIDE else 2):
                    return 0, 0
                crc = binascii.crc32(run, binascii.crc32(key, crc))
                runs[k] = run
                if key[0] & _WIDE:
                    wide.add(k)
            if f.readinto(key) != 4 or key[0] != crc:
                return 0, 0
    except OSError:
        return 0, 0
    if crc_of(acks.dir + "synced.log", head[1]) != head[2]:
        return 0, 0
    acks.runs = runs
    acks.wide = wide
    return head[1], head[2]


def settle(acks):
    # A sync's end: synced.sum written for the whole of synced.log from the acks in memory,
    # which hold what it holds (the link calls this only after ACKs marked wholly). The box
    # restarts after a sync: without it, that power-on would parse every record the sync
    # added (2,500 acks: 2.4 s on the Pico), where taking the summary is a CRC of the file.
    path = acks.dir + "synced.log"
    n = size(path)
    if n >= REC_MAX * RUN:
        crc = crc_of(path, n)
        if crc is not None:
            save(acks, n, crc)


def save(acks, n, crc):
    # synced.sum for synced.log's first n bytes, whose CRC-32 is crc (temp, then rename); a
    # full flash leaves it out: the next boot parses every record
    head = array("I", (_MAGIC, n, crc, len(acks.runs)))

    def chunks():
        c = binascii.crc32(head)
        yield head
        for k in sorted(acks.runs):
            key = array("I", (k | (_WIDE if k in acks.wide else 0),))
            c = binascii.crc32(acks.runs[k], binascii.crc32(key, c))
            yield key
            yield acks.runs[k]
        yield array("I", (c,))
    try:
        write(acks.dir, "syncsum", SUM, chunks())
    except Exception:
        pass

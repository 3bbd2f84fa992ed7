# packs.sum: what reading packs.ix one entry at a time yields (packix.py) for the directory's
# first entries: each pack's run, the ids met, the refiled, with the entries' CRC-32. Reading
# the entries one by one costs a box of 2,500 games 500 ms of its power-on on the Pico; boot
# takes this where the CRC says those entries are still the directory's and reads only the
# entries after them. Made again once SUM_AFTER entries or more are read so (a small box makes
# none), and written at the first idle step. Apart from packix.py: the official UF2's box
# compiles each piece at boot in a heap its app's code has taken, where a box of 1,300 games
# has no 1,552 bytes in one piece for the two together.
import binascii
from array import array

from filecrc import crc_of
from packs import E

SUM = "packs.sum"
SUM_AFTER = 256  # entries read one by one before packs.sum is written again (a flash write)
_MAGIC = 0x31584E4C
_HEAD = 7  # magic, entries covered, their CRC-32, the last run's pack, runs, refiled, bitmap bytes
_RUN = 8  # a run in packs.sum: its pack's number, then the 7 numbers _runs keeps
_NO = 0xFFFFFFFF


def load(packs, seen, n):
    # -> (entries packs.sum covers, their runs, their CRC-32), seen, packs.last and
    # packs.refiled as they were after them; None where there is no packs.sum, or one not
    # whole, or not of this directory's first entries (written again, cut, damaged)
    head = array("I", bytes(4 * _HEAD))
    try:
        with open(packs.dir + SUM, "rb") as f:
            if f.readinto(head) != 4 * _HEAD or head[0] != _MAGIC or not 0 < head[1] <= n:
                return None
            body = array("I", bytes(4 * (_RUN * head[4] + head[5])))
            bits = bytearray(head[6])
            tail = array("I", (0,))
            if (f.readinto(body) != 4 * len(body) or f.readinto(bits) != len(bits)
                    or f.readinto(tail) != 4 or tail[0] != _crc(head, body, bits)):
                return None
    except OSError:
        return None
    crc = head[2]
    if crc_of(packs.ix, 2 * E * head[1]) != crc:
        return None
    runs = {}
    for j in range(0, _RUN * head[4], _RUN):
        runs[body[j]] = array("I", body[j + 1:j + _RUN])
    for g in body[_RUN * head[4]:]:
        packs.refiled.add(g)
    seen.bits = bits
    packs.last = None if head[3] == _NO else head[3]
    return head[1], runs, crc


def save(packs, seen, runs, n, crc):
    # packs.sum for packs.ix's first n entries, whose CRC-32 is crc: its parts made now into
    # packs.later, written by the store's first idle step (Store.settle) once the menu is
    # drawn: the write is a littlefs commit (~120 ms on the Pico), no part of a power-on
    body = array("I")
    for no in runs:
        body.append(no)
        for x in runs[no]:
            body.append(x)
    for g in packs.refiled:
        body.append(g)
    head = array("I", (_MAGIC, n, crc, _NO if packs.last is None else packs.last, len(runs),
                       len(packs.refiled), len(seen.bits)))
    bits = bytes(seen.bits)
    packs.later = (head, body, bits, array("I", (_crc(head, body, bits),)))


def _crc(*parts):
    crc = 0
    for p in parts:
        crc = binascii.crc32(p, crc)
    return crc

# A second copy of the journal being written, kept apart from the store's filesystem
# (docs/FIRMWARE.md, "Store": "The mirror"). Why: CircuitPython writes FAT through a 4 KiB
# sector cache, so a 512-byte write erases a whole flash sector and programs it back; the power
# going between the two loses what that sector held (the journal's tail, a directory, the FAT).
# littlefs never rewrites data in place, so the MicroPython box has no mirror.
#
# `nvm` is any byte store sliced like a bytearray: microcontroller.nvm (4 KiB of flash outside
# CIRCUITPY) on the box, a bytearray in tests. Layout: HEAD (b"LNM1 " + the game's id and the
# journal offset the copy starts at, 8 hex digits each), the journal's records from that
# offset, then erased bytes (0xFF, never in a record) to the end. A record is appended over
# erased bytes, which CircuitPython programs without an erase (only bits 1 -> 0: one 256-byte
# page, the rest of the sector untouched); only a new copy (a new game) erases the sector.
# The store writes the journal first and the mirror after, so a cut can only ever spoil one
# of the two, and boot mends each from the other.
from flash import size
from journal import lines
from shared_rules.records import check

MAGIC = b"LNM1 "
HEAD = 23  # MAGIC, 8 hex, space, 8 hex, newline
_ERASED = b"\xff"


class _Reader:
    # file-like reads of nvm[at:], so the journal's line reader can walk it
    def __init__(self, nvm, at):
        self.nvm, self.at = nvm, at

    def read(self, n):
        b = bytes(self.nvm[self.at:self.at + n])
        self.at += len(b)
        return b


class Mirror:
    def __init__(self, nvm):
        self.nvm = nvm
        self.gid = None  # the game copied, None: the copy is unknown or stale
        self.start = 0  # journal offset of the copy's first byte
        self.end = HEAD  # nvm offset of the first erased byte: the copy is nvm[HEAD:end]

    def covers(self):
        # -> the journal offset just past the copy
        return self.start + self.end - HEAD

    def load(self):
        # Reads the copy left in nvm: -> the game's id, or None (blank, or spoilt by a cut).
        # Only whole records count: the copy ends at the first one that fails its check.
        self.gid = None
        head = bytes(self.nvm[0:HEAD])
        if head[:5] != MAGIC or head[22:23] != b"\n":
            return None
        try:
            gid, start = int(head[5:13], 16), int(head[14:22], 16)
        except ValueError:
            return None
        end = HEAD
        for off, line in lines(_Reader(self.nvm, HEAD), self._erased() - HEAD):
            try:
                check(line)
            except ValueError:
                break
            end = HEAD + off + len(line)
        self.gid, self.start, self.end = gid, start, end
        return gid

    def _erased(self):
        # -> the offset of the first erased byte after the head
        n = len(self.nvm)
        at = HEAD
        while at < n:
            i = bytes(self.nvm[at:min(at + 256, n)]).find(_ERASED)
            if i >= 0:
                return at + i
            at += 256
        return n

    def _pieces(self, at):
        # the copy from nvm offset `at` to its end, 256 bytes at a time
        while at < self.end:
            b = bytes(self.nvm[at:min(at + 256, self.end)])
            yield b
            at += len(b)

    def copy_to(self, f, offset):
        # Writes the copy from journal offset `offset` on to the open file f: -> bytes written
        n = 0
        for b in self._pieces(HEAD + offset - self.start):
            f.write(b)
            n += len(b)
        return n

    def differs(self, f):
        # -> whether the open file f, from where it stands, reads otherwise than the copy
        for b in self._pieces(HEAD):
            if f.read(len(b)) != b:
                return True
        return False

    # ---- at the store's boot: what a cut took, put back ------------------------------------
    # Here, not in store.py, so that a box without a mirror (MicroPython's) never compiles it;
    # they work on the store's journals and packs as its own boot does.
    def restore(self, st):
        # What the copy holds beyond store st's journal goes back into it: the records a
        # sector lost in a power cut took (the journal's tail, or all of it with its
        # directory). The copy then follows the journal again from its next write.
        try:
            gid = self.load()
        except Exception as exc:  # a mirror that cannot be read is no reason not to boot
            st.problems.append("the mirror could not be read: %s" % exc)
            return
        if gid is None:
            return  # nothing copied (a deleted game's copy is wiped)
        if gid not in st._logs and st.holds(gid):
            self._mend_filed(st, gid)
            return
        path = st._log(gid)
        have = size(path) if gid in st._logs else 0
        st._top = max(st._top, gid)
        if self.start > have:
            st.problems.append("g%04d.log: bytes %d to %d are lost (not in the mirror); its "
                               "last records are kept as g%04d.bad" % (gid, have, self.start,
                                                                       gid))
            path = st.dir + "g%04d.bad" % gid
            have = self.start
            if size(path):
                return
        if self.covers() <= have:
            return
        st._ensure(self.covers() - have, False)
        with open(path, "ab") as f:
            n = self.copy_to(f, have)
            f.flush()
        if path.endswith(".log"):
            st.problems.append("g%04d.log: %d bytes a power cut took were put back from the "
                               "mirror" % (gid, n))
            st._logs[gid] = False
            st._check(gid, None)  # reads whether it is finished

    def _mend_filed(self, st, gid):
        # The game copied was filed since: its filed bytes read as the copy, unless a cut
        # erased their sector afterwards (another file's write to it: the box is most often
        # unplugged just after a game). Then the copy, whole, is its journal again, filed
        # anew by the store's boot; the spoilt filing stays where it is. A copy of part of a
        # game (past 4 KiB) has not the bytes to set it right.
        path, off, n = st._packs.find(gid)
        if self.start or self.covers() != n:
            return
        with open(path, "rb") as f:
            f.seek(off)
            if not self.differs(f):
                return
        st._ensure(n, False)
        with open(st._log(gid), "wb") as f:
            self.copy_to(f, 0)
            f.flush()
        st._logs[gid] = True
        st.problems.append("g%04d: its filed copy in %s was spoilt by a power cut; put back "
                           "from the mirror" % (gid, path.rsplit("/", 1)[-1]))

    def reset(self, gid, start, data):
        # The copy becomes game gid's journal bytes `data` from offset `start` (whole records),
        # erased bytes after them: one write of the whole nvm, so one sector erase on the box.
        self.gid = None
        n = len(self.nvm)
        body = MAGIC + ("%08x %08x\n" % (gid, start)).encode() + data
        if len(body) >= n:
            raise ValueError("%d bytes do not fit a mirror of %d" % (len(body), n))
        self.nvm[0:n] = body + _ERASED * (n - len(body))
        self.gid, self.start, self.end = gid, start, len(body)

    def append(self, gid, offset, rec, tail):
        # Game gid's journal had `offset` bytes and now ends with the record rec. The copy
        # follows it; when it is full, or not of this game, or not up to offset, it starts
        # again from the journal's last records: tail(gid, n) -> (offset, bytes) of its last
        # whole records within n bytes, read back from the journal (rec included).
        room = len(self.nvm) - 1  # an erased byte always ends the copy
        if gid == self.gid and self.covers() == offset and self.end + len(rec) <= room:
            self.nvm[self.end:self.end + len(rec)] = rec
            self.end += len(rec)
            return
        start, data = tail(gid, (room - HEAD) // 2 if len(rec) < (room - HEAD) // 2
                           else room - HEAD)
        self.reset(gid, start, data)

    def forget(self):
        # a blank head: the copy is of no game (the store deleted it)
        self.nvm[0:HEAD] = _ERASED * HEAD
        self.gid = None

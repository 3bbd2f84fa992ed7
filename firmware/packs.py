# Finished games filed in packs (docs/FIRMWARE.md, "Store"). p0003.pak holds games one after
# the other: a header record {"g": id, "n": bytes}, then the journal's bytes unchanged; or
# {"g": id, "n": bytes, "z": stored} and the journal compressed (shared_rules/zjournal.py):
# either way a game's bytes and sync offsets are those of its .log. littlefs gives every file
# whole 4 KB blocks: one file per game fits 238 games in 1 MB, packs 924
# (bench/journal_size.py), compressed about 3 times that (bench/capacity.py). A pack only
# grows, but for a rewrite without its synced games (temp, then rename); bytes no header
# explains seal it: it takes no more games, never goes.
import os
from array import array

from flash import BLOCK, CHUNK, RESERVE, StoreError, add, copy, full, remove, room, size
from journal import record

# A pack takes a game while it stays within 16 blocks less littlefs's skip-list pointers
# (~104 bytes), a full pack wasting half a game, not most of a block, and holds PACK_GAMES
# at most: more than 16 blocks of compressed games (~420 bytes each) hold, so the bytes
# decide (a limit of 64 games alone ends a pack mid-block, losing half a block in
# each)
PACK_BYTES = 16 * BLOCK - 256
PACK_GAMES = 192
HEAD_MAX = 64  # a pack header record is ~40 bytes
# A longer journal is filed plain: compressing holds it, its text and its stream in the heap.
SQUEEZE_MAX = 12 * 1024

# The packs' directory, packs.ix: what every pack's headers say, 8 bytes a game, so that the
# heap holds none of it. Kept in the heap it would take 24 KB on a box of 3,000 games, and
# boot would read every header (2.3 s on the Pico with 2,500 games).
# Entries of E numbers, array("H"): a pack's run starts with (0, pack no, its bytes' low
# 16 bits, the rest | 0x8000 if damaged;
# both 0 when filing starts the run), no game having id 0, then one (id, body offset,
# journal bytes, stored bytes; 0: plain) a game in the order filed. Filing appends; a pack
# rewritten or deleted (a full flash making room) keeps its directory in the heap until the
# next boot. Boot (packix.py) trusts a run where its games end exactly where the pack file
# does, or a damaged pack's where the pack has the bytes it had: a pack the directory does
# not match (rewritten, a cut between the pack's write and the directory's, damage) is read
# from its headers and the directory written again.
IX = "packs.ix"
E = 4
P = 5  # numbers a pack in the heap (Packs.packs): no, lowest id, highest id, games, run
NONE = 0xFFFF  # a pack with no run in packs.ix: its directory is in the heap or its headers
HMAX = 0xFFFF


def span(e):
    # -> (lowest id, highest id) of a directory's entries, (0, 0) if none
    lo = hi = 0
    for i in range(0, len(e), E):
        g = e[i]
        lo = g if not i else min(lo, g)
        hi = max(hi, g)
    return lo, hi


def has(seq, v):
    # v in seq, for an array too (MicroPython's arrays have no `in`)
    for x in seq:
        if x == v:
            return True
    return False


def same(path, where):
    # Is the journal at `path` byte for byte the body filed at `where` (pack path, offset,
    # bytes)?
    with open(path, "rb") as a, open(where[0], "rb") as b:
        b.seek(where[1])
        left = where[2]
        while left > 0:
            x = a.read(min(CHUNK, left))
            if not x or x != b.read(len(x)):
                return False
            left -= len(x)
        return not a.read(1)


class Packs:
    def __init__(self, folder, problems, free, squeeze=True, index=True):
        # problems: the store's list, told what was kept aside; free: its free_bytes;
        # squeeze: file games compressed (where this runtime reads them back); index: keep
        # packs.ix (False: every pack's directory read from its headers at boot and kept in
        # the heap, for a filesystem whose power cut may leave a sector of anything, FAT)
        self.dir = folder
        self.squeeze = squeeze
        self.index = index
        self.problems = problems
        self.free = free
        # P numbers a pack, in pack order: no, lowest id, highest id, games, where its run's
        # first game is in packs.ix (entries; NONE: none). 10 bytes a pack, 500 at 3,000
        # games; 32 bits a number once one needs them (ids past 65,535)
        self.packs = array("H")
        self.wide = False
        self.damaged = set()  # packs with bytes no header explains: sealed, never deleted
        self.refiled = set()  # ids filed more than once (after a bad copy): the last counts
        self.ix = self.dir + IX
        self.ixn = 0  # entries in packs.ix
        self.last = None  # the pack whose run ends packs.ix (filing appends to it)
        self._dir = None  # (no, its entries, its path): the directory of the pack read last
        self._next = 0  # where in it the entry after the one where() found last starts
        # packs.sum as boot made it (packsum.save), for the first idle step to write
        # (Store.settle). An attribute from the start, set to None once written: MicroPython
        # keeps a deleted instance attribute's value in its map, alive, until the slot is reused.
        self.later = None  # type: tuple | None
        self.loose = {}  # pack no -> its directory, where it is in the heap (rewritten since
        # boot; every pack without packs.ix)

    def path(self, no):
        return self.dir + "p%04d.pak" % no

    def note(self, k, *numbers):
        # Pack numbers from self.packs[k] on (k = len(self.packs): a new pack's), the array
        # widened to 32 bits first if one needs them
        self._widen(max(numbers))
        ps = self.packs
        for i in range(len(numbers)):
            if k + i < len(ps):
                ps[k + i] = numbers[i]
            else:
                ps.append(numbers[i])

    def _widen(self, v):
        # self.packs in 32 bits from now on if v needs them
        if v > HMAX and not self.wide:
            self.packs = array("I", self.packs)
            self.wide = True

    def _slot(self, no):
        # -> where pack no's numbers start in self.packs, -1 if there is no such pack
        ps = self.packs
        for k in range(0, len(ps), P):
            if ps[k] == no:
                return k
        return -1

    def nos(self):
        # -> the pack numbers, oldest first
        ps = self.packs
        return [ps[k] for k in range(0, len(ps), P)]

    def boot(self, found, ix):
        # Reads the packs' directory (packix.boot) -> the highest game id filed, 0 if none.
        # found: (number, bytes) of each pack file, in order; ix: packs.ix's bytes, None if
        # there is none
        if not found and ix is None:
            return 0  # a box with nothing filed: none of packix's code in the heap
        import packix
        return packix.boot(self, found, ix or 0)

    # ---- lookups --------------------------------------------------------------------------
    def entries(self, no):
        # -> pack no's directory, E numbers a game in the order filed (read it, do not change
        # it): from packs.ix, or its headers. The last one read is kept for the next lookup:
        # a sync reads the games in order, pack after pack.
        d = self._dir
        if d is not None and d[0] == no:
            return d[1]
        self._dir = None
        k = self._slot(no)
        if k < 0:
            return array("H")
        if self.packs[k + 4] == NONE:
            e = self.loose.get(no)
            if e is None:
                import packscan
                e = packscan.scan(self, no)
        else:
            e = self.read_run(self.packs[k + 4], self.packs[k + 3])
        self._dir = (no, e, self.path(no))
        return e

    def read_run(self, first, games):
        # -> array("H") of the directory entries packs.ix holds from entry `first` on
        e = array("H", bytes(2 * E * games))
        if games:
            with open(self.ix, "rb") as f:
                f.seek(2 * E * first)
                f.readinto(e)
        return e

    def release(self):
        # The directory kept from the last lookup goes (a game starts: its heap)
        self._dir = None

    def find(self, gid):
        # -> (pack path, body offset, journal bytes) of the game's last filing, or None
        w = self.where(gid)
        return w and w[:3]

    def where(self, gid):
        # -> (pack path, body offset, journal bytes, stored bytes: 0 when plain) of the game's
        # last filing, or None. Games are filed as they finish, so a pack's ids keep to a
        # narrow span: only packs whose span holds gid are read, the newest first, from its
        # end.
        d = self._dir
        if d is not None and gid not in self.refiled:
            # a sync, a listing and an ACK go game after game: the entry after the one found
            # last, in the directory read last, is tried first (filed once, it is the filing)
            e, i = d[1], self._next
            if i + E <= len(e) and e[i] == gid:
                self._next = i + E
                return d[2], e[i + 1], e[i + 2], e[i + 3]
        ps = self.packs
        for k in range(len(ps) - P, -1, -P):
            if ps[k + 1] <= gid <= ps[k + 2] and ps[k + 3]:
                e = self.entries(ps[k])
                for i in range(len(e) - E, -1, -E):
                    if e[i] == gid:
                        self._next = i + E
                        return self.path(ps[k]), e[i + 1], e[i + 2], e[i + 3]
        return None

    def holds_copy(self, gid, path):
        # Is the journal at `path` byte for byte the game's last filing?
        w = self.where(gid)
        if not w or w[2] != size(path):
            return False
        if not w[3]:
            return same(path, w)
        import zfiling
        return zfiling.holds(path, w)

    def each(self):
        # Yields (id, journal bytes, stored bytes: 0 when plain) of every filed game once: its
        # last filing.
        for no in self.nos():
            e = self.entries(no)
            for i in range(0, len(e), E):
                g = e[i]
                if g not in self.refiled or self.find(g) == (self.path(no), e[i + 1], e[i + 2]):
                    yield g, e[i + 2], e[i + 3]

    def oldest_synced(self, acks, skip):
        # -> (id, pack no) of the oldest game the host has all of (acks: the store's Acks),
        # in a pack that may change and is not in `skip`; None if there is none. Reads one
        # pack's directory at a time: a full flash is no time to build a list of 1,300 ids.
        best = None
        for no in self.nos():
            if no in self.damaged or no in skip:
                continue
            e = self.entries(no)
            for i in range(0, len(e), E):
                if (best is None or e[i] < best[0]) and acks.get(e[i]) >= e[i + 2]:
                    best = (e[i], no)
        return best

    def synced_ids(self, no, acks):
        # -> array of the ids in pack no the host has all of
        e = self.entries(no)
        out = array("I")
        for i in range(0, len(e), E):
            if acks.get(e[i]) >= e[i + 2]:
                out.append(e[i])
        return out

    # ---- filing ---------------------------------------------------------------------------
    def file(self, gid, path, stop=None):
        # Appends the finished journal at `path` to the open pack, checks the copy, removes the
        # journal: -> True. Not enough room or a bad copy: False, the journal stays. Stopped
        # (flash.py) where stop() said so while it compressed: nothing written yet.
        n = size(path)
        journal = body = None
        if self.squeeze and n <= SQUEEZE_MAX:
            try:
                import zfiling
                journal, body = zfiling.squeeze(path, stop)
            except MemoryError:  # a heap in pieces: filed plain, as a box without deflate does
                journal = body = None
        z = len(body) if body else 0
        head = record({"g": gid, "n": n, "z": z} if z else {"g": gid, "n": n})
        if self.free() < RESERVE + len(head) + (z or n) + 4 * E:
            return False
        ps = self.packs
        no = ps[len(ps) - P] if ps else 0
        start = size(self.path(no))
        new = (not no or no in self.damaged or start and start + len(head) + n > PACK_BYTES
               or ps[len(ps) - P + 3] >= PACK_GAMES)
        if new:
            no += 1
            start = 0
            self.note(len(self.packs), no, 0, 0, 0, NONE)  # its games: none yet
        pack = self.path(no)
        try:
            with open(path, "rb") as src:
                f = open(pack, "ab")
                try:
                    f.write(head)
                    if body:
                        f.write(body)
                    else:
                        copy(src, f, n)
                    f.flush()
                finally:
                    f.close()
        except OSError:
            self.damaged.add(no)  # part of an entry may have landed: seal the pack
            return False
        where = (pack, start + len(head), n, z)
        body = None
        if z:
            import zfiling
            good = zfiling.reads_back(where, journal)
        else:
            good = same(path, where)
        journal = None
        if not good:
            self.damaged.add(no)
            self.problems.append("p%04d.pak: game %d filed wrong, journal kept" % (no, gid))
            return False
        if self.find(gid):
            self.refiled.add(gid)
        self._put(no, gid, where[1], n, z)
        os.remove(path)
        return True

    def _put(self, no, gid, offset, n, z):
        # The game filed into pack no (the newest): its span and count, the directory kept
        # in the heap, and its entry appended to packs.ix (a pack new there with its run's
        # start). A directory that cannot take it (a number past 16 bits, a full flash) leaves
        # the pack to its headers.
        k = len(self.packs) - P
        self._widen(gid)
        ps = self.packs
        if not ps[k + 3] or gid < ps[k + 1]:
            ps[k + 1] = gid
        if gid > ps[k + 2]:
            ps[k + 2] = gid
        ps[k + 3] += 1
        self._dir = None
        entry = (gid, offset, n, z)
        if no in self.loose or not self.index:  # its directory is in the heap
            d = self.loose.get(no) or array("H")
            if max(entry) > HMAX:
                d = array("I", d)
            for x in entry:
                d.append(x)
            self.loose[no] = d
            return
        if ps[k + 3] > 1 and (ps[k + 4] == NONE or self.last != no):
            return  # its run is not packs.ix's last: it stays with its headers
        if max(entry) > HMAX or no > HMAX:
            ps[k + 4] = NONE
            return
        try:
            if ps[k + 3] == 1:
                add(self.ix, array("H", (0, no, 0, 0) + entry))
                ps[k + 4] = self.ixn + 1
                self.ixn += 2
                self.last = no
            else:
                add(self.ix, array("H", entry))
                self.ixn += 1
        except OSError:
            # the entry may have landed or not: the run no longer says; boot reads the pack
            ps[k + 4] = NONE
            self.last = None

    def unfile(self, no, drop):
        # Takes the games `drop` out of pack no: the pack goes, or is rewritten without them,
        # its directory kept in the heap (`loose`) from then on. packs.ix is left as it is: its
        # run for the pack no longer ends where the pack does, and the next boot reads the
        # pack and writes the directory again (a full flash is no time to load packscan's code).
        if no in self.damaged:
            raise StoreError("p%04d.pak has unreadable bytes; its games stay" % no)
        e = self.entries(no)
        keep = [i for i in range(0, len(e), E) if not has(drop, e[i])]
        pack = self.path(no)
        k = self._slot(no)
        self._dir = None
        if not keep:
            os.remove(pack)
            self.loose.pop(no, None)
            self.packs = self.packs[:k] + self.packs[k + P:]
            return
        room(self.free, sum([(e[i + 3] or e[i + 2]) + HEAD_MAX for i in keep]))
        tmp = self.dir + "p%04d.tmp" % no
        new = array("I")
        pos = 0
        try:
            with open(pack, "rb") as src, open(tmp, "wb") as f:
                for i in keep:
                    z = e[i + 3]
                    head = record({"g": e[i], "n": e[i + 2], "z": z} if z else
                                  {"g": e[i], "n": e[i + 2]})
                    f.write(head)
                    src.seek(e[i + 1])
                    copy(src, f, z or e[i + 2])
                    new.extend(array("I", (e[i], pos + len(head), e[i + 2], z)))
                    pos += len(head) + (z or e[i + 2])
                f.flush()
        except OSError as exc:
            remove(tmp)
            raise full(exc)
        os.rename(tmp, pack)
        e = None
        lo, hi = span(new)
        self.loose[no] = new
        self.note(k + 1, lo, hi, len(new) // E, NONE)

    def drop(self, gid):
        # Takes the game out of every pack holding it.
        for no in self.nos():
            e = self.entries(no)
            for i in range(0, len(e), E):
                if e[i] == gid:
                    e = None
                    self.unfile(no, (gid,))
                    break
        self.refiled.discard(gid)

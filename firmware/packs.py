# Finished games filed in packs (docs/FIRMWARE.md, "Store"). p0003.pak holds games one after
# the other: a header record {"g": id, "n": bytes}, then the journal's bytes unchanged; or
# {"g": id, "n": bytes, "z": stored} and the journal compressed (shared_rules/zjournal.py):
# either way a game's bytes and sync offsets are those of its .log. littlefs gives every file
# whole 4 KB blocks: one file per game fits 238 games in 1 MB, packs 924
# (bench/journal_size.py), compressed about 3 times that (bench/capacity.py). A pack only
# grows, but for a rewrite without its synced games (temp, then rename); bytes no header
# explains seal it: it takes no more games, never goes.
import gc
import os
from array import array

from flash import BLOCK, CHUNK, RESERVE, StoreError, copy, full, remove, room, size
from journal import parse, record

# A pack takes a game while it stays within 16 blocks less littlefs's skip-list pointers
# (~104 bytes), a full pack wasting half a game, not most of a block, and holds PACK_GAMES
# at most: ~150 compressed games in 16 blocks made an index of 1,200 bytes in one piece, which
# found no room at boot beside 1,300 games (unix port, .mpy, 192 KB); every pack costs the
# heap its index's array (8 blocks for plain games too cost 2.6 KB more at a full box).
PACK_BYTES = 16 * BLOCK - 256
PACK_GAMES = 64
HEAD_MAX = 64  # a pack header record is ~40 bytes
# index entry: id, body offset, journal bytes, and in a pack holding a compressed game its
# stored bytes (0: stored plain): 6 bytes a game where the box files plain (its code in the
# heap, app/codeheap.py), 2 KB of a full box's heap
W = 3
WZ = 4
S = 2  # a pack's index starts with its span: the lowest and highest id in it (0, 0: none)
# A longer journal is filed plain: compressing holds it, its text and its stream in the heap.
SQUEEZE_MAX = 12 * 1024


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
    def __init__(self, folder, problems, free, squeeze=True):
        # problems: the store's list, told what was kept aside; free: its free_bytes;
        # squeeze: file games compressed (where this runtime reads them back)
        self.dir = folder
        self.squeeze = squeeze
        self.problems = problems
        self.free = free
        # pack no -> flat array [lowest id, highest id, id, body offset, bytes, stored, id, ...]:
        # 8 bytes a game on any port while every number fits 16 bits (a list would take 24 on
        # the unix port), for a box holding 3,000 games; the span in the array, not in a list
        # of its own: 80 bytes a pack on the unix port, 3 KB of a full box's heap
        self.index = {}
        self.damaged = set()  # packs with bytes no header explains: sealed, never deleted
        self.refiled = set()  # ids filed more than once (after a bad copy): the last counts
        self.wide = set()  # packs whose index needs 32 bits (an id or a size past 65535)
        self.zipped = set()  # packs with a compressed game: WZ numbers an entry, not W
        self._scratch = None  # scan()'s, while the boot scans the packs

    def width(self, no):
        # -> the numbers an entry of pack no's index takes
        return WZ if no in self.zipped else W

    def _path(self, no):
        return self.dir + "p%04d.pak" % no

    def scan(self, no):
        # Reads pack no's headers into the index: -> the highest game id in it, 0 if none.
        # The entries gather in a scratch array (16 bits while every number fits), then the
        # index is made at its size in one allocation: one grown by appends left holes among
        # the boot's long-lived objects, and with 1,148 games no 512-byte block was left for
        # replaying a game (unix port, .mpy at 192 KB). The scratch is one allocation too, made
        # once for every pack of PACK_GAMES (grown only for a longer pack an older box filed):
        # grown by appends, the scans' copies of it found no 464 bytes in one piece at boot
        # beside 1,050 games (the virtual Pico, .mpy at 192 KB).
        path = self._path(no)
        end = size(path)
        self.wide.discard(no)
        self.zipped.discard(no)
        if self._scratch is None:
            self._scratch = array("I", bytes(4 * (S + WZ * PACK_GAMES)))
        found = self._scratch
        at = S
        wide = False
        pos = 0
        with open(path, "rb") as f:
            while pos < end:
                f.seek(pos)
                head = f.read(HEAD_MAX)
                i = head.find(b"\n") + 1
                try:
                    v = parse(head[:i])
                    g, n, z = v["g"], v["n"], v.get("z", 0)
                except Exception:
                    break
                if pos + i + (z or n) > end:
                    break
                wide = wide or max(g, pos + i, n) > 0xFFFF
                if at == len(found):
                    found.extend(array("I", bytes(4 * WZ)))
                found[at], found[at + 1], found[at + 2], found[at + 3] = g, pos + i, n, z
                at += WZ
                pos += i + (z or n)
        top = lo = 0
        zipped = False
        for k in range(S, at, WZ):
            g = found[k]
            top = max(top, g)
            lo = g if k == S else min(lo, g)
            zipped = zipped or found[k + 3] > 0
        if wide:
            self.wide.add(no)
        w = W  # a pack of plain games: their stored bytes (all 0) left out
        if zipped:
            self.zipped.add(no)
            w = WZ
        e = self.index[no] = array("I" if wide else "H",
                                   bytes((4 if wide else 2) * (S + (at - S) // WZ * w)))
        e[0], e[1] = lo, top
        j = S
        for k in range(S, at, WZ):
            e[j], e[j + 1], e[j + 2] = found[k], found[k + 1], found[k + 2]
            if zipped:
                e[j + 3] = found[k + 3]
            j += w
        if pos < end:
            # A cut while filing (the journal was kept) or damage: seal the pack, keep it.
            self.damaged.add(no)
            self.problems.append("p%04d.pak: %d unreadable bytes after byte %d, kept as is"
                                 % (no, end - pos, pos))
        return top

    def compact(self):
        # Boot grows each pack's index between reads of the headers: they end
        # up scattered over the heap, each a wall in the free space (with 1,148 games the
        # largest free piece was 3.5 KB of 69 KB free). Copied once the reads' garbage is
        # collected, they go to the lowest holes that fit, and the free space above is whole.
        self._scratch = None
        if not self.index:
            return  # no pack: nothing scattered
        gc.collect()
        for no in self.index:
            e = self.index[no]
            self.index[no] = array("I" if no in self.wide else "H", e)
        gc.collect()

    def _put(self, no, gid, offset, n, z):
        # Appends an entry to pack no's index, widened to 32 bits first if it must be
        e = self.index[no]
        if no not in self.wide and max(gid, offset, n) > 0xFFFF:
            e = self.index[no] = array("I", e)
            self.wide.add(no)
        if z and no not in self.zipped:  # its first compressed game: a 0 for every plain one
            old = e
            e = self.index[no] = array("I" if no in self.wide else "H", old[:S])
            for i in range(S, len(old), W):
                e.extend(old[i:i + W])
                e.append(0)
            self.zipped.add(no)
        e.append(gid)
        e.append(offset)
        e.append(n)
        if no in self.zipped:
            e.append(z)
        if len(e) == S + self.width(no):
            e[0] = e[1] = gid
        elif gid < e[0]:
            e[0] = gid
        elif gid > e[1]:
            e[1] = gid

    # ---- lookups --------------------------------------------------------------------------
    def find(self, gid):
        # -> (pack path, body offset, journal bytes) of the game's last filing, or None
        w = self.where(gid)
        return w and w[:3]

    def where(self, gid):
        # -> (pack path, body offset, journal bytes, stored bytes: 0 when plain) of the game's
        # last filing, or None. Games are filed as they finish, so a pack's ids keep to a
        # narrow span: only packs whose span holds gid are searched, the newest first, from
        # its end (a sync reads every game).
        for no in sorted(self.index, reverse=True):
            e = self.index[no]
            if e[0] <= gid <= e[1]:
                w = self.width(no)
                for i in range(len(e) - w, S - 1, -w):
                    if e[i] == gid:
                        return self._path(no), e[i + 1], e[i + 2], e[i + 3] if w == WZ else 0
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
        for no in sorted(self.index):
            e = self.index[no]
            w = self.width(no)
            for i in range(S, len(e), w):
                g = e[i]
                if g not in self.refiled or self.find(g) == (self._path(no), e[i + 1], e[i + 2]):
                    yield g, e[i + 2], e[i + 3] if w == WZ else 0

    def find_refiled(self):
        # After the scans (boot) or a rewrite: which ids more than one entry has. Pack by
        # pack against the later ones whose span meets its own, its ids marked in a bitmap of
        # its span (a few bytes: a pack's ids keep to a narrow span), not in a set.
        self.refiled = set()
        nos = sorted(self.index)
        for a in range(len(nos)):
            e = self.index[nos[a]]
            if len(e) == S:
                continue
            lo, hi = e[0], e[1]
            mine = bytearray((hi - lo) // 8 + 1)
            for i in range(S, len(e), self.width(nos[a])):
                k = e[i] - lo
                if mine[k >> 3] & (1 << (k & 7)):
                    self.refiled.add(e[i])
                mine[k >> 3] |= 1 << (k & 7)
            for b in nos[a + 1:]:
                e = self.index[b]
                if len(e) == S or e[1] < lo or e[0] > hi:
                    continue
                for i in range(S, len(e), self.width(b)):
                    k = e[i] - lo
                    if 0 <= k <= hi - lo and mine[k >> 3] & (1 << (k & 7)):
                        self.refiled.add(e[i])

    def oldest_synced(self, acks, skip):
        # -> (id, pack no) of the oldest game the host has all of (acks: the store's Acks),
        # in a pack that may change and is not in `skip`; None if there is none. Walks the
        # index in place: a full flash is no time to build a list of 1,300 ids.
        best = None
        for no in self.index:
            if no in self.damaged or no in skip:
                continue
            e = self.index[no]
            for i in range(S, len(e), self.width(no)):
                if (best is None or e[i] < best[0]) and acks.get(e[i]) >= e[i + 2]:
                    best = (e[i], no)
        return best

    def synced_ids(self, no, acks):
        # -> array of the ids in pack no the host has all of
        e = self.index[no]
        out = array("I" if no in self.wide else "H")
        for i in range(S, len(e), self.width(no)):
            if acks.get(e[i]) >= e[i + 2]:
                out.append(e[i])
        return out

    # ---- filing ---------------------------------------------------------------------------
    def file(self, gid, path):
        # Appends the finished journal at `path` to the open pack, checks the copy, removes the
        # journal: -> True. Not enough room or a bad copy: False, the journal stays.
        n = size(path)
        journal = body = None
        if self.squeeze and n <= SQUEEZE_MAX:
            try:
                import zfiling
                journal, body = zfiling.squeeze(path)
            except MemoryError:  # a heap in pieces: filed plain, as a box without deflate does
                journal = body = None
        z = len(body) if body else 0
        head = record({"g": gid, "n": n, "z": z} if z else {"g": gid, "n": n})
        if self.free() < RESERVE + len(head) + (z or n):
            return False
        no = max(self.index or [0])
        start = size(self._path(no))
        if (not no or no in self.damaged or start and start + len(head) + n > PACK_BYTES
                or len(self.index[no]) >= S + self.width(no) * PACK_GAMES):
            no += 1
            start = 0
            self.index[no] = array("H", (0, 0))  # its span: none yet
        pack = self._path(no)
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

    def unfile(self, no, drop):
        # Takes the games `drop` out of pack no: the pack goes, or is rewritten without them.
        if no in self.damaged:
            raise StoreError("p%04d.pak has unreadable bytes; its games stay" % no)
        e = self.index[no]
        w = self.width(no)
        keep = [i for i in range(S, len(e), w) if not has(drop, e[i])]
        pack = self._path(no)
        if not keep:
            os.remove(pack)
            del self.index[no]
            self.wide.discard(no)
            self.zipped.discard(no)
            self.find_refiled()
            return
        room(self.free, sum([(w == WZ and e[i + 3] or e[i + 2]) + HEAD_MAX for i in keep]))
        tmp = self.dir + "p%04d.tmp" % no
        try:
            with open(pack, "rb") as src, open(tmp, "wb") as f:
                for i in keep:
                    z = e[i + 3] if w == WZ else 0
                    f.write(record({"g": e[i], "n": e[i + 2], "z": z} if z else
                                   {"g": e[i], "n": e[i + 2]}))
                    src.seek(e[i + 1])
                    copy(src, f, z or e[i + 2])
                f.flush()
        except OSError as exc:
            remove(tmp)
            raise full(exc)
        os.rename(tmp, pack)
        self.scan(no)
        self._scratch = None
        self.find_refiled()

    def drop(self, gid):
        # Takes the game out of every pack holding it.
        for no in sorted(self.index):
            e = self.index[no]
            for i in range(S, len(e), self.width(no)):
                if e[i] == gid:
                    self.unfile(no, (gid,))
                    break
        self.refiled.discard(gid)

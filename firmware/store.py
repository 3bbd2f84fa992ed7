# The power-safe journal of games on flash (docs/FIRMWARE.md, "Store"). MicroPython subset:
# plain classes, `os`, `open`, `binascii.crc32`; the same code runs on the Pico (littlefs), in
# the simulator (a host folder) and in the tests, on CPython and on MicroPython.
#
# Record: one ASCII line, canonical JSON + "*" + CRC32 of the JSON text (8 lowercase hex) +
# "\n". An append completed when its whole line, newline included, is on flash: `append`
# writes, flushes and closes before it returns.
# Files in the store's folder:
#   g0007.log  game 7's journal while it is played (and until it is filed in a pack)
#   p0003.pak  finished games one after the other: a header record {"g": id, "n": bytes}, then
#              the journal's bytes unchanged. littlefs gives every file whole 4 KB blocks: one
#              file per game fits 238 games in 1 MB, packs of up to 16 blocks 536
#              (bench/journal_size.py)
#   synced.log records {"g": id, "n": bytes}: the host acknowledged game id's first n bytes
#   next.id    one record {"next": id}, written before anything is deleted: ids never repeat
#   g0007.bad  a journal found damaged in the middle, kept aside as it was, never deleted
#   *.tmp      written, flushed, then renamed (atomic on littlefs); boot settles leftovers
import binascii
import os

from shared_rules.codec import decode, encode

BLOCK = 4096  # littlefs block on the Pico's flash
RESERVE = 2 * BLOCK  # new records stop here: the rest is for recovery, filing and sync marks
# A pack takes a game while it stays within 16 blocks less littlefs's skip-list pointers
# (~104 bytes): a full pack wastes half a game, not most of a block.
PACK_BYTES = 16 * BLOCK - 256
CHUNK = 256  # read size: the Pico's heap is small and fragments
HEAD_MAX = 64  # a pack header record is ~35 bytes
ENOSPC = 28
FULL = "flash full: sync the box with `lenotre sync` to free space; no game was lost"


class StoreError(Exception):
    pass


class StoreFull(StoreError):
    pass


class NotSynced(StoreError):
    pass


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


def record(value):
    # -> the journal line of a JSON value, bytes
    text = encode(value).encode()
    return text + ("*%08x\n" % (binascii.crc32(text) & 0xFFFFFFFF)).encode()


END = record({"end": True})  # the last record of a finished game
_INFO = tuple([{"finished": f, "synced": y} for f in (False, True) for y in (False, True)])


def parse(line):
    # -> the value of one journal line (bytes, newline included); ValueError saying why not
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


def _lines(f, n):
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


def _scan(f, n, events):
    # Reads a journal: -> (good records, their bytes, bad, finished) where bad is None or
    # (line, reason, good records after it). Collects the events (not END) into `events`.
    good = end = later = 0
    bad = None
    last = b""
    for off, line in _lines(f, n):
        try:
            v = parse(line)
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


def _num(name, prefix, suffix):
    # "g0007.log" -> 7, or None
    d = name[len(prefix):len(name) - len(suffix)]
    if name.startswith(prefix) and name.endswith(suffix) and d.isdigit():
        return int(d)
    return None


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def _copy(src, dst, n):
    while n > 0:
        b = src.read(min(CHUNK, n))
        if not b:
            break
        dst.write(b)
        n -= len(b)


def _add(path, data):
    f = open(path, "ab")
    try:
        f.write(data)
        f.flush()
    finally:
        f.close()


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _full(exc):
    return StoreFull(FULL) if exc.args and exc.args[0] == ENOSPC else exc


class Store:
    def __init__(self, root, capacity=None):
        # capacity: bytes all the store's files may take (the simulator's flash, the tests);
        # None: the filesystem's real free space.
        self.root = root
        self.dir = root.rstrip("/") + "/"
        self.capacity = capacity
        self.problems = []  # what boot repaired or kept aside: messages for a log or screen
        self._logs = {}  # game id -> finished? for the games with a .log journal
        self._packs = {}  # pack no -> flat [id, body offset, bytes, id, ...]
        self._damaged = set()  # packs with bytes no header explains: sealed, never deleted
        self._acks = {}  # game id -> bytes the host acknowledged
        self._top = self._hwm = 0  # highest id handed out; next.id's value
        self._boot()

    # ---- boot -----------------------------------------------------------------------------
    def _boot(self):
        try:
            os.mkdir(self.root)
        except OSError:
            pass
        names = os.listdir(self.root)
        for name in names:
            if name.endswith(".tmp"):
                # A rename that never happened: the old file is whole, the temp goes. Except
                # a damaged journal moved aside (g7.log -> g7.bad) before its good prefix
                # (g7.tmp) took its place: finish that.
                stem = name[:-4]
                if (name[0] == "g" and stem + ".log" not in names
                        and [1 for o in names if o.startswith(stem + ".bad")]):
                    os.rename(self.dir + name, self.dir + stem + ".log")
                else:
                    os.remove(self.dir + name)
        names = sorted(os.listdir(self.root))
        try:
            with open(self.dir + "next.id", "rb") as f:
                self._hwm = self._top = parse(f.readline())["next"] - 1
        except Exception:  # none yet, or unreadable: the files' ids still count
            pass
        self._load_acks()
        for name in names:
            no = _num(name, "p", ".pak")
            if no is not None:
                self._scan_pack(no)
        for name in names:
            gid = _num(name, "g", ".log")
            if gid is not None:
                self._boot_log(gid)
            gid = _num(name, "g", ".bad")
            if gid is not None and gid > self._top:
                self._top = gid
        for gid in sorted(self._logs):
            if self._logs[gid]:
                self._file(gid)  # finished, not yet filed: a power cut or a full flash

    def _load_acks(self):
        # Acks only grow: every good line counts, in any order. A cut or bad line is dropped
        # by rewriting the file (losing an ack only keeps a game longer).
        path = self.dir + "synced.log"
        clean = True
        try:
            with open(path, "rb") as f:
                for off, line in _lines(f, _size(path)):
                    try:
                        v = parse(line)
                        if v["n"] > self._acks.get(v["g"], -1):
                            self._acks[v["g"]] = v["n"]
                    except Exception:
                        clean = False
        except OSError:
            return
        if not clean:
            self.problems.append("synced.log: dropped a cut or bad record")
            self._write_acks()

    def _scan_pack(self, no):
        path = self.dir + "p%04d.pak" % no
        size = _size(path)
        e = []
        pos = 0
        with open(path, "rb") as f:
            while pos < size:
                f.seek(pos)
                head = f.read(HEAD_MAX)
                i = head.find(b"\n") + 1
                try:
                    v = parse(head[:i])
                    g, n = v["g"], v["n"]
                except Exception:
                    break
                if pos + i + n > size:
                    break
                e += [g, pos + i, n]
                self._top = max(self._top, g)
                pos += i + n
        self._packs[no] = e
        if pos < size:
            # A cut while filing (the journal was kept) or damage: seal the pack, keep it.
            self._damaged.add(no)
            self.problems.append("p%04d.pak: %d unreadable bytes after byte %d, kept as is"
                                 % (no, size - pos, pos))

    def _boot_log(self, gid):
        self._top = max(self._top, gid)
        path = self._log(gid)
        where = self._packed(gid)
        if where and where[2] == _size(path) and self._same(path, where):
            os.remove(path)  # a power cut between filing the game and removing its journal
            return
        self._logs[gid] = False
        try:
            self._check(gid, None)
        except CorruptJournal as exc:
            self.problems.append(str(exc))
        except StoreFull:
            self.problems.append("g%04d.log: no room to drop its cut last record" % gid)

    def _same(self, path, where):
        # Is the journal at `path` byte for byte the body filed at `where`?
        with open(path, "rb") as a, open(where[0], "rb") as b:
            b.seek(where[1])
            left = where[2]
            while left > 0:
                x = a.read(min(CHUNK, left))
                if not x or x != b.read(len(x)):
                    return False
                left -= len(x)
            return not a.read(1)

    # ---- lookups --------------------------------------------------------------------------
    def _log(self, gid):
        return self.dir + "g%04d.log" % gid

    def _packed(self, gid):
        # -> (pack path, body offset, bytes, pack no) of the game's last filing, or None
        found = None
        for no in sorted(self._packs):
            e = self._packs[no]
            for i in range(0, len(e), 3):
                if e[i] == gid:
                    found = (self.dir + "p%04d.pak" % no, e[i + 1], e[i + 2], no)
        return found

    def _where(self, gid):
        # -> (path, offset, bytes) of the game's journal: a .log wins over a filed copy
        if gid in self._logs:
            return self._log(gid), 0, _size(self._log(gid))
        found = self._packed(gid)
        if not found:
            raise StoreError("there is no game %d on this box" % gid)
        return found[:3]

    # ---- space ----------------------------------------------------------------------------
    def free_bytes(self):
        if self.capacity is not None:
            return self.capacity - sum([_size(self.dir + n) for n in os.listdir(self.root)])
        st = os.statvfs(self.root)
        # littlefs may report a full disk as a wrapped negative count of free blocks
        return (st[4] if st[4] <= st[2] else 0) * (st[1] or st[0])

    def _ensure(self, n, reserve=True):
        # Room for n more bytes (above the reserve, making room from synced finished games
        # if need be), or StoreFull.
        if self.free_bytes() >= n + RESERVE * reserve:
            return
        if reserve:
            self.make_room(n)
            if self.free_bytes() >= n + RESERVE:
                return
        raise StoreFull(FULL)

    def make_room(self, needed):
        # Deletes synced finished games, oldest first, until `needed` bytes fit above the
        # reserve; never an unsynced game nor a damaged pack. A pack of synced games goes;
        # one with unsynced games too is rewritten without the synced (using the reserve).
        # -> the ids deleted.
        deleted = []  # type: list[int]
        if self.free_bytes() >= needed + RESERVE:
            return deleted
        cands = []
        for no in self._packs:
            e = self._packs[no]
            drop = [e[i] for i in range(0, len(e), 3) if self._acks.get(e[i], -1) >= e[i + 2]]
            if drop and no not in self._damaged:
                cands.append((min(drop), no, drop))
        for gid in self._logs:
            if self._logs[gid] and self.synced(gid):
                cands.append((gid, 0, [gid]))
        cands.sort()
        for gid, no, drop in cands:
            self._save_hwm()
            if no:
                try:
                    self._unfile(no, drop)
                except StoreFull:
                    continue
            else:
                os.remove(self._log(gid))
                del self._logs[gid]
            deleted += drop
            if self.free_bytes() >= needed + RESERVE:
                break
        ids = self._ids()
        deleted = sorted([g for g in deleted if g not in ids])
        self._forget_acks(ids)
        return deleted

    # ---- games ----------------------------------------------------------------------------
    def new_game(self, setup_event):
        rec = record(setup_event)
        self._ensure(len(rec))
        gid = self._top + 1
        self._write("g%04d" % gid, "g%04d.log" % gid, (rec,))
        self._top = gid
        self._logs[gid] = False
        return gid

    def append(self, gid, event):
        # Returns once the record is on flash: only then may the screen show it.
        if self._logs.get(gid, True):
            self._where(gid)  # no such game raises
            raise StoreError("game %d is finished; start a new game" % gid)
        rec = record(event)
        self._ensure(len(rec))
        self._add(gid, rec)

    def _add(self, gid, rec):
        try:
            _add(self._log(gid), rec)
        except OSError as exc:
            try:
                self._check(gid, None)  # drop whatever part of the record landed
            except Exception:
                pass
            raise _full(exc)

    def finish(self, gid):
        # Ends the game with an END record, then files it in a pack (if there is room yet).
        if gid not in self._logs:
            self._where(gid)  # no such game raises; a filed game is finished already
            return
        if not self._logs[gid]:
            self._ensure(len(END), False)
            self._add(gid, END)
            self._logs[gid] = True
        self._file(gid)

    def finished(self, gid):
        self._where(gid)
        return self._logs.get(gid, True)

    def current(self):
        # -> the newest unfinished game, or None
        return max([g for g in self._logs if not self._logs[g]] or [None])

    def games(self):
        # -> [(id, info)] in id order; info is one of four shared dicts {"finished": bool,
        # "synced": bool} (read it, do not change it): ~20 bytes a game on the Pico's heap.
        sizes = {}
        for e in self._packs.values():
            for i in range(0, len(e), 3):
                sizes[e[i]] = e[i + 2]
        for gid in self._logs:
            sizes[gid] = _size(self._log(gid))
        return [(g, _INFO[2 * self._logs.get(g, True) + (self._acks.get(g, -1) >= sizes[g])])
                for g in sorted(sizes)]

    def events(self, gid):
        # -> the game's events (END left out). A cut last record is dropped for good; damage
        # in the middle raises CorruptJournal (see recover).
        evs = []  # type: list[dict]
        if gid in self._logs:
            self._check(gid, evs)
            return evs
        path, off, size = self._where(gid)
        with open(path, "rb") as f:
            f.seek(off)
            good, end, bad, fin = _scan(f, size, evs)
        if bad:
            raise CorruptJournal("%s (game %d)" % (path[len(self.dir):], gid), bad[0], bad[1],
                                 good, bad[2], None)
        return evs

    def recover(self, gid):
        # Drops a cut last record so the next append starts on a clean line: -> bytes dropped.
        # A bad record with good ones after it is damage: the good prefix becomes the journal,
        # the original is kept aside as g0007.bad, and CorruptJournal says so.
        if gid not in self._logs:
            self._where(gid)
            return 0
        return self._check(gid, None)

    def _check(self, gid, evs):
        name = "g%04d" % gid
        path = self._log(gid)
        size = _size(path)
        with open(path, "rb") as f:
            good, end, bad, self._logs[gid] = _scan(f, size, evs)
        if not bad:
            return 0
        if not bad[2]:  # nothing good after the bad record: a cut write
            self._write(name, name + ".log", None, path, end)
            return size - end
        names = os.listdir(self.root)
        aside = name + ".bad"
        k = 1
        while aside in names:
            k += 1
            aside = name + ".bad%d" % k
        # the good prefix to g.tmp; g.log -> g.bad; g.tmp -> g.log (boot finishes a cut one)
        self._write(name, None, None, path, end)
        os.rename(path, self.dir + aside)
        os.rename(self.dir + name + ".tmp", path)
        raise CorruptJournal(name + ".log", bad[0], bad[1], good, bad[2], aside)

    def size(self, gid):
        return self._where(gid)[2]

    def read_from(self, gid, offset, n):
        # -> up to n raw bytes of the game's journal from `offset`: the sync link resumes by
        # game id and offset (filing a game in a pack does not change its bytes)
        path, off, size = self._where(gid)
        n = min(n, size - offset)
        if n <= 0:
            return b""
        with open(path, "rb") as f:
            f.seek(off + offset)
            return f.read(n)

    # ---- sync -----------------------------------------------------------------------------
    def mark_synced(self, gid, upto=None):
        # The host acknowledged the game's first `upto` bytes (default: all). Works on a full
        # flash: syncing is how space comes back.
        size = self.size(gid)
        upto = size if upto is None else upto
        if not 0 <= upto <= size:
            raise StoreError("game %d has %d bytes; cannot mark %d synced" % (gid, size, upto))
        if upto > self._acks.get(gid, -1):
            rec = record({"g": gid, "n": upto})
            self._ensure(len(rec), False)
            try:
                _add(self.dir + "synced.log", rec)
            except OSError as exc:
                raise _full(exc)
            self._acks[gid] = upto

    def acked(self, gid):
        # -> bytes of the game the host has acknowledged
        return max(self._acks.get(gid, 0), 0)

    def synced(self, gid):
        return self._acks.get(gid, -1) >= self.size(gid)

    def delete(self, gid):
        # Deletes a game the host has all of; refuses any other.
        if not self.synced(gid):
            raise NotSynced("game %d is not synced: sync the box with `lenotre sync` first; "
                            "nothing was deleted" % gid)
        self._save_hwm()
        for no in sorted(self._packs):
            if gid in self._packs[no][0::3]:
                self._unfile(no, [gid])
        if gid in self._logs:
            os.remove(self._log(gid))
            del self._logs[gid]
        self._forget_acks(self._ids())

    # ---- packs ----------------------------------------------------------------------------
    def _file(self, gid):
        # Appends a finished journal to the open pack, checks the copy, removes the journal.
        # Not enough room: the game stays a finished .log and boot tries again.
        path = self._log(gid)
        size = _size(path)
        head = record({"g": gid, "n": size})
        if self.free_bytes() < RESERVE + len(head) + size:
            return
        no = max(self._packs or [0])
        start = _size(self.dir + "p%04d.pak" % no)
        if not no or no in self._damaged or (start and start + len(head) + size > PACK_BYTES):
            no += 1
            start = 0
            self._packs[no] = []
        pack = self.dir + "p%04d.pak" % no
        try:
            with open(path, "rb") as src:
                f = open(pack, "ab")
                try:
                    f.write(head)
                    _copy(src, f, size)
                    f.flush()
                finally:
                    f.close()
        except OSError:
            self._damaged.add(no)  # part of an entry may have landed: seal the pack
            return
        where = (pack, start + len(head), size)
        if not self._same(path, where):
            self._damaged.add(no)
            self.problems.append("p%04d.pak: game %d filed wrong, journal kept" % (no, gid))
            return
        self._packs[no] += [gid, where[1], size]
        os.remove(path)
        del self._logs[gid]

    def _unfile(self, no, drop):
        # Takes the games `drop` out of pack no: the pack goes, or is rewritten without them.
        if no in self._damaged:
            raise StoreError("p%04d.pak has unreadable bytes; its games stay" % no)
        e = self._packs[no]
        keep = [i for i in range(0, len(e), 3) if e[i] not in drop]
        pack = self.dir + "p%04d.pak" % no
        if not keep:
            os.remove(pack)
            del self._packs[no]
            return
        self._ensure(sum([e[i + 2] + HEAD_MAX for i in keep]), False)
        tmp = self.dir + "p%04d.tmp" % no
        try:
            with open(pack, "rb") as src, open(tmp, "wb") as f:
                for i in keep:
                    f.write(record({"g": e[i], "n": e[i + 2]}))
                    src.seek(e[i + 1])
                    _copy(src, f, e[i + 2])
                f.flush()
        except OSError as exc:
            _remove(tmp)
            raise _full(exc)
        os.rename(tmp, pack)
        self._scan_pack(no)

    # ---- small files, written temp-then-rename --------------------------------------------
    def _write(self, stem, final, chunks, src=None, n=0):
        # Writes stem.tmp (chunks, or src's first n bytes), flushes, closes and renames it to
        # `final` (None: the caller does): until that atomic rename the old file is whole.
        tmp = self.dir + stem + ".tmp"
        try:
            with open(tmp, "wb") as f:
                if src:
                    with open(src, "rb") as s:
                        _copy(s, f, n)
                else:
                    for c in chunks:
                        f.write(c)
                f.flush()
        except OSError as exc:
            _remove(tmp)
            raise _full(exc)
        if final:
            os.rename(tmp, self.dir + final)

    def _save_hwm(self):
        # Before anything is deleted: the next id outlives the files that held it.
        if self._hwm < self._top:
            self._write("next", "next.id", (record({"next": self._top + 1}),))
            self._hwm = self._top

    def _write_acks(self):
        try:
            self._write("synced", "synced.log",
                        [record({"g": g, "n": self._acks[g]}) for g in sorted(self._acks)])
        except StoreFull:
            pass  # stale or cut lines do no harm: they are read past

    def _ids(self):
        # -> the set of the ids of every game on the box
        ids = set(self._logs)
        for e in self._packs.values():
            ids.update(e[0::3])
        return ids

    def _forget_acks(self, ids):
        # Drops the acks of deleted games.
        n = len(self._acks)
        for gid in list(self._acks):
            if gid not in ids:
                del self._acks[gid]
        if len(self._acks) < n:
            self._write_acks()

"""The power-safe journal of games on flash (docs/FIRMWARE.md, "Store"). MicroPython subset:
plain classes, `os`, `open`, `binascii.crc32`; the same code runs on the Pico (littlefs), in
the simulator (a host folder) and in the tests, on CPython and on MicroPython.
Store is the facade (the games being played, ids, boot, space); its parts, and the files in
the store's folder each one keeps:
  journal.py  g0007.log: a game's journal (record, parse, END), read and mended; g0007.bad:
              one found damaged in the middle, kept aside as it was, never deleted
  packs.py    p0003.pak: finished games filed one after the other
  acks.py     synced.log: how much of each game the host acknowledged
  flash.py    *.tmp: written, flushed, then renamed (atomic on littlefs); the errors, sizes
              and file calls they all share
  store.py    next.id: {"next": id}, written before anything is deleted: ids never repeat
  mirror.py   no file: the journal being written copied outside the filesystem (CircuitPython)
  ahead.py    ahead/a.log: the running game's newest records, written ahead of its journal by
              the Pico's store (AheadStore); any store's boot folds what a power cut left there"""
import os
from array import array
from io import BytesIO

from acks import Acks
# others import the API from here: BLOCK, RESERVE, the errors, END, parse, record
from flash import BLOCK, RESERVE, StoreError, StoreFull  # noqa: F401
from flash import FULL, add, full, listing, size, write
from journal import END, CorruptJournal, check, game_of, lines, mend, parse, record, scan, settle
from packs import IX, Packs


class NotSynced(StoreError):
    """A finished game the host has not yet acknowledged: deleting it would lose it."""


_INFO = tuple([{"finished": f, "synced": y} for f in (False, True) for y in (False, True)])


def _num(name, prefix, suffix):
    # "g0007.log" -> 7, or None
    d = name[len(prefix):len(name) - len(suffix)]
    if name.startswith(prefix) and name.endswith(suffix) and d.isdigit():
        return int(d)
    return None


class Store:
    """The box's games on flash. Promises: an event appended is on flash when append returns
    (or StoreError/FlashFull says why not, nothing half written); a power cut at any byte
    loses at most the record being written, and boot mends the rest; ids never repeat; a
    finished game stays until the host has acknowledged it (NotSynced)."""
    def __init__(self, root, capacity=None, mirror=None, squeeze=True):
        # capacity: bytes all the store's files may take (the simulator's flash, the tests);
        # None: the filesystem's real free space. mirror: a mirror.Mirror where the filesystem
        # may lose a whole flash sector to a power cut (FAT on CircuitPython), else None.
        # squeeze: finished games filed compressed where the runtime reads them back (not
        # beside a mirror, which compares its copy with the filed bytes); False: plain.
        self.root = root
        self.mirror = mirror
        self.dir = root.rstrip("/") + "/"
        self.capacity = capacity
        # what boot repaired or kept aside: messages for a log or screen
        self.problems = []  # type: list[str]
        self._logs = {}  # game id -> finished? for the games with a .log journal
        self._packs = Packs(self.dir, self.problems, self.free_bytes,
                            squeeze and mirror is None, mirror is None)
        self._expanded = (None, b"")  # (id, journal) of the last compressed game read
        self.acks = Acks(self.dir, self.problems, self.free_bytes)  # the sync's end settles it
        self._top = self._hwm = 0  # highest id handed out; next.id's value
        self._game = (None, None)  # type: tuple  # (id, its setup's game) of the last written to
        self._boot()

    # ---- boot -----------------------------------------------------------------------------
    def _boot(self):
        try:
            os.mkdir(self.root)
        except OSError:
            pass
        found = listing(self.root)
        temps = [name for name in found if name.endswith(".tmp")]
        if temps:
            # What a power cut left half-renamed (journal.settle): a journal's temp now, before
            # the journals are read; the others (the old file is whole, a writer starts its
            # temp afresh) at the first idle step, settle(): a remove is a littlefs commit,
            # 40-230 ms of a full box's power-on (the power-on's count cut: boot.tmp)
            stale = [name for name in temps if name[0] != "g"]
            if len(stale) < len(temps):
                settle(self.dir, [name for name in temps if name[0] == "g"], list(found))
                found = listing(self.root)
            if stale:
                self._stale = stale  # type: list | None  # no attribute on a box with none
        del temps
        names = sorted(found)
        try:
            with open(self.dir + "next.id", "rb") as f:
                self._hwm = self._top = parse(f.readline())["next"] - 1
        except Exception:  # none yet, or unreadable: the files' ids still count
            pass
        acked = found.get("synced.log", 0)
        packs = []  # (no, bytes) of each pack file, in order
        for name in names:
            no = _num(name, "p", ".pak")
            if no is not None:
                packs.append((no, found[name]))
        ix = found.get(IX)
        found = None
        self._top = max(self._top, self._packs.boot(packs, ix))
        self.acks.load(acked)
        for name in names:
            gid = _num(name, "g", ".log")
            if gid is not None:
                self._boot_log(gid)
            gid = _num(name, "g", ".bad")
            if gid is not None and gid > self._top:
                self._top = gid
        if "ahead" in names:
            from ahead import Ahead
            Ahead(self).boot()
        if self.mirror is not None:
            self.mirror.restore(self)  # what FAT lost to a cut, put back (mirror.py)
        self._file_finished()

    def _file_finished(self):
        # Boot: the games finished but not yet filed (the power went before the filing, or
        # the flash was full), filed now
        for gid in sorted(self._logs):
            if self._logs[gid]:
                self._file(gid)

    def _boot_log(self, gid):
        self._top = max(self._top, gid)
        path = self._log(gid)
        if self._packs.holds_copy(gid, path):
            os.remove(path)  # a power cut between filing the game and removing its journal
            return
        self._logs[gid] = False
        try:
            self._check(gid, None)
        except CorruptJournal as exc:
            self.problems.append(str(exc))
        except StoreFull:
            self.problems.append("g%04d.log: no room to drop its cut last record" % gid)

    def _mirror(self, gid, offset, rec):
        # The journal's record rec, now on the filesystem, copied to the mirror. A mirror that
        # fails costs the copy, never the game: it starts again at the next record.
        try:
            self.mirror.append(gid, offset, rec, self._tail)
        except Exception as exc:
            self.mirror.gid = None
            self.problems.append("the mirror missed a record: %s" % exc)

    def _unmirror(self, gids):
        # Before games are deleted: a mirror of one of them (or of a game unknown) is wiped,
        # so that boot never brings a deleted game back.
        m = self.mirror
        if m is not None and (m.gid is None or m.gid in gids):
            m.forget()

    def _tail(self, gid, n):
        # -> (offset, bytes) of the journal's last whole records within n bytes
        path = self._log(gid)
        end = size(path)
        at = max(0, end - n)
        with open(path, "rb") as f:
            f.seek(at)
            data = f.read(end - at)
        if at:
            i = data.find(b"\n") + 1
            at += i
            data = data[i:]
        return at, data

    # ---- lookups --------------------------------------------------------------------------
    def _log(self, gid):
        return self.dir + "g%04d.log" % gid

    def _where(self, gid):
        # -> (path, offset, journal bytes, stored bytes: 0 when plain) of the game's journal:
        # a .log wins over a filed copy
        if gid in self._logs:
            return self._log(gid), 0, size(self._log(gid)), 0
        found = self._packs.where(gid)
        if not found:
            raise StoreError("there is no game %d on this box" % gid)
        return found

    def _open(self, gid, keep=False):
        # -> (file at the journal's first byte, its bytes). A compressed filing is read as it
        # inflates (zjournal.Reader: a read may raise ValueError, see _unreadable); keep: it
        # is expanded in memory and the last one kept, for a sync that reads a game frame by
        # frame at any offset (the app lets it go: a journal's bytes for nothing between games)
        w = self._where(gid)
        if not w[3] or not keep:
            f = open(w[0], "rb")
            f.seek(w[1])
            if not w[3]:
                return f, w[2]
            from shared_rules.zjournal import Reader
            try:
                return Reader(f, w[3], w[2]), w[2]
            except ValueError as exc:  # CPython's zlib inflates it whole at once
                f.close()
                raise self._unreadable(gid, exc)
        journal = self._expanded[1] if self._expanded[0] == gid else None
        self._expanded = (None, b"")
        if journal is None:
            try:
                import zfiling
                journal = zfiling.expand(w)
            except ValueError as exc:
                raise self._unreadable(gid, exc)
        self._expanded = (gid, journal)
        return BytesIO(journal), w[2]

    def _unreadable(self, gid, exc):
        # -> the CorruptJournal of a compressed filing that does not read back whole
        return CorruptJournal("%s (game %d)" % (self._where(gid)[0][len(self.dir):], gid), 1,
                              str(exc), 0, 0, None)

    def holds(self, gid):
        """Returns whether the game is on the box (not deleted to make room)"""
        return gid in self._logs or self._packs.find(gid) is not None

    # ---- space ----------------------------------------------------------------------------
    def free_bytes(self):
        """Returns the bytes still free for the store: its capacity's rest, else the
        filesystem's."""
        if self.capacity is not None:
            return self.capacity - sum([size(self.dir + n) for n in os.listdir(self.root)])
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
        from shared_rules.errors import local  # the words of the box's language
        raise StoreFull(local(FULL))

    def make_room(self, needed):
        """Deletes synced finished games, oldest first, until `needed` bytes fit above the
        reserve; never an unsynced game nor a damaged pack. A pack of synced games goes; one
        with unsynced games too is rewritten without the synced (using the reserve). -> the
        ids deleted. Called when the flash is full, at any heap: it builds no list of the
        box's games, only the array of one pack's at a time."""
        deleted = array("I")
        skip = []  # type: list  # packs that could not be rewritten (no room for the copy)
        while self.free_bytes() < needed + RESERVE:
            best = self._packs.oldest_synced(self.acks, skip)
            log = None  # a finished game not filed yet (no room for it in a pack)
            for gid in self._logs:
                if (self._logs[gid] and (log is None or gid < log)
                        and (best is None or gid < best[0]) and self.synced(gid)):
                    log = gid
            self._save_hwm()
            if log is not None:
                self._unmirror((log,))
                os.remove(self._log(log))
                del self._logs[log]
                deleted.append(log)
                continue
            if best is None:
                break
            no = best[1]
            drop = self._packs.synced_ids(no, self.acks)
            self._unmirror(drop)
            try:
                self._packs.unfile(no, drop)
            except StoreFull:
                skip.append(no)
                continue
            for gid in drop:
                deleted.append(gid)
        if not len(deleted):
            return []
        self.acks.forget(self.holds)
        return sorted([g for g in deleted if not self.holds(g)])

    def _save_hwm(self):
        # Before anything is deleted: the next id outlives the files that held it.
        if self._hwm < self._top:
            write(self.dir, "next", "next.id", (record({"next": self._top + 1}),))
            self._hwm = self._top

    # ---- games ----------------------------------------------------------------------------
    def new_game(self, setup_event):
        """Start a game's journal with its setup event; returns its id (never one used before).
        FlashFull if there is no room."""
        self._packs.release()  # a directory read for a lookup: the game needs the heap
        rec = record(setup_event)
        self._ensure(len(rec))
        gid = self._top + 1
        write(self.dir, "g%04d" % gid, "g%04d.log" % gid, (rec,))
        self._top = gid
        self._logs[gid] = False
        self._game = (gid, setup_event.get("game"))
        if self.mirror is not None:
            self._mirror(gid, 0, rec)
        return gid

    def append(self, gid, event):
        """Returns once the record is on flash: only then may the screen show it."""
        if self._logs.get(gid, True):
            self._where(gid)  # no such game raises
            from shared_rules.errors import local  # the words of the box's language
            raise StoreError(local("game %d is finished; start a new game") % gid)
        rec = record(event, self.game(gid))
        self._ensure(len(rec))
        self._add(gid, rec)

    def game(self, gid):
        """Returns the game (registry name) game gid's setup names, None if unreadable: its
        records are written with that game's table (journal.py)"""
        if self._game[0] != gid:
            name = None
            f, n = self._open(gid)
            try:
                with f:
                    for _, line in lines(f, n):
                        try:
                            name = game_of(check(line))
                        except ValueError:
                            pass
                        break
            except ValueError as exc:
                raise self._unreadable(gid, exc)
            self._game = (gid, name)
        return self._game[1]

    def _add(self, gid, rec):
        offset = size(self._log(gid)) if self.mirror is not None else 0
        try:
            add(self._log(gid), rec)
            if self.mirror is not None:
                self._mirror(gid, offset, rec)
        except OSError as exc:
            try:
                self._check(gid, None)  # drop whatever part of the record landed
            except Exception:
                pass
            raise full(exc)

    def finish(self, gid):
        """Ends the game with an END record, then files it in a pack (if there is room yet)."""
        if gid not in self._logs:
            self._where(gid)  # no such game raises; a filed game is finished already
            return
        if not self._logs[gid]:
            self._ensure(len(END), False)
            self._add(gid, END)
            self._logs[gid] = True
        self._file(gid)

    def _file(self, gid, stop=None):
        # Not enough room: the game stays a finished .log and boot tries again. Stopped where
        # stop() said so (Packs.file).
        if self._packs.file(gid, self._log(gid), stop):
            del self._logs[gid]

    def settle(self, file=True, stop=None):
        """The app's idle step, its frame drawn: -> whether there was work (AheadStore's: the
        journal's slow writes). stop: a callable, True once a button moved: long work gives
        way to it. Here: the packs' summary boot made is written, the temps it left go."""
        later = self._packs.later
        if later is not None:
            self._packs.later = None
            try:  # packsum.SUM, temp then rename (packsum.py is out of the heap by now)
                write(self.dir, "packsum", "packs.sum", later)
            except Exception:  # a full flash: the next boot reads the entries one by one
                pass
            return True
        stale = getattr(self, "_stale", None)
        if stale is None:
            return False
        self._stale = None  # not del: a deleted attribute's value stays in its map, alive
        settle(self.dir, stale)
        return True

    def finished(self, gid):
        """Returns whether game gid is finished (filed or its journal ended); StoreError if
        there is no such game."""
        self._where(gid)
        return self._logs.get(gid, True)

    def squeeze(self, on):
        """Whether the games that finish from now on are filed compressed (where the runtime
        reads them back and no mirror compares the filed bytes): the app says, by its heap"""
        self._packs.squeeze = on and self.mirror is None

    def current(self):
        """Returns the newest unfinished game, or None"""
        return max([g for g in self._logs if not self._logs[g]] or [None])

    def each(self):
        """Yields (id, finished, bytes) of every game, in no set order, allocating nothing per
        game: what lists and counts a box full of games (3,000 fit a Pico's flash)."""
        for gid, f, n, z in self.listing():
            yield gid, f, n

    def listing(self):
        """each() with the bytes a game is filed compressed in (0: a .log or filed plain)"""
        for gid, n, z in self._packs.each():
            if gid not in self._logs:  # a .log wins over a filed copy
                yield gid, True, n, z
        for gid in self._logs:
            yield gid, self._logs[gid], size(self._log(gid)), 0

    def games(self):
        """Returns [(id, info)] in id order; info is one of four shared dicts {"finished":
        bool, "synced": bool} (read it, do not change it): ~40 bytes a game on the unix
        port's heap, so the app and the link use each() and count()."""
        return sorted([(g, _INFO[2 * f + (self.acks.get(g) >= n)]) for g, f, n in self.each()])

    def top(self):
        """Returns the highest game id handed out"""
        return self._top

    def count(self):
        """Returns (games, not synced)"""
        games = unsynced = 0
        for g, f, n in self.each():
            games += 1
            unsynced += self.acks.get(g) < n
        return games, unsynced

    def events(self, gid, into=None):
        """Returns the game's events (END left out), appended to `into` (a list by default; any
        object with append: eventlog's view takes them one by one). A cut last record is
        dropped for good; damage in the middle raises CorruptJournal (see recover)."""
        evs = [] if into is None else into
        if gid in self._logs:
            self._check(gid, evs)
            return evs
        f, n = self._open(gid)
        try:
            with f:
                good, end, bad, fin = scan(f, n, evs)
        except ValueError as exc:
            raise self._unreadable(gid, exc)
        if bad:
            raise CorruptJournal("%s (game %d)" % (self._where(gid)[0][len(self.dir):], gid),
                                 bad[0], bad[1], good, bad[2], None)
        return evs

    def recover(self, gid):
        """Drops a cut last record so the next append starts on a clean line: -> bytes dropped.
        A bad record with good ones after it is damage: the good prefix becomes the journal,
        the original is kept aside as g0007.bad, and CorruptJournal says so."""
        if gid not in self._logs:
            self._where(gid)
            return 0
        return self._check(gid, None)

    def _check(self, gid, evs):
        path = self._log(gid)
        n = size(path)
        with open(path, "rb") as f:
            good, end, bad, self._logs[gid] = scan(f, n, evs)
        if not bad:
            return 0
        try:
            return mend(self.dir, "g%04d" % gid, n, good, end, bad)
        finally:
            # The journal is shorter now: an ack past its end counts bytes it no longer has
            # (and the host's copy is no longer its prefix): the game is not synced any more.
            if self.acks.get(gid) > end:
                self.acks.forget(lambda g: g != gid)

    def size(self, gid):
        """Returns the bytes of game gid's records, journal or filed: what the host syncs."""
        return self._where(gid)[2]

    def read_from(self, gid, offset, n):
        """Returns up to n raw bytes of the game's journal from `offset`: the sync link resumes
        by game id and offset (filing a game in a pack does not change its bytes)"""
        f, end = self._open(gid, True)
        with f:
            n = min(n, end - offset)
            if n <= 0:
                return b""
            f.seek(f.tell() + offset)
            return f.read(n)

    def stream(self, gid, files):
        """Returns (journal bytes, the game's filing as it is on flash, compressed: zjournal):
        what the sync link sends for the host to expand; StoreError for a game not filed
        compressed. files: {pack path: open file}, the caller's, which closes them: a sync
        reads every game, and opening a pack for each would cost 1 ms of the 8 a game takes"""
        w = self._where(gid)
        if not w[3]:
            raise StoreError("game %d is not filed compressed" % gid)
        f = files.get(w[0])
        if f is None:
            f = files[w[0]] = open(w[0], "rb")
        f.seek(w[1])
        return w[2], f.read(w[3])

    # ---- sync -----------------------------------------------------------------------------
    def mark_synced(self, gid, upto=None):
        """The host acknowledged the game's first `upto` bytes (default: all). Works on a full
        flash: syncing is how space comes back."""
        self.mark_synced_all(((gid, self.size(gid) if upto is None else upto),))

    def mark_synced_all(self, pairs):
        """mark_synced of each (id, upto), in one write of synced.log; none if one is wrong"""
        for gid, upto in pairs:
            n = self.size(gid)
            if not 0 <= upto <= n:
                raise StoreError("game %d has %d bytes; cannot mark %d synced" % (gid, n, upto))
        self.acks.mark_all(pairs)

    def acked(self, gid):
        """Returns bytes of the game the host has acknowledged"""
        return max(self.acks.get(gid), 0)

    def synced(self, gid):
        """Returns whether the host has acknowledged all of game gid."""
        return self.acks.get(gid) >= self.size(gid)

    def delete(self, gid, copied=False):
        """Deletes a game the host has all of; refuses any other. copied: its records go on in
        another game's journal (resume.py), so the host need not have it."""
        if not copied and not self.synced(gid):
            raise NotSynced("game %d is not synced: sync the box with `lenotre sync` first; "
                            "nothing was deleted" % gid)
        self._save_hwm()
        self._unmirror((gid,))
        self._packs.drop(gid)
        if gid in self._logs:
            os.remove(self._log(gid))
            del self._logs[gid]
        self.acks.forget(self.holds)

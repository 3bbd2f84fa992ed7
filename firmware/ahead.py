# The running game's newest records, written ahead of its journal (docs/FIRMWARE.md, "Store").
# On littlefs an append to a journal copies the journal's last block into a freshly erased one:
# a sector erase (45 ms typical on the Pico's flash) before the screen may show the press. A
# file under 512 bytes lives inside its folder's metadata instead (littlefs "inline" files, the
# rp2 port's 256-byte pages), and writing it is one commit there: a page programmed, an erase
# only when that folder's metadata block fills. So a record lands here first, the press is
# drawn, and the store folds the records into the journal when the box is idle.
#
# ahead/a.log, one file in a folder of its own (a small metadata block): a header record
# {"g": id, "at": n}, n the journal's size when the first of these records was written (0 and
# no journal yet: a new game's setup, whose journal the fold makes), then the records as the
# journal will hold them. Folding leaves the file as it is: the journal
# has then grown past `at` by all of them, which is how boot tells a folded file from one a
# power cut left unfolded.
import os

from flash import BLOCK, RESERVE, Stopped, StoreError, add, copy, full, size
from journal import END, check, lines, record
from store import Store

MAX = 448  # bytes of the file, header included: inline below littlefs's 512
# What a record is charged of the room measured when idle, beyond its bytes: the flash a
# write may take besides them (a metadata pair split in two blocks)
CHARGE = 2 * BLOCK


class Ahead:
    # The file ahead/a.log, for AheadStore (and for any store's boot, where a power cut left
    # one). Works on the store's journals: its _log, _logs, _check and _file.
    def __init__(self, store):
        self.store = store
        self.dir = store.dir + "ahead/"
        self.path = self.dir + "a.log"
        self.gid = None  # the game whose records are here and not yet in its journal
        self.head = 0  # the header's bytes
        self.n = 0  # the records' bytes after it
        self.stuck = False  # a write failed part-way: nothing more goes after it
        # the oldest game finished and not filed: settle files it, then the next one
        self.unfiled = None
        self.stalled = False  # settle failed (a full flash): it waits for the next record

    def put(self, gid, rec):
        # Record rec of game gid on flash here: -> True once it is. False when it does not
        # fit (another game's records, if any, folded first): the caller, having folded
        # these, appends it to the journal itself. OSError (StoreFull when the flash is full)
        # when the write failed: the records before it stay here, whole.
        self.stalled = False
        if self.gid is not None and self.gid != gid:
            self.fold()
        if not self.stuck:
            try:
                if self._write(gid, rec):
                    return True
            except OSError as exc:
                raise full(exc)
        self.fold()  # too long to go ahead: the journal gets it after those before it
        return False

    def new_game(self, gid, rec):
        # A new game's setup record rec, here before its game has a journal: -> True once on
        # flash, False when it does not fit. The fold makes the journal: creating a file is a
        # commit in the store's folder, whose metadata block, when full, is compacted into an
        # erased one: sector erases a press should not wait for, so it waits for the idle step.
        self.fold()  # another game's records first (none once the box was idle)
        try:
            return self._start(gid, 0, rec)
        except OSError as exc:
            raise full(exc)

    def _write(self, gid, rec):
        if self.gid is None:
            return self._start(gid, size(self.store._log(gid)), rec)
        if self.head + self.n + len(rec) > MAX:
            return False
        self.stuck = True
        add(self.path, rec)
        self.n += len(rec)
        self.stuck = False
        return True

    def _start(self, gid, at, rec=b""):
        # The file anew: the header of game gid, whose journal has `at` bytes, then rec ->
        # False, nothing written, when they do not fit
        head = record({"g": gid, "at": at})
        if len(head) + len(rec) > MAX:
            return False
        self.stuck = True
        try:
            f = open(self.path, "wb")  # one commit on close: the old file whole till then
        except OSError:
            # no folder yet (a new box): made here, not tried before every first record
            # (each try a littlefs lookup, 2-3 ms of the press on the Pico)
            os.mkdir(self.dir[:-1])
            f = open(self.path, "wb")
        with f:
            f.write(head)
            f.write(rec)
        self.gid, self.head, self.n, self.stuck = gid, len(head), len(rec), False
        return True

    def fold(self, ready=False):
        # The records here -> the end of their game's journal, in one append: on littlefs all
        # of them land or none. StoreFull (or the OSError) when that append fails. ready (the
        # idle step's fold): the file starts again at once for the game's next record, its
        # header naming the journal's new end as the append left it, so the press that
        # writes that record only appends (looking the journal's size up costs a press
        # 1.5-2.5 ms on the Pico). Any other fold (whatever else reads or writes the journal goes
        # through one) forgets the game: the next record looks the size up.
        if not self.n:
            if not ready:
                self.gid = None
                self.stuck = False
            return
        try:
            with open(self.path, "rb") as src:
                src.seek(self.head)
                with open(self.store._log(self.gid), "ab") as dst:
                    copy(src, dst, self.n)
                    end = dst.tell()
        except OSError as exc:
            raise full(exc)
        gid = self.gid
        self.gid = None
        self.n = 0
        self.stuck = False
        if ready:
            try:
                self._start(gid, end)
            except OSError:  # a full flash: the next record starts the file itself
                self.gid = None
                self.stuck = False

    def settle(self, file=True, stop=None):
        # Store.settle: the fold, then (file) the filing of a game finished meanwhile ->
        # whether there was anything to do. A filing stop() interrupts waits for the next
        # rest. Errors stay here: the records are safe where they are (boot folds them) and
        # the store's problems say what happened; no new try until the next record.
        unfiled = self.unfiled if file else None
        if self.stalled or (not self.n and unfiled is None):
            return False
        st = self.store
        try:
            self.fold(True)
            if unfiled is not None:
                if st._unread(unfiled):
                    return True  # read in this step, filed in the next
                self.unfiled = None
                if st._logs.get(unfiled):
                    st._file(unfiled, stop)
                st._file_finished(unfiled)  # the next one
        except Stopped:
            self.unfiled = unfiled
        except (OSError, StoreError) as exc:
            self.stalled = True
            st.problems.append("settling the journal: %s" % full(exc))
        return True

    def boot(self):
        # After a power cut: the whole records of the file that its game's journal does not
        # have yet appended to it (none for a game without a journal: finished and filed, or
        # deleted). An ahead file that does not follow its journal is reported, not guessed in.
        st = self.store
        try:
            n = size(self.path)
            f = open(self.path, "rb")
        except OSError:
            return
        with f:
            gid = at = None
            data = b""
            for off, line in lines(f, n):
                try:
                    v = check(line)
                except ValueError:
                    break  # a cut write: the records before it stand
                if gid is None:
                    gid, at = v.get("g"), v.get("at")
                    if type(gid) is not int or type(at) is not int:
                        st.problems.append("ahead/a.log: no header; nothing taken from it")
                        return
                else:
                    data += line
        if gid is None or at is None:
            return
        path = st._log(gid)
        if gid in st._logs:
            skip = size(path) - at
        elif at or gid <= st._top or not data:
            return  # finished and filed, or deleted (next.id counts it); or no setup whole
        else:
            skip = 0  # a game begun here (new_game) whose journal the fold had not made yet
        if skip >= len(data):
            return  # folded (the journal may have grown since, past a record too long)
        if skip < 0 or (skip and data[skip - 1:skip] != b"\n"):
            st.problems.append("ahead/a.log: game %d's journal no longer ends where its records "
                               "began (%d bytes, %d expected); they were not added" % (
                                   gid, at + skip, at))
            return
        try:
            add(path, data[skip:])
        except OSError as exc:
            st.problems.append("ahead/a.log: game %d's last records could not be added to its "
                               "journal (%s); they stay here" % (gid, exc))
            return
        # finished? (its END may have been here): the journal was read above (_boot_log) and
        # each of these records checked, so its last record says; no second read of it
        st._logs[gid] = data.endswith(END)
        st._top = max(st._top, gid)


class AheadStore(Store):
    # The Pico's store (hal.pico): Store, its records written ahead of the journal and folded
    # in by settle(), which the app calls in its idle step; whatever reads a game folds first.
    def __init__(self, root, capacity=None):
        self.dir = root.rstrip("/") + "/"  # as Store makes it: its boot already folds
        self._ahead = Ahead(self)
        # the free bytes measured in the last idle step, less what was charged since; None:
        # not known. Measuring (statvfs: littlefs walks every block in use) costs 1.4-3.4 ms
        # of each press that writes on a box of a few games, more on a full one
        self._room = None
        Store.__init__(self, root, capacity)

    def _ensure(self, n, reserve=True):
        # Store._ensure, on the room measured when idle where it shows enough for n bytes,
        # their charge and the reserve; else measured now (making room if need be)
        room = self._room
        if room is not None and room >= n + CHARGE + RESERVE * reserve:
            self._room = room - n - CHARGE
            return
        self._room = None
        Store._ensure(self, n, reserve)

    def new_game(self, setup_event):
        # Store.new_game, its setup record ahead (Ahead.new_game; the journal is made when idle),
        # where it fits. (Not a hook in Store: a hook is one more interned name, and the table
        # of names of the 192 KB box with its code in the heap is full.)
        self._packs.release()
        rec = record(setup_event)
        self._ensure(len(rec))
        gid = self._top + 1
        if not self._ahead.new_game(gid, rec):
            return Store.new_game(self, setup_event)
        self._top = gid
        self._logs[gid] = False
        self._game = (gid, setup_event.get("game"))
        return gid

    def _add(self, gid, rec):
        if not self._ahead.put(gid, rec):
            Store._add(self, gid, rec)

    def _where(self, gid):
        self._ahead.fold()
        self._unread(gid)
        return Store._where(self, gid)

    def _check(self, gid, evs):
        self._ahead.fold()
        if self._unread(gid) and evs is None:
            return 0  # read just now, as boot would have
        return Store._check(self, gid, evs)

    def listing(self):
        self._ahead.fold()
        for gid in [g for g in self._logs if self._logs[g] == 2]:
            self._unread(gid)
        return Store.listing(self)

    def _boot_log(self, gid):
        # Store._boot_log, but a journal whose last record is its END, whole, has no cut
        # record to drop: reading it (damage in the middle) waits for the idle step before
        # its filing, or for whatever reads the game first (_unread): 40-110 ms a game of a
        # full box's power-on.
        k = len(END) + 1
        path = self._log(gid)
        with open(path, "rb") as f:
            try:
                f.seek(-k, 2)  # from its end: no size looked up (a littlefs walk)
            except (OSError, ValueError):
                pass  # shorter: read whole
            tail = f.read(k)
        if tail[-len(END):] != END or len(tail) == k and tail[0] != 10:  # 10: b"\n"
            return Store._boot_log(self, gid)
        self._top = max(self._top, gid)
        if self._packs.holds_copy(gid, path):
            os.remove(path)  # a power cut between filing the game and removing its journal
            return
        self._logs[gid] = 2  # finished (truthy), its journal not read yet: _unread

    def _unread(self, gid):
        # Reads a journal boot left unread (_boot_log) -> whether there was one, as the
        # store's boot reads one (its damage to problems). Not stoppable: an idle step of its
        # own (40-114 ms on a full box), unlike the filing that follows.
        if self._logs.get(gid) != 2:
            return False
        Store._boot_log(self, gid)
        return True

    def _file(self, gid, stop=None):
        self._ahead.fold()
        Store._file(self, gid, stop)

    def finish(self, gid):
        # END goes ahead like any record; the filing waits for settle (a game the box is
        # switched off before filing is filed at boot)
        if self._logs.get(gid) is False:
            self._ensure(len(END), False)
            self._add(gid, END)
            self._logs[gid] = True
            if self._ahead.gid == gid:
                if self._ahead.unfiled is None:  # else it comes after those before it
                    self._ahead.unfiled = gid
                return
        Store.finish(self, gid)

    def settle(self, file=True, stop=None):
        # The fold, and (file) the filing of a game finished meanwhile: Ahead.settle; then
        # the room measured again after any write (a press's, or this one's)
        did = self._ahead.settle(file, stop) | Store.settle(self)
        if did or self._room is None:
            try:
                self._room = self.free_bytes()
            except OSError:
                self._room = None
        return did

    def _file_finished(self, gid=0):
        # The oldest game finished and not filed after game gid waits for the app's idle
        # steps: at boot (gid 0) the games the power went before their filing (games played
        # one after another without a rest, or a full flash) are filed so, oldest first, as
        # they would have been without the power-off (filing each at boot would keep a full
        # box's menu waiting ~420 ms a game); after a filing, the next one
        self._ahead.unfiled = min([g for g in self._logs if self._logs[g] and g > gid] or [None])

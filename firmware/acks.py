# The sync acknowledgements (docs/FIRMWARE.md, "Store"): synced.log holds records {"g": id,
# "n": bytes}, the host acknowledged game id's first n bytes. One appended record per ack, so a
# full flash still takes them: syncing is how space comes back.
#
# In memory: games are numbered from 1 up, so the acks live in runs of 64 ids, one flat
# array("H") a run (128 bytes; "I" for a run with a journal past 64 KB), holding bytes + 1
# (0: none). A box of 1,300 games holds ~21 runs, ~3 KB: no allocation ever grows with the
# number of games (a dict of 1,300 acks needs one contiguous block of 8 to 28 KB to grow into,
# which a fragmented 192 KB heap rarely has, least of all in the middle of a
# sync).
import gc
from array import array

from flash import StoreFull, add_all, full, room, write
from journal import line_of

RUN = 64  # ids per run
REC_MAX = 40  # bytes of a record at most: {"g":id,"n":bytes}*crc, numbers below 10**9


def ack_record(gid, n):
    # -> the journal line of {"g": gid, "n": n} (journal.record's, byte for byte), its JSON
    # made directly: the canonical JSON encoder takes 1.3 ms a record on the Pico, 128 ms of
    # a sync's ACK of 100 games
    return line_of(b'{"g":%d,"n":%d}' % (gid, n))


class Acks:
    def __init__(self, folder, problems, free):
        # problems: the store's list, told what boot dropped; free: its free_bytes
        self.dir = folder
        self.problems = problems
        self.free = free
        self.runs = {}  # id // RUN -> array("H") of RUN entries: acknowledged bytes + 1
        self.wide = set()  # the runs widened to array("I")

    def load(self, n=None):
        # synced.log read at boot (n: its bytes, if known): ackssum.py, whose code leaves the
        # heap once the app stands (a box with none imports none of it)
        if n == 0:
            return
        # boot's garbage collected first: where the code is in the heap, the preloaded
        # screens' leftovers can leave no 368 bytes in one piece for ackssum's code
        gc.collect()
        import ackssum
        ackssum.read(self, n)

    def _raise(self, gid, n, settle=False):
        # In memory: game gid's ack is at least n bytes. settle: a new run is placed after a
        # collection (boot's reading of synced.log: the run is kept for good, low in the heap,
        # not in a hole its garbage would leave). A sync's runs need not: the box restarts
        # after it, and 100 new games' two collections would cost the Pico's ACK 17 ms.
        if gid < 0 or n < 0:
            raise ValueError("bad ack")
        run = self.runs.get(gid // RUN)
        if run is None:
            if settle:
                gc.collect()
            run = self.runs[gid // RUN] = array("H", bytes(2 * RUN))  # no list on the way
        if n + 1 > run[gid % RUN]:
            if n + 1 > 0xFFFF and gid // RUN not in self.wide:
                run = self.runs[gid // RUN] = array("I", run)
                self.wide.add(gid // RUN)
            run[gid % RUN] = n + 1

    def get(self, gid):
        # -> bytes of the game the host acknowledged, -1 if none
        run = self.runs.get(gid // RUN)
        return run[gid % RUN] - 1 if run is not None else -1

    def mark(self, gid, upto):
        # The host acknowledged the game's first `upto` bytes: one record, may use the reserve
        self.mark_all(((gid, upto),))

    def mark_all(self, pairs):
        # mark() of each (id, upto) in `pairs` (iterated twice): their records in one append,
        # one flash write for a sync's acks, written one by one (joined, 48 acks' lines need 2 KB
        # in one piece, which a full box's 192 KB heap lacks)
        n = 0
        for g, upto in pairs:
            n += upto > self.get(g)
        if not n:
            return
        room(self.free, REC_MAX * n)
        try:
            add_all(self.dir + "synced.log", (ack_record(g, upto) for g, upto in pairs
                                              if upto > self.get(g)))
        except OSError as exc:
            raise full(exc)
        for g, upto in pairs:
            self._raise(g, upto)

    def forget(self, keep):
        # Drops the acks of the games for which keep(id) is false (deleted games; a journal
        # the box repaired, whose old ack would count bytes it no longer has).
        dropped = False
        for k in list(self.runs):
            run = self.runs[k]
            left = 0
            for i in range(RUN):
                if run[i] and not keep(k * RUN + i):
                    run[i] = 0
                    dropped = True
                left += run[i] != 0
            if not left:
                del self.runs[k]
                self.wide.discard(k)
        if dropped:
            self._write()

    def _write(self):
        # streamed, one record at a time: no list of 1,300 records
        try:
            write(self.dir, "synced", "synced.log",
                  (ack_record(k * RUN + i, self.runs[k][i] - 1)
                   for k in sorted(self.runs) for i in range(RUN) if self.runs[k][i]))
        except StoreFull:
            pass  # stale or cut lines do no harm: they are read past

# The sync acknowledgements (docs/FIRMWARE.md, "Store"): synced.log holds records {"g": id,
# "n": bytes}, the host acknowledged game id's first n bytes. One appended record per ack, so a
# full flash still takes them: syncing is how space comes back.
from flash import StoreFull, add, full, room, size, write
from journal import lines, parse, record


class Acks:
    def __init__(self, folder, problems, free):
        # problems: the store's list, told what boot dropped; free: its free_bytes
        self.dir = folder
        self.problems = problems
        self.free = free
        self.n = {}  # game id -> bytes the host acknowledged

    def load(self):
        # Acks only grow: every good line counts, in any order. A cut or bad line is dropped
        # by rewriting the file (losing an ack only keeps a game longer).
        path = self.dir + "synced.log"
        clean = True
        try:
            with open(path, "rb") as f:
                for off, line in lines(f, size(path)):
                    try:
                        v = parse(line)
                        if v["n"] > self.n.get(v["g"], -1):
                            self.n[v["g"]] = v["n"]
                    except Exception:
                        clean = False
        except OSError:
            return
        if not clean:
            self.problems.append("synced.log: dropped a cut or bad record")
            self._write()

    def get(self, gid):
        # -> bytes of the game the host acknowledged, -1 if none
        return self.n.get(gid, -1)

    def mark(self, gid, upto):
        # The host acknowledged the game's first `upto` bytes: one record, may use the reserve
        if upto > self.get(gid):
            rec = record({"g": gid, "n": upto})
            room(self.free, len(rec))
            try:
                add(self.dir + "synced.log", rec)
            except OSError as exc:
                raise full(exc)
            self.n[gid] = upto

    def forget(self, ids):
        # Drops the acks of deleted games: those not in `ids`.
        n = len(self.n)
        for gid in list(self.n):
            if gid not in ids:
                del self.n[gid]
        if len(self.n) < n:
            self._write()

    def _write(self):
        try:
            write(self.dir, "synced", "synced.log",
                  [record({"g": g, "n": self.n[g]}) for g in sorted(self.n)])
        except StoreFull:
            pass  # stale or cut lines do no harm: they are read past

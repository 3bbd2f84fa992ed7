"""The desktop's store of synced games: SQLite (stdlib) under the user data dir.

A game is the raw journal bytes received from the device (grown only by CRC-checked frames at
the right offset) and the events parsed from its complete records, in one transaction, so a
cut cable never leaves half a record behind and a second sync adds nothing.
Schema and rules: docs/HOST.md."""
import os
import sqlite3
import sys
import time

from shared_rules.codec import decode, encode

SCHEMA = """
CREATE TABLE IF NOT EXISTS devices(id TEXT PRIMARY KEY, first_seen TEXT, last_sync TEXT);
CREATE TABLE IF NOT EXISTS games(device TEXT NOT NULL, gid INTEGER NOT NULL,
    journal BLOB NOT NULL, finished INTEGER NOT NULL DEFAULT 0, synced_at TEXT,
    PRIMARY KEY (device, gid));
CREATE TABLE IF NOT EXISTS events(device TEXT NOT NULL, gid INTEGER NOT NULL,
    seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (device, gid, seq));
CREATE TABLE IF NOT EXISTS crashes(device TEXT NOT NULL, n INTEGER NOT NULL,
    err TEXT NOT NULL, tb TEXT, gid INTEGER, events INTEGER, boot INTEGER NOT NULL DEFAULT 0,
    uptime_ms INTEGER, record TEXT NOT NULL, synced_at TEXT, PRIMARY KEY (device, n));
"""


class DbError(Exception):
    pass


class DamagedRecord(DbError):
    """A record of the received bytes fails its CRC or JSON: damage on the box's flash (the
    link's own CRC passed). `good`: how many of the bytes offered are whole records before
    it (they may be stored); `at`: the journal offset where the bad record starts; `reason`:
    what is wrong with it."""

    def __init__(self, message, good, at, reason):
        DbError.__init__(self, message)
        self.good, self.at, self.reason = good, at, reason


def default_path():
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local",
                                                           "share")
    return os.path.join(base, "lenotre", "games.sqlite")


def _store_module():
    # The record format is the firmware's: parse it with the firmware's own code.
    fw = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__)))), "firmware")
    if fw not in sys.path:
        sys.path.insert(0, fw)
    import store
    return store


def now():
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())


class Library:
    def __init__(self, path):
        d = os.path.dirname(os.path.abspath(path))
        os.makedirs(d, exist_ok=True)
        self.path = path
        self.conn = sqlite3.connect(path)
        # WAL + synchronous=NORMAL: every commit is atomic and survives a crash of lenotre,
        # without an fsync per frame (a sync commits one transaction per frame); what must
        # survive a power cut too is made so by durable() before the box is told (ACK).
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(SCHEMA)

    def close(self):
        self.conn.close()

    # ---- sync -----------------------------------------------------------------------------
    def seen(self, device):
        with self.conn:
            self.conn.execute("INSERT OR IGNORE INTO devices VALUES (?, ?, NULL)",
                              (device, now()))

    def received(self, device, gid):
        # -> bytes of the game's journal already stored (where the next read starts)
        row = self.conn.execute("SELECT length(journal) FROM games WHERE device=? AND gid=?",
                                (device, gid)).fetchone()
        return row[0] if row else 0

    def add(self, device, gid, offset, data, finished=False):
        # Appends `data` (journal bytes at `offset`) and the events of the records it
        # completes, in one transaction. -> the number of new events.
        store = _store_module()
        with self.conn:
            row = self.conn.execute("SELECT journal FROM games WHERE device=? AND gid=?",
                                    (device, gid)).fetchone()
            have = bytes(row[0]) if row else b""
            if offset != len(have):
                raise DbError("game %s/%d: data at offset %d, but %d bytes are stored"
                              % (device, gid, offset, len(have)))
            journal = have + bytes(data)
            done = have.rfind(b"\n") + 1  # records before this were parsed already
            seq = self.conn.execute("SELECT count(*) FROM events WHERE device=? AND gid=?",
                                    (device, gid)).fetchone()[0]
            new = 0
            end = journal.rfind(b"\n") + 1
            for line in journal[done:end].split(b"\n")[:-1]:
                try:
                    ev = store.parse(line + b"\n")
                except ValueError as exc:
                    raise DamagedRecord("game %s:%d: the record at byte %d is damaged (%s); "
                                        "nothing of this frame was stored"
                                        % (device, gid, done, exc),
                                        max(0, done - len(have)), done, str(exc))
                if isinstance(ev, dict) and ev.get("end"):
                    finished = True  # the device's end-of-game marker, not a game event
                else:
                    self.conn.execute("INSERT INTO events VALUES (?, ?, ?, ?)",
                                      (device, gid, seq, encode(ev)))
                    seq += 1
                    new += 1
                done += len(line) + 1
            if row:
                self.conn.execute("UPDATE games SET journal=?, finished=max(finished, ?) "
                                  "WHERE device=? AND gid=?",
                                  (journal, int(finished), device, gid))
            else:
                self.conn.execute("INSERT INTO games VALUES (?, ?, ?, ?, NULL)",
                                  (device, gid, journal, int(finished)))
        return new

    def durable(self, device):
        # Everything committed so far reaches the disk: one commit with synchronous=FULL
        # syncs the write-ahead log, which holds every earlier commit. The sync calls it
        # before the box may mark anything synced.
        self.conn.execute("PRAGMA synchronous=FULL")
        try:
            with self.conn:
                self.conn.execute("UPDATE devices SET last_sync=? WHERE id=?", (now(), device))
        finally:
            self.conn.execute("PRAGMA synchronous=NORMAL")

    def synced(self, device, gid):
        with self.conn:
            self.conn.execute("UPDATE games SET synced_at=? WHERE device=? AND gid=?",
                              (now(), device, gid))
            self.conn.execute("UPDATE devices SET last_sync=? WHERE id=?", (now(), device))

    def add_crashes(self, device, records):
        # The box's crash log (records of firmware/crashlog.py): -> how many were new. A
        # crash is known by its number on its box; the box keeps only its newest ones.
        new = 0
        with self.conn:
            for r in records:
                cur = self.conn.execute(
                    "INSERT OR IGNORE INTO crashes VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (device, int(r["n"]), str(r.get("err", "?")), r.get("tb"), r.get("g"),
                     r.get("ev"), 1 if r.get("boot") else 0, r.get("ms"), encode(r), now()))
                new += cur.rowcount
        return new

    def crashes(self, device=None, gid=None):
        # -> [(device, n, err, tb, gid, events, boot, uptime_ms, synced_at)], in the order
        # they happened on each box; only a box's, or only those during one of its games
        where, args = [], []
        if device is not None:
            where.append("device=?")
            args.append(device)
        if gid is not None:
            where.append("gid=?")
            args.append(gid)
        return self.conn.execute(
            "SELECT device, n, err, tb, gid, events, boot, uptime_ms, synced_at FROM crashes"
            + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY device, n",
            args).fetchall()

    # ---- reading --------------------------------------------------------------------------
    def games(self):
        # -> [(device, gid, finished, synced_at, event count)] in sync order
        return self.conn.execute(
            "SELECT g.device, g.gid, g.finished, g.synced_at, "
            "(SELECT count(*) FROM events e WHERE e.device=g.device AND e.gid=g.gid) "
            "FROM games g ORDER BY g.rowid").fetchall()

    def events(self, device, gid):
        return [decode(t) for (t,) in self.conn.execute(
            "SELECT event FROM events WHERE device=? AND gid=? ORDER BY seq", (device, gid))]

    def journal(self, device, gid):
        row = self.conn.execute("SELECT journal FROM games WHERE device=? AND gid=?",
                                (device, gid)).fetchone()
        return bytes(row[0]) if row else None

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
"""


# Journals the box replaced after repairing them (sync.py, _supersede): kept for inspection,
# never read by the commands. Additive: created on first use.
SUPERSEDED = """
CREATE TABLE IF NOT EXISTS superseded(device TEXT NOT NULL, gid INTEGER NOT NULL,
    journal BLOB NOT NULL, events INTEGER NOT NULL, replaced_at TEXT NOT NULL,
    reason TEXT NOT NULL);
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

    def supersede(self, device, gid, reason):
        # The box's repaired journal replaces the stored one: the stored bytes go to the
        # superseded table, the game (its row and place in `games` kept) starts again empty.
        with self.conn:
            self.conn.execute(SUPERSEDED)
            self.conn.execute(
                "INSERT INTO superseded SELECT device, gid, journal, (SELECT count(*) FROM "
                "events e WHERE e.device=g.device AND e.gid=g.gid), ?, ? FROM games g "
                "WHERE device=? AND gid=?", (now(), reason, device, gid))
            self.conn.execute("DELETE FROM events WHERE device=? AND gid=?", (device, gid))
            self.conn.execute("UPDATE games SET journal=x'', finished=0, synced_at=NULL "
                              "WHERE device=? AND gid=?", (device, gid))

    def superseded(self, device, gid):
        # -> [(journal bytes, events, replaced_at, reason)] kept for the game, oldest first
        self.conn.execute(SUPERSEDED)
        return [(bytes(j), n, at, why) for j, n, at, why in self.conn.execute(
            "SELECT journal, events, replaced_at, reason FROM superseded WHERE device=? AND "
            "gid=? ORDER BY rowid", (device, gid))]

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

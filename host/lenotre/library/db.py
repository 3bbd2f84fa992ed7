"""The desktop's store of synced games: SQLite (stdlib) under the user data dir.

A game is the raw journal bytes received from the device (grown only by CRC-checked frames at
the right offset) and the events parsed from its complete records, in one transaction, so a
cut cable never leaves half a record behind and a second sync adds nothing.
Every open checks the file (`check_quick`: cheap enough for each command) and brings its
schema up to date (MIGRATIONS, a copy of the file kept before any of them runs); a damaged
library raises LibraryDamaged and is mended by `lenotre library repair` (librepair.py).
The tables and their migrations: schema.py; schema and rules: docs/HOST.md."""
import os
import sqlite3
import time
import urllib.parse

from lenotre.library.dbfile import (  # noqa: F401  (db's names: the commands use db.X)
    MAGIC, DbError, LibraryBusy, LibraryDamaged, NewerLibrary, NoLibrary, ReadOnlyLibrary,
    check_header, default_path, exists, failure, read_only, unusable, writable)
from lenotre.library.schema import (  # noqa: F401  (db's names: the commands use db.X)
    MIGRATIONS, SCHEMA, SCHEMA_VERSION, SUPERSEDED, TABLES, connect, setup_game)
from shared_rules.codec import decode, encode
from shared_rules.records import game_of
from shared_rules.records import check as check_record
from shared_rules.records import parse as parse_record

class DamagedRecord(DbError):
    """A record of the received bytes fails its CRC or JSON: damage on the box's flash (the
    link's own CRC passed). `good`: how many of the bytes offered are whole records before
    it (they may be stored); `at`: the journal offset where the bad record starts; `reason`:
    what is wrong with it."""

    def __init__(self, message, good, at, reason):
        DbError.__init__(self, message)
        self.good, self.at, self.reason = good, at, reason


BACKUPS = 3  # copies of the library kept, each taken before a sync that changed it


def now():
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime())


def journal_game(journal):
    # -> the game a journal's setup (its first record) names, or None (no whole first record)
    end = journal.find(b"\n")
    try:
        return game_of(check_record(journal[:end + 1])) if end >= 0 else None
    except ValueError:
        return None


def record_value(line, game=None):
    # -> the value of one journal line of a game of `game` (None: a journal without a setup
    # naming its game, whose packed events cannot be read). A whole, checksummed record of a
    # kind this lenotre cannot unpack (a newer box's game and its own record codes) is kept as
    # it was written: its journal is stored all the same, and a newer lenotre reads it.
    try:
        return parse_record(line, game)
    except ValueError as exc:
        if str(exc) != "unknown record kind":
            raise
        return check_record(line)


class Library:
    def __init__(self, path, create=True, check=True):
        # create=False: a missing or 0-byte file raises NoLibrary (the read commands).
        # check: check_quick() first; a damaged file raises LibraryDamaged.
        self.path = path
        self.stored = set()  # (device, gid) of the games this process stored bytes of
        found = exists(path)
        if not found and not create:
            raise NoLibrary(path)
        if found:
            wrong = check_header(path)
            if wrong:
                raise LibraryDamaged(path, wrong)
        self.read_only = found and not create and not writable(path)
        if self.read_only:  # the read commands read a library they cannot write as it is
            self._open_read_only(check)
            return
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        try:
            self.conn = connect(path)
            if found and check:
                self._structure()  # before anything is written to it
            # WAL + synchronous=NORMAL: every commit is atomic and survives a crash of
            # lenotre, without an fsync per frame (a sync commits one transaction per frame);
            # what must survive a power cut too is made so by durable() before the box is
            # told (ACK).
            self.conn.execute("PRAGMA journal_mode=WAL")
            self.conn.execute("PRAGMA synchronous=NORMAL")
            self._migrate(found)
            if found and check:
                self._journals()
        except sqlite3.DatabaseError as exc:
            self.close()
            raise failure(path, exc)
        except DbError:
            self.close()
            raise

    def _open_read_only(self, check):
        # SQLite's immutable=1: no -wal or -shm is made beside it (its folder is read-only),
        # and nothing is written. A write-ahead log left beside it holds games the file alone
        # does not: read without them, they would seem lost.
        wal = self.path + "-wal"
        if os.path.exists(wal) and os.path.getsize(wal):
            raise ReadOnlyLibrary(
                "cannot read the library %s as it is: its folder is read-only and it holds "
                "writes not yet folded into it (%s); copy the folder somewhere writable and "
                "give --db PATH" % (self.path, wal))
        try:
            self.conn = connect("file:%s?immutable=1" % urllib.parse.quote(
                os.path.abspath(self.path)), uri=True)
            if check:
                self._structure()
            have = self.version()
            if have != SCHEMA_VERSION:
                raise ReadOnlyLibrary(
                    "cannot read the library %s where it is: it is read-only and has schema "
                    "version %d, this lenotre reads %d%s" % (
                        self.path, have, SCHEMA_VERSION,
                        " (update lenotre)" if have > SCHEMA_VERSION else
                        ", after an upgrade that writes to it: copy it somewhere writable"))
            # tables later lenotres added (CREATE ... IF NOT EXISTS in SCHEMA), empty, in this
            # connection's own temporary schema: the file is not touched
            have_tables = {r[0] for r in self.conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")}
            for stmt in SCHEMA.split(";"):
                words = stmt.split()
                if len(words) > 5 and words[5].split("(")[0] not in have_tables:
                    self.conn.execute(stmt.replace("CREATE TABLE", "CREATE TEMP TABLE", 1))
            if check:
                self._journals()
        except sqlite3.DatabaseError as exc:
            self.close()
            raise LibraryDamaged(self.path, "SQLite says %s" % exc) \
                if "malformed" in str(exc) or "not a database" in str(exc) \
                else failure(self.path, exc)
        except DbError:
            self.close()
            raise

    def close(self):
        if getattr(self, "conn", None) is not None:
            self.conn.close()
            self.conn = None

    # ---- checks and schema ----------------------------------------------------------------
    def check_quick(self):
        # The check every command makes: SQLite's quick_check (the file's structure), the
        # tables, and every journal against its checksum (a byte changed inside a stored
        # journal leaves the structure sound). Cost at 1,300 games: bench/library_check.py.
        self._structure()
        self._journals()

    def _structure(self):
        found = [r[0] for r in self.conn.execute("PRAGMA quick_check(3)")]
        if found != ["ok"]:
            # one line: SQLite's first findings, without its "*** in database main ***"
            lines = [x.strip() for f in found for x in f.splitlines()
                     if x.strip() and not x.startswith("***")] or found
            raise LibraryDamaged(self.path, "SQLite's check finds: " + "; ".join(lines[:2]))
        names = {r[0] for r in self.conn.execute(
            "SELECT name FROM sqlite_master WHERE type='table'")}
        missing = [t for t in TABLES if t not in names]
        if names and missing:  # no table at all: a new library, made now
            raise LibraryDamaged(self.path, "table %s is missing" % ", ".join(missing))

    def _journals(self):
        bad = ["%s:%s" % (d, g) for d, g, ok in self.conn.execute(
            "SELECT device, gid, jcrc IS lenotre_crc32(journal) FROM games") if not ok]
        if bad:
            names = ", ".join(bad[:5]) + (" and %d more" % (len(bad) - 5) if len(bad) > 5
                                          else "")
            raise LibraryDamaged(self.path, "the stored journal of game %s differs from its "
                                 "checksum" % names if len(bad) == 1 else
                                 "the stored journals of games %s differ from their "
                                 "checksums" % names)

    def version(self):
        return self.conn.execute("PRAGMA user_version").fetchone()[0]

    def _migrate(self, found):
        have = self.version()
        if have > SCHEMA_VERSION:  # before anything is written to it
            raise NewerLibrary("the library %s has schema version %d, this lenotre knows up to "
                               "%d: update lenotre" % (self.path, have, SCHEMA_VERSION))
        self.conn.executescript(SCHEMA)
        todo = [m for m in MIGRATIONS if m[0] > have]
        if not todo:
            return
        if found and self.conn.execute("SELECT count(*) FROM games").fetchone()[0]:
            self.backup("%s.v%d.bak" % (self.path, have))
        for version, _what, sql in todo:
            # executescript commits first; BEGIN..COMMIT makes each migration all or nothing
            self.conn.executescript("BEGIN;\n%s\nPRAGMA user_version=%d;\nCOMMIT;"
                                    % (sql, version))

    def keep_before_sync(self):
        """Before a sync writes into a library holding games: a copy of it as it is, PATH
        .before-sync-1, the older copies moved up to -BACKUPS, the oldest dropped. -> the
        copy's path, None for a library without games (nothing to lose). A library damaged
        later (a disk's bad sector, a program writing into it) loses at most what the last
        syncs brought, which the box may no longer hold."""
        if self.conn.execute("SELECT 1 FROM games LIMIT 1").fetchone() is None:
            return None
        base = self.path + ".before-sync-"
        if os.path.exists(base + str(BACKUPS)):
            os.remove(base + str(BACKUPS))
        for n in range(BACKUPS - 1, 0, -1):
            if os.path.exists(base + str(n)):
                os.replace(base + str(n), base + str(n + 1))
        return self.backup(base + "1")

    def backup(self, path):
        # A consistent copy (the write-ahead log included) as one plain SQLite file.
        tmp = path + ".tmp"
        try:
            out = sqlite3.connect(tmp)
            try:
                self.conn.backup(out)
            finally:
                out.close()
            os.replace(tmp, path)
        except BaseException:  # a full disk: no half copy left beside the library
            for name in (tmp, tmp + "-journal"):
                if os.path.exists(name):
                    os.remove(name)
            raise
        return path

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
            game = None
            kind = journal_game(journal)  # its records are read with its game's table
            end = journal.rfind(b"\n") + 1
            for line in journal[done:end].split(b"\n")[:-1]:
                try:
                    ev = record_value(line + b"\n", kind)
                except ValueError as exc:
                    raise DamagedRecord("game %s:%d: the record at byte %d is damaged (%s); "
                                        "nothing of this frame was stored"
                                        % (device, gid, done, exc),
                                        max(0, done - len(have)), done, str(exc))
                if isinstance(ev, dict) and ev.get("end"):
                    finished = True  # the device's end-of-game marker, not a game event
                else:
                    self.conn.execute("INSERT INTO events(device, gid, seq, event) "
                                      "VALUES (?, ?, ?, ?)",
                                      (device, gid, seq, encode(ev)))
                    if seq == 0:
                        game = setup_game(encode(ev))  # the setup names the game
                    seq += 1
                    new += 1
                done += len(line) + 1
            if row:
                self.conn.execute("UPDATE games SET journal=?, finished=max(finished, ?), "
                                  "game=coalesce(?, game) WHERE device=? AND gid=?",
                                  (journal, int(finished), game, device, gid))
            else:
                self.conn.execute("INSERT INTO games(device, gid, journal, finished, game) "
                                  "VALUES (?, ?, ?, ?, ?)",
                                  (device, gid, journal, int(finished), game))
                # the date of a game played while the box's clock was not set (played.py)
                self.conn.execute("INSERT OR IGNORE INTO first_synced VALUES (?, ?, ?)",
                                  (device, gid, int(time.time())))
        self.stored.add((device, gid))
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

    def add_clock_marks(self, device, marks):
        # marks: [(power-on number, seconds since power-on, unix seconds)]: when the box's
        # clock was set in each power-on (firmware/clockmarks.py). -> how many were new. The
        # first mark of a power-on stands: the clock runs from it.
        new = 0
        with self.conn:
            for boot, uptime, at in marks:
                new += self.conn.execute("INSERT OR IGNORE INTO clock_marks VALUES (?, ?, ?, ?)",
                                         (device, boot, uptime, at)).rowcount
        return new

    def clock_marks(self):
        # -> {(device, power-on number): (seconds since power-on, unix seconds then)}
        return {(d, b): (u, at) for d, b, u, at in self.conn.execute(
            "SELECT device, boot, uptime, at FROM clock_marks")}

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
        rows = self.conn.execute(
            "SELECT seq, event FROM events WHERE device=? AND gid=? ORDER BY seq",
            (device, gid)).fetchall()
        try:
            return [decode(t) for _, t in rows]
        except (ValueError, TypeError) as exc:
            raise LibraryDamaged(self.path, "a stored event of game %s:%s is unreadable (%s)"
                                 % (device, gid, exc))

    def ends(self, device):
        # -> [(gid, first event, last event)] of each of a box's games that has events
        out = {}
        for gid, seq, text in self.conn.execute(
                "SELECT e.gid, e.seq, e.event FROM events e WHERE e.device=? AND (e.seq=0 OR "
                "e.seq=(SELECT max(seq) FROM events x WHERE x.device=e.device AND x.gid=e.gid))",
                (device,)):
            try:
                ev = decode(text)
            except (ValueError, TypeError):
                continue  # a damaged row: that game bounds nothing
            pair = out.setdefault(gid, [ev, ev])
            pair[0 if seq == 0 else 1] = ev
        return [(gid, a, b) for gid, (a, b) in sorted(out.items())]

    def kinds(self):
        # -> {(device, gid): the game its setup names}; a game without a setup yet has none
        return {(d, g): k for d, g, k in self.conn.execute(
            "SELECT device, gid, game FROM games WHERE game IS NOT NULL")}

    def first_synced(self):
        # -> {(device, gid): unix seconds when the game's first bytes were stored}; games
        # synced before this was kept have none
        return {(d, g): at for d, g, at in self.conn.execute(
            "SELECT device, gid, at FROM first_synced")}

    def journal(self, device, gid):
        row = self.conn.execute("SELECT journal FROM games WHERE device=? AND gid=?",
                                (device, gid)).fetchone()
        return bytes(row[0]) if row else None

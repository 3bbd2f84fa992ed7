"""`lenotre library check` and `repair`: the whole check of a library, and its rebuilding.

The journals are the truth: a game's events are what its stored journal's records say, and
every record carries its own CRC (firmware/journal.py). So a repair keeps a copy of the
damaged file, reads whatever rows can still be read, cuts each journal after its last sound
record, parses the events again from it (Library.add, as a sync does) and writes a new
library. What is lost comes back from the box with `lenotre sync`: the library asks the box
for each game from the end of what it holds, and a box keeps its games (docs/HOST.md)."""
import os
import shutil
import sqlite3
import tempfile
import time

from lenotre.library import db, salvage

PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536)  # 4096: what SQLite makes today
PROBE_GAP = 500  # rowids tried past the last row found, when the table cannot be walked
# What the rebuild makes itself; every other column and table is copied as read.
REBUILT = {"games": ("journal", "finished", "jcrc", "game"), "events": None}


def sound_part(journal):
    # -> (the bytes of the journal's sound records, from the start to the first bad one;
    # what is wrong with that one, or None). A last record not whole is no damage (a sync
    # cut between two frames stores part of one) but is left out: the next sync reads it
    # again, whole.
    good = 0
    kind = db.journal_game(journal)
    while good < len(journal):
        end = journal.find(b"\n", good)
        if end < 0:
            return journal[:good], None
        try:
            db.record_value(journal[good:end + 1], kind)
        except ValueError as exc:
            return journal[:good], "%s at byte %d" % (exc, good)
        good = end + 1
    return journal, None


def check(path):
    """The whole check: -> [problems] ([] = sound). Raises db.NoLibrary or db.LibraryDamaged
    when the quick check (the one every command makes) already fails."""
    lib = db.Library(path, create=False)
    problems = []
    try:
        rows = lib.conn.execute("SELECT device, gid, journal FROM games ORDER BY rowid")
        for device, gid, journal in rows:
            name = "%s:%s" % (device, gid)
            sound, wrong = sound_part(bytes(journal))
            if wrong:
                problems.append("game %s: its journal has %s" % (name, wrong))
            want = []
            kind = db.journal_game(sound)
            for line in sound.split(b"\n")[:-1]:
                ev = db.record_value(line + b"\n", kind)
                if not (isinstance(ev, dict) and ev.get("end")):
                    want.append(ev)
            try:
                have = lib.events(device, gid)
            except db.LibraryDamaged as exc:
                problems.append("game %s: %s" % (name, exc.what))
                continue
            if have != want:
                problems.append("game %s: %d stored events, but its journal's records give %d "
                                "(or other ones)" % (name, len(have), len(want)))
        integrity = [r[0] for r in lib.conn.execute("PRAGMA integrity_check(5)")]
        if integrity != ["ok"]:
            problems.append("SQLite's integrity check finds: " + "; ".join(integrity))
    except sqlite3.DatabaseError as exc:
        problems.append("SQLite says %s" % exc)
    finally:
        lib.close()
    return problems


# ---- reading what can be read ----------------------------------------------------------------

def _open_readable(path, scratch):
    # -> a connection to a copy of the damaged file that SQLite accepts, or None. A file
    # whose first bytes are damaged gets a new header (page size tried from PAGE_SIZES).
    copy = os.path.join(scratch, "damaged.sqlite")
    shutil.copyfile(path, copy)
    if os.path.exists(path + "-wal"):
        shutil.copyfile(path + "-wal", copy + "-wal")
    if db.check_header(copy) is None and _tables(copy):
        return db.connect(copy)
    for size in PAGE_SIZES:
        with open(copy, "r+b") as f:
            f.seek(0)
            f.write(_header(size, os.path.getsize(copy) // size))
        if os.path.exists(copy + "-wal"):
            os.remove(copy + "-wal")  # it belongs to the header that was lost
        if _tables(copy):
            return db.connect(copy)
    return None


def _tables(path):
    try:
        conn = db.connect(path)
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()
    except sqlite3.DatabaseError:
        return False
    return "games" in names


def _header(page_size, pages):
    # The 100-byte header of a library like ours (WAL, UTF-8), for a file of `pages` pages.
    with tempfile.TemporaryDirectory() as d:
        conn = sqlite3.connect(os.path.join(d, "h.sqlite"))
        conn.execute("PRAGMA page_size=%d" % page_size)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE t(x)")
        conn.close()
        with open(os.path.join(d, "h.sqlite"), "rb") as f:
            head = bytearray(f.read(100))
    head[28:32] = pages.to_bytes(4, "big")  # the file's size in pages
    head[32:40] = bytes(8)  # the free-page list is lost with the header: none
    head[92:96] = head[24:28]  # "version-valid-for" = the change counter: the size is trusted
    return bytes(head)


def _rows(conn, table, columns):
    # -> ({rowid: row} of every row that can be read, whether some could not be read)
    cols = ", ".join('"%s"' % c for c in columns)
    rows, broken = {}, False
    try:
        for r in conn.execute('SELECT rowid, %s FROM "%s"' % (cols, table)):
            rows[r[0]] = r[1:]
    except sqlite3.DatabaseError:
        broken = True
    if broken:
        # walk by rowid: a damaged page hides only its own rows
        top, rowid, misses = max(rows, default=0), 1, 0
        while misses < PROBE_GAP or rowid <= top:
            if rowid not in rows:
                try:
                    r = conn.execute('SELECT %s FROM "%s" WHERE rowid=?' % (cols, table),
                                     (rowid,)).fetchone()
                except sqlite3.DatabaseError:
                    r = None
                if r is None:
                    misses += 1
                else:
                    rows[rowid], misses = r, 0
            rowid += 1
    return rows, broken


def _columns(conn, table):
    try:
        return [r[1] for r in conn.execute('PRAGMA table_info("%s")' % table)]
    except sqlite3.DatabaseError:
        return []


# ---- the repair ------------------------------------------------------------------------------

class Repaired:
    def __init__(self, kept):
        self.kept = kept  # the damaged file's copy
        self.whole = self.cut = 0
        self.lost_rows = False
        self.cut_games = []  # "box:game (reason)"
        self.lost = []  # "box:game" of games known from their events whose row was unreadable
        self.unreadable = False  # no table could be read at all
        self.read = set()  # (device, gid) of every game row SQLite could read
        self.salvaged = []  # "box:game" of games read from the file's pages themselves
        self.from_events = []  # "box:game" of games whose journal was made from its events

    def lines(self, path):
        out = ["kept the damaged library as %s" % self.kept]
        if self.unreadable and not self.salvaged:
            out.append("nothing in it could be read: %s is a new, empty library" % path)
        else:
            out.append("rebuilt %s: %d game%s whole, %d cut short at the damage"
                       % (path, self.whole, "" if self.whole == 1 else "s", self.cut))
            out += ["  %s" % g for g in self.cut_games]
            if self.salvaged:
                out.append("  of them %d read from the file's pages, where SQLite could not "
                           "reach them: %s" % (len(self.salvaged), ", ".join(
                               self.salvaged[:10]) + (" ..." if len(self.salvaged) > 10 else "")))
            if self.from_events:
                out.append("  of them %d made from their events, their journal's row lost: %s"
                           % (len(self.from_events), ", ".join(self.from_events[:10])
                              + (" ..." if len(self.from_events) > 10 else "")))
            if self.lost:
                out.append("%d game%s could not be read: %s" % (
                    len(self.lost), "" if len(self.lost) == 1 else "s",
                    ", ".join(self.lost[:10]) + (" ..." if len(self.lost) > 10 else "")))
            elif self.lost_rows:
                out.append("some rows could not be read at all")
        out.append("run `lenotre sync`: it restores every game, and the rest of every game cut "
                   "short, that is still on the box")
        return out


class RepairFailed(db.DbError):
    """The repair could not write (a full disk, a read-only folder): the library is as it
    was, and nothing the repair began is left beside it."""


def repair(path):
    """Rebuild the library at `path` from what can be read of it. -> Repaired; RepairFailed
    (one line) when it cannot write, everything it wrote removed."""
    if not os.path.exists(path):
        raise db.NoLibrary(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    kept = "%s.damaged-%s" % (path, stamp)
    made = [kept + ext for ext in ("", "-wal", "-shm")] + \
        [path + ".rebuilding" + ext for ext in ("", "-wal", "-shm")]
    swapping = []  # set once the damaged file's own -wal starts to go: its copy then stays
    try:
        return _repair(path, kept, swapping)
    except (OSError, sqlite3.Error, db.DbError) as exc:
        for name in made[3:] if swapping else made:
            if os.path.exists(name):
                os.remove(name)
        why = getattr(exc, "strerror", None) or str(exc)
        if swapping:  # (a rename in one folder failing: hardly ever)
            raise RepairFailed("cannot repair %s: %s; the damaged file and its journal are "
                               "kept as %s" % (path, why, kept)) from None
        raise RepairFailed("cannot repair %s: %s; the library is as it was (nothing was "
                           "written beside it)" % (path, why)) from None


def _repair(path, kept, swapping):
    shutil.copyfile(path, kept)
    for ext in ("-wal", "-shm"):
        if os.path.exists(path + ext):
            shutil.copyfile(path + ext, kept + ext)
    result = Repaired(kept)
    new_path = path + ".rebuilding"
    for leftover in (new_path, new_path + "-wal", new_path + "-shm"):
        if os.path.exists(leftover):
            os.remove(leftover)
    with tempfile.TemporaryDirectory(prefix="lenotre-repair-") as scratch:
        old = _open_readable(path, scratch) if os.path.getsize(path) else None
        new = db.Library(new_path)
        try:
            if old is None:
                result.unreadable = True
            else:
                try:
                    _rebuild(old, new, result)
                finally:
                    old.close()
            _salvage(kept, new, result)
            # everything into the file itself and on the disk before it replaces the old one
            new.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        finally:
            new.close()
    with open(new_path, "rb") as f:
        os.fsync(f.fileno())
    swapping.append(True)
    for ext in ("-wal", "-shm"):  # they belong to the damaged file (a copy is kept)
        if os.path.exists(path + ext):
            os.remove(path + ext)
    os.replace(new_path, path)
    return result


def _rebuild(old, new, result):
    old_tables = {r[0] for r in _safe(old, "SELECT name FROM sqlite_master WHERE type='table'")}
    new_tables = [r[0] for r in new.conn.execute(
        "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
    # The games, from their journals.
    cols = _columns(old, "games")
    extra = [c for c in cols if c in _columns(new.conn, "games")
             and c not in ("device", "gid") + REBUILT["games"]]
    read = result.read  # (device, gid) of every game row read
    if "games" in old_tables and {"device", "gid", "journal"} <= set(cols):
        rows, broken = _rows(old, "games", ["device", "gid", "journal"] + extra)
        result.lost_rows = result.lost_rows or broken
        for rowid in sorted(rows):
            device, gid, journal = rows[rowid][:3]
            if not (isinstance(device, str) and isinstance(gid, int)
                    and isinstance(journal, bytes)) or (device, gid) in read:
                result.lost_rows = True  # a row damaged into nonsense, or into a twin
                continue
            read.add((device, gid))
            sound, wrong = sound_part(journal)
            if not sound:
                result.cut += 1
                result.cut_games.append("%s:%d: nothing sound (%s): it comes back whole"
                                        % (device, gid, wrong))
                continue
            new.add(device, gid, 0, sound)
            if wrong:
                result.cut += 1
                result.cut_games.append("%s:%d: kept %d bytes, up to %s"
                                        % (device, gid, len(sound), wrong))
            else:
                result.whole += 1
            if extra:
                with new.conn:
                    new.conn.execute(
                        "UPDATE games SET %s WHERE device=? AND gid=?"
                        % ", ".join('"%s"=?' % c for c in extra),
                        tuple(rows[rowid][3:]) + (device, gid))
    # Every other table (devices, and whatever later versions added), copied as read.
    for table in new_tables:
        if table in REBUILT or table not in old_tables:
            continue
        cols = [c for c in _columns(old, table) if c in _columns(new.conn, table)]
        if not cols:
            continue
        rows, broken = _rows(old, table, cols)
        result.lost_rows = result.lost_rows or broken
        with new.conn:
            for rowid in sorted(rows):
                try:
                    new.conn.execute('INSERT OR IGNORE INTO "%s"(%s) VALUES (%s)'
                                     % (table, ", ".join('"%s"' % c for c in cols),
                                        ", ".join("?" * len(cols))), rows[rowid])
                except sqlite3.DatabaseError:
                    result.lost_rows = True
    for (device,) in new.conn.execute("SELECT DISTINCT device FROM games").fetchall():
        new.seen(device)  # a box whose row was lost
    # Games the events still name but whose own row could not be read: say which.
    if "events" in old_tables:
        named = {(d, g) for d, g in _rows(old, "events", ["device", "gid"])[0].values()
                 if isinstance(d, str) and isinstance(g, int)}
        result.lost = ["%s:%d" % dg for dg in sorted(named - read)]


def _salvage(kept, new, result):
    # The games SQLite could not reach (a root page overwritten, the file cut short), read
    # from the damaged copy's pages themselves (salvage.py); then the games the events name
    # but no page holds are the ones lost.
    for device, gid, journal in salvage.games(kept, sound_part):
        if (device, gid) in result.read:
            continue
        result.read.add((device, gid))
        sound, wrong = sound_part(journal)
        new.add(device, gid, 0, sound)
        new.seen(device)
        result.salvaged.append("%s:%d" % (device, gid))
        if wrong:
            result.cut += 1
            result.cut_games.append("%s:%d: kept %d bytes, up to %s"
                                    % (device, gid, len(sound), wrong))
        else:
            result.whole += 1
    # Then the games whose journal no page holds whole, from their events: each event is
    # its record again (the records are canonical), so the journal comes back as the box
    # wrote it, the end mark added when the events finish the game.
    named = set(tuple(g.rsplit(":", 1)) for g in result.lost)
    found = salvage.events(kept)
    for device, gid in sorted(found):
        if (device, gid) not in result.read:
            named.add((device, str(gid)))
    for device, gid in sorted((d, int(n)) for d, n in named if n.isdigit()):
        if (device, gid) in result.read:
            continue
        journal = _from_events(found.get((device, gid), {}))
        if journal:
            result.read.add((device, gid))
            new.add(device, gid, 0, journal)
            new.seen(device)
            result.from_events.append("%s:%d" % (device, gid))
            result.whole += 1
    result.lost = sorted("%s:%s" % (d, n) for d, n in named
                         if not n.isdigit() or (d, int(n)) not in result.read)


def _from_events(events):
    # -> the journal the events {seq: JSON text} from 0 on make (the first gap ends them), its
    # end mark added when they replay to a game over; b"" when they do not even start one
    from lenotre.games import adapter
    from shared_rules.codec import decode
    from shared_rules.records import END, game_of, record
    values = []
    try:
        while len(values) in events:
            values.append(decode(events[len(values)]))
        game = game_of(values[0]) if values else None
        journal = b"".join(record(v, game) for v in values)
    except Exception:  # a damaged text, a value no record holds: nothing from events
        return b""
    if not game or not sound_part(journal)[0]:
        return b""
    try:
        over = adapter(game).load(values).outcome is not None
    except Exception:  # events that do not replay (cut at a gap): kept as they are
        over = False
    return journal + (END if over else b"")


def _safe(conn, sql):
    try:
        return conn.execute(sql).fetchall()
    except sqlite3.DatabaseError:
        return []

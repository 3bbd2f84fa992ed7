"""The library's tables (SCHEMA, made with IF NOT EXISTS), the ordered changes that bring an
older library up to date (MIGRATIONS; db.Library runs them, a copy of the file kept first),
and the SQLite connection with the two functions the migrations and triggers call
(lenotre_crc32, lenotre_game). Rules: docs/HOST.md."""
import sqlite3
import zlib

from shared_rules.codec import decode

SCHEMA = """
CREATE TABLE IF NOT EXISTS devices(id TEXT PRIMARY KEY, first_seen TEXT, last_sync TEXT);
CREATE TABLE IF NOT EXISTS games(device TEXT NOT NULL, gid INTEGER NOT NULL,
    journal BLOB NOT NULL, finished INTEGER NOT NULL DEFAULT 0, synced_at TEXT,
    PRIMARY KEY (device, gid));
CREATE TABLE IF NOT EXISTS events(device TEXT NOT NULL, gid INTEGER NOT NULL,
    seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (device, gid, seq));
CREATE TABLE IF NOT EXISTS first_synced(device TEXT NOT NULL, gid INTEGER NOT NULL,
    at INTEGER NOT NULL, PRIMARY KEY (device, gid));
CREATE TABLE IF NOT EXISTS people(key TEXT PRIMARY KEY, name TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1, added TEXT);
CREATE TABLE IF NOT EXISTS person_names(name TEXT PRIMARY KEY COLLATE NOCASE,
    key TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS crashes(device TEXT NOT NULL, n INTEGER NOT NULL,
    err TEXT NOT NULL, tb TEXT, gid INTEGER, events INTEGER, boot INTEGER NOT NULL DEFAULT 0,
    uptime_ms INTEGER, record TEXT NOT NULL, synced_at TEXT, PRIMARY KEY (device, n));
CREATE TABLE IF NOT EXISTS clock_marks(device TEXT NOT NULL, boot INTEGER NOT NULL,
    uptime INTEGER NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (device, boot));
"""


TABLES = ("devices", "games", "events")


def _checksum(journal):
    return None if journal is None else zlib.crc32(bytes(journal))


# Ordered schema changes: (version, what, SQL). A library at user_version v gets every later
# one, in order, in one transaction each; a copy of the file is kept before the first (see
# Library._migrate). A new table or column goes here as the next version (a new table may
# also just be added to SCHEMA with IF NOT EXISTS).
MIGRATIONS = [
    (1, "a checksum of every stored journal, kept by triggers whoever writes it", """
ALTER TABLE games ADD COLUMN jcrc INTEGER;
UPDATE games SET jcrc = lenotre_crc32(journal);
CREATE TRIGGER games_jcrc_insert AFTER INSERT ON games BEGIN
    UPDATE games SET jcrc = lenotre_crc32(NEW.journal) WHERE rowid = NEW.rowid; END;
CREATE TRIGGER games_jcrc_update AFTER UPDATE OF journal ON games BEGIN
    UPDATE games SET jcrc = lenotre_crc32(NEW.journal) WHERE rowid = NEW.rowid; END;
"""),
    (2, "the game each journal is of (its setup's \"game\"), for the per-game adapters", """
ALTER TABLE games ADD COLUMN game TEXT;
UPDATE games SET game = (SELECT lenotre_game(e.event) FROM events e
    WHERE e.device = games.device AND e.gid = games.gid AND e.seq = 0);
"""),
]
SCHEMA_VERSION = MIGRATIONS[-1][0]


# Journals the box replaced after repairing them (sync.py, _supersede): kept for inspection,
# never read by the commands. Additive: created on first use.
SUPERSEDED = """
CREATE TABLE IF NOT EXISTS superseded(device TEXT NOT NULL, gid INTEGER NOT NULL,
    journal BLOB NOT NULL, events INTEGER NOT NULL, replaced_at TEXT NOT NULL,
    reason TEXT NOT NULL);
"""


def setup_game(event_text):
    # the "game" a stored setup event names (None for any other event, or none named)
    try:
        event = decode(event_text)
    except (ValueError, TypeError):
        return None
    if isinstance(event, dict) and event.get("e") == "setup":
        name = event.get("game")
        return name if isinstance(name, str) else None
    return None


def connect(path, uri=False):
    conn = sqlite3.connect(path, uri=uri)
    conn.create_function("lenotre_crc32", 1, _checksum, deterministic=True)
    conn.create_function("lenotre_game", 1, setup_game, deterministic=True)
    return conn

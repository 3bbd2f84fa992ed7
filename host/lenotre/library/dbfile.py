"""What can be wrong with a library's file, before and while SQLite uses it: the errors the
commands show (one line each: what is wrong, what to do), and the checks made before a
library is opened or made (where it is, whether it may be written, whether it is SQLite's)."""
import os
import sqlite3

MAGIC = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite file


class DbError(Exception):
    pass


class NoLibrary(DbError):
    """No library at the path (missing, or a 0-byte file): the read commands never make one."""

    def __init__(self, path):
        DbError.__init__(self, "no library at %s yet: `lenotre sync` creates it from the box "
                               "(or give --db PATH)" % path)
        self.path = path


class LibraryDamaged(DbError):
    """The file is not a sound library. `what`: what is wrong, in a few words."""

    def __init__(self, path, what):
        DbError.__init__(self, "the library %s is damaged: %s. `lenotre library repair` keeps "
                               "a copy of it and rebuilds what it can; then `lenotre sync` "
                               "restores the games still on the box" % (path, what))
        self.path, self.what = path, what


class NewerLibrary(DbError):
    pass


class LibraryBusy(DbError):
    """SQLite cannot use the file now (locked by another program, a full disk, no
    permission): not damage, and no reason to repair it."""

    def __init__(self, path, exc):
        DbError.__init__(self, "cannot use the library %s: SQLite says %s (another lenotre "
                               "using it? a full disk?); nothing was changed, try again"
                         % (path, exc))
        self.sqlite = exc  # what SQLite said


class ReadOnlyLibrary(DbError):
    """The library's folder (or the file) cannot be written: the read commands still read it,
    the commands that write say so."""


def writable(path):
    # -> True when lenotre may write the library and beside it (SQLite's -wal and -shm)
    folder = os.path.dirname(os.path.abspath(path))
    return os.access(folder, os.W_OK) and (not os.path.exists(path) or os.access(path, os.W_OK))


def read_only(path):
    return ReadOnlyLibrary(
        "cannot write the library %s: its folder or the file is read-only (permissions, or a "
        "read-only disk); `lenotre games`, `show`, `export` and `report` read it as it is, "
        "anything that changes it needs it somewhere writable (copy it, give --db PATH)" % path)


def failure(path, exc):
    # -> the DbError for an sqlite3 error met while using the library at `path`
    if not writable(path):
        return read_only(path)
    if isinstance(exc, sqlite3.OperationalError) and "malformed" not in str(exc):
        return LibraryBusy(path, exc)
    return LibraryDamaged(path, "SQLite says %s" % exc)


def default_path():
    from lenotre.paths import data_dir
    return os.path.join(data_dir(), "games.sqlite")


def exists(path):
    # a 0-byte file is no library: SQLite would take it for an empty one
    return os.path.isfile(path) and os.path.getsize(path) > 0


def unusable(path):
    """-> why a library cannot be made or written at `path` (a folder there, a file where
    its folder would be, a folder or file it may not write), or None."""
    if os.path.isdir(path):
        return ("%s is a folder: give the library's file, e.g. %s"
                % (path, os.path.join(path, "games.sqlite")))
    folder = os.path.dirname(os.path.abspath(path))
    while not os.path.exists(folder):
        folder = os.path.dirname(folder)
    if not os.path.isdir(folder):
        return "%s cannot be a library: %s is a file, not a folder" % (path, folder)
    if os.path.exists(path) and not os.access(path, os.W_OK):
        return "the library %s is read-only: nothing can be stored in it" % path
    if not os.path.exists(path) and not os.access(folder, os.W_OK):
        return "no library can be made at %s: the folder %s is not writable" % (path, folder)
    return None


def check_header(path):
    # -> None, or what is wrong with the file's first bytes (a text file, overwritten bytes)
    with open(path, "rb") as f:
        head = f.read(len(MAGIC))
    if head != MAGIC:
        return "it is not an SQLite file (it starts with %r)" % head.decode("latin-1")
    return None

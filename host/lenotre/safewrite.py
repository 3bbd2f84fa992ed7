"""Files and folders the commands write whole or not at all: a full disk, a read-only folder or
a file where a folder was expected ends in one line (OutputError), never with half a file or
half a report left behind.

    with safewrite.file(path) as out:      # text; in place only once all of it was written
        out.write(...)
    with safewrite.folder(path) as tmp:    # a new folder, its files moved into `path` at the end
        write_pages(tmp)"""
import contextlib
import os
import shutil
import stat

from lenotre.errors import UsageError


class OutputError(UsageError):
    """What could not be written, where, and why (one line); nothing of it was left."""


def _why(exc):
    return exc.strerror or str(exc)


@contextlib.contextmanager
def file(path, encoding="utf-8"):
    """Opens a temporary file beside `path` for writing text; renames it to `path` once the
    block ends and the data is on disk. A device (/dev/stdout, /dev/full) is written as it
    is. OutputError on any failure, the temporary file removed."""
    try:
        special = os.path.exists(path) and not stat.S_ISREG(os.stat(path).st_mode)
    except OSError as exc:
        raise OutputError("cannot write %s: %s" % (path, _why(exc))) from None
    if os.path.isdir(path):
        raise OutputError("cannot write %s: it is a folder; give a file's name" % path)
    target = path if special else os.path.join(os.path.dirname(path) or ".",
                                                ".%s.%d.tmp" % (os.path.basename(path),
                                                                os.getpid()))
    try:
        out = open(target, "w", encoding=encoding, newline="")
    except OSError as exc:
        raise OutputError("cannot write %s: %s" % (path, _why(exc))) from None
    try:
        with out:
            yield out
            out.flush()
            if not special:
                os.fsync(out.fileno())
        if not special:
            os.replace(target, path)
    except OSError as exc:
        if not special:
            with contextlib.suppress(OSError):
                os.remove(target)
        raise OutputError("cannot write %s: %s; nothing was written" % (path, _why(exc))) \
            from None
    except BaseException:
        if not special:
            with contextlib.suppress(OSError):
                os.remove(target)
        raise


@contextlib.contextmanager
def folder(path):
    """-> a new empty folder beside `path`, to fill; once the block ends its files are moved
    into `path` (made if need be), each replacing its namesake whole; other files there stay.
    OutputError on any failure while writing, the new folder removed and `path` untouched; a
    file at `path` is refused."""
    if os.path.exists(path) and not os.path.isdir(path):
        raise OutputError("cannot write into %s: it is a file; give a folder's name" % path)
    parent = os.path.dirname(os.path.abspath(path))
    tmp = os.path.join(parent, ".%s.%d.tmp" % (os.path.basename(os.path.abspath(path)),
                                               os.getpid()))
    try:
        shutil.rmtree(tmp, ignore_errors=True)
        os.makedirs(tmp)
    except OSError as exc:
        raise OutputError("cannot write into %s: %s" % (path, _why(exc))) from None
    try:
        yield tmp
        for top, _, names in os.walk(tmp):
            into = os.path.join(path, os.path.relpath(top, tmp))
            os.makedirs(into, exist_ok=True)
            for name in names:
                os.replace(os.path.join(top, name), os.path.join(into, name))
    except OSError as exc:
        raise OutputError("cannot write into %s: %s; nothing was written"
                          % (path, _why(exc))) from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

# The store's ground floor (docs/FIRMWARE.md, "Store"): its base errors, the flash's sizes and
# the few file calls every part of it writes with. On littlefs a rename is atomic and a flushed,
# closed file is on flash: a write is whole once the call returns, and a temp file renamed
# over the real one leaves the old file whole until then.
import os

BLOCK = 4096  # littlefs block on the Pico's flash
RESERVE = 2 * BLOCK  # new records stop here: the rest is for recovery, filing and sync marks
CHUNK = 256  # read size: the Pico's heap is small and fragments
ENOSPC = 28
FULL = "flash full: sync the box with `lenotre sync` to free space; no game was lost"


class StoreError(Exception):
    pass


class StoreFull(StoreError):
    pass


class Stopped(Exception):
    # Idle work (filing a finished game) that gave way to a button: nothing of it was
    # written, and it is done again at the next rest
    pass


def full(exc):
    # a full flash in words the box's screen says (shared_rules.errors.local: its language)
    if exc.args and exc.args[0] == ENOSPC:
        from shared_rules.errors import local
        return StoreFull(local(FULL))
    return exc


def room(free, n):
    # StoreFull unless n more bytes fit; free: the store's free_bytes. For the store's own
    # work, which may use the reserve.
    if free() < n:
        from shared_rules.errors import local
        raise StoreFull(local(FULL))


def listing(folder):
    # -> {name: bytes} of folder's entries in one pass. On littlefs a stat walks the folder's
    # entries: 5 ms a file on the Pico with 44 files, 200 ms of a full box's power-on, where
    # MicroPython's ilistdir gives every size at once (CPython, CircuitPython: a stat each)
    found = {}
    walk = getattr(os, "ilistdir", None)
    if walk is None:
        for name in os.listdir(folder):
            found[name] = size(folder + "/" + name)
        return found
    for entry in walk(folder):
        n = entry[3] if len(entry) > 3 else -1
        found[entry[0]] = n if n >= 0 else size(folder + "/" + entry[0])
    return found


def size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


_BUF = memoryview(bytearray(CHUNK))  # made once: at the end of a 5-player game on a
# full box a 192 KB heap may lack 257 free bytes for a chunk read when the game is filed


def copy(src, dst, n):
    while n > 0:
        k = src.readinto(_BUF[:min(CHUNK, n)])
        if not k:
            break
        dst.write(_BUF[:k])
        n -= k


def add(path, data):
    add_all(path, (data,))


def add_all(path, chunks):
    # Appends the chunks in one write of the file: on littlefs, all of them land or none
    f = open(path, "ab")
    try:
        for c in chunks:
            f.write(c)
        f.flush()
    finally:
        f.close()


def remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def write(folder, stem, final, chunks, src=None, n=0):
    # Writes folder/stem.tmp (chunks, or src's first n bytes), flushes, closes and renames it to
    # folder/final (None: the caller does): until that atomic rename the old file is whole.
    tmp = folder + stem + ".tmp"
    try:
        with open(tmp, "wb") as f:
            if src:
                with open(src, "rb") as s:
                    copy(s, f, n)
            else:
                for c in chunks:
                    f.write(c)
            f.flush()
    except OSError as exc:
        remove(tmp)
        raise full(exc)
    if final:
        os.rename(tmp, folder + final)

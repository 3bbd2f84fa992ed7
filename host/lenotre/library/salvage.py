"""Games read from a damaged library's pages themselves, where SQLite's own walk cannot reach
them (a root page overwritten, the file cut short: SQLite then reads nothing of a table).

SQLite's file format (sqlite.org/fileformat2.html) keeps every row of a table in a leaf page
of type 13: a cell per row (payload size, rowid, the record), the payload past what fits in
the page continued on a chain of overflow pages. Every page of the file, and of its
write-ahead log (a frame: a 24-byte header, then the page), is looked at on its own; a page
that reads as a table leaf gives its rows, a row that looks like one of the library's games
(a box id, a game number, a journal whose first record is sound) is a game found. Nothing
here trusts a page it reads: any value out of range ends that cell, never the search.

    for device, gid, journal in salvage.games(path): ..."""
import os

from lenotre.library.dbfile import MAGIC  # SQLite's first 16 bytes

LEAF = 13  # a table b-tree leaf page
WAL_MAGIC = (0x377F0682, 0x377F0683)
MAX_CHAIN = 4096  # overflow pages followed for one row at most (a 16 MB journal at 4 KB)


def _varint(buf, at):
    # -> (value, next offset) of SQLite's big-endian varint (1 to 9 bytes) at `at`
    value = 0
    for i in range(8):
        b = buf[at + i]
        value = (value << 7) | (b & 0x7F)
        if b < 0x80:
            return value, at + i + 1
    return (value << 8) | buf[at + 8], at + 9


def _record(payload):
    # -> the values of a record (header of serial types, then their bytes), or None
    size, at = _varint(payload, 0)
    if not 0 < size <= len(payload):
        return None
    types = []
    while at < size:
        t, at = _varint(payload, at)
        types.append(t)
    values, at = [], size
    widths = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}
    for t in types:
        if t == 0:
            values.append(None)
        elif t in widths:
            n = widths[t]
            values.append(int.from_bytes(payload[at:at + n], "big", signed=True))
            at += n
        elif t == 7:
            at += 8
            values.append(float("nan"))  # no column of ours is a float
        elif t in (8, 9):
            values.append(t - 8)
        elif t >= 12:
            n = (t - 12) // 2
            data = bytes(payload[at:at + n])
            if len(data) < n:
                return None
            values.append(data if t % 2 == 0 else data.decode("utf-8", "replace"))
            at += n
        else:
            return None
    return values if at <= len(payload) else None


class _File:
    def __init__(self, path):
        with open(path, "rb") as f:
            self.data = f.read()
        # a damaged header (no magic) says nothing: SQLite's and the library's defaults, 4 KB
        # pages and no bytes reserved at their ends
        whole = self.data[:16] == MAGIC
        self.size = _page_size(self.data) if whole else 4096
        self.usable = self.size - (self.data[20] if whole else 0)
        if not 480 <= self.usable <= self.size:
            self.usable = self.size

    def page(self, no):
        # page numbers count from 1; -> its bytes, or None past the end
        at = (no - 1) * self.size
        return self.data[at:at + self.size] if 0 < no and at + self.size <= len(self.data) \
            else None


def _page_size(data):
    size = int.from_bytes(data[16:18], "big") if len(data) >= 18 else 0
    size = 65536 if size == 1 else size
    if size >= 512 and size & (size - 1) == 0:
        return size
    return 4096  # the header is damaged: what SQLite makes (and the library uses) today


def _cells(page, first, usable, overflow):
    # -> (rowid, record values) of every cell of a table leaf page; `first`: where its
    # b-tree header starts (100 on page 1); overflow(no) -> an overflow page's bytes or None
    if page[first] != LEAF:
        return
    count = int.from_bytes(page[first + 3:first + 5], "big")
    limit = usable - 35  # the most payload a cell keeps on its own page
    least = (usable - 12) * 32 // 255 - 23
    for i in range(min(count, (usable - first - 8) // 2)):
        try:
            at = int.from_bytes(page[first + 8 + 2 * i:first + 10 + 2 * i], "big")
            size, at = _varint(page, at)
            rowid, at = _varint(page, at)
            if size <= limit:
                payload = page[at:at + size]
            else:
                local = least + (size - least) % (usable - 4)
                local = local if local <= limit else least
                payload = bytearray(page[at:at + local])
                nxt = int.from_bytes(page[at + local:at + local + 4], "big")
                for _ in range(MAX_CHAIN):
                    if len(payload) >= size or not nxt:
                        break
                    more = overflow(nxt)
                    if more is None:
                        break
                    payload += more[4:4 + min(usable - 4, size - len(payload))]
                    nxt = int.from_bytes(more[:4], "big")
            if len(payload) < size:
                continue  # its overflow chain is gone: the row cannot be whole
            values = _record(bytes(payload))
        except IndexError:
            continue
        if values is not None:
            yield rowid, values


def _wal_pages(path, size):
    # -> [(page number, page bytes)] of the write-ahead log's frames, oldest first
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return []
    if len(data) < 32 or int.from_bytes(data[:4], "big") not in WAL_MAGIC:
        return []
    size = int.from_bytes(data[8:12], "big") or size
    out, at = [], 32
    while at + 24 + size <= len(data):
        out.append((int.from_bytes(data[at:at + 4], "big"), data[at + 24:at + 24 + size]))
        at += 24 + size
    return out


def rows(path):
    """-> every (rowid, values) that the table leaf pages of the SQLite file at `path` (and
    of its -wal) hold, read page by page; a row in a newer WAL frame comes after the file's."""
    f = _File(path)
    wal = _wal_pages(path + "-wal", f.size)
    latest = dict(wal)  # an overflow page's newest copy

    def overflow(no):
        return latest.get(no) or f.page(no)
    pages = [(no, f.page(no)) for no in range(1, len(f.data) // f.size + 1)] + wal
    for no, page in pages:
        if page is None or len(page) < f.size:
            continue
        for row in _cells(page, 100 if no == 1 else 0, f.usable, overflow):
            yield row


def games(path, sound_part):
    """-> [(device, gid, journal as stored)] of the rows at `path` that look like the library's games:
    a text box id, a whole game number and a journal whose first record is sound
    (sound_part(journal) -> (sound bytes, what is wrong)). Of copies of one game (an older
    version of its page, a WAL frame) the one with the longest sound journal."""
    if not os.path.isfile(path):
        return []
    best = {}
    for _, values in rows(path):
        # a games row: device, gid, journal, finished (0 or 1), synced_at, and since
        # schema 2 jcrc and game (the superseded table's rows have 6 values)
        if len(values) not in (5, 7) or values[3] not in (0, 1):
            continue
        device, gid, journal = values[:3]
        if not (isinstance(device, str) and device and device.isalnum()
                and isinstance(gid, int) and gid > 0 and isinstance(journal, bytes)):
            continue
        sound = sound_part(journal)[0]
        if sound and len(sound) > best.get((device, gid), (0, b""))[0]:
            best[device, gid] = (len(sound), journal)
    return [(d, g, best[d, g][1]) for d, g in sorted(best)]


def events(path):
    """-> {(device, gid): {seq: event text}} of the rows at `path` that look like the
    library's events (a text box id, a game number, a sequence number, an event's JSON text):
    where a game's own row is lost, its events may still say it all (librepair.py). Of copies
    of one event (an older version of its page, a WAL frame) the newest read."""
    out = {}
    if not os.path.isfile(path):
        return out
    for _, values in rows(path):
        if len(values) != 4:
            continue
        device, gid, seq, text = values
        if (isinstance(device, str) and device and device.isalnum() and isinstance(gid, int)
                and gid > 0 and isinstance(seq, int) and seq >= 0 and isinstance(text, str)
                and text[:1] in "[{"):
            out.setdefault((device, gid), {})[seq] = text
    return out

# The crash log on flash (docs/FIRMWARE.md, "The guard"): what the main loop's guard caught,
# one journal record (JSON + CRC, journal.record) per crash in crash.log beside the journals,
# so `lenotre sync` brings it to the PC (link.py, CRASHES). Power-cut safe as the journal is:
# an append is one flushed line, a rewrite goes to crash.tmp and is renamed over the log (the
# store's boot removes a crash.tmp a cut left). Bounded: once an append would pass MAX bytes,
# the newest KEEP crashes are rewritten and the older ones go.
#
# A crash:  {"n": 7, "err": "IndexError: ...", "tb": "app/results.py:22 draw|...",
#            "g": game id or null, "ev": events of that game then, "ms": ms since boot,
#            "boot": 1 if the app had not yet run STABLE_MS}
# A mark:   {"ok": 1}: the app ran STABLE_MS after crashes at boot (or the player asked to
#           try again): the streak of crashes at boot starts again from 0.
from micropython import const
from binascii import crc32

from flash import add, size, write
from journal import parse, record

NAME = "crash.log"
MAX = 4096  # one littlefs block
KEEP = 8  # crashes kept when the log is rewritten
TEXT = 160  # the bare record's JSON, padded with spaces (JSON allows them after the value)
_HEX = const(b"0123456789abcdef")


class CrashLog:
    def __init__(self, folder):
        self.dir = folder  # the store's folder, "/" at the end
        self.path = folder + NAME
        self.last = 0  # the newest crash's number: numbers grow, never reused
        self.streak = 0  # crashes at boot since the last one that was not (or the last mark)
        self.newest = None  # the newest crash (a dict), for the safe screen
        # A crash's record written with no heap to make one (bare()): its JSON and its tail
        # ("*" CRC32 "\n") formatted in place, in buffers made now, while there is room
        self._text = bytearray(TEXT)
        self._tail = bytearray(b"*00000000\n")
        self._at = 0
        for c in range(32, 127):  # each character interned now: bare() reads strings by
            chr(c)  # character, and a character not interned yet is made on the heap
        self._load()

    def _load(self):
        # Reads the log once; a record a power cut left cut short (or a damaged one) is
        # dropped by rewriting the good ones, so the next append starts on a clean line.
        good = self._scan()
        if good is not None:
            self._rewrite(good)

    def _scan(self):
        # -> None when every line is whole, else the good records' lines to keep
        lines = []
        bad = False
        for line, rec in self._records():
            if rec is None:
                bad = True
                continue
            lines.append(line)
            self._count(rec)
        return lines if bad else None

    def _records(self):
        # (line, its record or None when it does not parse), oldest first, read line by line
        try:
            f = open(self.path, "rb")
        except OSError:
            return
        with f:
            while True:
                line = f.readline()
                if not line:
                    return
                try:
                    yield line, parse(line)
                except ValueError:
                    yield line, None

    def _count(self, rec):
        if not isinstance(rec, dict):
            return
        if "err" in rec:
            self.last = max(self.last, rec.get("n", 0))
            self.streak = self.streak + 1 if rec.get("boot") else 0
            self.newest = rec
        elif "ok" in rec:
            self.streak = 0

    def _rewrite(self, lines):
        write(self.dir, "crash", NAME, lines)

    def add(self, rec):
        # rec: a crash without its number; -> the number given. OSError when the flash fails.
        self.last += 1
        rec["n"] = self.last
        self._append(record(rec))
        self._count(rec)
        return self.last

    def bare(self, err, msg, gid, ev, ms, boot):
        # A crash's record when the heap has no room to make one (the guard, on a
        # MemoryError): formatted into the buffers kept from boot, allocating nothing on the
        # way (tests/shared/test_guard.py checks it with the heap locked): the error's type
        # and message (ASCII, at most the line's room), no frames. -> its number. OSError
        # when the flash fails; the file's open is the only allocation, a few dozen bytes
        # that the app let go before this gives back.
        self.last += 1
        self._format(err, msg, gid, ev, ms, boot)
        t, tail = self._text, self._tail
        written = False
        try:
            if size(self.path) + TEXT + 10 > MAX:
                self._append(bytes(t) + bytes(tail))  # a rewrite, which allocates: tried
                written = True
        except MemoryError:  # appended past MAX: the next add() rewrites it
            pass
        if not written:
            f = open(self.path, "ab")
            try:
                f.write(t)
                f.write(tail)
                f.flush()
            finally:
                f.close()
        self.streak = self.streak + 1 if boot else 0
        return self.last

    def _format(self, err, msg, gid, ev, ms, boot):
        # the bare record numbered self.last, into _text and _tail; allocates nothing
        self._at = 0
        self._put('{"boot":')
        self._int(1 if boot else 0)
        self._put(',"err":"')
        self._put(err, True)
        if msg:
            self._put(": ", True)
            self._put(msg, True)
        self._put('","ev":')
        self._int(ev)
        self._put(',"g":')
        self._int(gid)
        self._put(',"ms":')
        self._int(ms)
        self._put(',"n":')
        self._int(self.last)
        self._put(',"tb":""}')
        t = self._text
        for i in range(self._at, TEXT):
            t[i] = 32
        crc = crc32(t) & 0xFFFFFFFF
        tail = self._tail
        for i in range(8):
            tail[8 - i] = _HEX[crc & 15]
            crc >>= 4

    def _put(self, s, quoted=False):
        # s's characters into the bare record, as long as the line has room (the closing of
        # the record kept: 40 bytes); quoted: a JSON string's, '?' for what needs escaping
        t, at = self._text, self._at
        end = TEXT - (40 if quoted else 0)
        for i in range(len(s)):
            if at >= end:
                break
            c = ord(s[i])
            if quoted and (c < 32 or c > 126 or c == 34 or c == 92):
                c = 63
            t[at] = c
            at += 1
        self._at = at

    def _int(self, n):
        # n (>= 0, or None: null) in decimal, its digits from the last
        if n is None:
            self._put("null")
            return
        t = self._text
        digits = 1
        m = n
        while m >= 10:
            m //= 10
            digits += 1
        at = self._at + digits
        if at > TEXT:
            return
        self._at = at
        while digits:
            at -= 1
            t[at] = 48 + n % 10
            n //= 10
            digits -= 1

    def settled(self):
        # The app runs fine (or the player asked to try again): crashes at boot no longer
        # count as a loop. Written only when there is a streak to end.
        if self.streak:
            self._append(record({"ok": 1}))
            self.streak = 0

    def _append(self, line):
        if size(self.path) + len(line) > MAX:
            # the newest KEEP - 1 crashes and the marks after the first of them, then line
            lines = self._lines(False)
            crash = [i for i in range(len(lines)) if b'"err":' in lines[i]]
            keep = crash[-(KEEP - 1):] if KEEP > 1 else []
            self._rewrite(lines[keep[0] if keep else len(lines):] + [line])
        else:
            add(self.path, line)

    def crashes(self):
        # -> the crash records' lines (bytes), oldest first: what the sync link sends
        return self._lines(True)

    def _lines(self, crashes_only):
        out = []  # type: list[bytes]
        for line, rec in self._records():
            if rec is not None and (not crashes_only or isinstance(rec, dict) and "err" in rec):
                out.append(line)
        return out

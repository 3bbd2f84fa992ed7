# A finished game's journal compressed (docs/FIRMWARE.md, "Store"), shared by the box (filing
# into packs, reading them) and the PC (compressed sync frames). MicroPython subset.
#
# Every record ends in "*" + its CRC32 (8 hex digits), which no compressor can shrink; the
# CRCs follow from the records' text, so a journal is compressed without them (strip) and gets
# them back when read (restore), and the zlib stream's Adler-32 guards the text instead.
# The encoder is ours because MicroPython's rp2 and unix ports read deflate but cannot write
# it (MICROPY_PY_DEFLATE_COMPRESS needs the "full features" ROM level); it writes one fixed
# Huffman block (no code tables to build) with a 1 KiB window, so reading one takes a 1 KiB
# window on the box (the zlib header says so).
import binascii
from array import array

from io import BytesIO

try:
    import deflate  # MicroPython: read only
except ImportError:
    deflate = None  # type: ignore[assignment]
    try:
        import zlib  # CPython
    except ImportError:
        zlib = None  # type: ignore[assignment]
    if not hasattr(zlib, "decompressobj"):  # CircuitPython's zlib: no reader that checks a
        zlib = None  # type: ignore[assignment]  # stream's end; its packs stay plain

WBITS = 10
WINDOW = 1 << WBITS
CAN_READ = deflate is not None or zlib is not None
_HASH = 1023  # hash buckets - 1
_CHAIN = 24  # candidates tried per position: most of the gain, a bounded cost
_MIN, _MAX = 3, 258
_ASK = 32  # positions between two questions to compress's stop()
_LBASE = (3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
          115, 131, 163, 195, 227, 258)
_DBASE = (1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769)


def strip(journal):
    # -> the records' text without their CRCs ("\n" after each), or None when a record does
    # not check: that journal is kept as it is, byte for byte.
    out = bytearray()
    start = 0
    n = len(journal)
    while start < n:
        end = journal.find(b"\n", start)
        if end < 0 or end - start < 10 or journal[end - 9:end - 8] != b"*":
            return None
        text = journal[start:end - 9]
        if (b"%08x" % (binascii.crc32(text) & 0xFFFFFFFF)) != journal[end - 8:end]:
            return None
        out += text
        out += b"\n"
        start = end + 1
    return bytes(out)


def restore(text):
    # -> the journal of a stripped text: each record with its CRC again
    out = bytearray()
    start = 0
    while start < len(text):
        end = text.find(b"\n", start)
        if end < 0:
            raise ValueError("a cut record")
        line = text[start:end]
        out += line
        out += b"*%08x\n" % (binascii.crc32(line) & 0xFFFFFFFF)
        start = end + 1
    return bytes(out)


def _adler(data):
    a, b = 1, 0
    for c in data:
        a += c
        if a >= 65521:
            a -= 65521
        b += a
        if b >= 65521:
            b -= 65521
    return (b << 16) | a


def _reverse(v, n):
    r = 0
    for _ in range(n):
        r = (r << 1) | (v & 1)
        v >>= 1
    return r


def _codes():
    # -> array of the 288 literal/length codes (RFC 1951, 3.2.6) as written: reversed, since
    # Huffman codes go most significant bit first into deflate's LSB-first stream. Made per
    # stream, not kept: 576 bytes a box's heap has better uses for between games.
    lit = array("H", bytes(2 * 288))
    for s in range(288):
        lit[s] = (_reverse(0x30 + s, 8) if s < 144 else _reverse(0x190 + s - 144, 9)
                  if s < 256 else _reverse(s - 256, 7) if s < 280
                  else _reverse(0xC0 + s - 280, 8))
    return lit


def _bits(s):
    # the length of symbol s's code
    return 8 if s < 144 else 9 if s < 256 else 7 if s < 280 else 8


def _pick(table, v):
    i = len(table) - 1
    while table[i] > v:
        i -= 1
    return i


def compress(text, stop=None):
    # -> a zlib stream (RFC 1950) of text, window 1 KiB, that deflate.DeflateIO and zlib read;
    # None once stop() (asked every _ASK positions) says the work must give way: on the box a
    # button pressed while a finished game is filed (140 ms for a 5-player game's text on the
    # Pico) is answered within a few milliseconds, the filing tried again later
    n = len(text)
    ask = _ASK if stop is not None else n
    lit = _codes()
    head = array("H", bytes(2 * (_HASH + 1)))  # bucket -> last position + 1
    prev = array("H", bytes(2 * n)) if n else array("H")  # position -> earlier one + 1
    out = bytearray(b"\x28\x15")  # CM 8, CINFO 2 (1 KiB window), FCHECK: (CMF*256+FLG) % 31 == 0
    acc = 3  # the last block, fixed Huffman codes
    na = 3
    i = 0
    while i < n:
        if i >= ask:
            if stop():
                return None
            ask = i + _ASK
        best = dist = 0
        if i + 2 < n:
            h = ((text[i] << 6) ^ (text[i + 1] << 3) ^ text[i + 2]) & _HASH
            c = head[h]
            most = min(_MAX, n - i)
            tries = _CHAIN
            while c and tries:
                j = c - 1
                if i - j > WINDOW:
                    break
                if best < most and text[j + best] == text[i + best]:
                    k = 0
                    while k < most and text[j + k] == text[i + k]:
                        k += 1
                    if k > best:
                        best, dist = k, i - j
                        if k == most:
                            break
                c = prev[j]
                tries -= 1
        if best >= _MIN:
            li = _pick(_LBASE, best)
            acc |= lit[257 + li] << na
            na += _bits(257 + li)
            if 8 <= li < 28:
                acc |= (best - _LBASE[li]) << na
                na += (li - 4) >> 2
            di = _pick(_DBASE, dist)
            acc |= _reverse(di, 5) << na
            na += 5
            if di >= 4:
                acc |= (dist - _DBASE[di]) << na
                na += (di - 2) >> 1
            step = best
        else:
            acc |= lit[text[i]] << na
            na += _bits(text[i])
            step = 1
        while na >= 8:
            out.append(acc & 255)
            acc >>= 8
            na -= 8
        for p in range(i, min(i + step, n - 2)):  # every position into the hash chains
            h = ((text[p] << 6) ^ (text[p + 1] << 3) ^ text[p + 2]) & _HASH
            prev[p] = head[h]
            head[h] = p + 1
        i += step
    acc |= lit[256] << na  # end of block
    na += 7
    while na > 0:  # to a byte boundary
        out.append(acc & 255)
        acc >>= 8
        na -= 8
    a = _adler(text)
    out += bytes(((a >> 24) & 255, (a >> 16) & 255, (a >> 8) & 255, a & 255))
    return bytes(out)


def inflate(data, limit):
    # -> the text of the zlib stream `data`, at most `limit` bytes; ValueError when the
    # stream is damaged, cut, longer or fails its Adler-32
    if deflate is not None:
        try:
            text = deflate.DeflateIO(BytesIO(data), deflate.ZLIB).read(limit + 1)
        except (OSError, EOFError):  # EOFError: a cut stream
            raise ValueError("a damaged compressed journal")
    elif zlib is not None:
        d = zlib.decompressobj()
        try:
            text = d.decompress(data, limit + 1)
        except zlib.error:
            raise ValueError("a damaged compressed journal") from None
        if not d.eof:
            raise ValueError("a cut or overlong compressed journal")
    else:
        raise ValueError("this runtime reads no compressed journal")
    if len(text) > limit:
        raise ValueError("a compressed journal longer than its header says")
    return text


class Reader:
    """The n-byte journal a compressed filing holds, read front to back as a file (read,
    close, with): its records restored with their CRCs one at a time as the stream inflates,
    so the heap holds the 1 KiB window and a record, never the whole journal (a 5-player
    game's 10 KB, held twice while restored, did not fit beside the Finished list at 192 KB).
    ValueError from read when the stream is damaged, cut, or not n bytes; the Adler-32 is
    checked once the last record is out."""

    def __init__(self, stream, stored, n):
        # stream at the filing's first byte; stored: its compressed bytes
        self.stream = stream
        self.left = n
        self.held = b""
        if deflate is not None:
            self.text = deflate.DeflateIO(stream, deflate.ZLIB)
        else:  # CPython (the desktop has the room) or none: inflated whole
            self.text = BytesIO(inflate(stream.read(stored), n))

    def read(self, k=-1):
        while self.text is not None and (k < 0 or len(self.held) < k):
            line = self._line()
            if not line:
                if self.left:
                    raise ValueError("a compressed journal %d bytes short" % self.left)
                self.text = None  # type: ignore[assignment]
                break
            if line[-1:] != b"\n":
                raise ValueError("a cut record")
            rec = line[:-1] + b"*%08x\n" % (binascii.crc32(line[:-1]) & 0xFFFFFFFF)
            self.left -= len(rec)
            if self.left < 0 or not self.left and self._line():  # the end read: Adler-32
                raise ValueError("a compressed journal longer than its header says")
            self.held += rec
        out = self.held if k < 0 else self.held[:k]
        self.held = self.held[len(out):]
        return out

    def _line(self):
        if self.left < 0:
            return b""
        try:
            return self.text.readline()
        except (OSError, EOFError):  # EOFError: a cut stream
            raise ValueError("a damaged compressed journal")

    def close(self):
        self.stream.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def expand(data, n):
    # -> the n-byte journal that compressed `data` holds; ValueError if it is not that
    journal = restore(inflate(data, n))
    if len(journal) != n:
        raise ValueError("a compressed journal of %d bytes, not %d" % (len(journal), n))
    return journal

# Canonical JSON: sorted keys, no spaces, ASCII only (non-ASCII as \uXXXX).
# json.dumps differs between CPython and MicroPython (key order, escaping, spacing); the
# journal, the sync link and the differential tests need one byte-exact text on both.
# Containers are joined level by level, never as one long list of pieces: a big contiguous
# buffer is what a fragmented Pico heap cannot give.
import json

_HEX = "0123456789abcdef"


def _plain(s):
    for ch in s:
        if not " " <= ch <= "~" or ch == '"' or ch == "\\":
            return False
    return True


def _u(c):
    return "\\u" + _HEX[c >> 12] + _HEX[(c >> 8) & 15] + _HEX[(c >> 4) & 15] + _HEX[c & 15]


def _string(s):
    if _plain(s):
        return '"' + s + '"'
    out = []
    for ch in s:
        c = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif 0x20 <= c < 0x7F:
            out.append(ch)
        elif c > 0xFFFF:
            c -= 0x10000
            out.append(_u(0xD800 | (c >> 10)) + _u(0xDC00 | (c & 0x3FF)))
        else:
            out.append(_u(c))
    return '"' + "".join(out) + '"'


def encode(v):
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return _string(v)
    if isinstance(v, (list, tuple)):
        return "[" + ",".join([encode(item) for item in v]) + "]"
    if isinstance(v, dict):
        keys = sorted(v)
        for k in keys:
            if not isinstance(k, str):
                raise TypeError("canonical JSON keys must be strings, got %r" % (k,))
        return "{" + ",".join([_string(k) + ":" + encode(v[k]) for k in keys]) + "}"
    raise TypeError("canonical JSON takes None, bool, int, str, list, dict; got %r" % (v,))


def decode(text):
    return json.loads(text)

# The sync link's line framing (docs/HOST.md, "The sync link"), shared by both ends: the box
# (firmware/link.py) and the PC (lenotre.link.syncproto). Every line either way: "LN " + fields
# separated by spaces + " *" + CRC32 (8 lowercase hex) of everything before " *".
import binascii

FRAME = 768  # most journal bytes one DATA line carries (protocol 1)
FRAME2 = 2048  # the same in protocol 2: fewer lines and round trips, ~2.7 KB of base64
ZMAX = 2048  # a compressed game longer than this is read with READ: lines stay ~2.7 KB
PREFIX = "LN "
PREFIX_BYTES = b"LN "


class BadLine(ValueError):
    # a line that carries the prefix but whose CRC does not check: damaged on the way
    pass


def crc(text):
    return "%08x" % (binascii.crc32(text.encode()) & 0xFFFFFFFF)


def frame(text):
    # "HELLO 1" -> "LN HELLO 1 *1a2b3c4d\n" (the CRC covers the prefix too)
    text = PREFIX + text
    return "%s *%s\n" % (text, crc(text))


def unframe(line):
    # line: bytes, as read from the port or stdin. -> the fields (str) after "LN " of a
    # protocol line, None for any other line (a print); BadLine when the prefix is there but
    # the CRC does not check, UnicodeError when the fields are not text. Checked on the bytes
    # as they came: a line made a str first would cost the Pico 0.6 ms a request in copies.
    line = line.rstrip(b"\r\n")
    if not line.startswith(PREFIX_BYTES):
        return None
    i = line.rfind(b" *")
    if i < 0 or line[i + 2:] != b"%08x" % (binascii.crc32(memoryview(line)[:i]) & 0xFFFFFFFF):
        raise BadLine("bad CRC")
    return line[len(PREFIX_BYTES):i].decode().split(" ")

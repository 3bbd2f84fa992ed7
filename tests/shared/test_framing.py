# The sync link's lines (shared_rules/framing.py), read as the box and the host read them: the
# bytes that came, checked before anything is made of them. On CPython and MicroPython.
import binascii

from support import Answers, raises

import link
from shared_rules.framing import BadLine, frame, unframe


def test_a_framed_line_reads_back_as_its_fields_whatever_its_line_end():
    for end in (b"", b"\n", b"\r\n"):
        line = frame("GAME 12 3456 0 1 345").encode().rstrip(b"\n") + end
        assert unframe(line) == ["GAME", "12", "3456", "0", "1", "345"]


def test_a_damaged_line_is_refused_and_a_line_that_is_no_frame_is_none():
    good = frame("READ 7 0 2048").encode()
    assert raises(BadLine, unframe, good.replace(b"READ 7", b"READ 8"))
    # the CRC in its one form, 8 lowercase hex digits: the first such line whose CRC has a
    # letter, in capitals, is refused
    n = 0
    while True:
        line = frame("READ 7 0 %d" % n).encode()
        crc = line[line.rindex(b"*") + 1:].strip()
        if crc != crc.upper():
            break
        n += 1
    assert raises(BadLine, unframe, line.replace(crc, crc.upper()))
    assert raises(BadLine, unframe, b"LN READ 7 0 2048\n")  # no CRC at all
    assert unframe(b"hello there\n") is None and unframe(b"\xff\xfe\n") is None
    # a CRC that checks over fields that are not text: noise all the same
    body = b"LN \xff\xfe"
    assert raises(UnicodeError, unframe, body + b" *%08x\n" % (binascii.crc32(body) & 0xFFFFFFFF))


def test_a_data_line_sent_in_pieces_is_the_line_frame_makes():
    # The box sends a game's base64 without making the line one str (link._Server.send_data):
    # the bytes on the wire are frame()'s, byte for byte.
    out = Answers()
    server = link._Server(None, out, "ab" * 8, "no store")
    data = bytes(range(256)) * 3
    server.send_data("DATA 5 2048", data)
    b64 = binascii.b2a_base64(data).decode().strip()
    assert bytes(out.data) == frame("DATA 5 2048 " + b64).encode()
    assert out.fields() == [["DATA", "5", "2048", b64]]

"""The host side of the sync link's line protocol (docs/HOST.md, "The sync link").

Lines are framed and checked by `shared_rules.framing`, which the box's link uses too: both
ends share one definition. Every request is idempotent, so the answer to anything lost,
damaged or late is to ask again: a line whose CRC fails is never used, an unexpected line (a print, an
answer to an earlier copy of a request) is skipped, and silence past the timeout resends.
READs are pipelined (a few in flight, across games): the box answers in order, and the round
trip, not the bytes, is what a frame costs. Protocol 2 (HELLO 2; a box of protocol 1 is
spoken to in 1) sends a game the box filed compressed as it is (ZREAD), expanded here, and
acknowledges many games in one ACK."""
import base64
import binascii
import collections
import time

from lenotre.link.port import LinkError
from shared_rules import framing, zjournal  # the box frames its lines with the same module
from shared_rules.framing import FRAME, FRAME2
from shared_rules.records import parse as parse_record

PROTO = 2  # the newest this lenotre speaks; it speaks OLDEST too
OLDEST = 1
WINDOW = 4  # READs in flight; the box's input buffer holds far more than 4 short lines
ACKS = 48  # games acknowledged by one ACK line (protocol 2): ~700 bytes
# How long the box may stay silent before its first answer: serve() first imports the link and
# opens the store, and a CircuitPython box compiles them from source and reads its games from
# FAT (the emulated one, a quarter of a Pico's speed, took more than the 12 s that six tries
# of 2 s gave). Silence in that time only sends HELLO again; a box that prints a traceback
# stops the wait at once (LinkStopped).
START_S = 60.0


class ProtocolVersion(LinkError):
    pass


class DeviceError(LinkError):
    """The box refused a request (LN ERR ...)."""


class LinkStopped(LinkError):
    """serve() ended on the box (an exception, or no link module at all)."""


class DamagedFrames(LinkError):
    """The same frame kept arriving damaged: nothing of it was stored."""


GameInfo = collections.namedtuple("GameInfo", "gid size acked finished stored",
                                  defaults=(0,))  # stored: compressed bytes ZREAD sends, 0: READ


class DamagedGame(LinkError):
    """A game's compressed copy on the box does not read back: nothing of it was stored."""


class Proto:
    def __init__(self, port, timeout=2.0, retries=5, window=WINDOW, start=START_S):
        self.port = port  # anything with write(bytes) and readline(timeout) -> bytes or None
        self.timeout = timeout
        self.retries = retries
        self.start = start  # seconds the box may stay silent before its first HELLO
        self.window = window
        self.resent = 0  # requests sent again (damage, loss, silence): the sync reports it
        self.bad_lines = 0
        self.version = OLDEST  # what HELLO agreed

    # ---- lines ----------------------------------------------------------------------------
    def send(self, text):
        self.port.write(framing.frame(text).encode())

    def next_reply(self):
        # -> ("ok", fields) | ("bad", None) | ("timeout", None). A reply may follow garbage
        # on the same line (noise before it): every "LN " in the line is tried as its start.
        # Lines that are no reply (prints, noise) count as silence: a box that prints without
        # end times out like a silent one.
        end = time.monotonic() + self.timeout
        while True:
            left = end - time.monotonic()
            raw = self.port.readline(left) if left > 0 else None
            if raw is None:
                return "timeout", None
            if b"\x04Traceback" in raw:
                self._stopped(raw)
            i = raw.find(framing.PREFIX_BYTES)
            if i < 0:
                continue  # not a protocol line: a print, noise
            while i >= 0:
                try:
                    return "ok", framing.unframe(raw[i:])
                except (framing.BadLine, UnicodeError):
                    i = raw.find(framing.PREFIX_BYTES, i + 1)
            self.bad_lines += 1
            return "bad", None

    def _stopped(self, raw):
        # The raw REPL ends a run that raised with \x04, the traceback, \x04: serve() is gone
        # (or never started). A lone \x04 may be noise; a traceback after it is not.
        rest = raw[raw.index(b"\x04") + 1:]
        if b"\x04" not in rest:
            try:
                rest += self.port.read_until(b"\x04", 1.0)
            except LinkError:
                pass
        text = rest.replace(b"\x04", b"").decode("utf-8", "replace").strip()
        last = text.splitlines()[-1] if text else "it ended without a message"
        if "ImportError" in text and "link" in text:
            raise LinkStopped("the box's firmware has no sync link (%s): update it with "
                              "`lenotre flash`; nothing was synced" % last)
        raise LinkStopped("the box's sync link stopped: %s" % last)

    def _resend(self, text, tries):
        if tries > self.retries:
            raise LinkError("the box gave no usable answer to %s after %d tries: check the USB "
                            "cable (%d damaged lines)" % (text.split(" ")[0], tries,
                                                          self.bad_lines))
        self.resent += 1
        self.send(text)

    def request(self, text, wanted, patience=0.0):
        # Sends one request and -> the fields of the first reply `wanted(fields)` accepts;
        # resends on silence, on a damaged line and when the box could not read ours.
        # patience: seconds in which silence only resends, not counted as a failed try.
        self.send(text)
        tries = 1
        until = time.monotonic() + patience
        while True:
            kind, f = self.next_reply()
            if kind == "ok" and wanted(f):
                return f
            if kind == "ok" and f[0] == "ERR" and f[1:2] not in (["crc"], ["garbage"]):
                raise _refused(f, text)
            if kind == "timeout" and time.monotonic() < until:
                self.resent += 1
                self.send(text)
            elif kind != "ok" or f[0] == "ERR":
                tries += 1
                self._resend(text, tries)

    # ---- requests -------------------------------------------------------------------------
    def hello(self):
        # -> (device id, firmware version); ProtocolVersion for a box of no protocol this
        # lenotre speaks. A box of an older one it speaks is spoken to in that one.
        v = PROTO
        while True:
            f = self.request("HELLO %d" % v,
                             lambda f: f[0] == "HELLO" or f[:2] == ["ERR", "proto"],
                             self.start if v == PROTO else 0.0)
            theirs = f[2] if f[0] == "ERR" else f[1]
            if f[0] == "HELLO" and theirs == str(v) and len(f) >= 4:
                self.version = v
                return f[2], f[3]
            if f[0] == "ERR" and theirs.isdigit() and OLDEST <= int(theirs) < v:
                v = int(theirs)
                continue
            raise ProtocolVersion(_version_message(theirs))

    def list(self):
        # -> ([GameInfo], [notes]). END counts both kinds of line, so a damaged one shows:
        # then the listing is asked for again.
        for tries in range(1, self.retries + 2):
            if tries > 1:
                self.resent += 1
            self.send("LIST")
            games, notes = {}, []
            while True:
                kind, f = self.next_reply()
                if kind == "timeout":
                    break
                if kind == "bad":
                    continue
                if f[0] == "GAME" and len(f) == 4 + self.version:
                    games[int(f[1])] = GameInfo(int(f[1]), int(f[2]), int(f[3]), f[4] == "1",
                                                int(f[5]) if self.version > 1 else 0)
                elif f[0] == "NOTE":
                    notes.append(" ".join(f[1:]))
                elif f[0] == "END":
                    if f[1:] == [str(len(games)), str(len(notes))]:
                        return [games[g] for g in sorted(games)], notes
                    break
                elif f[0] == "ERR" and f[1:2] in (["crc"], ["garbage"]):
                    break  # the box could not read our LIST (or a line of noise): again
                elif f[0] == "ERR":
                    raise _refused(f, "LIST")
        raise LinkError("the box's list of games kept arriving damaged (%d tries): check the "
                        "USB cable" % (self.retries + 1))

    def pipeline(self, requests, answers):
        # Sends the requests [(key, text)] a window at a time and yields (key, fields) in
        # request order; answers(fields) -> the key of the request a reply answers, or None.
        # The box answers in order, so a damaged line is most likely the oldest request's
        # answer: that one is asked again; silence asks again for all in flight. More than
        # `retries` damaged lines or silences in a row, with no answer between, give up.
        queue = collections.deque()  # keys in flight, in the order their answers will come
        got = {}
        texts = dict(requests)
        sent = strikes = 0
        for key, _ in requests:
            while key not in got:
                while sent < len(requests) and len(queue) < self.window:
                    self.send(texts[requests[sent][0]])
                    queue.append(requests[sent][0])
                    sent += 1
                kind, f = self.next_reply()
                if kind == "ok" and f[0] == "ERR" and f[1:2] not in (["crc"], ["garbage"]):
                    raise _refused(f, texts[queue[0] if queue else key])
                if kind == "ok" and f[0] != "ERR":
                    k = answers(f)
                    if k in queue:  # else a late answer to a copy of a request: skip it
                        queue.remove(k)
                        got[k] = f
                        strikes = 0
                    continue
                strikes += 1
                if strikes > self.retries:
                    raise DamagedFrames(
                        "%s: %d answers in a row arrived damaged or not at all; nothing of it "
                        "was stored; check the USB cable and sync again"
                        % (_what(texts[key]), strikes))
                if kind == "timeout":
                    for k in queue:
                        self._again(texts[k])
                elif queue:
                    queue.rotate(-1)
                    self._again(texts[queue[-1]])
            yield key, got.pop(key)

    def _again(self, text):
        self.resent += 1
        self.send(text)

    def fetch(self, gid, start, end, stored=0):
        # Yields (offset, bytes) frames of game gid from `start` to `end`, in order, each
        # from a CRC-checked line.
        for _, off, data in self.fetch_all([(gid, start, end, stored)]):
            yield off, data

    def fetch_all(self, games):
        # games: [(gid, start, end, stored)]. Yields (gid, offset, bytes) frames of each game
        # from `start` to `end`, game after game, in order, the requests of later games in
        # flight meanwhile. A game the box filed compressed (stored > 0, protocol 2) comes
        # in one ZDATA line, expanded and checked here; DamagedGame is yielded in its place
        # when it does not read back.
        frame = FRAME2 if self.version > 1 else FRAME
        requests = []
        for gid, start, end, stored in games:
            if stored and self.version > 1:
                requests.append(((gid, -1), "ZREAD %d" % gid))
            else:
                requests += [((gid, off), "READ %d %d %d" % (gid, off, min(frame, end - off)))
                             for off in range(start, end, frame)]
        ends = {gid: (start, end) for gid, start, end, _ in games}

        def answers(f):
            if f[0] == "DATA" and len(f) == 4:
                return int(f[1]), int(f[2])
            if f[0] == "ZDATA" and len(f) == 4:
                return int(f[1]), -1
            return None
        for (gid, off), f in self.pipeline(requests, answers):
            start, end = ends[gid]
            if off >= 0:
                yield gid, off, _payload(f[3], gid, off, min(frame, end - off))
                continue
            if int(f[2]) != end:
                raise DeviceError("game %d: the box sent %s bytes, %d were expected: its "
                                  "journal changed during the sync; sync again"
                                  % (gid, f[2], end))
            try:
                journal = zjournal.expand(base64.b64decode(f[3], validate=True), end)
            except (binascii.Error, ValueError) as exc:
                yield gid, start, DamagedGame(
                    "its compressed copy on the box does not read back (%s)" % exc)
                continue
            for at in range(start, end, FRAME2):
                yield gid, at, journal[at:at + FRAME2]

    def ack(self, acks):
        # acks: [(gid, upto)]. The box marks each game's first `upto` bytes synced (on its
        # flash) before it answers ACKED; in protocol 2 many games a line.
        per = ACKS if self.version > 1 else 1
        requests = []
        for i in range(0, len(acks), per):
            part = tuple(acks[i:i + per])
            requests.append((part, "ACK " + " ".join("%d %d" % p for p in part)))

        def answers(f):
            if f[0] != "ACKED" or len(f) < 3 or len(f) % 2 == 0:
                return None
            return tuple((int(f[i]), int(f[i + 1])) for i in range(1, len(f), 2))
        for _ in self.pipeline(requests, answers):
            pass

    def set_time(self, t):
        # The PC's clock onto the box's (unix seconds UTC): -> what the box's clock reads
        # after, or None from a firmware without a clock (it answers ERR unknown TIME)
        return self._optional("TIME %d" % t, "TIME")

    def clock_marks(self):
        # -> [(power-on number, seconds since power-on, unix seconds)]: when the box's clock
        # was set in its recent power-ons (firmware/clockmarks.py), or None from a firmware
        # that keeps none (ERR unknown CLOCKS)
        try:
            f = self.request("CLOCKS", lambda f: f[0] == "CLOCKS" and len(f) % 3 == 1
                             and all(x.isdigit() for x in f[1:]))
        except DeviceError as exc:
            if "unknown CLOCKS" in str(exc):
                return None
            raise
        return [tuple(int(x) for x in f[i:i + 3]) for i in range(1, len(f), 3)]

    def send_roster(self, names):
        # The roster replaces the box's: -> how many names the box holds now, or None from a
        # firmware without a roster
        data = base64.b64encode("".join(n + "\n" for n in names).encode()).decode()
        return self._optional("ROSTER " + data if names else "ROSTER", "ROSTER")

    def _optional(self, text, answer):
        try:
            f = self.request(text, lambda f: f[0] == answer and len(f) == 2)
        except DeviceError as exc:
            if "unknown %s" % answer in str(exc):
                return None
            raise
        return int(f[1])

    def crashes(self):
        # -> the box's crash log, oldest first: [dict] as crashlog.py wrote them (CRC checked
        # again here), or None from a box whose firmware keeps none (ERR unknown CRASHES).
        # "CRASHES n" counts the lines, so a lost one shows: then the log is asked again.
        for tries in range(1, self.retries + 2):
            if tries > 1:
                self.resent += 1
            self.send("CRASHES")
            got = []
            while True:
                kind, f = self.next_reply()
                if kind == "timeout":
                    break
                if kind == "bad":
                    continue  # the count at the end will not match: asked again
                if f[0] == "CRASH" and len(f) == 2:
                    got.append(f[1])
                elif f[0] == "CRASHES" and len(f) == 2:
                    if f[1] == str(len(got)):
                        return [_crash(text) for text in got]
                    break
                elif f[0] == "ERR" and f[1:2] == ["unknown"]:
                    return None
                elif f[0] == "ERR" and f[1:2] in (["crc"], ["garbage"]):
                    break
                elif f[0] == "ERR":
                    raise _refused(f, "CRASHES")
        raise LinkError("the box's crash log kept arriving damaged (%d tries): check the USB "
                        "cable" % (self.retries + 1))

    def bye(self):
        self.request("BYE", lambda f: f[0] == "BYE")


def _crash(text):
    # A CRASH line's record: base64 of the crash log's line, whose CRC is checked again
    try:
        return parse_record(base64.b64decode(text, validate=True))
    except (binascii.Error, ValueError) as exc:
        raise DeviceError("the box sent a crash record that does not check (%s)" % exc) \
            from None


def _what(request):
    f = request.split(" ")
    if f[0] == "READ":
        return "game %s: the frame at byte %s" % (f[1], f[2])
    if f[0] == "ZREAD":
        return "game %s: its compressed copy" % f[1]
    return "%s of game %s" % (f[0], f[1]) if len(f) > 1 else f[0]


def _payload(text, gid, off, expected):
    try:
        data = base64.b64decode(text, validate=True)
    except binascii.Error:
        raise DeviceError("game %d: the box sent a frame at byte %d that is not base64"
                          % (gid, off)) from None
    if len(data) != expected:
        raise DeviceError("game %d: the box sent %d bytes at byte %d, %d were expected: its "
                          "journal changed during the sync; sync again" % (gid, len(data), off,
                                                                            expected))
    return data


def _version_message(theirs):
    try:
        older = int(theirs) < PROTO
    except ValueError:
        older = True
    if older:
        return ("the box speaks link protocol %s, this lenotre speaks %d: update the box's "
                "firmware (lenotre flash); nothing was synced" % (theirs, PROTO))
    return ("the box speaks link protocol %s, newer than this lenotre's %d: update lenotre; "
            "nothing was synced" % (theirs, PROTO))


def _refused(f, request):
    return DeviceError("the box refused %s: %s" % (request.split(" ")[0], " ".join(f[1:])))

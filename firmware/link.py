"""The device side of the sync link (docs/HOST.md, "The sync link"). MicroPython subset.
The host interrupts the app, enters the raw REPL and runs `import link; link.serve()`; serve()
then answers protocol lines on stdin/stdout until BYE (or the end of input).

Every line either way: "LN " + fields separated by spaces + " *" + CRC32 (8 lowercase hex) of
everything before " *". Journal bytes travel base64-encoded: no 0x03 (Ctrl-C) can ever come
from the host inside a frame, and the USB serial stays ASCII.
Allocation-light: one frame (<= 768 bytes in protocol 1, 2048 in 2: ~2.7 KB of base64) at a
time; the Pico's heap is ~190 KB and fragments."""
import binascii
import os
import sys
from array import array

# the lines' framing is shared with the PC's end of the link
from shared_rules.framing import FRAME, FRAME2, PREFIX, ZMAX, BadLine, frame, unframe  # noqa: F401

# The link protocol's versions this box speaks, OLDEST to PROTO; HELLO with another is
# refused. 2: READ frames of up to FRAME2 bytes, LIST's games say their compressed size and
# ZREAD sends a compressed game as it is filed, ACK takes several games at once.
PROTO = 2
OLDEST = 1
# No line from the host for this long: it went away without BYE (killed, cable pulled, a
# port opened by something else): the box goes back to its app instead of waiting forever.
IDLE_MS = 20000
RESET_EXIT = 75  # where there is no machine.reset (the unix port): exit with this code


def firmware_version():
    """The app's version (version.py: not the menu's module, which the sync's fresh heap would
    load with all its imports for one string); a bare interpreter may lack it."""
    try:
        from version import VERSION
        return VERSION
    except Exception:  # ImportError, MemoryError: the link works without it
        return "?"


def load_device_id(folder="data/"):
    """machine.unique_id() in hex on a Pico; elsewhere (a virtual Pico) a random id kept in
    <folder>device.id, written temp-then-rename so a cut write never leaves half an id."""
    try:
        import machine
        return binascii.hexlify(machine.unique_id()).decode()
    except (ImportError, AttributeError):
        pass
    path = folder + "device.id"
    try:
        with open(path) as f:
            text = f.read().strip()
        if len(text) == 16 and not [c for c in text if c not in "0123456789abcdef"]:
            return text
    except OSError:
        pass
    text = binascii.hexlify(os.urandom(8)).decode()
    with open(folder + "device.tmp", "w") as f:
        f.write(text + "\n")
        f.flush()
    os.rename(folder + "device.tmp", path)
    return text


def _stdout_writer():
    # -> write(bytes): a line's bytes, whole or in pieces, onto stdout as they are (its raw
    # stream where it has one: no "\n" made "\r\n" byte by byte on the way)
    out = getattr(sys.stdout, "buffer", sys.stdout)
    flush = getattr(out, "flush", None)

    def write(data):
        out.write(data)
        if flush:
            flush()
    return write


class _Server:
    def __init__(self, store, write, ident, broken, folder="data/"):
        self.store = store
        self.folder = folder  # the store's folder: crash.log and the roster are beside it
        self.write = write
        self.ident = ident
        self.broken = broken  # why the store could not be opened, or None
        self.wall = None  # the wall clock TIME sets (tests); None: wallclock.default()
        self.packs = {}  # the packs ZREAD opened: {path: file}, open until the sync ends
        self.version = 1  # what HELLO agreed
        self.acked = False  # type: bool | None  # ACKs marked this session; None: one was not

    def close(self):
        """The sync's end (BYE, the host gone or silent): the packs closed, and synced.sum
        written for what its ACKs added, so the restart that follows need not parse them"""
        for f in self.packs.values():
            f.close()
        self.packs = {}
        if self.acked:
            self.acked = False
            import ackssum
            ackssum.settle(self.store.acks)  # the store's own: boot's reading is the same

    def send(self, text):
        """frame(text) as bytes, made in one format (its CRC over the same bytes)"""
        line = (PREFIX + text).encode()
        self.write(b"%s *%08x\n" % (line, binascii.crc32(line) & 0xFFFFFFFF))

    def send_data(self, head, data):
        """The line "head <data in base64>": the base64 made once and sent as it is, its CRC
        taken over the pieces. Built as one str, a game's line would be copied five times
        (the slice, the decode, two formats, the frame): 1.2 of the 3 ms a ZREAD takes on
        the Pico."""
        b64 = binascii.b2a_base64(data)
        body = memoryview(b64)[:len(b64) - 1]  # its newline left out
        head = (PREFIX + head + " ").encode()
        self.write(head)
        self.write(body)
        self.write(b" *%08x\n" % (binascii.crc32(body, binascii.crc32(head)) & 0xFFFFFFFF))

    def handle(self, f):
        """Answers one request (the fields after "LN "); -> False after BYE."""
        cmd = f[0]
        if cmd == "ZREAD" and len(f) == 2 and self.version > 1 and not self.broken:
            # first: a sync sends one a game
            gid = int(f[1])
            size, data = self.store.stream(gid, self.packs)
            self.send_data("ZDATA %d %d" % (gid, size), data)
        elif cmd == "HELLO":
            v = int(f[1]) if len(f) == 2 and f[1].isdigit() else 0
            if not OLDEST <= v <= PROTO:
                self.send("ERR proto %d" % PROTO)
            else:
                self.version = v
                self.send("HELLO %d %s %s" % (v, self.ident, firmware_version()))
        elif cmd == "BYE":
            self.send("BYE")
            return False
        elif cmd == "TIME" and len(f) == 2:
            self.set_time(int(f[1]))
        elif cmd == "ROSTER" and len(f) <= 2:
            self.roster(f[1] if len(f) == 2 else "")
        elif cmd == "CRASHES":
            self.crashes()
        elif cmd == "CLOCKS":
            # when each recent power-on's clock was set: "n u t" triples (clockmarks.py)
            import clockmarks
            self.send(" ".join(["CLOCKS"] + clockmarks.read(self.folder)))
        elif cmd not in ("LIST", "READ", "ACK", "ZREAD") or (cmd == "ZREAD" and
                                                               self.version < 2):
            self.send("ERR unknown %s" % cmd[:20])
        elif self.broken:
            self.send("ERR store " + self.broken)
        elif cmd == "LIST":
            self.list()
        elif cmd == "READ" and len(f) == 4:
            self.read(int(f[1]), int(f[2]), int(f[3]))
        elif self.is_ack(f):
            self.ack_lines((ack_numbers(f),))
        else:
            self.send("ERR usage %s takes %d numbers" % (cmd, {"READ": 3, "ZREAD": 1}.get(cmd, 2)))
        return True

    def is_ack(self, f):
        """Returns whether f is an ACK request this protocol takes: "ACK id bytes", and in
        protocol 2 any number of pairs"""
        return (f[0] == "ACK" and not self.broken and (len(f) == 3 or self.version > 1
                                                       and len(f) > 1 and len(f) % 2 == 1))

    def ack_lines(self, lines):
        """ACK requests, each as ack_numbers made it: their games marked synced in one append,
        on flash before the first ACKED goes out, then an ACKED a request, in order. A mark
        that fails may leave a cut record: no summary may cover that (close)."""
        was = self.acked
        self.acked = None
        self.store.mark_synced_all(_Pairs(lines))
        self.acked = was is not None
        for a in lines:
            self.send("ACKED " + " ".join(["%d" % x for x in a]))

    def set_time(self, t):
        """TIME <unix seconds>: the PC's clock onto the box's (wallclock.py), marked when it
        was unset (clockmarks.py); the answer is what the box's clock reads now"""
        import clockmarks
        import wallclock
        w = self.wall or wallclock.default()
        self.send("TIME %d" % (clockmarks.set_by_pc(w, t, self.folder) or 0))

    def roster(self, b64):
        """ROSTER <base64 of the names, one a line>: the PC's roster replaces the box's"""
        import roster
        names = binascii.a2b_base64(b64).decode().split("\n") if b64 else []
        roster.save(self.folder, [n for n in names if n])
        self.send("ROSTER %d" % len(roster.load(self.folder)))

    def list(self):
        s = self.store
        notes = list(s.problems)  # what boot repaired or kept aside: the host shows it
        # Damage kept aside at an earlier boot (the app's, whose messages no host saw) is
        # told at every sync while its file is there.
        for name in sorted(os.listdir(s.dir)):
            if ".bad" in name:
                notes.append("%s%s: a damaged journal kept aside on the box; the game goes "
                             "on from its good records" % (s.dir, name))
        for text in notes:
            self.send("NOTE " + _ascii(text))
        n = 0
        for gid, finished, size, z in s.listing():  # a box may hold 3,000: no list of them
            if self.version < 2:
                self.send("GAME %d %d %d %d" % (gid, size, s.acked(gid), 1 if finished else 0))
            else:  # and what ZREAD sends of it: 0, READ it
                self.send("GAME %d %d %d %d %d" % (gid, size, s.acked(gid), 1 if finished else 0,
                                                   z if z <= ZMAX else 0))
            n += 1
        self.send("END %d %d" % (n, len(notes)))  # the host sees a line gone missing

    def crashes(self):
        """The crash log (crashlog.py), oldest first: each record's line as it is on flash,
        base64 (its text may hold anything), so the host checks its CRC again; then "CRASHES
        n" (n lines went out). Read even when the store could not be opened."""
        import crashlog
        lines = crashlog.CrashLog(self.folder).crashes()
        for line in lines:
            b64 = binascii.b2a_base64(line)
            self.send("CRASH " + b64[:len(b64) - 1].decode())
        self.send("CRASHES %d" % len(lines))

    def read(self, gid, offset, n):
        size = self.store.size(gid)
        if not 0 <= offset < size or n < 1:
            self.send("ERR range game %d has %d bytes; cannot read %d at %d"
                      % (gid, size, n, offset))
            return
        data = self.store.read_from(gid, offset, min(n, FRAME if self.version < 2 else FRAME2))
        self.send_data("DATA %d %d" % (gid, offset), data)


def _ascii(text):
    # One line of printable ASCII: the link carries nothing else.
    return "".join([c if " " <= c <= "~" else "?" for c in text])


class _StdinReader:
    # reader(): the next line from stdin (bytes: a stray non-UTF-8 byte must not raise inside
    # readline()), b"" at its end, None after idle_ms without a byte. MicroPython's readline
    # reads byte by byte, so what poll() sees is all that has arrived. ready(): whether a
    # line has begun to arrive (the host's pipelined requests).
    def __init__(self, idle_ms):
        self.idle_ms = idle_ms
        self.stdin = getattr(sys.stdin, "buffer", sys.stdin)
        try:
            import select
            self.poller = select.poll()
            self.poller.register(sys.stdin, select.POLLIN)
        except Exception:  # no poll on this port: no idle timeout
            self.poller = None  # type: ignore

    def __call__(self):
        if self.poller is not None and not self.poller.poll(self.idle_ms):
            return None
        return self.stdin.readline()

    def ready(self):
        return self.poller is not None and bool(self.poller.poll(0))


def back_to_app():
    """The host went silent: restart the box the way power-up does, so main.py runs the app (a
    soft reset would come back to the raw REPL the host left it in). The journal is on flash
    already: a reset costs nothing. The virtual Pico (the unix port) has no machine.reset:
    it exits with RESET_EXIT and its relay powers it up again."""
    try:
        import machine
        machine.reset()
    except (ImportError, AttributeError):
        pass
    raise SystemExit(RESET_EXIT)


def serve(store=None, read=None, write=None, device_id=None, wall=None, idle_ms=IDLE_MS,
          on_idle=back_to_app):
    """Speaks the link protocol until BYE or the end of input. Never stops on a bad line: it
    answers LN ERR and reads the next one. read() -> None: silence for idle_ms, on_idle().
    write(bytes or memoryview): the answers' bytes, a line whole or in pieces, in order."""
    read = read or _StdinReader(idle_ms)
    write = write or _stdout_writer()
    broken = None
    import crashlog  # noqa: F401  (CRASHES: loaded before the store's scan leaves the heap in pieces)
    if store is None:
        try:
            import store as store_module
            store = store_module.Store("data")
        except Exception as exc:  # OSError, MemoryError: say so on every request
            broken = _ascii("%s: %s" % (type(exc).__name__, exc))
    folder = store.dir if store is not None else "data/"
    try:
        ident = device_id or load_device_id(folder)
    except OSError:
        ident = "unknown"
    server = _Server(store, write, ident, broken, folder)
    server.wall = wall
    try:
        _answer(server, read, on_idle)
    finally:
        server.close()  # the packs ZREAD opened


def _answer(server, read, on_idle):
    # serve()'s loop: each request read, checked and answered until BYE or the end. ACK
    # lines waiting one behind the other (the host sends a sync's acks at once, 48 games a
    # line) are marked in one append to synced.log (about 150 ms on the Pico each, most of it
    # the flash's), then answered each in turn.
    ready = getattr(read, "ready", None)
    line = None
    while True:
        try:
            if line is None:
                line = read()
            if line is None:
                server.close()  # on_idle restarts the box: serve's own close comes too late
                on_idle()  # no host any more: the app's turn
                return
            if not line:
                return  # end of input: the host went away
            fields = _fields(line)
            line = None
        except BadLine:
            line = None
            server.send("ERR crc")
            continue
        except UnicodeError:  # not text at all: noise
            line = None
            server.send("ERR garbage")
            continue
        if fields is None:
            continue
        acks = None
        try:
            if ready is not None and server.is_ack(fields):
                acks = [ack_numbers(fields)]
                while ready():
                    line = read()
                    try:
                        more = _fields(line) if line else None
                    except (BadLine, UnicodeError):
                        break  # answered in turn, as any line
                    if more is None or not server.is_ack(more):
                        break
                    try:
                        acks.append(ack_numbers(more))
                    except ValueError:
                        break  # not numbers: answered in turn
                    line = None
                server.ack_lines(acks)
            elif not server.handle(fields):
                return
        except Exception as exc:  # StoreError, ValueError (a bad number), MemoryError ...
            # (not KeyboardInterrupt: the host's Ctrl-C still ends serve() for the REPL)
            for _ in range(len(acks) if acks else 1):
                server.send("ERR %s %s" % (type(exc).__name__, _ascii(str(exc))))


def ack_numbers(f):
    """Returns an ACK request's numbers (id, bytes, id, ...), in an array: its 97 fields go at
    once"""
    a = array("I")
    for i in range(1, len(f)):
        a.append(int(f[i]))
    return a


class _Pairs:
    # (id, bytes) of ACK requests' numbers, as often as it is iterated
    def __init__(self, lines):
        self.lines = lines

    def __iter__(self):
        for a in self.lines:
            for i in range(0, len(a), 2):
                yield a[i], a[i + 1]


def _fields(line):
    # -> a line's (bytes) request fields, None for an empty line; BadLine (a frame whose CRC
    # fails), UnicodeError (noise, not a request: answered ERR garbage)
    if isinstance(line, str):  # a stdin without a raw stream reads str
        line = line.encode()
    fields = unframe(line)
    if fields is None and line.strip():
        raise UnicodeError
    return fields

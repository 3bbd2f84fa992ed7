"""The USB serial link to the box: find the port, drive the raw REPL, exchange lines.

In mpremote's style: the transport knows only exec (and eval on top of it); the control bytes
are commented where they are sent. A Pico's USB serial is the REPL: Ctrl-C interrupts the app,
Ctrl-A enters the raw REPL, where code followed by Ctrl-D runs; `start()` runs code that keeps
running (the link's `serve()`), after which the same port carries its protocol lines.
Every read has a deadline: a dead port or a silent box is an error, never a hang."""
import ast
import binascii
import errno
import time

import serial
from serial.tools import list_ports

try:
    from termios import error as TermiosError  # pyserial's flush() (tcdrain) raises it
except ImportError:  # Windows
    TermiosError = OSError

PICO_VID = 0x2E8A  # Raspberry Pi's USB vendor id: every Pico running MicroPython shows it
BAUD = 115200  # USB CDC ignores the rate; a pty too
POLL = 0.05  # longest single wait inside a read, so deadlines are kept to ~50 ms
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"


class LinkError(Exception):
    """Anything that stops talking to the box; the message says what to do."""


class NoBox(LinkError):
    pass


class PortBusy(LinkError):
    pass


class LinkLost(LinkError):
    """The port went away mid-conversation (cable pulled, box reset)."""


class LinkTimeout(LinkError):
    pass


class NotABox(LinkTimeout):
    """No raw REPL on the port: the message says what was there instead; `kind` is one of
    silent, echo, repl, garbage."""

    def __init__(self, path, heard, sent, seconds):
        self.kind, message = describe(path, heard, sent, seconds)
        LinkTimeout.__init__(self, message)


def describe(path, heard, sent, seconds):
    # What a port that never showed MicroPython's raw REPL did: -> (kind, message).
    if not heard:
        kind = "silent"
        what = ("it stayed silent: not one byte in %.1f s. A Pico running MicroPython answers "
                "at once; is this the box's port, and is MicroPython on it (lenotre flash "
                "--uf2)?" % seconds)
    elif _echo(heard, sent):
        kind = "echo"
        what = ("it echoes what it is sent (%d bytes came back, all ours): a loopback, a "
                "modem or a terminal, not a Pico" % len(heard))
    elif b">>>" in heard or b"MicroPython" in heard or b"raw REPL" in heard:
        kind = "repl"
        what = ("a REPL answers but never entered MicroPython's raw REPL (Ctrl-A): another "
                "board, or a program that owns the REPL; it said %r" % _tail(heard))
    else:
        kind = "garbage"
        what = ("it sends bytes that are no MicroPython prompt (%d bytes, e.g. %r): another "
                "device, or the wrong baud rate/port" % (len(heard), _tail(heard)))
    return kind, "no MicroPython box on %s: %s" % (path, what)


def _echo(heard, sent):
    return bool(heard) and _plain(heard) in _plain(sent)


def _plain(data):
    # for comparing an echo with what was sent: a terminal echoes control bytes in caret
    # notation (Ctrl-C as ^C) and may turn \r into \n
    for c in range(1, 32):
        data = data.replace(b"^" + bytes([64 + c]), bytes([c]))
    return data.replace(b"\r", b"").replace(b"\n", b"")


def _tail(data, n=60):
    return bytes(data[:n]) if len(data) <= n else bytes(data[:n]) + b"..."


class ReplError(LinkError):
    """Code run in the raw REPL raised: the message carries the box's traceback."""


def find_port(port=None, ports=None, lead="no box found"):
    # -> the serial port of the one Pico on USB, or `port` when given. `ports` (tests): the
    # list pyserial's comports() would give; `lead`: how the caller names a missing box.
    if port:
        return port
    ports = list_ports.comports() if ports is None else ports
    picos = [p for p in ports if p.vid == PICO_VID]
    if not picos:
        raise NoBox("%s: no Raspberry Pi Pico (USB vendor 0x2E8A) is connected; plug the box "
                    "in by USB, or name its port with --port" % lead)
    if len(picos) > 1:
        raise NoBox("%d Picos are connected (%s); choose the box with --port"
                    % (len(picos), ", ".join(sorted(p.device for p in picos))))
    return picos[0].device


class Port:
    """A serial port with deadlines: write bytes, read up to a marker or a line."""

    def __init__(self, path, timeout=2.0, ser=None):
        # ser: a pyserial Serial opened already (mpremote's, for a look before it talks)
        self.path = path
        self.timeout = timeout
        if ser is not None:
            self.ser = ser
        else:
            try:
                # exclusive: a second program on the same port (mpremote, Thonny, a terminal)
                # would steal bytes from the conversation
                self.ser = serial.Serial(path, BAUD, timeout=POLL, write_timeout=timeout,
                                         exclusive=True)
            except serial.SerialException as exc:
                raise _open_error(path, exc) from None
        self.buf = bytearray()

    def close(self):
        try:
            self.ser.close()
        except (OSError, TermiosError, serial.SerialException):
            pass

    def write(self, data):
        try:
            self.ser.write(data)
            self.ser.flush()
        except serial.SerialTimeoutException:
            raise LinkTimeout("the box takes no input on %s (nothing read for %g s)"
                              % (self.path, self.timeout)) from None
        except (OSError, TermiosError, serial.SerialException) as exc:  # tcdrain: termios
            raise LinkLost("lost the box on %s while writing (%s)" % (self.path, exc)) from None

    def _fill(self, deadline):
        # Reads what has arrived (waiting at most POLL); -> False once the deadline passed.
        if time.monotonic() > deadline:
            return False
        try:
            data = self.ser.read(max(1, self.ser.in_waiting))
        except (OSError, TermiosError, serial.SerialException) as exc:
            raise LinkLost("lost the box on %s (%s)" % (self.path, exc)) from None
        self.buf += data
        return True

    def drop_input(self):
        # Throws away what has arrived so far, without waiting.
        try:
            while self.ser.in_waiting:
                self.ser.read(self.ser.in_waiting)
        except (OSError, TermiosError, serial.SerialException) as exc:
            raise LinkLost("lost the box on %s (%s)" % (self.path, exc)) from None
        del self.buf[:]

    def drain(self, quiet=0.1):
        # Throws away what arrives until the port is quiet for `quiet` s (at most 1 s):
        # the app's prints, a traceback.
        end = time.monotonic() + 1.0
        last = time.monotonic()
        while time.monotonic() < end and time.monotonic() - last < quiet:
            n = len(self.buf)
            self._fill(end)
            if len(self.buf) > n:
                last = time.monotonic()
        del self.buf[:]

    def read_until(self, marker, timeout=None):
        # -> the bytes up to and including `marker`; LinkTimeout when it does not come.
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            i = self.buf.find(marker)
            if i >= 0:
                out = bytes(self.buf[:i + len(marker)])
                del self.buf[:i + len(marker)]
                return out
            if not self._fill(deadline):
                raise LinkTimeout("the box did not answer on %s: waited %g s for %r, got %r"
                                  % (self.path, self.timeout if timeout is None else timeout,
                                     marker, bytes(self.buf[-60:])))

    def readline(self, timeout=None):
        # -> one line (bytes, b"\n" included), or None when none is complete by the deadline
        try:
            return self.read_until(b"\n", timeout)
        except LinkTimeout:
            return None


def _open_error(path, exc):
    text = str(exc)
    if getattr(exc, "errno", None) == errno.EBUSY or "lock" in text or "busy" in text.lower():
        return PortBusy("port %s is busy: another program (mpremote, Thonny, a serial terminal, "
                        "another lenotre) has it open; close it and try again" % path)
    if getattr(exc, "errno", None) in (errno.ENOENT, errno.ENXIO, errno.ENODEV):
        return NoBox("no port %s: is the box plugged in?" % path)
    return LinkError("cannot open %s: %s" % (path, text))


class RawRepl:
    """The MicroPython raw REPL over a Port: exec and eval, and `start` for serve()."""

    def __init__(self, port):
        self.port = port

    # What brings a box to the raw REPL from wherever a pulled cable left it, tried in turn
    # until its banner shows: the app or a running program (Ctrl-C twice, then Ctrl-A); a
    # serve() still reading protocol lines, which takes Ctrl-C for noise where the USB layer
    # does not turn it into KeyboardInterrupt (a virtual Pico): BYE ends it, the raw REPL
    # closes the run with \x04>, Ctrl-A shows the banner; a half-sent raw REPL program:
    # Ctrl-B back to the friendly REPL, then in again.
    RECOVER = (
        b"\r\x03\x03\r\x01",
        b"\nLN BYE *%08x\n\x01" % (binascii.crc32(b"LN BYE") & 0xFFFFFFFF),
        b"\r\x02\r\x03\x03\r\x01",
    )

    # Signs that a MicroPython box is on the port, only slow to reach its raw REPL (booting,
    # a watchdog reboot after a pulled cable): worth the long wait. Anything else is decided
    # after DECIDE_S, silence after SILENT_S (a virtual Pico holds a Ctrl-C up to 3 s while
    # its app boots): a port that is not a box must not cost 20 s.
    MICROPYTHON = (b"MicroPython", b"raw REPL", b"soft reboot", b"LN ", b"Traceback",
                   b"KeyboardInterrupt", b"\x04>")
    DECIDE_S = 2.0
    SILENT_S = 4.0
    PATIENCE_S = 15.0

    def enter(self):
        # -> once the raw REPL's banner showed; NotABox (a LinkTimeout) saying what the port
        # did instead: nothing, an echo of what was sent, bytes that are no MicroPython.
        p = self.port
        wait = min(1.0, p.timeout)
        start = time.monotonic()
        sent = bytearray()
        heard = bytearray()
        attempt = 0
        while True:
            text = self.RECOVER[attempt % len(self.RECOVER)]
            attempt += 1
            p.write(text)
            sent += text
            n = len(p.buf)
            try:
                # What comes before the banner (the app's last prints, a KeyboardInterrupt
                # traceback, serve()'s last frames) is dropped by read_until.
                p.read_until(RAW_BANNER, wait)
                return
            except LinkTimeout:
                heard += p.buf[n:n + max(0, 4096 - len(heard))]  # enough to tell
                del p.buf[:max(0, len(p.buf) - 256)]  # the banner may straddle attempts
            spent = time.monotonic() - start
            box = not _echo(heard, sent) and any(m in heard for m in self.MICROPYTHON)
            if box:
                limit = self.PATIENCE_S
            elif heard:
                limit = min(self.DECIDE_S, 2 * wait)
            else:
                limit = min(self.SILENT_S, 4 * wait)
            if spent >= limit:
                raise NotABox(p.path, bytes(heard), bytes(sent), spent)

    def soft_reset(self, timeout=10.0):
        # In the raw REPL: Ctrl-D on an empty line soft-resets the box and it comes back to
        # the raw REPL without running main.py. The heap starts empty: what the stopped app
        # left (its modules, its games' index, the holes between them) is gone, so what runs
        # next has the whole heap (a full box's sync needs it unbroken).
        # -> False when a prompt came back without "soft reboot" (a port that does not reset
        # there): still in the raw REPL, only without the fresh heap. (The bare unix port
        # exits instead: LinkTimeout; the virtual Pico's relay restarts it as a Pico does.)
        p = self.port
        p.write(b"\x04")  # Ctrl-D: soft reset
        said = p.read_until(b">", timeout)
        if b"soft reboot" not in said:
            return False
        if not said.endswith(RAW_BANNER):
            p.read_until(RAW_BANNER, timeout)
        return True

    def start(self, code):
        # Sends code and runs it (Ctrl-D); returns once the box said OK, with the code still
        # running: what follows on the port is its output.
        p = self.port
        p.write(code.encode() if isinstance(code, str) else code)
        p.write(b"\x04")  # Ctrl-D: run it; the box answers "OK" (or "raw REPL" errors)
        p.read_until(b"OK")

    def finish(self, timeout=None):
        # After start(): the code's output up to \x04, then its error output up to \x04 and
        # the raw prompt ">". -> output; ReplError with the traceback when it raised.
        p = self.port
        out = p.read_until(b"\x04", timeout)[:-1]
        err = p.read_until(b"\x04", timeout)[:-1]
        p.read_until(b">", timeout)
        if err:
            raise ReplError("the box raised: " + err.decode("utf-8", "replace").strip())
        return out

    def follow(self, emit, idle, most):
        # After start(), for code that runs long (the tests on a Pico): its output goes to
        # emit(bytes) as it comes, up to \x04; then as finish(). LinkTimeout after `idle` s
        # without a byte, or `most` s in all: a box that hangs is an error, not a wait.
        p = self.port
        end = time.monotonic() + most
        while True:
            i = p.buf.find(b"\x04")
            if i >= 0:
                emit(bytes(p.buf[:i]))
                del p.buf[:i + 1]
                break
            if p.buf:
                emit(bytes(p.buf))
                del p.buf[:]
            heard = time.monotonic()
            while not p.buf:
                now = time.monotonic()
                if now > end or now - heard > idle:
                    raise LinkTimeout("the box on %s %s" % (
                        p.path, "ran past %g s" % most if now > end else
                        "printed nothing for %g s: it hangs" % idle))
                p._fill(min(end, heard + idle))
        err = p.read_until(b"\x04", idle)[:-1]
        p.read_until(b">", idle)
        if err:
            raise ReplError("the box raised: " + err.decode("utf-8", "replace").strip())

    def exec(self, code, timeout=None):
        self.start(code)
        return self.finish(timeout)

    def eval(self, expr, timeout=None):
        return ast.literal_eval(self.exec("print(repr(%s))" % expr, timeout).decode().strip())

    def restart_app(self, timeout=1.0):
        # Leaves the raw REPL and soft-resets from the friendly prompt: a Pico runs main.py
        # (the app) only after a soft reset in the friendly REPL, not in the raw one.
        # Best effort: the data is safe by now; a box that already went away is fine.
        p = self.port
        try:
            p.write(b"\x02")  # Ctrl-B: leave the raw REPL (friendly ">>> ")
            p.read_until(b">>> ", timeout)
            p.write(b"\x04")  # Ctrl-D on an empty friendly line: soft reboot, main.py runs
            p.read_until(b"soft reboot", timeout)
            return True
        except LinkError:
            return False

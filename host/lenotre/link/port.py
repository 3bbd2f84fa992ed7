"""The USB serial port to the box: find it, open it (exclusively), exchange bytes and lines.

A Pico's USB serial is its REPL: the raw REPL on top of this port is repl.py (RawRepl); after
the link's `serve()` starts there, the same port carries its protocol lines. Every read has a deadline: a dead port or a silent box is an error, never a hang."""
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

    def __init__(self, path, timeout=2.0):
        self.path = path
        self.timeout = timeout
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

    def read(self, n, timeout=None):
        """-> exactly the next `n` bytes; LinkTimeout when fewer came by the deadline (the
        Port's timeout unless `timeout` is given)."""
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while len(self.buf) < n:
            if not self._fill(deadline):
                raise LinkTimeout("the box did not answer on %s: waited %g s for %d bytes, "
                                  "got %r" % (self.path, self.timeout if timeout is None
                                              else timeout, n, bytes(self.buf)))
        out = bytes(self.buf[:n])
        del self.buf[:n]
        return out

    def waiting(self):
        """-> how many bytes are ready to read now (those that arrived are buffered), without
        waiting for more."""
        try:
            pending = self.ser.in_waiting
            if pending:
                self.buf += self.ser.read(pending)
        except (OSError, TermiosError, serial.SerialException) as exc:
            raise LinkLost("lost the box on %s (%s)" % (self.path, exc)) from None
        return len(self.buf)

    def read_within(self, marker, seconds):
        """-> the bytes up to and including `marker`, or, when it does not come within
        `seconds`, every byte that came meanwhile (never an error: for watching a box)."""
        try:
            return self.read_until(marker, seconds)
        except LinkTimeout:
            out = bytes(self.buf)
            del self.buf[:]
            return out

    def stream_until(self, marker, emit, idle, most):
        """Hands every byte to emit(bytes) as it arrives, up to the one-byte `marker`, which
        is read but not handed on. -> True once the marker came; False when `idle` s passed
        without a byte or `most` s in all."""
        begin = heard = time.monotonic()
        while True:
            i = self.buf.find(marker)
            if i >= 0:
                if i:
                    emit(bytes(self.buf[:i]))
                del self.buf[:i + 1]
                return True
            if self.buf:
                emit(bytes(self.buf))
                del self.buf[:]
            now = time.monotonic()
            if now >= heard + idle or now >= begin + most:
                return False
            self._fill(now + POLL)
            if self.buf:
                heard = time.monotonic()

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
    if getattr(exc, "errno", None) == errno.EACCES:
        return LinkError("no permission to open %s: add yourself to the group that owns it "
                         "(dialout or uucp), then log in again" % path)
    return LinkError("cannot open %s: %s" % (path, text))

"""The one raw-REPL transport to the box, used by flash, sync and `lenotre test --port`.

It is mpremote's SerialTransport (pinned in pyproject.toml): its exec, eval, raw-paste mode and
fs_writefile, unchanged. Around them, what a box at the table needs:
- the port is a `Port` (port.py): opened exclusively, with errors that say why not, and every
  read has a deadline; mpremote reads through the Port's buffer (`serial` below), so bytes the
  Port read ahead are never lost between the two;
- `enter()` reaches the raw REPL from wherever a pulled cable left the box (the app, a running
  serve(), a half-sent program) and says what is on the port when it is no box (NotABox);
- `start()` runs code that keeps running (the link's serve()): the same port then carries its
  protocol lines (`self.port.readline`); `finish()` and `follow()` wait for its end.
Control bytes are commented where they are sent."""
import binascii
import time

from mpremote.transport import TransportError, TransportExecError
from mpremote.transport_serial import SerialTransport

from lenotre.link.port import POLL, RAW_BANNER, LinkError, LinkTimeout, NotABox, _echo

PATIENCE_S = 1.0  # the least mpremote's fixed-size reads ("OK", a raw-paste window) wait


class ReplError(LinkError, TransportExecError):
    """Code run in the raw REPL raised: the message carries the box's traceback."""

    def __init__(self, error_output):
        # TransportExecError's fields: mpremote's fs_* turn OSError tracebacks into OSErrors
        self.status_code, self.error_output = 1, error_output
        LinkError.__init__(self, "the box raised: " + error_output.strip())


class _SerialView:
    """What mpremote sees as its `serial`: reads and writes through the Port, so the Port's
    read-ahead buffer and deadlines hold for mpremote's reads too. pyserial's semantics for
    what mpremote calls: read(n) waits up to the Port's timeout (PATIENCE_S at least) for n
    bytes and returns what came: a busy machine's virtual Pico may take a second to grant the
    next raw-paste window, and b"" there fails the whole exec."""

    def __init__(self, port):
        self.port = port

    def read(self, n=1):
        p = self.port
        deadline = time.monotonic() + max(PATIENCE_S, p.timeout)
        while len(p.buf) < n and p._fill(deadline):
            pass
        out = bytes(p.buf[:n])
        del p.buf[:n]
        return out

    def write(self, data):
        self.port.write(data)
        return len(data)

    def inWaiting(self):  # noqa: N802 (pyserial's old name, the one mpremote calls)
        return len(self.port.buf) or self.port.ser.in_waiting

    in_waiting = property(inWaiting)


class RawRepl(SerialTransport):
    """The MicroPython raw REPL over a Port: exec, eval, fs_writefile (mpremote's), and
    enter/soft_reset/start/finish/follow/restart_app for the box."""

    def __init__(self, port):
        # SerialTransport.__init__ only opens the serial port; the Port opened it already.
        self.port = port
        self.serial = _SerialView(port)
        self.device_name = port.path
        self.in_raw_repl = False
        self.use_raw_paste = True
        self.mounted = False
        self.is_pty = False  # the view's read() waits by itself: no pty special case needed

    def close(self):
        self.port.close()

    # ---- mpremote's reads, with deadlines and through the Port's buffer ---------------------
    def read_until(self, min_num_bytes, ending, timeout=10, data_consumer=None,
                   timeout_overall=None):
        # mpremote's contract: the bytes up to and including `ending`, or what came before a
        # silence of `timeout` s (or `timeout_overall` in all) without it; with data_consumer
        # (a 1-byte ending) the bytes go to it as they come and the last chunk is returned.
        p = self.port
        begin = heard = time.monotonic()
        while True:
            i = p.buf.find(ending)
            if i >= 0:
                out = bytes(p.buf[:i + len(ending)])
                del p.buf[:i + len(ending)]
                if data_consumer:
                    data_consumer(out)
                return out
            if data_consumer and p.buf:
                data_consumer(bytes(p.buf))
                del p.buf[:]
            now = time.monotonic()
            if (timeout is not None and now >= heard + timeout or
                    timeout_overall is not None and now >= begin + timeout_overall):
                out = bytes(p.buf)
                del p.buf[:]
                return out
            n = len(p.buf)
            p._fill(now + POLL)
            if len(p.buf) > n:
                heard = time.monotonic()

    # ---- entering -------------------------------------------------------------------------
    # What brings a box to the raw REPL from wherever a pulled cable left it, tried in turn
    # until its banner shows: the app or a running program (Ctrl-C twice, then Ctrl-A); a
    # serve() still reading protocol lines, which takes Ctrl-C for noise where the USB layer
    # does not turn it into KeyboardInterrupt (a virtual Pico): BYE ends it, the raw REPL
    # closes the run with \x04>, Ctrl-A shows the banner; a half-sent raw REPL program:
    # Ctrl-B back to the friendly REPL, then in again. CircuitPython, its app interrupted,
    # waits for "any key" before its REPL and may take the first try's keys before it waits:
    # a key and Ctrl-A again, before BYE (which it would read as a line of Python).
    RECOVER = (
        b"\r\x03\x03\r\x01",
        b"\r\x01",
        b"\nLN BYE *%08x\n\x01" % (binascii.crc32(b"LN BYE") & 0xFFFFFFFF),
        b"\r\x02\r\x03\x03\r\x01",
    )

    # Signs that a MicroPython box is on the port, only slow to reach its raw REPL (booting,
    # a watchdog reboot after a pulled cable): worth the long wait. Anything else is decided
    # DECIDE_S after its first byte, silence after SILENT_S (a virtual Pico holds a Ctrl-C up to 3 s while
    # its app boots): a port that is not a box must not cost 20 s.
    MICROPYTHON = (b"MicroPython", b"raw REPL", b"soft reboot", b"LN ", b"Traceback",
                   b"KeyboardInterrupt")
    # The raw REPL's end of a run: a box's (serve() ended by BYE, its banner next), but three
    # bytes that noise holds too (a port of noise waited 15 s): worth twice the decision's
    # wait, not the long one.
    ENDED = b"\x04>"
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
        first = 0.0  # when the first byte came: what a port says is judged from then
        attempt = 0
        self.in_raw_repl = False
        while True:
            text = self.RECOVER[attempt % len(self.RECOVER)]
            attempt += 1
            p.write(text)
            sent += text
            n = len(p.buf)
            try:
                # What comes before the banner (the app's last prints, a KeyboardInterrupt
                # traceback, serve()'s last frames) is dropped by read_until. The prompt
                # ">" stays: mpremote's exec reads it before it sends.
                p.read_until(RAW_BANNER[:-1], wait)
                self.in_raw_repl = True
                if attempt > 1:
                    self._sync()
                return
            except LinkTimeout:
                heard += p.buf[n:n + max(0, 4096 - len(heard))]  # enough to tell
                del p.buf[:max(0, len(p.buf) - 256)]  # the banner may straddle attempts
            spent = time.monotonic() - start
            first = first or (spent if heard else 0.0)
            ours = _echo(heard, sent)
            box = not ours and any(m in heard for m in self.MICROPYTHON)
            if box:
                limit = self.PATIENCE_S
            elif heard:
                # a box whose output was held (a USB CDC no host read: MicroPython times out
                # each write to a full buffer, then drops it) starts late, maybe mid-word
                limit = first + min(self.DECIDE_S, 2 * wait) * (
                    2 if not ours and self.ENDED in heard else 1)
            else:
                limit = min(self.SILENT_S, 4 * wait)
            if spent >= limit:
                raise NotABox(p.path, bytes(heard), bytes(sent), spent)

    def _sync(self):
        # More than one try was sent, so more than one Ctrl-A: a slow box (a busy machine's
        # virtual Pico) may print a banner for each, after the one enter() took. A stale
        # banner would be read as the answer to the next exec's raw-paste request and the
        # exchange would slip by two bytes. So a line is run whose output the source does not
        # hold (a sum); everything before its output is the stale banners, dropped.
        p = self.port
        nonce = int(time.monotonic() * 1000) % 100000
        p.write(b"print('LN SYNC', %d+1)\x04" % nonce)  # raw REPL: code, Ctrl-D runs it
        wait = max(self.PATIENCE_S, p.timeout)
        p.read_until(b"LN SYNC %d" % (nonce + 1), wait)
        p.read_until(b"\x04\x04>", wait)  # its output's end, no error output, the prompt
        p.buf[:0] = b">"  # the prompt, for the next exec

    def soft_reset(self, timeout=10.0):
        # In the raw REPL: Ctrl-D on an empty line soft-resets the box and it comes back to
        # the raw REPL without running main.py. The heap starts empty: what the stopped app
        # left (its modules, its games' index, the holes between them) is gone, so what runs
        # next has the whole heap (a full box's sync needs it unbroken).
        # -> False when a prompt came back without "soft reboot" (a port that does not reset
        # there): still in the raw REPL, only without the fresh heap. (The bare unix port
        # exits instead: LinkTimeout; the virtual Pico's relay restarts it as a Pico does.)
        p = self.port
        p.read_until(b">", timeout)  # the prompt enter() left
        p.write(b"\x04")  # Ctrl-D: soft reset
        said = p.read_until(b">", timeout)
        if b"soft reboot" not in said:
            p.buf[:0] = b">"  # the prompt, for the next exec
            return False
        if not said.endswith(RAW_BANNER):
            p.read_until(RAW_BANNER, timeout)
        p.buf[:0] = b">"
        return True

    # ---- running code ---------------------------------------------------------------------
    def start(self, code):
        # Sends code and runs it (mpremote: raw-paste where the box has it, Ctrl-D to run);
        # returns with the code still running: what follows on the port is its output.
        try:
            self.exec_raw_no_follow(code)
        except TransportError as exc:
            raise LinkTimeout("the box on %s did not take the code: %s"
                              % (self.port.path, exc)) from None

    def finish(self, timeout=None):
        # After start(): the code's output up to \x04, then its error output up to \x04 and
        # the raw prompt ">". -> output; ReplError with the traceback when it raised.
        p = self.port
        out = p.read_until(b"\x04", timeout)[:-1]
        err = p.read_until(b"\x04", timeout)[:-1]
        if err:
            raise ReplError(err.decode("utf-8", "replace"))
        return out

    def follow(self, emit, idle, most):
        # After start(), for code that runs long (the tests on a Pico): its output goes to
        # emit(bytes) as it comes, up to \x04; then as finish(). LinkTimeout after `idle` s
        # without a byte, or `most` s in all: a box that hangs is an error, not a wait.
        p = self.port
        end = time.monotonic() + most
        data = self.read_until(1, b"\x04", idle, emit, most)
        if not data.endswith(b"\x04"):
            raise LinkTimeout("the box on %s %s" % (
                p.path, "ran past %g s" % most if time.monotonic() > end else
                "printed nothing for %g s: it hangs" % idle))
        err = p.read_until(b"\x04", idle)[:-1]
        if err:
            raise ReplError(err.decode("utf-8", "replace"))

    def exec(self, code, timeout=None):
        # -> what the code printed; ReplError (also mpremote's TransportExecError, for its
        # fs_* helpers) with the traceback when it raised; LinkTimeout when the box is silent
        self.start(code)
        return self.finish(timeout)

    def restart_app(self, timeout=1.0):
        # Leaves the raw REPL and soft-resets from the friendly prompt: a Pico runs main.py
        # (the app) only after a soft reset in the friendly REPL, not in the raw one.
        # Best effort: the data is safe by now; a box that already went away is fine.
        p = self.port
        try:
            p.write(b"\x02")  # Ctrl-B: leave the raw REPL (friendly ">>> ")
            self.in_raw_repl = False
            p.read_until(b">>> ", timeout)
            p.write(b"\x04")  # Ctrl-D on an empty friendly line: soft reboot, main.py runs
            p.read_until(b"soft reboot", timeout)
            return True
        except LinkError:
            return False

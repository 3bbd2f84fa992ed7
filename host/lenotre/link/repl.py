"""The one raw-REPL client of every box: flash, sync, `lenotre test --port`, and the tests' and
benches' rigs (tests/rigs/picorepl.py) all talk to a box through `RawRepl`.

MicroPython's raw REPL (and CircuitPython's, the same protocol) is a small exchange of control
bytes on the USB serial; this module speaks it itself, over a `Port` (port.py), so that:
- every read has a deadline (the Port's), counted in the emulated Pico's time while one runs in
  this process (lenotre.device.epico);
- the bytes the Port read ahead are never lost: after `start()` the same Port carries the
  link's protocol lines (syncproto.py);
- a box left anywhere by a pulled cable (the app, a running serve(), a half-sent program) is
  brought back to the raw REPL, and a port that is no box is named (NotABox).

The protocol, as each step below sends it:
- Ctrl-A (0x01) enters the raw REPL: the box answers `raw REPL; CTRL-B to exit\\r\\n>`. The `>`
  is its prompt: the box waits for a program.
- A program ends with Ctrl-D (0x04). Plainly sent, the box answers `OK`, runs it, and prints
  its output, 0x04, its error output (a traceback), 0x04, and the prompt `>` again.
- Raw-paste (MicroPython 1.13 and later, CircuitPython): at the prompt, `0x05 A 0x01` asks for
  it; `R\\x01` grants it, followed by a window size (2 bytes, little-endian): the host sends at
  most that many bytes, and each 0x01 from the box grants another window (flow control: the
  box's input buffer never overflows). 0x04 from the box ends the paste early (the host
  answers 0x04). The host ends the program with 0x04; the box answers 0x04 once it compiled
  it, then runs it as above (output, 0x04, errors, 0x04, `>`). `R\\x00` means the box knows the
  request but has no raw-paste; a box that does not know it at all takes the 0x01 as Ctrl-A
  and shows its banner again. Either way the program goes plainly.
- Ctrl-D on an empty raw line soft-resets the box (it comes back to the raw REPL without
  running main.py); Ctrl-B leaves the raw REPL for the friendly one (`>>> `), where Ctrl-D
  soft-resets and runs main.py; Ctrl-C interrupts a running program."""
import ast
import binascii
import struct
import time

from lenotre.link.port import RAW_BANNER, LinkError, LinkTimeout, NotABox, _echo

STEP_S = 1.0  # the least a fixed-size answer ("OK", "R\x01", a raw-paste window) is waited for
REPLY_S = 10.0  # the prompt before a program, and the box's 0x04 once it compiled a pasted one
PLAIN_CHUNK = 256  # without raw-paste's flow control, a program goes this many bytes at a time,
PLAIN_GAP_S = 0.01  # this far apart, so that the box's input buffer does not overflow
FILE_CHUNK = 256  # write_file's default bytes per write on the box


class ReplError(LinkError):
    """Code run in the raw REPL raised: `error_output` is the box's traceback, `error_line`
    its last line (e.g. "OSError: [Errno 28] ENOSPC")."""

    def __init__(self, error_output):
        self.error_output = error_output
        lines = [line for line in error_output.strip().splitlines() if line.strip()]
        self.error_line = lines[-1].strip() if lines else ""
        LinkError.__init__(self, "the box raised: " + error_output.strip())


class RawRepl:
    """The MicroPython raw REPL over a Port. Promises: `enter` reaches it (or says what is on
    the port instead); `exec`/`eval` run a program and return its output (or ReplError with
    the box's traceback, LinkTimeout when the box is silent, LinkLost when the port goes);
    `start` leaves a program running with the port to the caller, `finish`/`follow` wait for
    its end; `soft_reset` and `restart_app` reset the box from the raw and friendly REPL."""

    def __init__(self, port):
        self.port = port
        # Whether the box's prompt ">" was read already (the next program is sent at once) or
        # is still to come (it is read first): a stale ">" must not be taken for an answer.
        self._prompt_read = False
        self._raw_paste = True  # until a box says it has none: then plain for this connection

    def close(self):
        """Closes the port (never raises)."""
        self.port.close()

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
    # DECIDE_S after its first byte, silence after SILENT_S (a virtual Pico holds a Ctrl-C up
    # to 3 s while its app boots): a port that is not a box must not cost 20 s.
    MICROPYTHON = (b"MicroPython", b"raw REPL", b"soft reboot", b"LN ", b"Traceback",
                   b"KeyboardInterrupt")
    # The raw REPL's end of a run: a box's (serve() ended by BYE, its banner next), but three
    # bytes that noise holds too: worth twice the decision's wait, not the long one.
    ENDED = b"\x04>"
    DECIDE_S = 2.0
    SILENT_S = 4.0
    PATIENCE_S = 15.0

    def enter(self):
        """Brings the box to the raw REPL, from wherever it is. -> once the banner showed;
        NotABox (a LinkTimeout) saying what the port did instead: nothing, an echo of what
        was sent, bytes that are no MicroPython."""
        p = self.port
        wait = min(1.0, p.timeout)
        start = time.monotonic()
        sent = bytearray()
        heard = bytearray()
        first = 0.0  # when the first byte came: what a port says is judged from then
        attempt = 0
        self._prompt_read = False
        while True:
            text = self.RECOVER[attempt % len(self.RECOVER)]
            attempt += 1
            p.write(text)
            sent += text
            n = len(p.buf)
            try:
                # What comes before the banner (the app's last prints, a KeyboardInterrupt
                # traceback, serve()'s last frames) is dropped. The prompt ">" stays unread:
                # the next program reads it before it is sent.
                p.read_until(RAW_BANNER[:-1], wait)
                if attempt > 1:
                    self._drop_stale_banners()
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

    def _drop_stale_banners(self):
        # More than one try was sent, so more than one Ctrl-A: a slow box (a busy machine's
        # virtual Pico) may print a banner for each, after the one enter() took. A stale
        # banner would be read as the answer to the next raw-paste request and the exchange
        # would slip by two bytes. So a line is run whose output the source does not hold (a
        # sum); everything before its output is the stale banners, dropped.
        p = self.port
        nonce = int(time.monotonic() * 1000) % 100000
        p.write(b"print('LN SYNC', %d+1)\x04" % nonce)  # a plain program: Ctrl-D runs it
        wait = max(self.PATIENCE_S, p.timeout)
        p.read_until(b"LN SYNC %d" % (nonce + 1), wait)
        p.read_until(b"\x04\x04>", wait)  # its output's end, no error output, the prompt
        self._prompt_read = True

    def soft_reset(self, timeout=10.0):
        """In the raw REPL: soft-resets the box, which comes back to the raw REPL without
        running main.py, its heap empty: what the stopped app left (its modules, the holes
        between them) is gone, so what runs next has the whole heap. -> True; False when a
        prompt came back without "soft reboot" (a port that does not reset there: still in
        the raw REPL, only without the fresh heap). (The bare unix port exits instead:
        LinkTimeout; the virtual Pico's relay restarts it as a Pico does.)"""
        p = self.port
        self._await_prompt(timeout)
        p.write(b"\x04")  # Ctrl-D on an empty raw line: soft reset
        said = p.read_until(b">", timeout)
        self._prompt_read = True
        if b"soft reboot" not in said:
            return False
        if not said.endswith(RAW_BANNER):
            p.read_until(RAW_BANNER, timeout)
        return True

    # ---- running code ---------------------------------------------------------------------
    def start(self, code):
        """Sends `code` (str or bytes) and has the box run it; returns with it still running:
        what follows on the port is its output (a serve()'s protocol lines), up to \\x04.
        LinkTimeout when the box does not take it."""
        data = code.encode() if isinstance(code, str) else bytes(code)
        try:
            self._await_prompt(REPLY_S)
            self._prompt_read = False  # the next one comes after this program's end
            if self._raw_paste and self._paste(data):
                return
            self._send_plainly(data)
        except LinkTimeout as exc:
            raise LinkTimeout("the box on %s did not take the code: %s"
                              % (self.port.path, exc)) from None

    def _await_prompt(self, timeout):
        if not self._prompt_read:
            self.port.read_until(b">", timeout)  # what came before it is dropped
        self._prompt_read = True

    def _paste(self, data):
        # Raw-paste: -> True once the box took the whole program; False when the box has
        # no raw-paste (then it waits for a plain program, and is never asked again).
        p = self.port
        wait = max(STEP_S, p.timeout)
        p.write(b"\x05A\x01")  # Ctrl-E 'A' Ctrl-A: the raw-paste request
        answer = p.read(2, wait)
        if answer != b"R\x01":
            self._raw_paste = False
            if answer != b"R\x00":  # the request unknown: its Ctrl-A showed the banner again,
                p.read_until(RAW_BANNER[8:], REPLY_S)  # whose first bytes `answer` took
            return False
        window = struct.unpack("<H", p.read(2, wait))[0]
        room = window
        sent = 0
        while sent < len(data):
            while room == 0 or p.waiting():
                flow = p.read(1, wait)
                if flow == b"\x01":  # the box has room for another window
                    room += window
                elif flow == b"\x04":  # the box ends the paste early: acknowledged with 0x04
                    p.write(b"\x04")
                    return True
                else:
                    raise LinkTimeout("the box sent %r in the middle of a raw paste" % flow)
            chunk = data[sent:sent + room]
            p.write(chunk)
            sent += len(chunk)
            room -= len(chunk)
        p.write(b"\x04")  # Ctrl-D: the program is whole
        p.read_until(b"\x04", REPLY_S)  # the box compiled it: it runs now
        return True

    def _send_plainly(self, data):
        p = self.port
        for i in range(0, len(data), PLAIN_CHUNK):
            p.write(data[i:i + PLAIN_CHUNK])
            time.sleep(PLAIN_GAP_S)
        p.write(b"\x04")  # Ctrl-D: run it
        if p.read(2, max(STEP_S, p.timeout)) != b"OK":
            raise LinkTimeout("the box did not answer OK to the program")

    def finish(self, timeout=None):
        """After start(): waits for the program's end (`timeout` s for each part, the Port's
        by default). -> its output (bytes); ReplError with the traceback when it raised."""
        p = self.port
        out = p.read_until(b"\x04", timeout)[:-1]
        err = p.read_until(b"\x04", timeout)[:-1]  # the prompt ">" follows, read by the next
        if err:
            raise ReplError(err.decode("utf-8", "replace"))
        return out

    def follow(self, emit, idle, most):
        """After start(), for a program that runs long (the tests on a Pico): its output goes
        to emit(bytes) as it comes; then as finish(). LinkTimeout after `idle` s without a
        byte, or `most` s in all: a box that hangs is an error, not a wait."""
        p = self.port
        end = time.monotonic() + most
        if not p.stream_until(b"\x04", emit, idle, most):
            raise LinkTimeout("the box on %s %s" % (
                p.path, "ran past %g s" % most if time.monotonic() > end else
                "printed nothing for %g s: it hangs" % idle))
        err = p.read_until(b"\x04", idle)[:-1]
        if err:
            raise ReplError(err.decode("utf-8", "replace"))

    def exec(self, code, timeout=None):
        """Runs `code` to its end. -> what it printed (bytes); ReplError with the traceback
        when it raised; LinkTimeout when the box is silent for `timeout` s (the Port's)."""
        self.start(code)
        return self.finish(timeout)

    def eval(self, expression):
        """-> the value of `expression` on the box, which must be a literal once printed with
        repr() (numbers, strings, bytes, tuples, lists, dicts, None); ValueError or
        SyntaxError when it is not."""
        return ast.literal_eval(self.exec("print(repr(%s))" % expression).decode().strip())

    def write_file(self, path, data, chunk=FILE_CHUNK, progress=None):
        """Writes `data` (bytes) into the box's file `path`, replacing it, `chunk` bytes per
        program (each chunk travels as a bytes literal the box compiles: its heap bounds it).
        progress(bytes written, len(data)) after each chunk. ReplError when the box refuses
        (its error_line says why: a full flash, a read-only drive, no such folder)."""
        # _lenotre_w: one name in the REPL's globals, deleted at the end, for the open file
        self.exec("_lenotre_w = open(%r, 'wb')" % path)
        for at in range(0, len(data), chunk):
            self.exec("_lenotre_w.write(%r)" % bytes(data[at:at + chunk]))
            if progress:
                progress(min(at + chunk, len(data)), len(data))
        self.exec("_lenotre_w.close()\ndel _lenotre_w")

    def restart_app(self, timeout=1.0):
        """Leaves the raw REPL and soft-resets from the friendly prompt: a Pico runs main.py
        (the app) only after a soft reset in the friendly REPL, not in the raw one. Best
        effort: the data is safe by now. -> True when the box said "soft reboot"; False when
        it went away (fine) or did not."""
        p = self.port
        try:
            p.write(b"\x02")  # Ctrl-B: leave the raw REPL (friendly ">>> ")
            self._prompt_read = False
            p.read_until(b">>> ", timeout)
            p.write(b"\x04")  # Ctrl-D on an empty friendly line: soft reboot, main.py runs
            p.read_until(b"soft reboot", timeout)
            return True
        except LinkError:
            return False

"""link/repl.py: mpremote's SerialTransport reading through the Port (its buffer, its
deadlines). Against a pseudo-terminal whose other end the test writes by hand."""
import os
import threading
import time

from lenotre.link.port import Port
from lenotre.link.repl import RawRepl


def _pty(timeout):
    master, slave = os.openpty()
    return master, slave, Port(os.ttyname(slave), timeout=timeout)


def test_mpremotes_fixed_reads_wait_as_long_as_the_port_does():
    # Regression: `make test` on a busy machine failed a flash with "unexpected read during
    # raw paste: b''": the virtual Pico granted the next raw-paste window after more than the
    # 1 s mpremote's read(1) waited. The view waits the Port's timeout (a flash's 5 s).
    master, slave, port = _pty(timeout=3.0)
    try:
        repl = RawRepl(port)
        late = threading.Timer(1.5, os.write, (master, b"\x01"))
        late.start()
        start = time.monotonic()
        assert repl.serial.read(1) == b"\x01"
        assert 1.4 < time.monotonic() - start < 3.0
        late.join()
        start = time.monotonic()
        assert repl.serial.read(2) == b""  # nothing comes: b"" once the deadline passed
        assert 2.9 < time.monotonic() - start < 4.5
    finally:
        port.close()
        os.close(master)
        os.close(slave)


def test_bytes_the_port_read_ahead_are_what_mpremote_reads_next():
    master, slave, port = _pty(timeout=1.0)
    try:
        repl = RawRepl(port)
        os.write(master, b"raw REPL; CTRL-B to exit\r\n>OK")
        assert port.read_until(b"exit\r\n") == b"raw REPL; CTRL-B to exit\r\n"
        time.sleep(0.1)
        assert repl.read_until(1, b">", timeout=1) == b">"  # from the Port's buffer
        assert repl.serial.read(2) == b"OK"
        os.write(master, b"out\x04err\x04>")
        assert repl.read_until(1, b"\x04", timeout=1) == b"out\x04"
        assert repl.read_until(1, b"\x04", timeout=1) == b"err\x04"
    finally:
        port.close()
        os.close(master)
        os.close(slave)


class _SlowBox(threading.Thread):
    """A box in the raw REPL that takes 1.3 s to answer each Ctrl-A with its banner (a busy
    machine's virtual Pico): enter() sends a second try before the first banner shows, so a
    second banner comes after enter() returned. Code ends with Ctrl-D and runs here; raw-paste
    is declined (R\\x00), as an old box does."""

    def __init__(self, master):
        super().__init__(daemon=True)
        self.master, self.banners = master, 0

    def run(self):
        import contextlib
        import io
        line = bytearray()
        while True:
            try:
                data = os.read(self.master, 256)
            except OSError:
                return
            for b in data:
                if b == 1 and line.endswith(b"\x05A"):  # raw-paste request
                    os.write(self.master, b"R\x00")
                    line.clear()
                elif b == 1:  # Ctrl-A: the banner, late
                    time.sleep(1.3)
                    self.banners += 1
                    os.write(self.master, b"raw REPL; CTRL-B to exit\r\n>")
                    line.clear()
                elif b == 4:  # Ctrl-D: run the line
                    out = io.StringIO()
                    with contextlib.redirect_stdout(out):
                        exec(line.decode(), {})
                    os.write(self.master, b"OK" + out.getvalue().replace("\n", "\r\n").encode()
                             + b"\x04\x04>")
                    line.clear()
                elif b not in (2, 3):
                    line.append(b)


def test_a_slow_boxs_second_banner_is_not_read_as_the_next_execs_answer():
    # Regression: `make test` on a busy machine failed "could not exec command (response:
    # b'R\x01')": the banner for enter()'s second try came after enter() returned, mpremote
    # read it as the answer to its raw-paste request, and the exchange slipped by two bytes.
    master, slave, port = _pty(timeout=5.0)
    box = _SlowBox(master)
    box.start()
    try:
        repl = RawRepl(port)
        repl.enter()
        assert repl.eval("6*7") == 42
        assert box.banners == 2  # the case: two tries sent, two banners
        assert repl.eval("'a'+'b'") == "ab"
    finally:
        port.close()
        os.close(master)
        os.close(slave)

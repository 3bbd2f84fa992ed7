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

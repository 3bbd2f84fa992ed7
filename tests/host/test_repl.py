"""link/repl.py, the raw REPL client, against a box faked on the far end of a pseudo-terminal:
its raw REPL written from MicroPython's description of the protocol (docs.micropython.org,
"raw mode and raw-paste mode"), independent of the client's code. The real boxes (the virtual
and the emulated Pico, CircuitPython's) are in test_flash.py, test_sync_cmd.py and the
*_emulated.py tests."""
import contextlib
import io
import os
import struct
import threading
import time
import traceback

import pytest

from lenotre.link.port import LinkTimeout, Port
from lenotre.link.repl import RawRepl, ReplError

BANNER = b"raw REPL; CTRL-B to exit\r\n>"


class FakeBox(threading.Thread):
    """A box's raw REPL, byte by byte. paste: "yes" (raw-paste with `window`-byte windows,
    each further one granted `late_s` after the last was used), "no" (R\\x00: known, not
    supported) or "unknown" (the request's Ctrl-A just shows the banner again).
    banner_s: how long each banner takes (a busy machine's virtual Pico). end_early_at: the
    box stops a paste after that many bytes, as MicroPython's compiler does at a syntax error.
    Programs run here, in CPython, in one namespace: their output and traceback go back."""

    def __init__(self, master, paste="yes", window=32, late_s=0.0, banner_s=0.0,
                 end_early_at=None):
        super().__init__(daemon=True)
        self.master, self.paste_mode, self.window, self.late_s = master, paste, window, late_s
        self.banner_s, self.end_early_at = banner_s, end_early_at
        self.requests = self.grants = self.banners = self.resets = 0
        self.overflowed = False  # a host that sent past its window
        self.namespace = {}
        self.stopped = threading.Event()  # the test ended: no more bytes to its pty

    def run(self):
        try:
            self._serve()
        except OSError:  # the test closed the pty
            pass

    def _byte(self):
        data = os.read(self.master, 1)
        if not data:
            raise OSError("closed")
        return data[0]

    def _send(self, data):
        os.write(self.master, data)

    def _serve(self):
        line = bytearray()
        while True:
            c = self._byte()
            if c == 1 and line.endswith(b"\x05A"):  # Ctrl-E A Ctrl-A: a raw-paste request
                self.requests += 1
                line.clear()
                if self.paste_mode == "yes":
                    self._send(b"R\x01" + struct.pack("<H", self.window))
                    self._take_paste()
                    continue
                if self.paste_mode == "no":
                    self._send(b"R\x00")
                    continue
            if c == 1:  # Ctrl-A: (re)enter the raw REPL
                if self.stopped.wait(self.banner_s):
                    return
                self.banners += 1
                self._send(BANNER)
                line.clear()
            elif c == 2:  # Ctrl-B: the friendly REPL
                self._send(b"\r\nMicroPython (fake)\r\n>>> ")
                line.clear()
            elif c == 3:
                line.clear()
            elif c == 4 and not line:  # Ctrl-D on an empty line: soft reset
                self.resets += 1
                self.namespace = {}
                self._send(b"OK\r\nMPY: soft reboot\r\n" + BANNER)
            elif c == 4:  # Ctrl-D: run the plainly sent program
                self._send(b"OK")
                self._run(bytes(line))
                line.clear()
            else:
                line.append(c)

    def _take_paste(self):
        code = bytearray()
        room = self.window
        while True:
            c = self._byte()
            if c == 4:  # the host's end of the program
                self._send(b"\x04")  # compiled: it runs
                self._run(bytes(code))
                return
            code.append(c)
            room -= 1
            self.overflowed |= room < 0
            if self.end_early_at is not None and len(code) >= self.end_early_at:
                self._send(b"\x04")  # no more, please
                while self._byte() != 4:  # the rest of what the host sent, up to its 0x04
                    pass
                self._send(b"\x04Traceback (most recent call last):\r\n"
                           b"SyntaxError: invalid syntax\r\n\x04>")
                return
            if room == 0:
                if self.stopped.wait(self.late_s):
                    return
                self.grants += 1
                room += self.window
                self._send(b"\x01")

    def _run(self, code):
        out, err = io.StringIO(), ""
        try:
            with contextlib.redirect_stdout(out):
                exec(code.decode(), self.namespace)
        except Exception:
            err = traceback.format_exc()
        crlf = lambda s: s.replace("\n", "\r\n").encode()  # noqa: E731
        self._send(crlf(out.getvalue()) + b"\x04" + crlf(err) + b"\x04>")


@contextlib.contextmanager
def box_and_repl(port_timeout=2.0, **box):
    master, slave = os.openpty()
    port = Port(os.ttyname(slave), timeout=port_timeout)
    fake = FakeBox(master, **box)
    fake.start()
    try:
        yield fake, RawRepl(port)
    finally:
        # the fake is gone before its pty's numbers are reused by the next test's
        fake.stopped.set()
        port.close()
        os.close(slave)  # its read of the master now fails: it ends
        fake.join(5)
        os.close(master)


def test_a_program_longer_than_a_window_goes_in_the_windows_the_box_grants():
    with box_and_repl(window=16) as (box, repl):
        repl.enter()
        code = "total = 0\n" + "".join("total += %d\n" % i for i in range(40)) + "print(total)"
        assert repl.exec(code) == b"780\r\n"
        assert box.grants >= len(code) // 16 - 1 and not box.overflowed
        assert repl.eval("total * 2") == 1560  # the same namespace: the exchange kept step
        assert box.requests == 2 and box.banners == 1


def test_a_window_granted_late_is_waited_for_as_long_as_the_port_waits():
    # Regression: `make test` on a busy machine failed a flash with "unexpected read during
    # raw paste: b''": the virtual Pico granted the next window after more than 1 s.
    with box_and_repl(port_timeout=3.0, window=8, late_s=1.5) as (box, repl):
        repl.enter()
        start = time.monotonic()
        assert repl.exec("print(1, 2)") == b"1 2\r\n"
        assert time.monotonic() - start > 1.4 and box.grants == 1


def test_a_window_never_granted_is_a_timeout_naming_the_code_not_taken():
    with box_and_repl(port_timeout=1.0, window=8, late_s=3.0) as (box, repl):
        repl.enter()
        start = time.monotonic()
        with pytest.raises(LinkTimeout, match="did not take the code"):
            repl.exec("print('never')")
        assert time.monotonic() - start < 2.5


@pytest.mark.parametrize("paste", ["no", "unknown"])
def test_a_box_without_raw_paste_gets_programs_plainly_and_is_asked_once(paste):
    with box_and_repl(paste=paste) as (box, repl):
        repl.enter()
        assert repl.exec("x = 6\nprint(x * 7)") == b"42\r\n"
        assert repl.eval("x + 1") == 7
        assert box.requests == 1
        assert box.banners == (2 if paste == "unknown" else 1)


def test_a_paste_the_box_ends_early_is_acknowledged_and_its_error_raised():
    with box_and_repl(window=32, end_early_at=10) as (box, repl):
        repl.enter()
        with pytest.raises(ReplError) as err:
            repl.exec("print('this program is longer than ten bytes')")
        assert err.value.error_line == "SyntaxError: invalid syntax"
        assert repl.exec("") == b""  # the next exchange is in step (ends early at 10 only)


def test_errors_raise_with_the_boxs_traceback_and_the_next_program_runs():
    with box_and_repl() as (box, repl):
        repl.enter()
        with pytest.raises(ReplError) as err:
            repl.exec("1 / 0")
        assert err.value.error_line == "ZeroDivisionError: division by zero"
        assert "Traceback" in err.value.error_output
        assert repl.eval("[1, 'two', None, b'3']") == [1, "two", None, b"3"]


def test_a_slow_boxs_second_banner_is_not_read_as_the_next_programs_answer():
    # Regression: `make test` on a busy machine failed "could not exec command (response:
    # b'R\x01')": the banner for enter()'s second try came after enter() returned, was read
    # as the answer to the raw-paste request, and the exchange slipped by two bytes.
    with box_and_repl(port_timeout=5.0, banner_s=1.3) as (box, repl):
        repl.enter()
        assert repl.eval("6*7") == 42
        assert box.banners == 2  # the case: two tries sent, two banners
        assert repl.eval("'a'+'b'") == "ab"


def test_soft_reset_empties_the_namespace_and_stays_in_the_raw_repl():
    with box_and_repl() as (box, repl):
        repl.enter()
        repl.exec("kept = 1")
        assert repl.soft_reset(2.0) is True and box.resets == 1
        assert repl.eval("'kept' in globals()") is False


def test_after_start_the_programs_output_is_the_ports_to_read_then_finish_ends_it():
    # the sync's pattern: serve() runs, its lines go through the Port, then the run ends
    with box_and_repl() as (box, repl):
        repl.enter()
        repl.start("print('LN one')\nprint('LN two')")
        assert repl.port.readline() == b"LN one\r\n"
        assert repl.port.readline() == b"LN two\r\n"
        assert repl.finish() == b""
        assert repl.eval("3") == 3


def test_follow_hands_the_output_on_as_it_comes_without_the_end_marker():
    with box_and_repl() as (box, repl):
        repl.enter()
        repl.start("for i in range(3):\n print('line', i)")
        said = []
        repl.follow(said.append, idle=2.0, most=5.0)
        assert b"".join(said) == b"line 0\r\nline 1\r\nline 2\r\n"


def test_write_file_writes_in_chunks_and_says_how_far_it_got(tmp_path):
    data = bytes(range(256)) * 4 + b"end"
    target = str(tmp_path / "file.bin")
    seen = []
    with box_and_repl() as (box, repl):
        repl.enter()
        repl.write_file(target, data, 256, lambda n, size: seen.append((n, size)))
        assert "_lenotre_w" not in box.namespace  # nothing left behind on the box
        with pytest.raises(ReplError) as err:
            repl.write_file(str(tmp_path / "no" / "such" / "folder"), b"x")
        assert err.value.error_line.startswith("FileNotFoundError")
    with open(target, "rb") as f:
        assert f.read() == data
    assert seen == [(256, 1027), (512, 1027), (768, 1027), (1024, 1027), (1027, 1027)]


def test_restart_app_leaves_the_raw_repl_and_soft_resets_from_the_friendly_one():
    with box_and_repl() as (box, repl):
        repl.enter()
        # the fake's friendly REPL shows its prompt; its Ctrl-D there is a raw-line reset
        assert repl.restart_app() is True and box.resets == 1

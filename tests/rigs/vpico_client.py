"""VirtualPico: start a virtual Pico (lenotre.device.vpico) in its own process, and use its buttons
and screen while its app runs. For tests and scripts:

    with VirtualPico(flash_dir) as pico:      # .port is its /dev/pts/N
        subprocess.run(["mpremote", "connect", pico.port, "fs", "ls"])
        pico.wait_for("LE NOTRE")              # the app's menu is on its screen
        pico.press("ok"); pico.long("back"); pico.text()

The buttons and the screen go over the control panel of firmware/hal/virtual.py (a datagram
socket in Linux's abstract namespace), so they work only while the app runs."""
import json
import os
import select
import signal
import socket
import subprocess
import sys
import time

from lenotre.device.client import DeviceClient
from lenotre.device.vpico import CONTROL_ENV, HEAP

MORE = b"\x01"  # firmware/hal/virtual.py's: a piece of a reply with more to come


class VirtualPicoError(Exception):
    pass


class VirtualPico(DeviceClient):
    error = VirtualPicoError

    def __init__(self, flash, heap=HEAP, timeout=5.0):
        DeviceClient.__init__(self)
        self.flash = os.path.abspath(flash)
        self.heap = heap
        self.timeout = timeout  # seconds for the app to answer a request
        self.control = "lenotre-vpico-%d-%s" % (os.getpid(), os.urandom(4).hex())
        self.proc = None
        self.port = None
        self.sock = None

    def start(self):
        env = dict(os.environ, **{CONTROL_ENV: self.control})
        self.proc = subprocess.Popen([sys.executable, "-m", "lenotre.device.vpico", self.flash,
                                      "--heap", self.heap], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        ready, _, _ = select.select([self.proc.stdout], [], [], 15)
        line = self.proc.stdout.readline().strip() if ready else ""
        if not line.startswith("/dev/"):
            self.stop()
            raise VirtualPicoError("the virtual Pico did not start: %s %s"
                                   % (line, self.proc.stderr.read()[-2000:]))
        self.port = line
        return self

    # ---- the control panel ---------------------------------------------------------------
    def request(self, text, timeout=None):
        if self.sock is None:
            self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self.sock.bind("")  # an automatic abstract address the device answers to
        while True:  # drop late answers to requests that timed out
            ready, _, _ = select.select([self.sock], [], [], 0)
            if not ready:
                break
            self.sock.recv(65536)
        try:
            self.sock.sendto(text.encode(), "\0" + self.control)
        except (ConnectionRefusedError, FileNotFoundError):
            raise VirtualPicoError("the app is not running on the virtual Pico (%r)" % text)
        ready, _, _ = select.select([self.sock], [], [], timeout or self.timeout)
        if not ready:
            raise VirtualPicoError("the app on the virtual Pico does not answer %r (stopped "
                                   "at the REPL?)" % text)
        piece = self.sock.recv(65536)
        reply = b""
        while piece[:1] == MORE:  # a screen reply in pieces (hal/virtual.py): more follows
            reply += piece[1:]
            ready, _, _ = select.select([self.sock], [], [], timeout or self.timeout)
            if not ready:
                raise VirtualPicoError("the virtual Pico's reply to %r stopped half-way" % text)
            piece = self.sock.recv(65536)
        reply = (reply + piece).decode()
        if reply.startswith("error "):
            raise VirtualPicoError("%s: %s" % (text, reply[6:]))
        return reply

    def _hold(self, button, ms):
        # Returns once the button is released and the app has seen it.
        self.request("press %s %d" % (button, ms), self.timeout + ms / 1000)

    def screen(self):
        # -> {"texts": [strings on screen], "frame": 1024 bytes, "pixels": [(r, g, b)...]}
        s = json.loads(self.request("screen"))
        px = bytes.fromhex(s["pixels"])
        return {"texts": s["texts"], "frame": bytes.fromhex(s["frame"]),
                "pixels": [tuple(px[i:i + 3]) for i in range(0, len(px), 3)]}

    def texts(self):
        return self.screen()["texts"]

    def wait_for(self, text, timeout=20.0):
        # Until `text` is on the screen (the app booting, a screen changing) -> the screen text
        end = time.monotonic() + timeout
        seen = "(the app never answered)"
        while True:
            try:
                seen = self.text()
                if text in seen:
                    return seen
            except VirtualPicoError:
                pass
            if time.monotonic() > end:
                raise VirtualPicoError("%r not on the virtual Pico's screen after %g s; it "
                                       "shows: %s" % (text, timeout, seen))
            time.sleep(0.05)

    # ---- the process ---------------------------------------------------------------------
    def stop(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None:
            for f in (self.proc.stdout, self.proc.stderr):
                f.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

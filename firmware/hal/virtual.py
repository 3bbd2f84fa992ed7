"""The virtual Pico's hardware: MicroPython's unix port behind a pseudo-terminal
(host/lenotre/vpico.py, `lenotre sim --serial`). Real time (the `time` module, as on a
Pico), the simulator's display, pixels and pins (hal.sim), and a control panel: a datagram
socket in Linux's abstract namespace, named by the environment variable LENOTRE_VPICO_HW,
where a test presses buttons and reads the screen of the running app. The panel is served
while the app sleeps between steps, so the loop stays one step every 10 ms; the relay's
Ctrl-C comes this way too ("interrupt").

Requests (ASCII datagrams) and replies:
  press B MS   hold button B for MS ms; "ok" once it is released and 40 ms passed
  down B / up B   press / release B now; "ok"
  screen       {"texts": [...], "frame": hex of the 1024-byte frame, "pixels": hex RGB}, in
               datagrams of up to PIECE bytes: each but the last starts with MORE
  interrupt    "ok", then KeyboardInterrupt: the relay's Ctrl-C while the app runs. Raised
               here, between steps, as a Pico's scheduled one is: the unix port's SIGINT
               jumps out of whatever C code runs, and one landing while MicroPython holds
               its string-table lock (importing, compiling) leaves that lock held for good.
anything else: "error ...". Buttons: up down back next ok."""
import json
import os
import select
import socket
import struct
import time

import board
from buttons import Keypad
from pixels import Pixels
from keptclock import Kept

from hal import Hal
from hal.sim import SimBuzzer, SimDisplay, SimPin, SimStrip

ENV = "LENOTRE_VPICO_HW"
GAP_MS = 40  # after a release, before "ok": the app has polled the button by then
PIECE = 256  # a screen reply's datagrams: the box itself never needs this buffer
MORE = 1  # a screen reply's piece with more to come starts with this byte (JSON has none)
_sock = None  # bound once per process: a second build() (the app restarted) reuses it


def _bind(name):
    global _sock
    if _sock is None and name:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        # a raw sockaddr_un: family, then a NUL and the name (the abstract namespace: no file)
        s.bind(struct.pack("<H", socket.AF_UNIX) + b"\0" + name.encode())
        _sock = s
    return _sock


class Panel:
    def __init__(self, name, display, strip):
        self.pins = {}
        for r in board.BUTTONS:
            self.pins[r] = SimPin()
        self.display = display  # a SimDisplay: what the app showed last
        self.strip = strip  # a SimStrip: the colours last written
        self.sock = _bind(name)
        self.poller = select.poll()
        if self.sock is not None:
            self.poller.register(self.sock, select.POLLIN)
        self.press = None  # a timed press: [button, released?, at (release or done), asker]
        # the screen reply's piece, made while the heap is young (see screen())
        self.out = bytearray(PIECE + 1)
        self.used = 1
        self.to = None

    def serve(self, ms):
        """Waits up to ms, answering requests; moves a timed press on when its time comes."""
        end = time.ticks_add(time.ticks_ms(), ms)
        while True:
            now = time.ticks_ms()
            left = time.ticks_diff(end, now)
            if self.press is not None:
                left = min(left, time.ticks_diff(self.press[2], now))
            if self.poller.poll(max(0, left)):
                data, addr = self.sock.recvfrom(256)
                words = data.decode().split()
                self.to = addr
                try:
                    answer = self.handle(words, addr)
                except MemoryError:  # the panel is the simulator's, not the box's: never fatal
                    answer = "error MemoryError: ask again"
                self.reply(addr, answer)
                if words == ["interrupt"]:
                    while self.poller.poll(0):  # the relay's repeats of it
                        self.sock.recvfrom(256)
                    raise KeyboardInterrupt
            self.tick()
            if time.ticks_diff(end, time.ticks_ms()) <= 0:
                return

    def tick(self):
        p = self.press
        now = time.ticks_ms()
        if p is None or time.ticks_diff(now, p[2]) < 0:
            return
        if not p[1]:  # release, then give the app GAP_MS to see it
            self.pins[p[0]].level = 1
            p[1] = True
            p[2] = time.ticks_add(now, GAP_MS)
        else:
            self.press = None
            self.reply(p[3], "ok")

    def handle(self, words, addr):
        """Returns the reply now, or None when it comes later (a timed press)"""
        if words == ["interrupt"]:
            return "ok"
        if words == ["screen"]:
            return self.screen()
        if len(words) < 2 or words[1] not in self.pins:
            return "error unknown request %r; buttons: %s" % (" ".join(words),
                                                               " ".join(board.BUTTONS))
        pin = self.pins[words[1]]
        if words[0] in ("down", "up") and len(words) == 2:
            pin.level = 0 if words[0] == "down" else 1
            return "ok"
        if words[0] == "press" and len(words) == 3 and self.press is None:
            pin.level = 0
            self.press = [words[1], False, time.ticks_add(time.ticks_ms(), int(words[2])),
                          addr]
            return None
        return "error cannot %r now" % " ".join(words)

    def screen(self):
        """The frame and the pixels as hex, the texts as JSON, sent in pieces from the buffer
        made at boot: a box with 1,300 games has no 2 KB piece left for a string this size
        (the box itself never sends it, so it must never be what fails); a buffer for the
        whole reply would take 3 KB of the 192 KB the box has."""
        self.out[0] = MORE
        self.used = 1
        for part in (b'{"texts": ', json.dumps(self.display.shown_texts).encode(),
                     b', "frame": "'):
            self._put(part)
        self._hex(self.display.shown)
        self._put(b'", "pixels": "')
        for rgb in self.strip.shown:
            self._hex(rgb)
        self._put(b'"}')
        return memoryview(self.out)[1:self.used]  # the last piece: no MORE

    def _put(self, data):
        for b in data:
            self._byte(b)

    def _hex(self, data):
        for b in data:
            self._byte(_HEX[b >> 4])
            self._byte(_HEX[b & 15])

    def _byte(self, b):
        if self.used > PIECE:
            self.reply(self.to, memoryview(self.out)[:self.used])
            self.used = 1
        self.out[self.used] = b
        self.used += 1

    def reply(self, addr, text):
        if text is not None:
            try:
                self.sock.sendto(text if isinstance(text, memoryview) else text.encode(), addr)
            except OSError:
                pass  # the asker is gone


_HEX = b"0123456789abcdef"


def restart():
    """A Pico's machine.reset(): the process ends at once and the relay boots it again, main.py
    and all, with a fresh heap (host/lenotre/vpico.py, as for its watchdog). Not SystemExit:
    under the relay's `-i` the unix port would drop into its REPL instead. The shell's
    parent is this process (the unix port inside its Python launcher)."""
    os.system("kill -9 $PPID")
    time.sleep_ms(5000)  # the signal lands meanwhile


class Clock:
    """The `time` module's ticks; sleep_ms serves the panel meanwhile."""
    def __init__(self, panel):
        self.ticks_ms = time.ticks_ms
        self.ticks_diff = time.ticks_diff
        self.ticks_add = time.ticks_add
        self.sleep_ms = panel.serve


def build(pinout="pinout.json", root="data"):
    """The same bundle as hal.pico.build; `hal.panel` is the control panel."""
    import store  # late, as in hal.pico

    b = board.load(pinout)
    panel = Panel(os.getenv(ENV), SimDisplay(b.oled_width, b.oled_height),
                  SimStrip(b.pixel_count))
    clock = Clock(panel)
    hal = Hal(b, clock, Keypad(tuple(panel.pins[r] for r in board.BUTTONS), time.ticks_diff),
              panel.display, Pixels(panel.strip, b.pixel_roles, b.pixel_cap), store.Store(root),
              SimBuzzer(clock) if b.buzzer_pin is not None else None, wall=Kept(),
              restart=restart)
    hal.panel = panel  # type: ignore[attr-defined]
    return hal

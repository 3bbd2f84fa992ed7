"""A device's files and programs over its USB serial: what the emulated Pico's tests and benches
do to a running box besides pressing its buttons (lenotre.device.epico), on either firmware.
Thin uses of the link's raw REPL (lenotre.link.repl.RawRepl, the one client of every box),
whose every read has a deadline counted in the emulated Pico's time while one runs here."""
import ast
import os

from lenotre.link.port import Port
from lenotre.link.repl import RawRepl

PORT_S = 5.0  # the raw REPL's answers; in emulated time while an emulated Pico runs (epico)
READ_CHUNK = 256  # bytes of a file per program on pull (a bytes repr on the box's heap)
WRITE_CHUNK = 4096  # bytes of a file per program on push


def at_raw_repl(port, work, soft_reset=False):
    """-> work(repl), run with the device at its raw REPL (the app interrupted by Ctrl-C), the
    port closed after. What a host wrote just before it closed the port reaches the device
    before the next program's bytes (the relay reads it before heeding the hang-up), so
    nothing stale meets the Ctrl-C and Ctrl-A."""
    repl = RawRepl(Port(port, timeout=PORT_S))
    try:
        repl.enter()
        if soft_reset:
            repl.soft_reset(PORT_S)
        return work(repl)
    finally:
        repl.close()


def execute(port, code, soft_reset=False):
    """Runs `code` on the device at its raw REPL -> what it printed."""
    return at_raw_repl(port, lambda repl: repl.exec(code), soft_reset)


def _read_file(repl, path):
    # a chunk per program: the whole file as one bytes repr may find no room in the box's heap
    repl.exec("_rig_f = open(%r, 'rb')" % path)
    data = bytearray()
    while True:
        chunk = repl.eval("_rig_f.read(%d)" % READ_CHUNK)
        if not chunk:
            break
        data += chunk
    repl.exec("_rig_f.close()\ndel _rig_f")
    return bytes(data)


def pull(port, folder, dest):
    """Copies the device's `folder` (e.g. "data") into `dest` over its USB serial, as
    mpremote's fs cp -r would; the app is interrupted and left at the raw REPL.
    -> files copied"""
    def work(repl):
        n = 0
        stack = [folder]
        while stack:
            d = stack.pop()
            os.makedirs(os.path.join(dest, os.path.relpath(d, folder)), exist_ok=True)
            # an entry per print: the whole listing as one repr may find no room on the box
            listing = repl.exec("import os\nfor e in os.ilistdir(%r):\n print(repr(e[:2]), "
                                "end=',')" % d)
            for name, mode in ast.literal_eval("[%s]" % listing.decode()):
                path = d + "/" + name
                if mode & 0x4000:  # a folder (stat's S_IFDIR)
                    stack.append(path)
                else:
                    with open(os.path.join(dest, os.path.relpath(path, folder)), "wb") as f:
                        f.write(_read_file(repl, path))
                    n += 1
        return n
    return at_raw_repl(port, work)


def push(port, local, folder):
    """Copies the local folder `local` into the device's `folder` over its USB serial (as
    mpremote's fs cp -r would), the app interrupted and left at the raw REPL. -> files"""
    def work(repl):
        n = 0
        for top, dirs, names in os.walk(local):
            rel = os.path.relpath(top, local).replace(os.sep, "/")
            where = folder if rel == "." else folder + "/" + rel
            repl.exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % where)
            for name in sorted(names):
                with open(os.path.join(top, name), "rb") as f:
                    repl.write_file(where + "/" + name, f.read(), WRITE_CHUNK)
                n += 1
        return n
    return at_raw_repl(port, work)

"""A device's files and programs over its USB serial, as mpremote does them (its transport, at
the raw REPL): what the emulated Pico's tests and benches do to a running box besides pressing
its buttons (lenotre.device.epico), on either firmware."""
import os

from lenotre.link.port import Port
from lenotre.link.repl import RawRepl

PORT_S = 5.0  # the raw REPL's answers; in emulated time while an emulated Pico runs (epico)


class Transport(RawRepl):
    """The link's raw REPL, with mpremote's exec(code, data_consumer=...) that its fs_*
    helpers call: the output, once whole, goes to the consumer too."""

    def exec(self, code, timeout=None, data_consumer=None):
        out = RawRepl.exec(self, code, timeout)
        if data_consumer is not None:
            data_consumer(out)
        return out


def at_raw_repl(port, work, soft_reset=False):
    """work(transport) at the device's raw REPL (the app interrupted by Ctrl-C), over the
    link's raw REPL (lenotre.link.repl: mpremote's transport, every read with a deadline, which
    counts the emulated Pico's time while one runs in this process). What a host wrote just
    before it closed the port reaches the device before the next program's bytes (the relay
    reads it before heeding the hang-up), so nothing stale meets the Ctrl-C and Ctrl-A."""
    t = Transport(Port(port, timeout=PORT_S))
    try:
        t.enter()
        if soft_reset:
            t.soft_reset(PORT_S)
        return work(t)
    finally:
        t.close()


def execute(port, code, soft_reset=False):
    """Run `code` on the device at its raw REPL -> what it printed."""
    return at_raw_repl(port, lambda t: t.exec(code), soft_reset)


def pull(port, folder, dest):
    """Copy the device's `folder` (e.g. "data") into `dest` over its USB serial, as mpremote's
    fs cp would: the app is interrupted (Ctrl-C) and left at the raw REPL. -> files copied"""
    def work(t):
        n = 0
        stack = [folder]
        while stack:
            d = stack.pop()
            os.makedirs(os.path.join(dest, os.path.relpath(d, folder)), exist_ok=True)
            for entry in t.fs_listdir(d):
                path = d + "/" + entry.name
                if entry.st_mode & 0x4000:
                    stack.append(path)
                else:
                    with open(os.path.join(dest, os.path.relpath(path, folder)), "wb") as f:
                        f.write(t.fs_readfile(path))
                    n += 1
        return n
    return at_raw_repl(port, work)


def push(port, local, folder):
    """Copy the local folder `local` into the device's `folder` over its USB serial (as
    mpremote's fs cp -r would), the app interrupted and left at the raw REPL. -> files"""
    def work(t):
        n = 0
        for top, dirs, names in os.walk(local):
            rel = os.path.relpath(top, local).replace(os.sep, "/")
            where = folder if rel == "." else folder + "/" + rel
            t.exec("import os\ntry:\n os.mkdir(%r)\nexcept OSError:\n pass" % where)
            for name in sorted(names):
                with open(os.path.join(top, name), "rb") as f:
                    t.fs_writefile(where + "/" + name, f.read(), chunk_size=4096)
                n += 1
        return n
    return at_raw_repl(port, work)

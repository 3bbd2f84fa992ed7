"""How long `lenotre flash` takes on a virtual Pico: a blank one, then again with nothing
changed, then with one file changed; the build (mpy-cross) and the device work apart."""
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "host"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "rigs"))

from lenotre.link import flasher  # noqa: E402
from lenotre.device import toolchain  # noqa: E402
from vpico_client import VirtualPico  # noqa: E402


def timed(fn, *args):
    t0 = time.monotonic()
    out = fn(*args)
    return out, time.monotonic() - t0


def main():
    with tempfile.TemporaryDirectory() as tmp:
        _, build_s = timed(toolchain.build, os.path.join(tmp, "build"))
        files = flasher.local_files(os.path.join(tmp, "build"))
        size = sum(len(v) for v in files.values())
        with VirtualPico(os.path.join(tmp, "flash")) as pico:
            runs = [("blank", files), ("no change", files),
                    ("main.py changed", dict(files, **{"main.py": files["main.py"] + b"#\n"}))]
            print("build (mpy-cross, %d files, %d bytes): %.2f s" % (len(files), size, build_s))
            for name, fs in runs:
                done, s = timed(flasher.flash, pico.port, fs)
                print("flash %-16s copied %2d  %.2f s on the device (+ %.1f s watching the app "
                      "start) -> lenotre flash ~%.1f s"
                      % (name + ":", len(done["copied"]), s - flasher.WATCH_S, flasher.WATCH_S,
                         s + build_s))
            pico.wait_for("LE NOTRE")


if __name__ == "__main__":
    main()

"""`lenotre sim --pico`: the firmware on the emulated Pico (device/epico.py), as a device the
simulator's terminal and scripts drive, or (--serial) its USB serial for other programs."""
import contextlib
import os
import sys
import tempfile

from lenotre.errors import UsageError


def _start(image):
    # -> a running epico.EmulatedPico over the flash image `image` (made if new)
    from lenotre.device import epico
    os.makedirs(os.path.dirname(os.path.abspath(image)), exist_ok=True)
    try:
        return epico.EmulatedPico(image).start()
    except epico.EmulatorMissing as exc:
        raise UsageError(str(exc))


@contextlib.contextmanager
def pico_device(image, language=("en", False)):
    # The emulated Pico with the firmware on it: flashed as `lenotre flash` does (only what
    # changed), then its app restarted. -> epico.PicoDevice
    from lenotre.device import epico, toolchain
    from lenotre.link import flasher
    pico = _start(image)
    try:
        with tempfile.TemporaryDirectory(prefix="lenotre-sim-") as build:
            toolchain.build(build)
            done = flasher.flash(pico.port, flasher.local_files(build), language=language)
        print("emulated Pico (MicroPython 1.26.1, rp2040js) on %s: firmware copied %d, "
              "unchanged %d" % (pico.port, len(done["copied"]), done["unchanged"]),
              file=sys.stderr)
        pico.wait_for("")  # the app is up: some text on its screen
        yield epico.PicoDevice(pico)
    finally:
        pico.kill()


def serve_pico(image):
    # `lenotre sim --pico --serial`: the emulated Pico's USB serial until Ctrl-C
    import signal
    import time
    pico = _start(image)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    print(pico.port, flush=True)
    print("emulated Pico (MicroPython 1.26.1 on rp2040js) on %s; flash image %s; Ctrl-C stops "
          "it" % (pico.port, pico.image), file=sys.stderr, flush=True)
    try:
        while not stop and pico.proc.poll() is None:
            time.sleep(0.1)
    except KeyboardInterrupt:
        pass
    finally:
        pico.kill()
    return 0

"""How much room the guard's reserve must hold on the box's own image: on the emulated Pico
(rp2040js) the app runs inside its guard, started at the REPL with the reserve set to each
number of 512-byte pieces asked for; once the menu stands a screen's key is made to fill the
heap with lists (kept, as a game that grew would keep them), ok is pressed, and the bench
prints whether the guard caught the MemoryError, logged it (the record's number in the crash
log) and drew its error screen. firmware/guard.py's RESERVE is twice what the crash needs.

    python bench/crash_room.py [PIECES ...]     (default: 4 2 1 0)
"""
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "host"), os.path.join(HERE, "..")]

import image as heap_bench  # noqa: E402  (bench/image.py: its monitor's way onto the box)
from lenotre.device import image, toolchain  # noqa: E402
from lenotre.device.epico import EmulatedPico  # noqa: E402
from lenotre.link import flasher  # noqa: E402

PROBE_MODULE = "crashprobe"
# In place of main.py's loop (as bench/image.py's monitor): the guard with `pieces` of
# reserve, always kept (spare 0); after STEPS steps the top screen's key fills the heap.
PROBE = """import sys
if '/rom' in sys.path:
    sys.path[:] = ['/rom', '/rom/lib', '.frozen']  # as the image's main.py
import gc, time, app, guard
app.preload()
from guard import Guard
from hal.pico import build
guard.RESERVE = %d
g = Guard(build(), app.App)
g.spare = 0
g.run(False)


def hog(button, kind):
    g.app.hog = [None]
    while True:
        g.app.hog[0] = [g.app.hog[0]]


def loop():
    n = 0
    said = False
    while True:
        g.step()
        n += 1
        if n == 300:
            g.app.stack[-1].key = hog
            gc.collect()
            print('HOOKED', len(g._reserve or ()), gc.mem_free())
        if g.crashes and not said:
            said = True
            print('CRASHED', g.newest.get('err'), 'record', g.newest.get('n'))
        time.sleep_ms(10)


loop()
"""


def probe(box, files, work, pieces):
    # -> (the screen's texts after ok, the probe's lines) for a reserve of `pieces`
    files = heap_bench.with_module(files, work, PROBE_MODULE, PROBE % pieces)
    with EmulatedPico(os.path.join(work, "p%d.img" % pieces), uf2=box) as pico:
        pico.first_start()  # the UF2 just dragged: its language asked, English
        heap_bench.set_up(pico, work, files, 0)
        board = flasher.Board(pico.port)
        board.repl.start("import " + PROBE_MODULE)  # its loop runs as it is imported
        board.close()
        for _ in range(40):
            pico.wait(500)
            if b"HOOKED" in pico.serial_log:
                break
        pico.press("ok")
        pico.wait(1500)
        lines = [line for line in pico.serial_log.decode(errors="replace").splitlines()
                 if "HOOKED" in line or "CRASHED" in line]
        return pico.screen()["texts"], [line[line.index("HOOKED" if "HOOKED" in line
                                                         else "CRASHED"):] for line in lines]


def main(argv=None):
    pieces = [int(a) for a in (argv if argv is not None else sys.argv[1:])] or [4, 2, 1, 0]
    work = tempfile.mkdtemp(prefix="bench-crash-room-")
    try:
        build = os.path.join(work, "build")
        toolchain.build(build)
        files = toolchain.built_files(build)
        box = image.build_uf2(os.path.join(work, "box.uf2"))
        for n in pieces:
            texts, said = probe(box, files, work, n)
            shown = texts[:2] == ["Restarting", "MemoryError"]
            print("reserve %d x 512 B: %s; error screen %s" % (
                n, "; ".join(said) or "no word from the probe",
                "drawn" if shown else "NOT drawn: %r" % texts))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

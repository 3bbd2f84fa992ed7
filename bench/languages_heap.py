"""The box in English and in German side by side, in one run: a whole game of each of the four
games played through the buttons on the simulated box as the box's own image runs it (the
app's code and the German tree read in place from a ROMFS on MicroPython's unix port, the
Pico's 192 KB beside it: tests/rigs/unixrom.py), the German with the English game's presses
(tests/rigs/replay.py). Printed for each game and language: the most heap the app held between
its steps (gc.mem_alloc after gc.collect, less the ROMFS read into the heap's bottom, sampled every
PACE lines of the game's presses) and the presses (the German pages through its longer
messages: a few more).

--in-heap: the box as the official UF2 holds it instead, its code (.mpy) loaded into the heap,
given IN_HEAP so that neither language runs out (the figures are the most each held).

Run: .venv/bin/python bench/languages_heap.py [--in-heap]"""
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "host"), os.path.join(HERE, ".."),
                os.path.join(HERE, "..", "firmware"), os.path.join(HERE, "..", "tests", "rigs")]

from lenotre.commands.simulate import simulator  # noqa: E402
from lenotre.device import languages, toolchain  # noqa: E402
from lenotre.device.simclient import SimDevice  # noqa: E402
from replay import Recording, replay  # noqa: E402
import unixrom  # noqa: E402

GAMES = (("versailles", 5, 7), ("sanssouci", 4, 2), ("gardens", 4, 5), ("schlossgarten", 4, 1))
SEED = 7
IN_HEAP = "320k"
PACE = 8  # lines between two samples (a press is four: down, its hold, up, the gap)


def _player(game, dev):
    if game == "versailles":
        from lenotre.games.versailles_play import Player
    elif game == "sanssouci":
        from sanssouci_play import Player
    elif game == "gardens":
        from gardens_play import GardensPlayer as Player
    else:
        from schlossgarten_play import Player
    return Player(dev)


def main(argv=None):
    in_heap = "--in-heap" in (sys.argv[1:] if argv is None else argv)
    work = tempfile.mkdtemp(prefix="lenotre-langheap-")
    build = os.path.join(work, "build")
    rom = unixrom.write(os.path.join(work, "app.romfs"), unixrom.build(build))
    if in_heap:
        print("the box as the official UF2 holds it (.mpy loaded into the heap, %s on the unix "
              "port): the most heap held, English and German, the same presses" % IN_HEAP)
    else:
        print("the box's image on the unix port (ROMFS, 192 KB beside it): the most heap held, "
              "English and German, the same presses")
    for game, players, seed in GAMES:
        plan = simulator(game)(seed, players)
        with Recording(os.path.join(work, game + "-rec"), seed=SEED) as rec:
            rec.wait(30)
            _player(game, rec).play(plan.log)
        peaks = {}
        for code in ("en", "de"):
            flash = os.path.join(work, "%s-%s" % (game, code))
            os.makedirs(flash)
            languages.settle(flash, code, True)
            box = dict(compiled=build, heap=IN_HEAP) if in_heap else dict(
                launch=unixrom.launcher(rom), compiled=build)
            with SimDevice(flash, seed=SEED, **box) as dev:
                dev.wait(30)
                peak = [0]

                def at(i):
                    if i % PACE == 0:
                        peak[0] = max(peak[0], dev.stats()["alloc"])
                replay_changes = [replay(rec.lines, dev, at)]
                peak[0] = max(peak[0], dev.stats()["alloc"])
                assert dev.crashes == [] and dev.stats()["clipped"] == 0
                blob = 0 if in_heap else os.path.getsize(rom)
                peaks[code] = (peak[0] - blob, rec.presses + replay_changes[0])
        print("  %-13s %d players: most held English %6d B, German %6d B (%+d B, %.3fx); "
              "presses %d / %d" % (game, players, peaks["en"][0], peaks["de"][0],
                                   peaks["de"][0] - peaks["en"][0],
                                   peaks["de"][0] / peaks["en"][0], peaks["en"][1],
                                   peaks["de"][1]))


if __name__ == "__main__":
    main()

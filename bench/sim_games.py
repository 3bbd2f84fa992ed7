# Whole random games of one game (Versailles unless named) with its rules' simulation, timed;
# runs unchanged on CPython and on the MicroPython unix port. Prints games/s and, under
# MicroPython, the live heap.
# Usage: sim_games.py GAMES PLAYERS SEED [GAME]
import gc
import sys

sys.path.insert(0, "")

from shared_rules import games as registry
from shared_rules.codec import decode, encode

try:
    from time import ticks_diff, ticks_us
except ImportError:  # CPython
    from time import perf_counter

    def ticks_us():
        return int(perf_counter() * 1000000)

    def ticks_diff(a, b):
        return a - b


def live():
    gc.collect()
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def main(games, players, seed, game):
    # every game's simulate module has Simulation(seed, players), whose run() -> the game
    Simulation = __import__("shared_rules.%s.simulate" % game, None, None,
                            ("Simulation",)).Simulation
    impl = sys.implementation.name
    start = ticks_us()
    for i in range(games):
        Simulation(seed + i, players).run()
    us = ticks_diff(ticks_us(), start)
    print("%s: %d games of %d players in %.3f s: %.1f games/s"
          % (impl, games, players, us / 1e6, games * 1e6 / us))
    if not hasattr(gc, "mem_alloc"):
        return
    base = live()
    sim = Simulation(seed, players)
    finished = sim.run()
    with_gardens = live() - base
    lines = [encode(ev) for ev in finished.log]  # as the journal holds them on flash
    sim = finished = None
    base = live()
    table = registry.replay([decode(line) for line in lines])  # what the box holds in RAM
    held = live() - base
    print("%s: live heap after a complete %d-player game: %d bytes (box: game state + log "
          "of %d events), %d bytes with the simulation's state"
          % (impl, players, held, len(table.log), with_gardens))


main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]),
     sys.argv[4] if len(sys.argv) > 4 else "versailles")

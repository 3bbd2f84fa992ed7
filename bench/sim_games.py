# Whole random Versailles games with the grid model, timed; runs unchanged on CPython and on
# the MicroPython unix port. Prints games/s and, under MicroPython, the live heap.
# Usage: sim_games.py GAMES PLAYERS SEED
import gc
import sys

sys.path.insert(0, "")

from shared_rules.codec import decode, encode
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import Simulation

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


def main(games, players, seed):
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
    game = sim.run()
    with_gardens = live() - base
    lines = [encode(ev) for ev in game.log]  # as the journal holds them on flash
    sim = game = None
    base = live()
    table = Game.replay([decode(line) for line in lines])  # what the box holds in RAM
    held = live() - base
    print("%s: live heap after a complete %d-player game: %d bytes (box: game state + log "
          "of %d events), %d bytes with the simulation's gardens"
          % (impl, players, held, len(table.log), with_gardens))


main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))

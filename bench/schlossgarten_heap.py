# Runs under MicroPython (the box's side of bench/schlossgarten.py): the Schlossgarten rules
# core's heap. Usage: micropython -X heapsize=192k bench/schlossgarten_heap.py ROOT EVENTS
# ROOT: where shared_rules/ is (source or .mpy); EVENTS: a game's journal, one JSON a line.
import gc
import sys


def live():
    gc.collect()
    return gc.mem_alloc()


def main(root, path):
    sys.path.insert(0, root)
    start = live()
    from shared_rules import errors, eventlog, outcome  # noqa: F401  the seam, every game's
    seam = live()
    from shared_rules.schlossgarten.game import Game
    rules = live()
    from shared_rules.codec import decode  # the journal reader's, measured apart
    base = live()
    g = Game()
    peak = 0
    events = 0
    with open(path) as f:
        for line in f:
            g.push(decode(line))
            events += 1
            peak = max(peak, live() - base)
    held = live() - base
    g.undo()  # rebuilds the state from every event that stands
    peak = max(peak, live() - base)
    print("seam %d B, schlossgarten rules %d B (import); %d events: live %d B after the "
          "last, peak %d B (with an undo's rebuild)" % (seam - start, rules - seam, events,
                                                        held, peak))


main(sys.argv[1], sys.argv[2])

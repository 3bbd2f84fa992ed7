"""Benchmark: the Gardens rules core's memory on MicroPython (-X heapsize=192k, the Pico's heap).

Run: .venv/bin/python bench/gardens_memory.py [GAMES]
Picks the longest 4-player game (8 flowerbed tiles) of GAMES simulated ones (default 200) on
CPython, writes its events to a file and replays them on the MicroPython unix port, from source
and from the .mpy build, as the box would: decoding one journal line at a time and pushing it.
Prints what importing the rules costs (the seam every game shares, then Gardens' own modules),
the game's live heap after each event (its peak: the log grows to the end) and the most one
push allocates before a collection: a turn, and an undo (which replays every event that
stands, eventlog.EventLog._rebuild). The simulator is never loaded on the MicroPython side."""
import sys

if sys.implementation.name == "micropython":
    import gc

    def probe(events_path, lib):
        sys.path.insert(0, lib)  # the .mpy build, or "" for the source (cwd: the repo root)
        from shared_rules.codec import decode  # the box's own: the journal reads with it
        gc.collect()
        base = gc.mem_alloc()
        import shared_rules.eventlog  # noqa: F401  the seam every game shares
        import shared_rules.outcome  # noqa: F401
        gc.collect()
        seam = gc.mem_alloc() - base
        from shared_rules.gardens.game import Game
        gc.collect()
        rules = gc.mem_alloc() - base - seam
        base = gc.mem_alloc()
        game = Game()
        peak = count = 0
        push_peak = {"turn": 0, "undo": 0}
        with open(events_path) as f:
            for line in f:
                ev = decode(line)
                line = None
                gc.collect()
                before = gc.mem_alloc()
                gc.disable()  # everything one push allocates, garbage included
                game.push(ev)
                kind = ev["e"]
                if kind in push_peak:
                    push_peak[kind] = max(push_peak[kind], gc.mem_alloc() - before)
                gc.enable()
                ev = None
                gc.collect()
                peak = max(peak, gc.mem_alloc() - base)
                count += 1
        gc.collect()
        print("import: seam %d B, gardens rules %d B" % (seam, rules))
        print("game of %d events (%d turns, winners %r): live peak %d B"
              % (count, game.turns, game.outcome.winners, peak))
        print("most one push allocates (garbage included): turn %d B, undo %d B (it replays "
              "the events that stand)" % (push_peak["turn"], push_peak["undo"]))
        print("heap free after the game: %d B of %d B" % (gc.mem_free(),
                                                          gc.mem_free() + gc.mem_alloc()))

    probe(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "")
else:
    import os
    import subprocess
    import tempfile

    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path.insert(0, os.path.join(ROOT, "host"))
    sys.path.insert(0, ROOT)
    from lenotre.device.toolchain import compile_file, tool  # noqa: E402
    from shared_rules.codec import encode  # noqa: E402
    from shared_rules.gardens.simulate import play  # noqa: E402

    def main():
        games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
        longest = max((play(seed, 4, False, 8) for seed in range(games)),
                      key=lambda g: len(g.log))
        with tempfile.TemporaryDirectory() as tmp:
            events = os.path.join(tmp, "events.jsonl")
            with open(events, "w") as f:
                for ev in longest.log:
                    f.write(encode(ev) + "\n")
            lib = os.path.join(tmp, "lib")
            for dirpath, _, files in os.walk(os.path.join(ROOT, "shared_rules")):
                for name in files:
                    if name.endswith(".py"):
                        rel = os.path.relpath(os.path.join(dirpath, name), ROOT)
                        dst = os.path.join(lib, rel[:-3] + ".mpy")
                        os.makedirs(os.path.dirname(dst), exist_ok=True)
                        err = compile_file(os.path.join(ROOT, rel), dst, rel)
                        if err:
                            raise SystemExit(err)
            print("longest 4-player game of %d simulated: %d events in its log"
                  % (games, len(longest.log)))
            for label, extra in (("source", []), (".mpy build", [lib])):
                out = subprocess.run([tool("micropython"), "-X", "heapsize=192k", __file__,
                                       events] + extra, cwd=ROOT, capture_output=True,
                                     text=True)
                if out.returncode:
                    raise SystemExit(out.stdout + out.stderr)
                out = out.stdout
                print("MicroPython 192 KB, %s:" % label)
                sys.stdout.write("  " + out.strip().replace("\n", "\n  ") + "\n")

    main()

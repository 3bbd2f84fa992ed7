"""How tests/shared/games/*.jsonl were made: one simulated game of each game, its log (undos
included), one event a line in canonical JSON. The tests that read them (test_packed) run on
MicroPython too, where four simulators compiled from source do not fit beside them.

Run: .venv/bin/python tests/shared/games/make.py   (cwd: the repo root)"""
import sys

sys.path[:0] = ["."]

from shared_rules.codec import encode  # noqa: E402

PLAYS = (("versailles", (3, 5)), ("sanssouci", (2, 4, 9)), ("gardens", (5,)),
         ("schlossgarten", (5, 4)))

for name, args in PLAYS:
    play = __import__("shared_rules.%s.simulate" % name, None, None, ("play",)).play
    with open("tests/shared/games/%s.jsonl" % name, "w") as f:
        for ev in play(*args).log:
            f.write(encode(ev) + "\n")

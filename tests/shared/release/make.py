"""How tests/shared/release/store/ was made: run at commit ac0b832 (the firmware before the
game-neutral seam: one journal record table, Versailles only), with that commit's firmware.
Kept for the record; running it on a later commit makes a store of that commit instead.

Run: .venv/bin/python tests/shared/release/make.py   (cwd: the repo root)"""
import os
import shutil
import sys

sys.path[:0] = [".", "firmware"]

import store  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402

OUT = "tests/shared/release/store"
shutil.rmtree(OUT, ignore_errors=True)
os.makedirs(OUT)
s = store.Store(OUT)
# 1: a 5-player game, finished and filed in a pack, then synced
g = play(7, 5)
gid = s.new_game(g.log[0])
for ev in g.log[1:]:
    s.append(gid, ev)
s.finish(gid)
s.mark_synced(gid)
# 2: a 2-player game with Ludwig: the people, the clock, an undo; finished, not synced
g = play(11, 2)
setup = dict(g.log[0], t=1780400000, people=["Sophie", None])
gid = s.new_game(setup)
for i, ev in enumerate(g.log[1:]):
    if i == len(g.log) - 2:
        ev = dict(ev, t=1780405200)  # the final scoring: the game's end
    s.append(gid, ev)
    if i == 3:
        s.append(gid, {"e": "undo"})
        s.append(gid, ev)
s.finish(gid)
# 3: a 3-player game left at stage 1, round 5 (a claim taken back): an open journal
g = play(3, 3)
gid = s.new_game(g.log[0])
n = 0
for ev in g.log[1:]:
    if ev["e"] == "round":
        n += 1
        if n == 5:
            break
    s.append(gid, ev)
s.append(gid, {"e": "undo"})
# what that firmware read back: each game's events, totals and winners
from shared_rules.codec import encode  # noqa: E402
from shared_rules.versailles.game import Game  # noqa: E402

expected = {}
for gid, info in s.games():
    g = Game.replay(s.events(gid))
    expected[str(gid)] = {"events": s.events(gid), "totals": g.totals(), "size": s.size(gid),
                          "winners": g.outcome.winners if g.outcome else None}
with open("tests/shared/release/expected.json", "w") as f:
    f.write(encode(expected) + "\n")
print(sorted(os.listdir(OUT)), s.games())

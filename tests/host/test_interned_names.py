"""MicroPython's table of interned names on the `.mpy` build (docs/FIRMWARE.md, "MicroPython's
table of names"): every name a loaded module uses stays interned, and on the unix port the
table's parts hold 1,260 names before the next asks for 1,280 at once, about 14 KB in one
piece, which the simulated box's 192 KB heap in pieces does not have (the issue's reproduction
met it, "allocating 1280 bytes"). The box with the code of any two games, as a session that
plays one and sets up another holds it, stays below that. Counted on the unix port by
`micropython.qstr_info()`, the build imported as `lenotre sim --micropython` imports it."""
import itertools
import os
import re
import subprocess

from lenotre.device.toolchain import tool

CEILING = 1260  # 20 + 40 + ... + 640: the unix port's dynamic parts before the 1,280-name one
GAMES = ("versailles", "sanssouci", "gardens", "schlossgarten")

# the box's own modules as the simulated device holds them by a game's setup, then the games'
# flows, screens, setup screens and rules
SCRIPT = """
import micropython, sys
import simdevice
from hal import sim
import guard, app, app.core, app.home, app.results, app.settings, app.setup, app.finished
import app.scoreboard, store, ahead, crashlog, wallclock, labels, roster
from app import flows
for name in %r:
    f = flows.flow(name)
    for m in f.MODULES + tuple(getattr(f, "SETUP", ())):
        __import__(m)
micropython.qstr_info()
"""


def _names(build, games):
    # run in the build, its modules named as the simulated device names them (app/home.mpy)
    out = subprocess.run([tool("micropython"), "-X", "heapsize=4m", "-c", SCRIPT % (games,)],
                         cwd=build, env=dict(os.environ, MICROPYPATH=":lib"),
                         capture_output=True, text=True, timeout=120)
    found = re.search(r"n_qstr=(\d+)", out.stdout)
    assert found, out.stdout + out.stderr
    return int(found.group(1))


def test_the_box_with_any_two_games_stays_below_the_14_kb_part(device_build):
    counts = {pair: _names(device_build, pair) for pair in itertools.combinations(GAMES, 2)}
    print(counts)
    over = {pair: n for pair, n in counts.items() if n >= CEILING}
    assert not over, "names interned with two games' code, at or over %d: %r" % (CEILING, over)
    # the count is of names: a game loaded adds its own
    assert min(counts.values()) > _names(device_build, ())

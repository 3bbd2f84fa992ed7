"""Games in a real `Library`, as a sync would leave them: journal bytes made by the firmware's
own `store.record`, events parsed back by `Library.add`. Shared by test_export and test_report.
"""
import calendar
import copy
import time

import store  # firmware/store.py (firmware/ is on sys.path under pytest)

from lenotre.library.db import Library
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play

COLOURS = ("Orange", "Purple", "Cyan", "Pink", "Lime", "Silver")  # the box's player names
SYNCED = "2026-03-14 18:30:00"


def simulated(seed, players, names=None):
    # A whole random game's journal, its players named as the box names them.
    log = copy.deepcopy(play(seed, players).log)
    log[0]["players"] = list(names or COLOURS[:players])
    return log


def with_an_undo(log):
    # The same game with its first round entered, undone and entered again, as at the table.
    return log[:2] + [{"e": "undo"}] + log[1:]


def journal(events, closed=True):
    # as the box writes it: every record packed by the table of the game its setup names
    game = events[0]["game"]
    data = b"".join(store.record(ev, game) for ev in events)
    return data + (store.END if closed else b"")


def add(lib, device, gid, events, closed=True, synced_at=SYNCED):
    # synced_at: the sync time, which is also the first one (a game dated by its sync, unless
    # its events carry the box's clock); None: a game stored before sync times were kept
    lib.add(device, gid, 0, journal(events, closed))
    if synced_at:
        lib.conn.execute("UPDATE games SET synced_at=? WHERE device=? AND gid=?",
                         (synced_at, device, gid))
        lib.conn.execute("UPDATE first_synced SET at=? WHERE device=? AND gid=?",
                         (calendar.timegm(time.strptime(synced_at, "%Y-%m-%d %H:%M:%S")),
                          device, gid))
    else:
        lib.conn.execute("DELETE FROM first_synced WHERE device=? AND gid=?", (device, gid))
    lib.conn.commit()


def library(path, games):
    # games: [(device, gid, events, closed)] -> the path of a new database holding them
    lib = Library(str(path))
    for device, gid, events, closed in games:
        add(lib, device, gid, events, closed)
    lib.close()
    return str(path)


def _cards(stage_round):
    # Distinct player cards within a stage: round r shows 2r+1, 2r+2, ...
    return lambda n: [stage_round * n + k + 1 for k in range(n)]


def hand_written(names, seed, stage_sizes):
    # A whole game from area reports alone (all areas under 4 fields: no token, no claim).
    # stage_sizes[stage][seat] = the 6 sizes reported at that stage's scoring.
    g = Game(names, seed)
    n = len(names)
    for stage in (1, 2):
        for r in range(7):
            g.play_round(_cards(r)(n))
        for p in range(n):
            g.report_areas(p, stage_sizes[stage - 1][p])
        g.score(stage)
    return copy.deepcopy(g.log)


def shared_victory():
    # 2 players + Ludwig, the very same garden: 15 points each, equal largest area -> both win.
    same = [[3, 3, 3, 3, 3, 0]] * 2
    return hand_written(["Orange", "Purple"], 4242, [same, same])


def decided_by_largest_area():
    # 3 players: Orange and Purple tie on 10 points, Purple's single largest area (3) beats
    # Orange's (2): Purple wins, Orange second, Cyan (5 points) third.
    stage1 = [[2, 2, 0, 0, 0, 0], [3, 1, 0, 0, 0, 0], [1, 1, 0, 0, 0, 0]]
    stage2 = [[2, 2, 2, 0, 0, 0], [3, 2, 1, 0, 0, 0], [1, 1, 1, 0, 0, 0]]
    return hand_written(["Orange", "Purple", "Cyan"], 7, [stage1, stage2])


def running(seed=5, players=2, events=10):
    # The first events of a game still being played (journal not closed).
    return simulated(seed, players)[:events]


def weekly_group(path, count, distinct=40, start="2014-01-07 20:00:00"):
    # A group that plays twice a week (every 3 and 4 days in turn) from `start`: `count`
    # finished games of 2 to 5 players (`distinct` simulated games, cycled: a replay costs
    # the same), then one running game. -> the path of the new database.
    import calendar
    import time
    logs = [simulated(s, 2 + s % 4) for s in range(distinct)]
    t = calendar.timegm(time.strptime(start, "%Y-%m-%d %H:%M:%S"))
    lib = Library(str(path))
    for i in range(count):
        day = time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t))
        add(lib, "e6614c31a1b2c3d4", i + 1, logs[i % distinct], True, synced_at=day)
        t += (3 if i % 2 else 4) * 86400
    add(lib, "e6614c31a1b2c3d4", count + 1, running(), False,
        synced_at=time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t)))
    lib.close()
    return str(path)

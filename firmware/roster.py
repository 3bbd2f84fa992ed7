# The people who play (docs/FIRMWARE.md, "Roster"): the PC's roster (`lenotre players`),
# sent by the sync link and the flash, kept as data/roster.txt, one name a line. Read only when
# a setup screen asks, and bounded: at most MAX names of 1 to MAX_NAME characters the box can
# draw (shared_rules.roster.problem); a line that is not one is skipped, not fatal.
import os

# who can be on the roster is shared with the PC (`lenotre players add` checks it)
from shared_rules.roster import GUEST, MAX, MAX_NAME, problem  # noqa: F401

FILE = "roster.txt"
_MOST = MAX * (2 * MAX_NAME + 1)  # bytes read at most (ü is 2 bytes): a damaged file costs no more


def load(folder):
    # -> the names in folder/roster.txt, in its order; [] when there is none
    try:
        with open(folder + FILE, "rb") as f:
            data = f.read(_MOST)
    except OSError:
        return []
    names = []  # type: list[str]
    for line in data.split(b"\n"):
        try:
            name = line.decode()
        except UnicodeError:
            continue
        if problem(name) is None and name not in names and len(names) < MAX:
            names.append(name)
    return names


def save(folder, names):
    # Checks every name, then writes the file (temp, then rename: whole or not at all).
    if len(names) > MAX:
        raise ValueError("a roster holds at most %d names, got %d" % (MAX, len(names)))
    for name in names:
        why = problem(name)
        if why:
            raise ValueError(why)
        if names.count(name) > 1:
            raise ValueError("%r is on the roster twice" % name)
    # the file as it would be written; where it is so already (every sync sends the roster),
    # no flash is written: two commits of littlefs, 10 ms of a sync on the Pico
    data = "".join([name + "\n" for name in names]).encode()
    try:
        with open(folder + FILE, "rb") as f:
            if f.read(len(data) + 1) == data:
                return
    except OSError:
        pass  # none yet
    tmp = folder + "roster.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.rename(tmp, folder + FILE)

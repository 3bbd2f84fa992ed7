# Who can be on the roster (docs/FIRMWARE.md, "Roster"), shared by the box (firmware/roster.py
# keeps the file) and the PC (`lenotre players`): at most MAX names of 1 to MAX_NAME printable
# ASCII characters (the OLED's font has no others), none of them the box's own words.
from shared_rules.eventlog import MAX_NAME

# Versailles's bot (shared_rules.versailles.game.LUDWIG, the same word: tests/host/
# test_gardens_table.py): written here, as importing it loaded Versailles's whole rules (25 KB
# of the box's heap) at every setup, whatever the game (issue 13)
LUDWIG = "Ludwig"

MAX = 32
GUEST = "Guest"  # the setup menu's row for a seat that is nobody on the roster


def problem(name):
    # -> why `name` cannot be on the roster, or None
    if type(name) is not str or not 1 <= len(name) <= MAX_NAME:
        return "a name is 1 to %d characters, got %r" % (MAX_NAME, name)
    for c in name:
        if not " " <= c <= "~":
            return ("%r: a name is printable ASCII (A-Z, a-z, 0-9, punctuation, space), the "
                    "box's screen has no other letters" % name)
    if name != name.strip():
        return "%r: a name neither starts nor ends with a space" % name
    if name in (LUDWIG, GUEST):
        return "%r is the box's own word for a seat; choose another name" % name
    return None

# Who can be on the roster (docs/FIRMWARE.md, "Roster"), shared by the box (firmware/roster.py
# keeps the file) and the PC (`lenotre players`): at most MAX names of 1 to MAX_NAME printable
# ASCII characters or German's letters (shared_rules/glyphs.py: the box draws no others), none
# of them the box's own words.
from shared_rules.eventlog import MAX_NAME
from shared_rules.palette import PALETTE

# The colours of the games' own (their rules' SEATS: Gardens', Schlossgarten's) beyond the
# palette's, written here: importing them would load those games' rules at every setup's
# roster (tests/shared/test_game_colours.py checks they agree)
GAME_COLOURS = ("Blue", "Yellow", "Red", "White")

MAX = 32
GUEST = "Guest"  # the setup menu's row for a seat that is nobody on the roster
# The words the box and its games name seats with, which no person may take: Guest, and the
# seats a game's rules name for themselves (Versailles' bot: LUDWIG in its rules). Copied, not
# imported, for the same reason as GAME_COLOURS (tests/shared/test_game_colours.py checks).
SEAT_WORDS = (GUEST, "Ludwig")


def problem(name):
    # -> why `name` cannot be on the roster, or None
    if type(name) is not str or not 1 <= len(name) <= MAX_NAME:
        return "a name is 1 to %d characters, got %r" % (MAX_NAME, name)
    for c in name:
        if not " " <= c <= "~":
            from shared_rules.glyphs import CHARS
            if c not in CHARS:
                return ("%r: a name is letters A-Z, a-z, %s, digits, punctuation and spaces: "
                        "the box's screen has no other letters" % (name, CHARS))
    if name != name.strip():
        return "%r: a name neither starts nor ends with a space" % name
    low = name.lower()
    if low in [w.lower() for w in SEAT_WORDS]:
        return "%r is the box's own word for a seat; choose another name" % name
    for colour in [c for c, _ in PALETTE] + list(GAME_COLOURS):
        if low == colour.lower():
            return ("%r is a seat's colour, the name a guest plays under; choose another name"
                    % name)
    return None

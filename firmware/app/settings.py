# The player's settings, on flash next to the journals: written to a temp file and renamed,
# so a power cut leaves the old settings or the new ones, never half of them.
import json
import os

# light: pixel brightness in quarters of the cap; game: the last game set up ("New game" opens it)
DEFAULTS = {"sound": True, "light": 4, "game": ""}


def load(root):
    s = dict(DEFAULTS)
    try:
        with open(root + "/settings.json") as f:
            saved = json.loads(f.read())  # not json.load: it reads a byte at a time
        for k in DEFAULTS:
            if type(saved.get(k)) is type(DEFAULTS[k]):
                s[k] = saved[k]
    except (OSError, ValueError):
        pass  # none yet, or unreadable: the defaults
    return s


def save(root, s):
    tmp = root + "/settings.tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(s))
    os.rename(tmp, root + "/settings.json")

# The player's settings, on flash next to the journals: written to a temp file and renamed,
# so a power cut leaves the old settings or the new ones, never half of them.
import json
import os
import sys

# light: pixel brightness in quarters of the cap; game: the last game set up ("New game" opens
# it); language_code: the box's language ("": never chosen, asked at the first start;
# app/languages.py; a key over 10 characters: a shorter one is one more interned name)
DEFAULTS = {"sound": True, "light": 4, "game": "", "language_code": ""}


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
    if not s["language_code"]:  # never chosen: a box that holds English alone has nothing to ask.
        # The languages' list (lang/names.txt) is beside the store's folder, in the ROMFS on
        # the box's own image; its paths spelt out, long: a short string is an interned name
        head = root.rpartition("/")[0]
        try:
            os.stat("/rom/lang/names.txt" if "/rom" in sys.path else
                    head + "/lang/names.txt" if head else "lang/names.txt")
        except OSError:
            s["language_code"] = "en"
    return s


def save(root, s):
    tmp = root + "/settings.tmp"
    with open(tmp, "w") as f:
        f.write(json.dumps(s))
    os.rename(tmp, root + "/settings.json")

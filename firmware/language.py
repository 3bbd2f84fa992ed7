# Imported once by main.py, before any of the app: the box's language (Settings,
# docs/LANGUAGES.md). English is the app as built; another is a tree of its own (lang/<code>/:
# the app translated, its wording tables) put first on the path, so that a German box never
# holds the English app. A tree the box lacks (flashed without it) leaves the English app
# found. Then main.py lets the module go.
import sys

try:
    import json

    with open("data/settings.json") as f:
        _code = json.loads(f.read()).get("language_code")
    if _code and _code != "en":
        sys.path.insert(0, ("/rom/lang/" if "/rom" in sys.path else "lang/") + _code)
except (OSError, ValueError, AttributeError):
    pass

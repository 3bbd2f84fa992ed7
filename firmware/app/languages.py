# The box's language (docs/LANGUAGES.md): the menu of the languages it holds, from Settings and
# at the first start. Loaded only then: a box that chose holds none of it. Which one the box
# speaks is the settings' "language_code" ("" never chosen, "en" English); main.py puts its tree first
# on the path at boot.
import sys

from app import ui

BASE = "en"


def trees(root):
    # -> the folder of the language trees beside the store's folder `root` ("data" on a box:
    # "lang"); on the box's own image they are in its ROMFS (app/settings.py asks the same)
    if "/rom" in sys.path:
        return "/rom/lang"
    head = root.rpartition("/")[0]
    return head + "/lang" if head else "lang"


class Menu(ui.Menu):
    # The box's languages, each in its own name. Choosing another than the one
    # running saves it and starts the box again in it: its screens are its own tree's code.
    # At the first start it is asked before the menu, in both words, and has no back.
    def __init__(self, app, first=False):
        self.now = running(app)
        langs = installed(app.store.root)
        ui.Menu.__init__(self, app, "Language/Sprache" if first else u"Language",
                         [(name, lambda code=code: self._set(code)) for code, name in langs],
                         back=not first)
        codes = [c for c, _ in langs]
        self.at = codes.index(self.now) if self.now in codes else 0

    def _set(self, code):
        app = self.app
        app.settings["language_code"] = code
        app.save_settings()  # now: the next start reads it
        app.pop()
        # the box starts again in it as after a crash (hal.restart: machine.reset on a Pico,
        # whose clock the next sync sets again); without one (tests), it speaks it from the
        # next start
        if code != self.now and app.hal.restart is not None:
            app.hal.restart()


def installed(root):
    # -> [(code, own name)] of the box's languages, English first (lang/names.txt beside
    # the store's folder `root`)
    out = [(BASE, "English")]
    try:
        with open(trees(root) + "/names.txt") as f:
            for line in f.read().split("\n"):
                code, _, name = line.partition(" ")
                if code and name:
                    out.append((code, name))
    except OSError:
        pass
    return out


def running(app):
    # -> the code of the language the app speaks: the settings' where its tree was found (only
    # a language's tree has `words`), else English
    try:
        __import__("words")
    except ImportError:
        return BASE
    return app.settings["language_code"]

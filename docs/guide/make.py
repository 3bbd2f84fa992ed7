"""Regenerate every screenshot of the docs: the README's (docs/screens/make.py, the demo game)
and the player's guide's, docs/screens/<page>/<name>.png for each page of docs/guide/ (the
box's shared screens, then each game's), each taken by playing on the simulated box through
its five buttons (docs/guide/shots/). A page's folder keeps only the shots it took this time.

Run: .venv/bin/python docs/guide/make.py [PAGE ...]   (or `make screens`)
PAGE: readme, box, versailles, sanssouci, gardens, schlossgarten; none: all of them. Each
page's shots are taken again on a box speaking each other language the box has, by the same
presses (shots/camera.py, again): docs/screens/<code>/<page>/, for docs/guide/<code>/."""
import importlib
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# the desktop tool (the simulated box's client), the rules (the plans), the rigs that play
# whole games through the buttons (as bench/*.py take them), and the shots
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "tests", "rigs"), HERE]

PAGES = ("box", "versailles", "sanssouci", "gardens", "schlossgarten")


def readme():
    path = os.path.join(ROOT, "docs", "screens", "make.py")
    spec = importlib.util.spec_from_file_location("readme_screens", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main()


def page(name):
    from lenotre.device import languages
    from shots.camera import SCREENS, again
    taken = importlib.import_module("shots." + name).shoot()
    _tidy(os.path.join(SCREENS, name), name, taken)
    for code in languages.codes():
        _tidy(os.path.join(SCREENS, code, name), code + "/" + name, again(name, code))


def _tidy(folder, where, taken):
    for left in sorted(os.listdir(folder)):  # a shot no longer taken leaves with its page
        if left.endswith(".png") and left[:-4] not in taken:
            os.remove(os.path.join(folder, left))
            print("%-28s (removed: no longer shot)" % (where + "/" + left[:-4]))


def main(names):
    unknown = [n for n in names if n != "readme" and n not in PAGES]
    if unknown:
        raise SystemExit("no page %s; pages: readme, %s" % (", ".join(unknown),
                                                           ", ".join(PAGES)))
    for name in names or ("readme",) + PAGES:
        if name == "readme":
            readme()
        else:
            page(name)


if __name__ == "__main__":
    main(sys.argv[1:])

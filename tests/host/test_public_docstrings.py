"""Issue 24: the public surface says what it promises, as python-chess does: the event log,
each game's Game, the store, the app, the sync link and the hal bundle carry a docstring on
the module, on each public class and on each public function and method (a name without a
leading underscore; closures inside a method are not surface). The hal's boards (hal.pico,
hal.sim, ...) implement the bundle's documented objects and are not listed. Docstrings cost
the box no names (mpy-cross leaves them out of the .mpy; their lines add a few bytes of line
numbers a module)."""
import ast
import os

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SURFACE = ("shared_rules/eventlog.py", "shared_rules/outcome.py", "shared_rules/scoreboard.py",
           "shared_rules/games.py", "shared_rules/versailles/game.py",
           "shared_rules/sanssouci/game.py", "shared_rules/gardens/game.py",
           "shared_rules/schlossgarten/game.py", "firmware/store.py", "firmware/journal.py",
           "firmware/app/core.py", "firmware/link.py", "firmware/hal/__init__.py")


def undocumented(path):
    # -> the public names of a module (its classes, their methods, its functions) with no
    # docstring, "Class.method" for a method
    tree = ast.parse(open(os.path.join(ROOT, path)).read())
    out = [] if ast.get_docstring(tree) else ["(module)"]
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
            if not ast.get_docstring(node):
                out.append(node.name)
            if isinstance(node, ast.ClassDef):
                out += ["%s.%s" % (node.name, m.name) for m in node.body
                        if isinstance(m, ast.FunctionDef) and not m.name.startswith("_")
                        and not ast.get_docstring(m)]
    return out


@pytest.mark.parametrize("path", SURFACE)
def test_every_public_name_says_what_it_promises(path):
    assert undocumented(path) == []

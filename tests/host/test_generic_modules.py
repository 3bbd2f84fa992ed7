"""Every game lives in its own rooms on the desktop (issue 24): a module of the desktop tool
that is not a game's own imports no game's own module, so a fifth game touches only its rooms
plus a registration line. A game's own modules are shared_rules/<game>/ and the desktop's
modules named after it (lenotre/games/<game>.py, <game>_page.py, ...); the registration lines
(lenotre.games.ADAPTERS, commands/score.py's SHEETS, commands/areas.py's GARDEN,
commands/sim.py's DEMO) name a module as a string, not an import.

And the games' rooms do not lean on the library that asks them (library/ reaches a game
through the lenotre.games registry): what both draw with is lenotre/draw/.

The box's app likewise: a screen of firmware/app/ that imports a game's rules or screens is
named after the game (app/<game>.py, app/<game>_*.py), which is also how app/codeheap.py lets
a game's screens go with it (by the prefix app.<game>_).

Read from the source (every import statement, those inside functions too), so a lazy import
counts as much as one at the top."""
import ast
import os

from shared_rules import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = os.path.join(ROOT, "host", "lenotre")
APP = os.path.join(ROOT, "firmware", "app")

def _modules():
    # -> {dotted name: path} of every module of the lenotre package
    found = {}
    for folder, dirs, files in os.walk(PACKAGE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        package = os.path.relpath(folder, os.path.dirname(PACKAGE)).replace(os.sep, ".")
        for name in files:
            if name.endswith(".py"):
                stem = name[:-3]
                found[package if stem == "__init__" else package + "." + stem] = \
                    os.path.join(folder, name)
    return found


def _is_module(dotted):
    # a module or package of this checkout: lenotre under host/, shared_rules at the root
    parts = dotted.split(".")
    return any(os.path.isfile(os.path.join(top, *parts) + ".py") or
               os.path.isfile(os.path.join(top, *parts, "__init__.py"))
               for top in (os.path.join(ROOT, "host"), ROOT))


def _imports(name, path):
    # -> every module the file's import statements name: `from a import b` names a.b where
    # b is a module
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = parent + ("." + base if base else "")
            out.add(base)
            out.update(base + "." + alias.name for alias in node.names
                       if _is_module(base + "." + alias.name))
    return out


def _game_of(module, names):
    # -> the game whose own module `module` is, or None: shared_rules.<game>[.x], or a
    # lenotre module with the game's name in its own (versailles_page, gardens_play)
    parts = module.split(".")
    if parts[0] == "shared_rules" and len(parts) > 1 and parts[1] in names:
        return parts[1]
    if parts[0] == "lenotre":
        for word in parts[-1].split("_"):
            if word in names:
                return word
    return None


def _games_imported():
    # -> {generic module: sorted game modules it imports}, every generic module
    names = set(games.names())
    out = {}
    for name, path in sorted(_modules().items()):
        if _game_of(name, names) is None:
            out[name] = sorted(m for m in _imports(name, path) if _game_of(m, names))
    return out


def test_no_generic_desktop_module_imports_a_game():
    wrong = {name: found for name, found in _games_imported().items() if found}
    assert wrong == {}, ("generic modules importing a game's own (move the game's part into "
                         "its rooms, lenotre/games/<game>*.py): %s" % wrong)


def test_no_generic_screen_of_the_box_imports_a_game():
    # app/flows.py registers the flows by name (strings), not by import
    names = set(games.names())
    wrong = {}
    for name in sorted(os.listdir(APP)):
        stem = name[:-3]
        if not name.endswith(".py") or stem.split("_")[0] in names:
            continue
        found = sorted(m for m in _imports("app." + stem, os.path.join(APP, name))
                       if _game_of(m, names) or m.split(".")[0] == "app"
                       and m.split(".")[-1].split("_")[0] in names)
        if found:
            wrong["app/" + name] = found
    assert wrong == {}, ("the box's generic screens importing a game's own (name the screen "
                         "after its game, app/<game>_*.py): %s" % wrong)


def test_the_games_and_the_drawing_import_nothing_from_the_library():
    leaning = {}
    for name, path in sorted(_modules().items()):
        if name.startswith(("lenotre.games", "lenotre.draw")):
            found = sorted(m for m in _imports(name, path)
                           if m == "lenotre.library" or m.startswith("lenotre.library."))
            if found:
                leaning[name] = found
    assert leaning == {}, "library/ imports lenotre.games: the other way is a cycle: %s" % leaning


def test_the_check_sees_a_lazy_import_and_a_from_import(tmp_path):
    # The reading has teeth: an import inside a function, and a game's module named as a
    # `from package import module`, are both found
    probe = tmp_path / "probe.py"
    probe.write_text("def chart():\n    from lenotre.games import gardens\n"
                     "    from shared_rules.sanssouci.game import ROUNDS\n")
    found = _imports("lenotre.library.probe", str(probe))
    names = set(games.names())
    assert sorted(m for m in found if _game_of(m, names)) == [
        "lenotre.games.gardens", "shared_rules.sanssouci.game"]

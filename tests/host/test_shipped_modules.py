"""The shipped package is what users run (issue 24): every module of lenotre is reached from
the command line, `lenotre` (lenotre.cli), by an import statement (those inside functions
too) or by a registration line naming a module as a string (lenotre.games.ADAPTERS,
commands/score.py's SHEETS, commands/sim.py's DEMO, commands/areas.py's GARDEN); lenotre/shims
is a folder the simulator gives the firmware on CPython (simclient.SHIMS), reached with it, and
a language of lenotre/lang is found by its file (lang.languages()), reached with the package. A
module that only tests and benches import is a test rig and lives in tests/rigs/."""
import ast
import os

from test_generic_modules import PACKAGE, _imports, _modules


def _named_as_strings(path, known):
    # -> the package's modules a file names in a string constant ("lenotre.games.gardens")
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and node.value in known}


def _reached():
    modules = _modules()
    seen, todo = set(), ["lenotre.cli"]
    while todo:
        name = todo.pop()
        if name in seen or name not in modules:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # its packages run first
        todo += _imports(name, modules[name]) | _named_as_strings(modules[name], modules)
        folder = {"lenotre.device.simclient": "lenotre.shims.", "lenotre.lang": "lenotre.lang."}
        if name in folder:
            todo += [m for m in modules if m.startswith(folder[name])]
    return seen, modules


def test_every_module_of_the_package_is_reached_from_the_command_line():
    seen, modules = _reached()
    rigs = sorted(set(modules) - seen)
    assert rigs == [], ("modules of %s no command reaches (a test rig: tests/rigs/): %s"
                        % (PACKAGE, rigs))


def test_the_walk_follows_lazy_imports_and_registration_strings():
    # it has teeth: the adapters are named as strings, the demo's player is imported by its
    # game, the ROMFS reader of the image is imported inside a function
    seen, modules = _reached()
    assert {"lenotre.games.gardens", "lenotre.games.versailles_play",
            "lenotre.device.image"} <= seen
    assert len(modules) > 60 and os.path.isdir(PACKAGE)

"""Which games' code the box's heap holds (firmware/app/codeheap.py): decided in one place,
off where the app is read from flash, and no game's flow knowing another game exists."""
import ast
import os
import sys

from lenotre.device.toolchain import ROOT

APP = os.path.join(ROOT, "firmware", "app")
GAMES = ("versailles", "sanssouci", "gardens", "schlossgarten")


def _flow_modules(game):
    # -> the app modules that are the game's own: its flow, app/<flow>_*.py, its MODULES
    tree = ast.parse(open(os.path.join(APP, game + ".py")).read())
    own = {game}
    for node in tree.body:
        if isinstance(node, ast.Assign) and [t.id for t in node.targets
                                             if isinstance(t, ast.Name)] in (["MODULES"],
                                                                              ["SETUP"]):
            own.update(e.value.split(".", 1)[1] for e in node.value.elts)
    own.update(f[:-3] for f in os.listdir(APP) if f.startswith(game + "_") and f.endswith(".py"))
    return own


def _named_games(path):
    # -> the games a module's code refers to by module (app.<game>..., shared_rules.<game>...,
    # imports of them) or, in `literals`, by its registry name as a string
    tree = ast.parse(open(path).read())
    modules, literals = set(), set()
    for node in ast.walk(tree):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [node.module + "." + a.name for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value in GAMES:
                literals.add(node.value)
            names = [node.value]
        for name in names:
            parts = name.split(".")
            if len(parts) > 1 and parts[0] in ("app", "shared_rules"):
                head = parts[1].split("_")[0]
                if head in GAMES:
                    modules.add(head)
    return modules, literals


def test_no_generic_module_and_no_games_flow_names_another_game():
    # Adding a game touches its own modules and one line of the registry (app/flows.py's
    # FLOWS), nothing else: a generic module names no game, a game's modules no other game
    owner = {}
    for game in GAMES:
        for m in _flow_modules(game):
            owner[m] = game
    checked = 0
    for f in sorted(os.listdir(APP)):
        if not f.endswith(".py") or f == "flows.py":
            continue
        mod = f[:-3]
        modules, literals = _named_games(os.path.join(APP, f))
        mine = owner.get(mod)
        others = modules - {mine}
        assert not others, "app/%s names %s" % (f, sorted(others))
        if mine is None:  # a generic module names no game even as a word of data
            assert not literals, "app/%s names %s" % (f, sorted(literals))
        checked += 1
    assert checked > 20
    # the registry names each game once, in FLOWS, and nothing more of it
    modules, literals = _named_games(os.path.join(APP, "flows.py"))
    assert literals == set(GAMES) and modules == set(GAMES)


def test_the_memory_policy_is_called_from_the_app_alone_through_codeheap():
    # the letting go is codeheap's: no other module drops, tidies or unloads modules itself
    for folder in (APP, os.path.join(ROOT, "firmware")):
        for f in os.listdir(folder):
            if f.endswith(".py") and f != "codeheap.py":
                text = open(os.path.join(folder, f)).read()
                assert "sys.modules.pop" not in text or f == "core.py", f
                for old in ("flows.tidy", "flows.drop", "flows.unload", "flows.keep_only"):
                    assert old not in text, (f, old)


def test_code_leaves_the_heap_on_micropython_and_games_are_compressed_where_code_is_in_flash():
    # A module costs the heap its objects even read in place from flash (the image: frozen,
    # or from /rom), so on MicroPython a game's code leaves; finished games are compressed
    # where the code is in flash (the room it needs) and off MicroPython; loaded into the heap
    # (the official UF2, the unix port), they are filed plain
    from app import codeheap
    assert codeheap.in_flash("/rom/app/__init__.mpy", "micropython")
    assert not codeheap.in_flash("/lib/app/__init__.mpy", "micropython")
    assert not codeheap.in_flash(None, "micropython")
    assert codeheap.drops("micropython")
    assert not codeheap.drops("cpython") and not codeheap.drops("circuitpython")
    assert codeheap.squeezes("micropython", True) and not codeheap.squeezes("micropython", False)
    assert codeheap.squeezes("cpython", False) and codeheap.squeezes("circuitpython", False)
    assert codeheap.IN_FLASH is False and codeheap.DROP is False  # here: CPython, from source


def test_an_app_frozen_into_the_image_is_in_flash():
    # MicroPython names a frozen module's file by the module alone (measured on the image:
    # "app/__init__.py"); from littlefs it is a .mpy, from the unix port's sources a whole path
    from app import codeheap
    assert codeheap.in_flash("app/__init__.py", "micropython")
    assert not codeheap.in_flash("app/__init__.mpy", "micropython")
    assert not codeheap.in_flash("/work/firmware/app/__init__.py", "micropython")
    assert not codeheap.in_flash("firmware/app/__init__.py", "micropython")  # tests/run_mpy.py
    assert not codeheap.in_flash("app/__init__.py", "circuitpython")  # its sources, on CIRCUITPY
    assert not codeheap.in_flash("app/__init__.py", "cpython")

"""The shared tests' runners tell the truth: a test that cannot run on a runtime is reported
"skipped" with its reason by pytest, by tests/run_shared.py (CPython and MicroPython) and by
tests/run_mpy.py, never "passed"; a failure anywhere fails the run (issue 11). And no test
ends as passed by returning early, in itself or in a helper it leaves its checks to (issue 24)."""
import ast
import functools
import importlib.util
import os
import re
import shutil
import subprocess
import sys

from lenotre.device.toolchain import ROOT, tool

SHARED = os.path.join(ROOT, "tests", "shared")


def _test_functions(path):
    with open(path) as f:
        tree = ast.parse(f.read())
    return [node for node in tree.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]


# Where a test file's helpers come from by plain name: its own folder first, then the folders
# tests/conftest.py and tests/run_shared.py put on sys.path
HELPER_FOLDERS = ("shared", "rigs", "host", "hardware", "")


def _own_nodes(fn):
    # every node of fn's own body: a nested function, lambda or class is its own, not fn's
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        yield node
        todo.extend(ast.iter_child_nodes(node))


def _returns(fn):
    # A test's value is thrown away (pytest warns at one that is not None), so every return in
    # its own body, with a value or without, ends it as passed with whatever was left unchecked
    return sorted(node.lineno for node in _own_nodes(fn) if isinstance(node, ast.Return))


def _tests_of(tree):
    # the test functions of a module and the test methods of its classes, as pytest collects
    found = []
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            found += [(node.name + "." + name, f) for name, f in _tests_of(node)]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                and node.name.startswith("test_"):
            found.append((node.name, node))
    return found


def _only_leaves(branch):
    # an `if` branch that does nothing but leave (`return` or `return None`, perhaps after a
    # pass or a print): the shape of a skip that says nothing to the runner
    *before, last = branch or [None]
    if not (isinstance(last, ast.Return) and
            (last.value is None or (isinstance(last.value, ast.Constant)
                                    and last.value.value is None))):
        return False
    return all(isinstance(s, ast.Pass) or (
        isinstance(s, ast.Expr) and isinstance(s.value, ast.Call)
        and isinstance(s.value.func, ast.Name) and s.value.func.id == "print") for s in before)


def _guard_exits(statements):
    # -> lines where a helper leaves without doing its work: an `if` that only leaves, among
    # its statements and those of its `if`, `with` and `try` blocks; not inside a loop, where
    # such a return is a search that found what it looked for
    found = []
    for s in statements:
        if isinstance(s, ast.If):
            if _only_leaves(s.body) or _only_leaves(s.orelse):
                found.append(s.lineno)
            found += _guard_exits(s.body) + _guard_exits(s.orelse)
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            found += _guard_exits(s.body)
        elif isinstance(s, ast.Try):
            found += _guard_exits(s.body + s.orelse + s.finalbody)
            for handler in s.handlers:
                found += _guard_exits(handler.body)
    return found


class _Module:
    """A Python file of the tests: its functions and what its imports name."""

    def __init__(self, path):
        self.path = path
        with open(path) as f:
            self.tree = ast.parse(f.read(), path)
        self.functions = {n.name: n for n in self.tree.body if isinstance(n, ast.FunctionDef)}
        self.modules = {}  # local name -> module name (`import support as S`)
        self.names = {}  # local name -> (module name, its name) (`from support import press`)
        for node in self.tree.body:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    self.modules[alias.asname or alias.name] = alias.name
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                for alias in node.names:
                    self.names[alias.asname or alias.name] = (node.module, alias.name)

    def helper_module(self, name):
        # -> the tests' module imported as `name` by plain name, or None (a library's)
        for folder in (os.path.dirname(self.path),) + tuple(
                os.path.join(ROOT, "tests", f) for f in HELPER_FOLDERS):
            path = os.path.join(folder, *name.split(".")) + ".py"
            if os.path.isfile(path):
                return _read(path)
        return None

    def resolve(self, func):
        # -> (module, function) a call's `func` names among the tests' own helpers, or None
        if isinstance(func, ast.Name):
            if func.id in self.functions:
                return self, self.functions[func.id]
            if func.id in self.names:
                module, name = self.names[func.id]
                found = self.helper_module(module)
                if found and name in found.functions:
                    return found, found.functions[name]
        elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) \
                and func.value.id in self.modules:
            found = self.helper_module(self.modules[func.value.id])
            if found and func.attr in found.functions:
                return found, found.functions[func.attr]
        return None

    def called_for_effect(self, fn):
        # -> the helpers fn calls as a statement, their result thrown away: a helper that
        # checks (asserts, presses until a screen shows). One whose value the caller uses
        # fails it by that value if it left early; one called for its checks passes silently
        found = []
        for node in _own_nodes(fn):
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
                helper = self.resolve(node.value.func)
                if helper:
                    found.append(helper)
        return found


@functools.lru_cache(maxsize=None)
def _read(path):
    # each helper module parsed once, however many test files import it
    return _Module(path)


def early_exits(path):
    # -> where the tests of the file at `path` can end as passed without having run: a return
    # in a test, or a helper it calls for its checks (at any depth) leaving before doing them
    module = _read(path)
    where = os.path.relpath(path, ROOT)
    early = []
    for name, fn in _tests_of(module.tree):
        early += ["%s:%d %s returns" % (where, line, name) for line in _returns(fn)]
        seen, todo = set(), module.called_for_effect(fn)
        while todo:
            owner, helper = todo.pop()
            if (owner.path, helper.name) in seen:
                continue
            seen.add((owner.path, helper.name))
            early += ["%s %s: its helper %s leaves early (%s:%d)"
                      % (where, name, helper.name, os.path.relpath(owner.path, ROOT), line)
                      for line in _guard_exits(helper.body)]
            todo += owner.called_for_effect(helper)
    return early


def test_no_test_returns_early():
    # An early return in a test, or in a helper it leaves its checks to, counts as passed on
    # the runtime that took it: a test that cannot run here calls support.skip /
    # micropython_only instead (pytest.skip in the CPython-only folders), which says so
    early = []
    for folder, dirs, files in os.walk(os.path.join(ROOT, "tests")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.startswith("test_") and name.endswith(".py"):
                early += early_exits(os.path.join(folder, name))
    assert early == [], "tests that can end early as passed (skip instead): %s" % early


def _planted(tmp_path, files):
    # -> early_exits of tmp_path/test_planted.py beside the other `files` {name: source}, its
    # paths without tmp_path's
    for name, source in files.items():
        (tmp_path / name).write_text(source)
    folder = os.path.relpath(str(tmp_path), ROOT) + os.sep
    return [e.replace(folder, "") for e in early_exits(str(tmp_path / "test_planted.py"))]


def test_the_scan_sees_a_return_in_a_test_with_a_value_or_without(tmp_path):
    assert _planted(tmp_path, {"test_planted.py": (
        "def test_bare():\n    if 1:\n        return\n    assert 0\n"
        "def test_none():\n    if 1:\n        return None\n    assert 0\n"
        "def test_value():\n    return 3\n"
        "def test_nested_functions_are_not_the_test():\n"
        "    def inner():\n        return\n    f = lambda: None\n    inner()\n")}) \
        == ["test_planted.py:3 test_bare returns", "test_planted.py:7 test_none returns",
            "test_planted.py:10 test_value returns"]


def test_the_scan_sees_a_return_in_a_method_of_a_test_class(tmp_path):
    assert _planted(tmp_path, {"test_planted.py": (
        "class TestGarden:\n    def helper(self):\n        return None\n"
        "    def test_rows(self):\n        if self.helper() is None:\n"
        "            return None\n        assert 0\n")}) == [
            "test_planted.py:6 TestGarden.test_rows returns"]


def test_the_scan_sees_a_helper_that_leaves_before_its_checks(tmp_path):
    # in the test's module (at its top, or inside a block), in a helper module imported by
    # plain name (as `from m import f` and as `import m as M`), and a helper's helper
    found = _planted(tmp_path, {
        "test_planted.py": (
            "import sys\nimport planted_support as S\nfrom planted_support import check\n"
            "def _local():\n    if sys.implementation.name != 'micropython':\n"
            "        print('not here')\n        return\n    assert 0\n"
            "def _in_a_block(path):\n    with open(path) as f:\n        if not f.read():\n"
            "            return\n    assert 0\n"
            "def test_local():\n    _local()\n    _in_a_block(__file__)\n"
            "def test_imported():\n    check()\n"
            "def test_by_module():\n    S.outer()\n"),
        "planted_support.py": (
            "def check():\n    if 1:\n        pass\n    else:\n        return None\n"
            "    assert 0\n"
            "def outer():\n    check()\n")})
    assert sorted(found) == [
        "test_planted.py test_by_module: its helper check leaves early (planted_support.py:2)",
        "test_planted.py test_imported: its helper check leaves early (planted_support.py:2)",
        "test_planted.py test_local: its helper _in_a_block leaves early (test_planted.py:11)",
        "test_planted.py test_local: its helper _local leaves early (test_planted.py:5)"]


def test_the_scan_leaves_helpers_that_return_after_their_work(tmp_path):
    # a search that returns once it found (the loop's raise fails it otherwise), a branch that
    # acts then returns, a helper whose value the test uses: none of them passes silently
    assert _planted(tmp_path, {"test_planted.py": (
        "def _until(screen):\n    for _ in range(6):\n        if screen():\n"
        "            return\n    raise AssertionError('never came')\n"
        "def _turn(beds, press):\n    if not beds:\n        press('ok')\n        return\n"
        "    press('next')\n"
        "def _best(values):\n    if not values:\n        return None\n    return max(values)\n"
        "def test_uses_them():\n    _until(lambda: 1)\n    _turn([], print)\n"
        "    assert _best([1]) == 1\n")}) == []


# test_buttons holds two tests that need MicroPython's gc.mem_alloc
BUTTONS = os.path.join(SHARED, "test_buttons.py")
MICROPYTHON_ONLY = ("test_alloc_check_can_see_allocation",
                    "test_keypad_idle_poll_allocates_nothing")
REASON = "MicroPython only: gc.mem_alloc counts the heap's allocations"


def _summary(out):
    m = re.search(r"^(\d+) passed, (\d+) failed, (\d+) skipped$", out, re.M)
    assert m, out
    return tuple(int(g) for g in m.groups())


def test_run_shared_on_cpython_reports_the_skips_with_their_reason():
    total = len(_test_functions(BUTTONS))
    out = subprocess.run([sys.executable, "tests/run_shared.py", "test_buttons"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert _summary(out.stdout) == (total - 2, 0, 2)
    for name in MICROPYTHON_ONLY:
        assert "SKIP test_buttons.py::%s: %s" % (name, REASON) in out.stdout, out.stdout


def test_run_shared_on_micropython_runs_them():
    total = len(_test_functions(BUTTONS))
    out = subprocess.run([tool("micropython"), "-X", "heapsize=192k", "tests/run_shared.py",
                          "test_buttons"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert _summary(out.stdout) == (total, 0, 0)
    assert "SKIP" not in out.stdout


def test_pytest_reports_the_skips_with_their_reason_at_the_test():
    total = len(_test_functions(BUTTONS))
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rs",
                          "tests/shared/test_buttons.py"], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert re.search(r"^%d passed, 2 skipped in " % (total - 2), out.stdout, re.M), out.stdout
    lines = {fn.name: fn.lineno for fn in _test_functions(BUTTONS)}
    for name in MICROPYTHON_ONLY:
        # the skip is placed at the test that called skip, not inside support.py
        assert re.search(r"^SKIPPED \[1\] tests/shared/test_buttons\.py:%d: %s$"
                         % (lines[name], re.escape(REASON)), out.stdout, re.M), out.stdout


def _run_mpy(monkeypatch, tmp_path, source):
    # tests/run_mpy.py on a tree of its own holding one shared test file
    shared = tmp_path / "tests" / "shared"
    shared.mkdir(parents=True)
    shutil.copy(os.path.join(SHARED, "support.py"), str(shared))
    shutil.copy(os.path.join(ROOT, "tests", "run_shared.py"), str(tmp_path / "tests"))
    (shared / "test_mixed.py").write_text(source)
    spec = importlib.util.spec_from_file_location("run_mpy_under_test",
                                                  os.path.join(ROOT, "tests", "run_mpy.py"))
    run_mpy = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run_mpy)
    monkeypatch.setattr(run_mpy, "ROOT", str(tmp_path))
    return run_mpy.main([])


MIXED = """from support import skip


def test_passes():
    assert 1 + 1 == 2


def test_cannot_run_here():
    skip("needs a real Pico")
"""


def test_run_mpy_sums_passed_failed_skipped_and_shows_the_reason(monkeypatch, tmp_path, capsys):
    assert _run_mpy(monkeypatch, tmp_path, MIXED) == 0
    out = capsys.readouterr().out
    assert "SKIP test_mixed.py::test_cannot_run_here: needs a real Pico" in out
    assert re.search(r"^test_mixed\.py +1 passed, 0 failed, 1 skipped", out, re.M), out
    assert _summary(out) == (1, 0, 1)


def test_run_mpy_fails_on_any_failure(monkeypatch, tmp_path, capsys):
    source = MIXED + "\n\ndef test_fails():\n    assert 1 + 1 == 3\n"
    assert _run_mpy(monkeypatch, tmp_path, source) == 1
    out = capsys.readouterr().out
    assert "FAIL test_mixed.py::test_fails" in out
    assert _summary(out) == (1, 1, 1)


def test_run_mpy_fails_when_nothing_passed(monkeypatch, tmp_path, capsys):
    # every test skipped is not a passing run
    assert _run_mpy(monkeypatch, tmp_path, MIXED.replace("def test_passes", "def helper")) == 1
    assert _summary(capsys.readouterr().out) == (0, 0, 1)

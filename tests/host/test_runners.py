"""The shared tests' runners tell the truth: a test that cannot run on a runtime is reported
"skipped" with its reason by pytest, by tests/run_shared.py (CPython and MicroPython) and by
tests/run_mpy.py, never "passed"; a failure anywhere fails the run (issue 11)."""
import ast
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


def _bare_returns(fn):
    # `return` with no value in the test's own body (nested functions and classes excluded)
    found = []
    todo = list(ast.iter_child_nodes(fn))
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return) and node.value is None:
            found.append(node.lineno)
        todo.extend(ast.iter_child_nodes(node))
    return found


def test_no_test_returns_early():
    # A bare return in a test counts as passed on the runtime that took it: the seven shared
    # tests that returned early on CPython now call support.skip / micropython_only instead
    # (pytest.skip in the CPython-only folders).
    early = []
    for folder in ("shared", "host", "hardware"):
        path = os.path.join(ROOT, "tests", folder)
        for name in sorted(os.listdir(path)):
            if name.startswith("test_") and name.endswith(".py"):
                for fn in _test_functions(os.path.join(path, name)):
                    early += ["%s/%s:%d %s" % (folder, name, line, fn.name)
                              for line in _bare_returns(fn)]
    assert early == [], "tests that return early (skip instead): %s" % early


def test_the_scan_sees_an_early_return():
    # the check above is meaningful: it finds the pattern it forbids, and only in the test
    tree = ast.parse("def test_x():\n    if 1:\n        return\n    def inner():\n"
                     "        return\n")
    assert _bare_returns(tree.body[0]) == [3]


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

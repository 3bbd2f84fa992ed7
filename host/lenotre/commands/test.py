"""`lenotre test`: every registered game's rules tests from tests/shared on CPython (pytest),
the MicroPython unix port (run_mpy.py) or a Pico over the raw REPL (link/repl.py). The user's
text is DESCRIPTION (--help)."""
import ast
import os
import re
import subprocess
import sys

from lenotre.device.toolchain import ROOT
from lenotre.errors import CommandFailed
from lenotre.link.port import LinkError, Port
from lenotre.link.repl import RawRepl, ReplError
from lenotre.progress import Progress
from shared_rules import games as registry

# A game's rules tests are the tests/shared files that import its rules (shared_rules.<game>),
# beside shared_rules only these, and open no file: pure logic, small enough for a Pico's heap,
# needing nothing but themselves on a box. (The firmware's own shared tests need the simulated
# hardware and a scratch folder, some read the repository's docs: they run on the desktop.)
RULES_TEST_IMPORTS = ("support", "gc", "sys")


def rules_tests(names=None, root=ROOT):
    """-> the file names (sorted) of the rules tests of the registered games `names` (default:
    every one), read from tests/shared under `root`: each imports shared_rules.<game> of one
    of them, no module outside shared_rules and RULES_TEST_IMPORTS, and calls no open()."""
    wanted = set(registry.names() if names is None else names)
    folder = os.path.join(root, "tests", "shared")
    found = []
    for f in sorted(os.listdir(folder)):
        if f.startswith("test_") and f.endswith(".py"):
            with open(os.path.join(folder, f)) as src:
                tree = ast.parse(src.read(), f)
            imported = _imports(tree)
            games = {m.split(".")[1] for m in imported
                     if m.startswith("shared_rules.") and m.count(".") >= 1}
            others = {m for m in imported if m.split(".")[0] != "shared_rules"}
            if games & wanted and others <= set(RULES_TEST_IMPORTS) and not _opens(tree):
                found.append(f)
    return found


def _opens(tree):
    # whether the tree calls open(): a file of the repository the box does not have
    return any(isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
               and node.func.id == "open" for node in ast.walk(tree))


def _imports(tree):
    # -> every module an import statement of the tree names (those inside functions too)
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            if node.module == "shared_rules":  # `from shared_rules import versailles`
                out.update("shared_rules." + alias.name for alias in node.names)
    return out


DESCRIPTION = """\
Run the rules tests of every game (%s; --game picks one): here (the default), on
MicroPython with the box's memory
(--micropython), or on the box itself (--port, a box with its firmware). The very same test
files run everywhere; on the box they are copied over, run, then removed, and the box
restarts its app."""

def add(sub):
    p = sub.add_parser("test", help="run the shared rules tests (CPython, MicroPython, a Pico)",
                       description=DESCRIPTION % ", ".join(registry.names()))
    where = p.add_mutually_exclusive_group()
    where.add_argument("--micropython", action="store_true",
                       help="under the MicroPython unix port with the Pico's 192 KB heap")
    where.add_argument("--port", help="on the Pico at this serial port (flashed with "
                                      "`lenotre flash`: shared_rules is already on it)")
    p.add_argument("--game", metavar="NAME", choices=registry.names(),
                   help="only this game's rules tests (%s)" % ", ".join(registry.names()))
    p.set_defaults(run=run)


def run(args):
    tests = rules_tests(None if args.game is None else [args.game])
    if args.port:
        return on_pico(args.port, tests)
    files = [os.path.join("tests", "shared", f) for f in tests]
    if args.micropython:
        cmd = [sys.executable, os.path.join("tests", "run_mpy.py")] + [f[:-3] for f in tests]
    else:
        cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider"] + files
    return subprocess.run(cmd, cwd=ROOT).returncode


# On the box: the files go under tests/ beside the flashed firmware, run_shared.py runs them
# (its sys.exit caught: in the raw REPL a SystemExit would soft-reset the box), then every file
# put there goes again, removed by the box itself as the run ends (a host killed meanwhile
# leaves nothing behind) and by the host after it, and the app restarts.
CLEAN = ("import os\nfor p in %r:\n try:\n  os.remove(p)\n except OSError:\n  pass\n"
         "for d in ('tests/shared', 'tests'):\n try:\n  os.rmdir(d)\n except OSError:\n  pass\n")
RUN = "try:\n exec(%r)\nexcept SystemExit:\n pass\nfinally:\n exec(%r)\n"
# ... then it says DONE and waits for the host's go-ahead (one byte): none within BACK_MS (the
# host was killed) and it restarts into its app (link.back_to_app), as the sync link does.
DONE = "lenotre-tests-done"
WAIT = ("import sys, select\nprint(%r)\n_p = select.poll()\n_p.register(sys.stdin, "
        "select.POLLIN)\nif not _p.poll(%d):\n import link\n link.back_to_app()\n"
        "getattr(sys.stdin, 'buffer', sys.stdin).read(1)\ndel _p\n")
BACK_MS = 20000
PUT_CHUNK = 512  # bytes of a file per exec: a Pico compiles each as a bytes literal
IDLE_S = 120  # no output for this long: the box hangs (one test file takes seconds on a Pico)
MOST_S = 900


def on_pico(port, tests):
    # Copy the test files next to the flashed firmware, run the runner there, read its line.
    try:
        text = _run_on_box(port, tests)
    except LinkError as exc:
        raise CommandFailed("the Pico at %s did not run the tests: %s" % (port, exc)) from None
    m = re.search(r"^(\d+) passed, (\d+) failed, \d+ skipped\s*$", text, re.M)
    if not m:
        raise CommandFailed("the Pico at %s did not run the tests (it said: %s)"
                         % (port, text.strip().splitlines()[-1] if text.strip() else "nothing"))
    return 0 if int(m.group(2)) == 0 and int(m.group(1)) > 0 else 1


def _run_on_box(port_path, tests):
    # -> what the runner printed (printed here as it comes). Deadlines everywhere; the box
    # is left clean (no test file) and running its app, whatever happened.
    port = Port(port_path)
    repl = RawRepl(port)
    put = []
    try:
        repl.enter()  # stops the app; NotABox says what the port is when it is no box
        repl.soft_reset()  # the whole heap for the tests
        try:
            repl.exec("import os\nfor d in ('tests', 'tests/shared'):\n try:\n  os.mkdir(d)"
                      "\n except OSError:\n  pass")
            sources = {}
            for f in tuple(tests) + ("support.py",):
                with open(os.path.join(ROOT, "tests", "shared", f), "rb") as src:
                    sources[f] = src.read()
            bar = Progress(label="test")  # the copy is the long part on a Pico: ~1 s a KB
            bar.start(sum(len(data) for data in sources.values()))
            try:
                for f in sorted(sources):
                    before = bar.done_bytes
                    _put(repl, "tests/shared/" + f, sources[f], put,
                         lambda n, before=before, f=f: bar.show(before + n, f))
            finally:
                bar.done()
            with open(os.path.join(ROOT, "tests", "run_shared.py")) as src:
                repl.start(RUN % (src.read(), CLEAN % (put,)) + WAIT % (DONE, BACK_MS))
            said, went, line = [], [], [""]

            def emit(data):
                text = data.decode("utf-8", "replace")
                said.append(text)
                if not went and DONE in "".join(said[-2:]):
                    port.write(b"\n")  # the go-ahead: the box ends the run
                    went.append(1)
                # printed a line at a time: DONE, the box's word to this command, may come
                # split over two reads (CircuitPython's USB sends it so) and is not the user's
                lines = (line[0] + text).split("\n")
                line[0] = lines.pop()
                sys.stdout.write("".join(ln + "\n" for ln in lines if ln.strip() != DONE))
                sys.stdout.flush()
            repl.follow(emit, IDLE_S, MOST_S)
            if line[0].strip() not in ("", DONE):
                print(line[0])
            return "".join(said)
        finally:
            _clean(repl, put)
    finally:
        port.close()


def _put(repl, path, data, put, progress):
    # a write per PUT_CHUNK; progress(bytes of this file so far)
    put.append(path)
    try:
        repl.write_file(path, data, PUT_CHUNK, lambda n, size: progress(n))
    except ReplError as exc:  # the box refused (a full flash)
        raise LinkError("writing %s on the box failed: %s" % (path, exc.error_line)) from None


def _clean(repl, put):
    # Best effort, the box may be gone: remove what was put (and the folders, when empty),
    # then restart the app.
    try:
        repl.enter()  # a run cut short by a deadline is still running: stop it
        repl.exec(CLEAN % (put,))
    except LinkError:
        pass
    repl.restart_app()

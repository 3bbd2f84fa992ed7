"""docs/ARCHITECTURE.md is the first page a newcomer reads, so what it names is there (issue
24): every path, file, module attribute, class member, name and `lenotre` command it puts in
backticks, and every file and folder of its two trees. It stays one page and names the
rooms of every registered game.

How a backticked word is read:
- with a "/": a path from the repository's root, or from `firmware/` or `host/lenotre/` (the
  doc names the box's and the desktop's files as their own docs do, `app/flows.py`,
  `link/repl.py`); `<game>` (any `<...>`) stands for every registered game, and without a `*`
  the path must be there for each of them, with a `*` at least one file must match;
- a file name alone (`main.py`, `versailles_*.py`): a file of that name in the repository;
- `a.b` or `a.b()`: `a` a module of the repository (`flows` is firmware/app/flows.py,
  `games` shared_rules/games.py or lenotre/games/) or a class, `b` defined in it;
- a name alone (`HANDLERS`, `describe()`): defined somewhere in the sources; one in capitals
  may instead be a string the shipped code speaks (the link's `HELLO`, a record's `S`);
- `lenotre COMMAND [--option]`: a command of the CLI, with that option.
Anything else (a JSON value, `.mpy`) is prose."""
import ast
import fnmatch
import os
import re
import subprocess

from lenotre import cli
from shared_rules import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
ONE_PAGE = 150  # lines
BASES = ("", "firmware", os.path.join("host", "lenotre"))
SOURCES = ("firmware", "shared_rules", os.path.join("host", "lenotre"), "tests")
FILE_NAME = re.compile(r"^[\w*.-]+\.(py|md|toml|json|csv|js|scad|uf2)$")
DOTTED = re.compile(r"^([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)+)(\(\))?$")
NAME = re.compile(r"^([A-Za-z_]\w*)(\(\))?$")
COMMAND = re.compile(r"^lenotre ([a-z]+)((?: --[a-z-]+)*)$")


def _tracked():
    # -> the repository's files and folders, as git has them: a file only on this disk (a
    # build's, node_modules) is not one the doc may send a newcomer to
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    folders = set()
    for path in files:
        path = os.path.dirname(path)
        while path and path not in folders:
            folders.add(path)
            path = os.path.dirname(path)
    return set(files) | {f + "/" for f in folders}


def _there(path, tracked):
    # a tracked file or folder (a folder with or without its "/"); with `*`, one matching
    path = os.path.normpath(path) + ("/" if path.endswith("/") else "")
    if "*" in path:
        return any(fnmatch.fnmatch(t, path) for t in tracked)
    return path in tracked or path + "/" in tracked


def _source_files():
    return sorted(p for p in _tracked() if p.endswith(".py") and p.startswith(SOURCES))


def _top_level(body):
    # -> {name: node} a module or class body defines, through its if/try/with blocks
    found = {}
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found[node.name] = node
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                for leaf in ast.walk(target):
                    if isinstance(leaf, ast.Name):
                        found[leaf.id] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((a.asname or a.name.split(".")[0], node) for a in node.names)
        elif isinstance(node, ast.If):
            found.update(_top_level(node.body + node.orelse))
        elif isinstance(node, ast.Try):
            found.update(_top_level(node.body + node.orelse + node.finalbody + [
                s for h in node.handlers for s in h.body]))
        elif isinstance(node, ast.With):
            found.update(_top_level(node.body))
    return found


class Sources:
    """The repository's Python sources, read for the names they define."""

    def __init__(self, files):
        self.trees = {}
        for path in files:
            with open(os.path.join(ROOT, path)) as f:
                self.trees[path] = ast.parse(f.read(), path)

    def modules(self, name):
        # -> the trees of the modules (or packages) called `name`, at any depth
        return [tree for path, tree in self.trees.items()
                if path.endswith("/" + name + ".py") or path.endswith(
                    "/" + name + "/__init__.py") or path == name + ".py"]

    def classes(self, name):
        return [node for tree in self.trees.values() for node in ast.walk(tree)
                if isinstance(node, ast.ClassDef) and node.name == name]

    def defines_anywhere(self, name):
        # a function, class or assignment of that name, a method, or an attribute set on an
        # object (`self.players = ...`)
        for tree in self.trees.values():
            for node in ast.walk(tree):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) \
                        and node.name == name:
                    return True
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) \
                        and node.id == name:
                    return True
                if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                        and node.attr == name:
                    return True
        return False

    def says(self, word):
        # a string the code itself speaks, whole: a protocol's verb ("HELLO"), a record's code
        return any(isinstance(node, ast.Constant) and node.value == word
                   for tree in self.trees.values() for node in ast.walk(tree))

    def has_dotted(self, first, rest):
        # `first` a module or class of the repository, each of `rest` defined in what the
        # one before it names
        owners = [_top_level(tree.body) for tree in self.modules(first)]
        owners += [_top_level(node.body) for node in self.classes(first)]
        for name in rest:
            found = [owner[name] for owner in owners if name in owner]
            if not found:
                return False
            owners = [_top_level(node.body) for node in found
                      if isinstance(node, ast.ClassDef)]
        return True


def _commands():
    # -> {command: its options} of the CLI (argparse has no public way through its
    # subcommands: its own attributes it is)
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.choices and hasattr(a, "_name_parser_map"))
    return {name: {o for a in p._actions for o in a.option_strings}
            for name, p in sub.choices.items()}


def _paths_exist(word, tracked):
    # a path from one of BASES; `<...>` for every game; with `*`, a file must match
    if re.search(r"<\w+>", word):
        names = [re.sub(r"<\w+>", g, word) for g in games.names()]
        if "*" in word:
            return any(_paths_exist(n, tracked) for n in names)
        return all(_paths_exist(n, tracked) for n in names)
    return any(_there(os.path.join(base, word), tracked) for base in BASES)


def _wrong_words(text):
    # -> the backticked words of `text` that name nothing there is
    tracked = _tracked()
    sources = Sources(_source_files())
    shipped = Sources([p for p in _source_files() if not p.startswith("tests")])
    commands = _commands()
    wrong = []
    for word in re.findall(r"`([^`\n]+)`", text):
        if "/" in word:
            ok = _paths_exist(word, tracked)
        elif FILE_NAME.match(word):
            ok = any(fnmatch.fnmatch(os.path.basename(p), word) for p in tracked)
        elif DOTTED.match(word):
            first, rest, _ = DOTTED.match(word).groups()
            ok = sources.has_dotted(first, rest.split(".")[1:])
        elif NAME.match(word):
            name = NAME.match(word).group(1)
            ok = sources.defines_anywhere(name) or (name.isupper() and shipped.says(name))
        elif COMMAND.match(word):
            command, options = COMMAND.match(word).groups()
            ok = command in commands and set(options.split()) <= commands[command]
        else:
            continue
        if not ok:
            wrong.append(word)
    return wrong


def _wrong_tree_entries(text):
    # -> entries of the doc's trees (a fenced block whose first line is a folder) that are not
    # there: the names a line starts with, from the tree's folder, and every file name its
    # description mentions, somewhere under that folder
    wrong = []
    for block in re.findall(r"```\n(.*?)```", text, re.S):
        lines = block.splitlines()
        root = lines[0].strip()
        if not root.endswith("/"):
            continue
        tracked = _tracked()
        under = [p for p in tracked if p.startswith(root)]
        column = None  # where the last entry's description began: a line indented that far
        for line in lines[1:]:  # goes on with the description
            indent = len(line) - len(line.lstrip())
            if column is not None and indent >= column:
                head, description = "", line
            else:
                gap = re.search(r"\S(\s{2,})\S", line)
                column = gap.end(1) - 1 if gap else None
                head, description = (line[:gap.start(1) + 1], line[gap.end(1) - 1:]) \
                    if gap else (line, "")
            for entry in re.split(r",\s*", head.strip()):
                if entry and not _there(root + entry, tracked):
                    wrong.append(root + entry)
            for name in re.findall(r"[\w*]+\.py\b", description):
                if not any(fnmatch.fnmatch(os.path.basename(p), name) for p in under):
                    wrong.append(root + "..." + name)
    return wrong


def _read(path=DOC):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_every_backticked_path_and_name_is_there():
    wrong = _wrong_words(_read())
    assert wrong == [], "docs/ARCHITECTURE.md names what is not there: %s" % wrong


def test_every_entry_of_its_trees_is_there():
    wrong = _wrong_tree_entries(_read())
    assert wrong == [], "docs/ARCHITECTURE.md's trees hold what is not there: %s" % wrong


def test_it_names_every_registered_games_rules():
    text = _read()
    missing = [g for g in games.names() if "`shared_rules/%s/`" % g not in text]
    assert missing == [], "docs/ARCHITECTURE.md leaves out the rooms of %s" % missing


def test_it_stays_one_page():
    assert len(_read().splitlines()) <= ONE_PAGE


def test_the_checks_see_what_is_not_there():
    # each kind of word, true and false: a path from a base, a game's path, a file name, a
    # module's attribute, a class's method, a name, a command and its option
    text = " ".join("`%s`" % w for w in (
        "app/flows.py", "link/repl.py", "shared_rules/<game>/game.py", "app/<game>_*.py",
        "main.py", "flows.FLOWS", "games.ADAPTERS", "EventLog.push", "HANDLERS", "describe()",
        "lenotre flash --circuitpython", "HELLO", "a JSON value",
        "tests/host/toygame.py", "host/lenotre/games/<game>_page.py", "app/<game>_x*.py",
        "nowhere.py", "flows.only", "EventLog.pull", "keep_only", "HOWDY", "lenotre fly",
        "lenotre flash --gently"))
    assert _wrong_words(text) == [
        "tests/host/toygame.py", "host/lenotre/games/<game>_page.py", "app/<game>_x*.py",
        "nowhere.py", "flows.only", "EventLog.pull", "keep_only", "HOWDY", "lenotre fly",
        "lenotre flash --gently"]
    tree = ("```\nhost/lenotre/\n  cli.py, errors.py   the parser\n  games/   base.py\n"
            "  shared_rules/   beside it\n  link/   repl.py, modem.py\n```\n")
    assert _wrong_tree_entries(tree) == ["host/lenotre/shared_rules/",
                                         "host/lenotre/...modem.py"]

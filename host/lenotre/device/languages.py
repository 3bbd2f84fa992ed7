"""The box's languages (docs/LANGUAGES.md). English is the app as written. Another language is
a folder of tables, firmware/lang/<code>/ (`name.txt`: the language's own name; `*.tsv`: lines
`English<TAB>translation`), from which the build writes that language's tree: the app package
and every firmware module with a player's text, each `u"..."` string replaced by its
translation on the same line (line numbers kept, so a crash's traceback points where the
English does), and `words.py`, the tables the rules core and the store read at run time
through `shared_rules.errors.local` (their refusals' words and the names the rules give).
The box puts the chosen tree first on its path at boot; nothing else changes.

    tree("de", out)       # -> [(source, written .py)], the German tree in out/
    marked(source)        # -> [(line, text)] of a module's u-strings
"""
import ast
import io
import os
import re
import tokenize

from lenotre.device import toolchain

BASE = "en"  # the language the sources are written in
BASE_NAME = "English"
FOLDER = "lang"  # firmware/lang/<code>/ in the sources, lang/<code>/ on the box
NAMES = "names.txt"  # lang/names.txt on the box: `<code> <own name>` per language
# the tree's modules of run-time tables (shared_rules.errors.local): the names the rules give
# (short, kept loaded: every seat is said through it) and the texts given to local() (a
# refusal's words: in pieces of about PIECE bytes, sayings0, sayings1, ..., each loaded while
# looked up: a piece in one block, where a box's heap in pieces has room for it)
WORDING = "words"
SAYINGS = "lang_texts_"
PIECE = 1024
SHORT = 16  # a text this long or shorter is in words.py (shared_rules.errors.SHORT)
CONVERSION = re.compile(r"%(?:\([a-z_]+\))?[-#0 +]*[0-9*]*(?:\.[0-9]+)?[sdrifxXc%]")


class LanguageError(Exception):
    """A language's tables are wrong: the message names the file and line."""


def folder(root=None):
    return os.path.join(root or toolchain.device_tree(), "firmware", FOLDER)


def codes(root=None):
    """The languages the sources have tables for, besides English: sorted codes."""
    top = folder(root)
    if not os.path.isdir(top):
        return []
    return sorted(c for c in os.listdir(top) if os.path.isfile(os.path.join(top, c, "name.txt")))


def own_name(code, root=None):
    """The language's name in itself ("Deutsch"), from its name.txt."""
    if code == BASE:
        return BASE_NAME
    with open(os.path.join(folder(root), code, "name.txt"), encoding="utf-8") as f:
        return f.read().strip()


def table(code, root=None):
    """{English: translation} of every .tsv of a language; LanguageError naming the file and
    line of an entry that is not `English<TAB>translation`, of a key given two translations,
    and of a translation whose % conversions differ from its English's."""
    out = {}
    where = {}
    top = os.path.join(folder(root), code)
    for name in sorted(os.listdir(top)):
        if not name.endswith(".tsv"):
            continue
        path = os.path.join(top, name)
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        for n, line in enumerate(lines, 1):
            if not line.strip() or line.startswith("#"):
                continue
            at = "%s/%s:%d" % (code, name, n)
            parts = line.split("\t")
            if len(parts) != 2 or not parts[0] or not parts[1]:
                raise LanguageError("%s: an entry is English, one TAB, its translation; got %r"
                                    % (at, line))
            en, there = (p.replace("\\n", "\n") for p in parts)
            if CONVERSION.findall(en) != CONVERSION.findall(there):
                raise LanguageError("%s: %r keeps the %% values of %r in their order (%s), got %s"
                                    % (at, there, en, " ".join(CONVERSION.findall(en)) or "none",
                                       " ".join(CONVERSION.findall(there)) or "none"))
            if en in out and out[en] != there:
                raise LanguageError("%s: %r is translated twice (%s says %r)"
                                    % (at, en, where[en], out[en]))
            out[en] = there
            where[en] = at
    return out


# ---- the texts of the sources -----------------------------------------------------------------
def _is_marked(token):
    return token.type == tokenize.STRING and token.string[:1] in "uU"


def marked(source):
    """[(line, text)] of the u-strings of a module's source: the texts a player reads."""
    out = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if _is_marked(tok):
            out.append((tok.start[0], ast.literal_eval(tok.string)))
    return out


def localised(source):
    """[(line, text)] of the literal texts a module passes to `local(...)` (or `X.local(...)`):
    the refusals and names the rules core and the store say through the run-time tables."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and node.args:
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", None)
            arg = node.args[0]
            if name == "local" and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append((node.lineno, arg.value))
    return out


def translate(source, words):
    """`source` with every u-string replaced by its translation in `words` on the same line
    -> (new source, [English texts `words` lacks], kept as they are)."""
    lines = source.splitlines(keepends=True)
    missing = []
    edits = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if _is_marked(tok):
            text = ast.literal_eval(tok.string)
            if text in words:
                edits.append((tok.start, tok.end, repr(words[text])))
            else:
                missing.append(text)
    for (r0, c0), (r1, c1), new in reversed(edits):
        if r0 != r1:  # a u-string over several lines: the translation on the first, the
            new += "\n" * (r1 - r0)  # lines kept
        head, tail = lines[r0 - 1][:c0], lines[r1 - 1][c1:]
        lines[r0 - 1:r1] = [head + new + tail] if r0 == r1 else (head + new + tail).splitlines(
            keepends=True)
    return "".join(lines), missing


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def tree_sources(root=None):
    """[firmware-relative path] of the modules a language tree holds: every module with a
    u-string, and a package whole (MicroPython looks for a package's modules only in the
    folder it found the package in)."""
    fw = os.path.join(root or toolchain.device_tree(), "firmware")
    every = [os.path.relpath(p, fw).replace(os.sep, "/")
             for p in toolchain.device_sources(root) if p.startswith(fw + os.sep)]
    packages = set()
    chosen = set()
    for rel in every:
        if marked(_read(os.path.join(fw, rel))):
            if "/" in rel:
                packages.add(rel.split("/")[0])
            else:
                chosen.add(rel)
    return sorted(chosen | {r for r in every if r.split("/")[0] in packages and "/" in r})


def plain(source):
    """The unmarked string literals of a module's source: its data, among them the names the
    rules give, which screens say through local()."""
    out = set()
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.STRING and tok.string[:1] not in "uUbBfF":
            try:
                value = ast.literal_eval(tok.string)
            except (ValueError, SyntaxError):
                continue
            if isinstance(value, str):
                out.add(value)
    return out


def runtime_keys(words, root=None):
    """The entries of a language's table said at run time (words.py): the texts given to
    local() anywhere and the names the rules give (a plain string of the sources, or none)."""
    root = root or toolchain.device_tree()
    in_app = set()
    data = set()
    for path in toolchain.device_sources(root):
        source = _read(path)
        in_app.update(t for _, t in marked(source))
        data.update(t for _, t in localised(source))
        data |= plain(source)
    # (a translation the same as its English is left out: local() says the English then)
    return sorted(k for k in words if (k in data or k not in in_app) and words[k] != k)


def _literals(root):
    out = set()
    for path in toolchain.device_sources(root):
        out.update(t for _, t in localised(_read(path)))
    return out


def table_sources(code, words, root=None):
    """{module name: source} of the tree's run-time tables: words.py (its code, its own name
    and the names the rules give) and sayings.py (the texts given to local())."""
    keys = runtime_keys(words, root)
    literal = _literals(root or toolchain.device_tree())
    out = {}
    long = [k for k in keys if k in literal and len(k) > SHORT]
    pieces = [[]]
    for k in long:
        if sum(len(x) + len(words[x]) + 2 for x in pieces[-1]) > PIECE:
            pieces.append([])
        pieces[-1].append(k)
    tables = [(WORDING, [k for k in keys if k not in long], "the names the rules give")]
    tables += [(SAYINGS + str(i), piece, "the rules' and the store's texts, piece %d" % i)
               for i, piece in enumerate(pieces)]
    for module, chosen, what in tables:
        # one string, "\nEnglish\tsaid" a pair: MicroPython interns a short string constant
        # of a module as a name, and a table of names would grow its table of names by a
        # doubling (docs/FIRMWARE.md, "MicroPython's table of names"); one long string is one
        # object, searched in place
        if any("\t" in k + words[k] or "\n" in k + words[k] for k in chosen):
            raise LanguageError("%s: a text with a TAB or a newline cannot be said at run "
                                "time" % code)
        out[module] = (
            "# %s: %s in this language, read by shared_rules.errors.local (written by\n"
            "# lenotre's build from firmware/lang/%s/)\n"
            "table = (\n%s)%s\n"
            % (own_name(code, root), what, code,
               "".join("    %r\n" % ("\n%s\t%s" % (k, words[k])) for k in chosen)
               + "    %r\n" % "\n", ", %d  # (pairs, pieces)" % len(pieces)
               if module == WORDING else ""))
    return out


def tree(code, out, root=None):
    """Write language `code`'s tree as sources into `out` (a folder of its own) -> ([(source,
    written file)], [English texts its tables lack: kept English])."""
    root = root or toolchain.device_tree()
    words = table(code, root)
    fw = os.path.join(root, "firmware")
    written = []
    missing = []
    for rel in tree_sources(root):
        text, lacks = translate(_read(os.path.join(fw, rel)), words)
        missing += lacks
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "w", encoding="utf-8") as f:
            f.write(text)
        written.append((os.path.join(fw, rel), dst))
    os.makedirs(out, exist_ok=True)
    for module, source in sorted(table_sources(code, words, root).items()):
        dst = os.path.join(out, module + ".py")
        with open(dst, "w", encoding="utf-8") as f:
            f.write(source)
        written.append((os.path.join(folder(root), code), dst))
    return written, sorted(set(missing))


def names_text(root=None):
    """lang/names.txt: `<code> <own name>` of every language besides English."""
    return "".join("%s %s\n" % (c, own_name(c, root)) for c in codes(root))


def trees(out, root=None):
    """Every language's tree as sources in out/<code>/, and out/names.txt -> [(source,
    written file)]."""
    written = []
    for code in codes(root):
        written += tree(code, os.path.join(out, code), root)[0]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, NAMES), "w", encoding="utf-8") as f:
        f.write(names_text(root))
    return written + [(folder(root), os.path.join(out, NAMES))]


def settle(flash, code, chosen=False):
    """A simulated box's language in its flash folder (data/settings.json's "language_code"), as
    `lenotre flash` sets a box's: when it never chose one, or always when `chosen`."""
    import json
    data = os.path.join(flash, "data")
    os.makedirs(data, exist_ok=True)
    path = os.path.join(data, "settings.json")
    try:
        with open(path, encoding="utf-8") as f:
            settings = json.loads(f.read())
    except (OSError, ValueError):
        settings = {}
    if not isinstance(settings, dict) or (settings.get("language_code") and not chosen):
        return
    settings["language_code"] = code
    with open(path + ".tmp", "w", encoding="utf-8") as f:
        f.write(json.dumps(settings))
    os.replace(path + ".tmp", path)


def chosen(flash):
    """The language a simulated box's flash folder has chosen ("en" when none)."""
    import json
    try:
        with open(os.path.join(flash, "data", "settings.json"), encoding="utf-8") as f:
            code = json.loads(f.read()).get("language_code")
    except (OSError, ValueError, AttributeError):
        return BASE
    return code if isinstance(code, str) and code else BASE


def install(flash, compiled=None):
    """The languages' trees into a simulated box's flash folder (lang/): a build's compiled
    ones (`compiled`: a toolchain.build folder), else sources (the simulator's CPython and
    MicroPython from source run them)."""
    import shutil
    top = os.path.join(flash, FOLDER)
    shutil.rmtree(top, ignore_errors=True)
    if compiled:
        if os.path.isdir(os.path.join(compiled, FOLDER)):
            shutil.copytree(os.path.join(compiled, FOLDER), top)
    else:
        toolchain.build_languages(flash, compiled=False)


def wanted(asked=None, root=None):
    """-> (code, chosen): the language a box flashed or simulated from this desktop is given:
    `asked` (--lang; UsageError if the box has no tree of it), else the desktop's locale's
    language where the box has it (chosen False: a box's own choice stays), else English."""
    from lenotre import lang
    from lenotre.errors import UsageError
    box = [BASE] + codes(root)
    if asked:
        if asked not in box:
            raise UsageError("--lang %s: the box speaks %s" % (asked, ", ".join(box)))
        return asked, True
    code = lang.choose(None)  # the locale's, where the desktop has words for it
    return (code if code in box else BASE), False

"""The language of what a person reads from the desktop (issue 25): `lenotre report`'s pages
and charts, the CSV's header, the exports' texts. English is the words in the code; another
language is a module of this package, lang/<code>.py, whose WORDS maps each English text to
its own (docs/GLOSSARY.md has the games' words), so a third language is one file. The
command-line's own messages stay English; the library and the journals hold no words.

    from lenotre.lang import _
    _("Per game")                   # "Pro Spiel" once use("de")
    _("stage 2, round 3")           # a text made elsewhere (the rules core's) is matched by
                                    # its pattern, "stage %d, round %d", and its parts kept

`use(code)` chooses; `choose(asked, environ)` is the CLI's: --lang, else the locale's
language (LC_ALL, LC_MESSAGES, LANG), else English."""
import importlib
import os
import re

ENGLISH = "en"
_words = {}  # English -> the language's, for use()'s language; {} for English
_point = "."  # the decimal mark: a language module's DECIMAL, else "."
_columns = {}  # a CSV column's key -> its head: a language module's COLUMNS
_patterns = []  # [(compiled regex, the language's text)] for WORDS' keys with %d or %s
CODE = ENGLISH


class UnknownLanguage(ValueError):
    """A language this lenotre has no words for; says which it has."""

    def __init__(self, code):
        ValueError.__init__(self, "no language %r; lenotre speaks: %s"
                            % (code, ", ".join(languages())))


def languages():
    """-> the codes of the languages there are words for, English first."""
    here = os.path.dirname(os.path.abspath(__file__))
    return [ENGLISH] + sorted(n[:-3] for n in os.listdir(here)
                              if n.endswith(".py") and n != "__init__.py")


def words(code):
    """-> the WORDS of language `code` ({} for English); UnknownLanguage if there are none."""
    if code == ENGLISH:
        return {}
    if code not in languages():
        raise UnknownLanguage(code)
    return importlib.import_module("lenotre.lang." + code).WORDS


_SPEC = re.compile(r"%(?:d|s|\.\df)")


def _pattern(english):
    # "stage %d, round %d" -> a regex matching what the format makes, a group per specifier
    parts = _SPEC.split(english)
    kinds = _SPEC.findall(english)
    rx = re.escape(parts[0])
    for kind, part in zip(kinds, parts[1:]):
        rx += (r"(-?\d+)" if kind == "%d" else r"(-?\d+\.\d)" if kind != "%s" else r"(.+?)")
        rx += re.escape(part)
    return re.compile(rx + r"\Z")


def use(code):
    """Speak `code` from now on (UnknownLanguage if there are no words for it)."""
    global _words, _patterns, CODE, _point, _columns
    table = words(code)
    module = None if code == ENGLISH else importlib.import_module("lenotre.lang." + code)
    _point = getattr(module, "DECIMAL", ".")
    _columns = getattr(module, "COLUMNS", {})
    _words = table
    # the most particular first: "task cards of %s (%s may move a noble)" before "task cards
    # of %s", whose %s would take the rest
    keys = sorted((k for k in table if _SPEC.search(k)), key=lambda k: -len(_SPEC.sub("", k)))
    _patterns = [(_pattern(k), table[k]) for k in keys]
    CODE = code


def _(text):
    """-> `text` in the language in use: its own words, or, for a text a format made (the rules
    core's "stage 2, round 3"), the words of the pattern it matches with its values kept in
    their order; the text itself where the language has no words for it."""
    found = _words.get(text)
    if found is not None or not _words:
        return text if found is None else found
    for rx, mine in _patterns:
        m = rx.match(text)
        if m:
            values = iter(m.groups())
            return _SPEC.sub(lambda spec: _(next(values)), mine)
    return text


def column(key):
    """-> the head of the CSV column `key` ("date_estimated") in the language in use: English
    heads are the keys themselves (programs read them); another language's are its COLUMNS."""
    return _columns.get(key, key)


def decimal(value, digits=1):
    """-> `value` with `digits` decimals, written with the language's decimal mark ("45,4")."""
    return ("%.*f" % (digits, value)).replace(".", _point)


def english(text):
    """-> the English of `text`, one of the words of the language in use (a seat's colour read
    back: "Lila" is "Purple"), else `text` itself."""
    for k, v in _words.items():
        if v == text:
            return k
    return text


def choose(asked=None, environ=None):
    """-> the language the desktop speaks: `asked` (--lang) if given, else the locale's language
    if there are words for it, else English. UnknownLanguage for an `asked` there is none of."""
    if asked:
        words(asked)
        return asked
    environ = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in languages() else ENGLISH
    return ENGLISH

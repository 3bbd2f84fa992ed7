"""A JSON input as the commands that read one (`lenotre score`, `lenotre areas`) read it:
bounded, strict, and refused with a UsageError that says what is wrong and what is allowed;
and their JSON output. Knows no game."""
import json
import sys

from lenotre.errors import UsageError

# What an input may hold: a whole game's events are tens of KB; more is the wrong file
# (reading /dev/zero whole ran out of memory). A number has at most 18 digits: every count and
# total of the games is far smaller, and Python refuses to read one of more than 4,300.
MAX_INPUT_BYTES = 4 * 1024 * 1024
MAX_DIGITS = 18


def fail(message):
    """Refuse the input: a UsageError (exit 2) saying `message`."""
    raise UsageError(message)


def show(value):
    """A JSON value as it appears in the input, kept to one short line (40 characters)."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def kind_of(value):
    """What kind of JSON value `value` is, in words: "a list", "an object", "null"..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def is_int(value):
    """Whether `value` is a JSON whole number (not true or false)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _unique_keys(pairs):
    out = {}
    for k, v in pairs:
        if k in out:
            fail("duplicate key %s; every key may appear once per object" % show(k))
        out[k] = v
    return out


def _no_constant(name):
    fail("%s is not a JSON number; sizes and totals are whole numbers" % name)


def _whole(text):
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        fail("a number of %d digits (%s...): sizes and totals have at most %d"
             % (digits, text[:12], MAX_DIGITS))
    return int(text)


def load(path):
    """-> the JSON object in the file at `path` (- reads stdin), read strictly: at most
    MAX_INPUT_BYTES, UTF-8, no duplicate key, no NaN or Infinity, whole numbers of at most
    MAX_DIGITS digits, an object at the top. Anything else: fail(), naming what is wrong."""
    where = "stdin" if path == "-" else path
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)
            raw = stream.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(MAX_INPUT_BYTES + 1)
        if len(raw) > MAX_INPUT_BYTES:
            fail("%s holds more than %d MiB: an input is a game's JSON, a few KB; is it the "
                 "right file?" % (where, MAX_INPUT_BYTES >> 20))
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw
    except OSError as exc:
        fail("cannot read %s: %s" % (where, exc.strerror or exc))
    except UnicodeDecodeError:
        fail("cannot read %s: it is not UTF-8 text; the input is a JSON file" % where)
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_int=_whole)
    except json.JSONDecodeError as exc:
        fail("%s is not valid JSON: %s at line %d, column %d"
             % (where, exc.msg, exc.lineno, exc.colno))
    except RecursionError:
        fail("%s is not usable JSON: it is nested too deeply" % where)
    if not isinstance(data, dict):
        fail("the input must be a JSON object {...}, got %s" % kind_of(data))
    return data


def check_keys(obj, where, required, allowed):
    """fail() on a key of `obj` not in `allowed` or a key of `required` missing, naming
    `where` and the keys there may be."""
    for k in obj:
        if k not in allowed:
            fail("%s: unknown key %s; allowed: %s" % (where, show(k), ", ".join(allowed)))
    for k in required:
        if k not in obj:
            fail("%s: missing key %s; needed: %s" % (where, show(k), ", ".join(required)))


def emit(obj):
    """Print `obj` as the commands' JSON output: indented, keys sorted."""
    sys.stdout.write(json.dumps(obj, indent=2, sort_keys=True) + "\n")

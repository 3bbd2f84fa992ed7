"""The desktop in German (issue 25, docs/CLI.md "lenotre report"): `lenotre report --lang de`
(or a German locale) writes every page and chart in German, the games' words the rulebooks'
own (docs/GLOSSARY.md); English stays the words in the code. Checked: every text the report
draws has its German, the rules core's texts are matched by their patterns, and a report of
all four games reads German through, text node by text node."""
import ast
import os
import re

import pytest

from lenotre import lang
from lenotre.cli import main
from lenotre.commands.simulate import simulator
from lenotre.games import adapter
from lenotre.lang import de
from lenotre.library.db import Library
from shared_rules import games, palette
from shared_rules.records import END, record

PACKAGE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))), "host", "lenotre")
SPEC = re.compile(r"%(?:\.\d)?[dsf%]")


@pytest.fixture
def german():
    lang.use("de")
    yield
    lang.use(lang.ENGLISH)


def _texts_asked():
    # -> {English text: file} of every literal given to _() or to a table's header()
    found = {}
    for folder, _dirs, files in os.walk(PACKAGE):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path) as f:
                tree = ast.parse(f.read(), path)
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                        "_", "header"):
                    for arg in node.args:
                        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                            found[arg.value.lstrip("#")] = os.path.relpath(path, PACKAGE)
    return found


def test_every_text_the_desktop_asks_for_has_its_german():
    asked = _texts_asked()
    assert len(asked) > 100
    missing = {t: f for t, f in asked.items() if t not in de.WORDS}
    assert missing == {}, missing


def test_a_translation_keeps_the_values_in_their_order():
    for english, german in de.WORDS.items():
        assert SPEC.findall(english) == SPEC.findall(german), (english, german)
        assert german.strip() and german.count("\n") == english.count("\n"), english


def _played(name, seed, players):
    return simulator(name)(seed, players)


def test_the_rules_cores_texts_are_matched_by_their_patterns(german):
    # the game's state in words (describe), at every event of simulated games of each game
    seen = 0
    for name in games.names():
        fewest, most = games.info(name)[2]
        for players in range(fewest, most + 1):
            log = _played(name, players, players).log
            g = games.new_game(log[0])
            for ev in log[1:] + [None]:
                text = g.describe()
                assert lang._(text) != text, (name, text)
                seen += 1
                if ev is not None:
                    g.push(ev)
    assert seen > 500


def test_the_games_own_words_each_have_their_german(german):
    from shared_rules.sanssouci import board
    from shared_rules.schlossgarten.game import ELEMENTS
    from shared_rules.versailles.tiles import TYPES
    from shared_rules.gardens.rules import COLOURS as FLOWERS
    words = list(TYPES) + list(board.COLOURS) + list(ELEMENTS) + list(FLOWERS)
    words += [n for n, _rgb in palette.PALETTE]
    for name in games.names():
        rules = games.rules(name)
        words += [n for n, _rgb in getattr(rules, "SEATS", ())]
        a = adapter(name)
        words += [a.TIEBREAK_SHORT, a.HOLDING]
        g = _played(name, 1, games.info(name)[2][0])
        words += list(g.scoreboard().parts) + a.house_rules(g)
    words += ["running", "abandoned", "finished", "date unknown", "not dated", "week", "month",
              "year", "shared victory", "others", "start", "7: stage 1 scored",
              "14: final scoring", "Kraeuterschnecke"]
    # each its own entry, or a pattern's ("the first row scores %s"); a few are the same word
    missing = [w for w in words if lang._(w) == w and de.WORDS.get(w) != w]
    assert missing == []


def test_german_writes_a_decimal_comma_and_a_colour_read_back_is_its_colour(german):
    from lenotre.draw.colours import colour, is_colour
    assert lang.decimal(45.44) == "45,4" and lang._("Purple") == "Lila"
    assert is_colour("Lila") and colour("Lila", 0) == colour("Purple", 0)
    assert lang.english("Lila") == "Purple" and lang.english("Sophie") == "Sophie"


def test_the_language_is_asked_else_the_locales_else_english():
    assert lang.choose("de", {"LANG": "en_GB.UTF-8"}) == "de"
    assert lang.choose(None, {"LANG": "de_AT.UTF-8"}) == "de"
    assert lang.choose(None, {"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}) == "en"
    assert lang.choose(None, {"LC_MESSAGES": "de_CH", "LANG": "fr_FR"}) == "de"
    assert lang.choose(None, {"LANG": "fr_FR.UTF-8"}) == "en"
    assert lang.choose(None, {}) == "en"
    with pytest.raises(lang.UnknownLanguage) as refused:
        lang.choose("fr", {})
    assert str(refused.value) == "no language 'fr'; lenotre speaks: en, de"


def _library_of_the_four(path):
    # a finished game of each game, and a Gardens game still running
    lib = Library(str(path))
    plays = (("versailles", 2), ("sanssouci", 3), ("gardens", 2), ("schlossgarten", 3),
             ("gardens", 4))
    for gid, (name, players) in enumerate(plays, 1):
        log = _played(name, 5, players).log
        running = gid == len(plays)
        if running:
            log = log[:len(log) // 2]
        lib.add("d0d0d0d0", gid, 0, b"".join(record(ev, name) for ev in log)
                + (b"" if running else END))
    lib.close()
    return str(path)


def _text_nodes(html):
    # the words a reader sees: between tags, and in a chart's <text> and <title>
    return [t.strip() for t in re.split(r"<[^>]*>", html) if t.strip()]


def test_a_report_of_the_four_games_reads_german_through(tmp_path, capsys):
    db = _library_of_the_four(tmp_path / "four.sqlite")
    out = str(tmp_path / "report")
    assert main(["report", "--db", db, "--out", out, "--lang", "de"]) == 0
    pages = [os.path.join(out, "index.html"), os.path.join(out, "list-1.html")]
    pages += [os.path.join(out, "game", n) for n in sorted(os.listdir(os.path.join(out, "game")))]
    english = {k for k, v in de.WORDS.items() if k != v and len(k) > 3 and "%" not in k}
    for path in pages:
        with open(path, encoding="utf-8") as f:
            html = f.read()
        assert '<html lang="de">' in html
        left = [t for t in _text_nodes(html) if t in english]
        assert left == [], (path, left)
    with open(pages[0], encoding="utf-8") as f:
        index = f.read()
    for heading in ("Laufende Spiele", "Personen", "Pro Spiel", "Die neuesten Spiele",
                    "5 Spiele: 4 beendet, 1 läuft", "Zug "):
        assert heading in index, heading
    # and the next command speaks English again
    assert main(["report", "--db", db, "--out", str(tmp_path / "en")]) == 0
    with open(os.path.join(str(tmp_path / "en"), "index.html"), encoding="utf-8") as f:
        assert "<h2>Running now</h2>" in f.read()


def test_a_language_there_are_no_words_for_is_one_line(tmp_path, capsys):
    db = _library_of_the_four(tmp_path / "four.sqlite")
    assert main(["report", "--db", db, "--out", str(tmp_path / "r"), "--lang", "fr"]) == 2
    assert capsys.readouterr().err == (
        "lenotre report: error: no language 'fr'; lenotre speaks: en, de\n")


def test_the_exports_texts_follow_the_language(tmp_path, capsys):
    # the CSV's heads (a spreadsheet's) and its words, BG Stats' comments; the JSON's keys
    # stay (programs read them), its texts follow
    import csv
    import json
    from lenotre.library.export import csv_columns
    db = _library_of_the_four(tmp_path / "four.sqlite")
    assert main(["export", "--db", db, "--format", "csv", "--all", "--lang", "de"]) == 0
    rows = list(csv.reader(capsys.readouterr().out.splitlines()))
    assert rows[0][:4] == ["Box", "Spiel-Nr.", "Datum", "Datum geschätzt"]
    heads = rows[0]
    assert len(heads) == len(set(heads)), heads
    by = [dict(zip(heads, r)) for r in rows[1:]]
    assert {r["Stand"] for r in by} == {"beendet", "läuft"}
    tokens = {t for r in by for t in r["große Mehrheitenchips"].split()}
    assert tokens and tokens <= {"grün", "blau", "weiß", "rot", "gelb"}
    assert main(["export", "--db", db, "--format", "bgsplay", "--lang", "de"]) == 0
    plays = json.loads(capsys.readouterr().out)
    assert plays["about"].startswith("Le Nôtre: 4 Partien von ")
    for play in plays["plays"]:
        assert play["comments"].startswith("Aufgezeichnet von der Le-Nôtre-Box d0d0d0d0, Spiel ")
    assert any("Hausregel: " in p["comments"] for p in plays["plays"])
    assert main(["export", "--db", db, "--format", "json", "--all", "--lang", "de"]) == 0
    games_json = json.loads(capsys.readouterr().out)
    assert {g["status"] for g in games_json} == {"over", "running"}  # a program's word
    assert any(g["where"].startswith("Zug ") for g in games_json)


def test_every_csv_column_has_its_german_head(tmp_path):
    # the columns of an export of every game, and of each game alone
    from lenotre.library import played
    from lenotre.library.export import csv_columns
    lib = Library(_library_of_the_four(tmp_path / "four.sqlite"))
    loaded, _problems = played.load(lib, include_unfinished=True)
    lib.close()
    keys = set(csv_columns(loaded))
    for kind in games.names():
        keys.update(csv_columns([g for g in loaded if g.kind == kind]))
    assert len(keys) > 30
    missing = sorted(k for k in keys if k not in de.COLUMNS)
    assert missing == []
    assert len(set(de.COLUMNS.values())) == len(de.COLUMNS)  # no two heads alike

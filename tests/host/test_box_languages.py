"""The box in every language it speaks (issue 25, docs/LANGUAGES.md): the tables hold every
text of the box and nothing else; a language's tree is the app with its texts translated,
line for line; the box asks its language at the first start and speaks it after; every
message is read whole in it; and a whole game of each of the four games, played through the
buttons in German on MicroPython (the .mpy build, the Pico's 192 KB), keeps the very journal
the same presses keep in English (the journal holds events, not words)."""
import ast
import os
import subprocess
import sys

import pytest

from lenotre.commands.simulate import simulator
from lenotre.device import languages, toolchain
from lenotre.device.simclient import SimDevice
from lenotre.device.toolchain import tool
from replay import Recording, replay  # tests/rigs
import unixrom  # tests/rigs

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CODES = languages.codes()
PARSE_ERROR_ONLY = ()  # texts of the box a table may lack: none


def _sources():
    for path in toolchain.device_sources():
        with open(path, encoding="utf-8") as f:
            yield path, f.read()


def _constants(source):
    return {n.value for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_the_box_speaks_german():
    assert "de" in CODES and languages.own_name("de") == "Deutsch"


@pytest.mark.parametrize("code", CODES)
def test_every_text_of_the_box_has_its_translation(code):
    words = languages.table(code)
    lacking = []
    for path, source in _sources():
        for line, text in languages.marked(source) + languages.localised(source):
            if text not in words:
                lacking.append("%s:%d %r" % (os.path.relpath(path, ROOT), line, text))
    assert not lacking, "%d texts without a %s translation:\n%s" % (
        len(lacking), code, "\n".join(lacking))


@pytest.mark.parametrize("code", CODES)
def test_every_entry_of_a_table_is_a_text_of_the_box(code):
    # A u-string, a text given to local(), or a name the rules give (a string of their code:
    # a colour, an area type, an element): an entry that is none of them is a leftover
    known = set()
    for _, source in _sources():
        known |= _constants(source)
    unused = sorted(k for k in languages.table(code) if k not in known)
    assert not unused, "%s entries no source has: %r" % (code, unused)


def test_a_table_says_which_line_is_wrong(tmp_path):
    top = tmp_path / "firmware" / "lang" / "xx"
    top.mkdir(parents=True)
    (top / "name.txt").write_text("Xish\n")
    for body, said in (("Game over Spielende\n", "one TAB"),
                       ("%d left\t%s übrig\n", "keeps the % values"),
                       ("Undo\tZurück\nUndo\tRückgängig\n", "translated twice")):
        (top / "a.tsv").write_text("# a comment\n" + body, encoding="utf-8")
        with pytest.raises(languages.LanguageError) as exc:
            languages.table("xx", str(tmp_path))
        assert "xx/a.tsv:2" in str(exc.value) and said in str(exc.value), exc.value


def test_a_translation_stays_on_the_line_of_its_english():
    source = 'a = u"Game over"  # said\nb = ("x",\n     u"%d left" % 3)\nc = "Game over"\n'
    out, missing = languages.translate(source, {"Game over": "Spielende",
                                                "%d left": "%d übrig"})
    assert out == ('a = \'Spielende\'  # said\nb = ("x",\n     \'%d übrig\' % 3)\n'
                   'c = "Game over"\n')
    assert missing == []
    assert languages.translate('u"New"', {})[1] == ["New"]


@pytest.mark.parametrize("code", CODES)
def test_a_language_tree_is_the_app_line_for_line(tmp_path, code):
    written, missing = languages.tree(code, str(tmp_path))
    assert missing == []
    fw = os.path.join(ROOT, "firmware")
    rels = [os.path.relpath(dst, str(tmp_path)) for _, dst in written]
    assert "app/core.py" in rels and "app/ui.py" in rels and "words.py" in rels
    assert "lang_texts_0.py" in rels and "lang_texts_1.py" in rels
    for src, dst in written:
        with open(dst, encoding="utf-8") as f:
            text = f.read()
        compile(text, dst, "exec")
        if src.startswith(fw + os.sep) and src.endswith(".py"):
            with open(src, encoding="utf-8") as f:
                assert f.read().count("\n") == text.count("\n"), dst
    scope = {}
    exec(open(os.path.join(str(tmp_path), "words.py"), encoding="utf-8").read(), scope)
    pairs, pieces = scope["table"]
    names = pairs.strip("\n").split("\n")
    assert len(names) > 20
    assert "\nPurple\t" in pairs  # a seat's colour, said at run time
    assert "\nOrange\t" not in pairs  # the same in German: said as it is
    texts = []
    for i in range(pieces):
        piece = {}
        exec(open(os.path.join(str(tmp_path), "lang_texts_%d.py" % i), encoding="utf-8").read(),
             piece)
        assert len(piece["table"]) < 2 * languages.PIECE
        texts += piece["table"].strip("\n").split("\n")
    assert len(texts) > 50 and all(len(t.split("\t")[0]) > 16 for t in texts)
    assert not {t.split("\t")[0] for t in texts} & {n.split("\t")[0] for n in names}


def test_the_build_holds_every_language_for_the_box(device_build):
    names = open(os.path.join(device_build, "lang", "names.txt"), encoding="utf-8").read()
    assert names == "".join("%s %s\n" % (c, languages.own_name(c)) for c in CODES)
    for code in CODES:
        tree = os.path.join(device_build, "lang", code)
        assert os.path.isfile(os.path.join(tree, "app", "core.mpy"))
        assert os.path.isfile(os.path.join(tree, "words.mpy"))
        assert not os.path.exists(os.path.join(tree, "store.mpy"))  # says its words by local()


# ---- the box ----------------------------------------------------------------------------------
def test_the_first_start_asks_the_language_and_the_box_speaks_it_after(tmp_path):
    flash = str(tmp_path / "flash")
    with SimDevice(flash, language=None) as dev:  # English alone: nothing to ask
        dev.wait(30)
        assert dev.texts()[0] == "LE NOTRE"
    languages.install(flash)  # the trees: now the box holds German too
    languages.settle(flash, "en")  # as `lenotre flash` leaves a box flashed from an English PC
    with SimDevice(flash) as dev:
        dev.wait(30)
        assert dev.texts()[:3] == ["LE NOTRE", "New game", "Finished games"]  # chosen: English
    os.remove(os.path.join(flash, "data", "settings.json"))  # a box that never chose
    with SimDevice(flash) as dev:
        dev.wait(30)
        assert dev.texts() == ["Language/Sprache", "English", "Deutsch"]
        dev.press("back")  # no way past the question but an answer
        assert dev.texts()[0] == "Language/Sprache"
        dev.press("down")
        dev.press("ok")  # Deutsch: the box starts again in it
        dev.wait(200)
        assert dev.restarts == 1
        texts = dev.texts()
        assert texts[:3] == ["LE NOTRE", "Neues Spiel", "Beendete Spiele"], texts
        assert "Einstellungen" in texts
        dev.press("down", 2)
        dev.press("ok")
        assert dev.texts()[0] == "Einstellungen"
        assert "Sprache" in dev.texts()
        dev.press("down", 2)
        dev.press("ok")
        assert dev.texts() == ["Sprache", "English", "Deutsch"]  # at the one it speaks
        dev.press("back", 2)  # the menu; a game started and left: the menu's every row
        dev.press("up", 2)
        dev.press("ok", 5)  # Neues Spiel: 2 players, their colours, start
        for _ in range(4):  # out of the game's first screens to the menu
            if dev.texts()[0] == "LE NOTRE":
                break
            dev.press("back")
        texts = dev.texts()
        assert texts[:3] == ["LE NOTRE", "Weiterspielen", "Neues Spiel"], texts
        assert dev.stats()["clipped"] == 0  # every German text of these screens whole
        dev.press("down", 3)
        dev.press("ok")
        dev.press("down", 2)
        dev.press("ok")
        dev.press("up")
        dev.press("ok")  # English again
        dev.wait(200)
        assert dev.restarts == 2  # the game it holds resumed at the start, in English
        assert dev.texts()[0] == "Stage 1 Round 1", dev.texts()
    with open(os.path.join(flash, "data", "settings.json")) as f:
        assert '"language_code": "en"' in f.read()


def _run_shared(args, **kw):
    out = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=1200, **kw)
    last = out.stdout.strip().splitlines()[-1:] or [""]
    return out, last[0]


@pytest.mark.parametrize("code", CODES)
def test_every_message_is_read_whole_in_every_language_on_cpython(tmp_path, code):
    # tests/shared/test_messages.py with the language's tree first on the path, the test's
    # own words of the box translated: on CPython here, on MicroPython at the box's heap below
    tree = str(tmp_path / code)
    languages.tree(code, tree)
    words = languages.table(code)
    src = os.path.join(ROOT, "tests", "shared", "test_messages.py")
    with open(src, encoding="utf-8") as f:
        text = languages.translate(f.read(), words)[0]
    with open(os.path.join(tree, "test_messages.py"), "w", encoding="utf-8") as f:
        f.write(text)
    out, last = _run_shared([sys.executable, "tests/run_shared.py", "--tree", tree,
                             "test_messages"])
    assert out.returncode == 0 and last.endswith(" 0 failed, 1 skipped"), out.stdout + out.stderr


@pytest.mark.parametrize("code", CODES)
def test_every_message_and_a_soak_in_every_language_on_micropython(code):
    # the messages read whole, and the soak's 20,000 random presses at the box's heap with
    # every journal replayed: the box, compiled, speaking the language (tests/run_mpy.py)
    out, last = _run_shared([sys.executable, "tests/run_mpy.py", "--lang", code,
                             "test_messages", "test_soak"])
    assert out.returncode == 0 and last.endswith(" 0 failed, 1 skipped"), out.stdout + out.stderr


# ---- a whole game of each game, in German ----------------------------------------------------
SEED = 20261208  # the box's games' seeds, the same in both runs (simdevice --seed)


def _player(game, dev):
    if game == "versailles":
        from lenotre.games.versailles_play import Player
        return Player(dev)
    if game == "sanssouci":
        from sanssouci_play import Player
        return Player(dev)
    if game == "gardens":
        from gardens_play import GardensPlayer
        return GardensPlayer(dev)
    from schlossgarten_play import Player
    return Player(dev)


def _events(flash):
    # -> every game's events on a box's flash, as its store reads them, without the times
    # (the clock marks of a run's power-ons differ)
    import store  # the firmware's own, read on the desktop
    s = store.Store(os.path.join(flash, "data"))
    out = []
    for gid, _ in s.games():
        out.append([{k: v for k, v in ev.items() if k != "t"} for ev in s.events(gid)])
    return out


@pytest.mark.parametrize("game,players,seed", [("versailles", 2, 3), ("sanssouci", 3, 2),
                                               ("gardens", 4, 5), ("schlossgarten", 3, 1)])
def test_a_whole_game_in_german_through_the_buttons_keeps_the_english_journal(
        tmp_path, device_build, device_rom, game, players, seed):
    # The German box as the box's own image runs it: the app's code and the German tree read
    # in place from the ROMFS, the Pico's 192 KB beside it (tests/rigs/unixrom.py)
    plan = simulator(game)(seed, players)
    english = str(tmp_path / "en")
    with Recording(english, seed=SEED) as dev:
        dev.wait(30)
        _player(game, dev).play(plan.log)
        assert dev.stats()["clipped"] == 0
    german = str(tmp_path / "de")
    os.makedirs(german)
    languages.settle(german, "de", True)  # as `lenotre flash --lang de` leaves it
    with SimDevice(german, launch=unixrom.launcher(device_rom), compiled=device_build,
                   seed=SEED) as de:
        assert de.runtime == "micropython"
        de.wait(30)
        assert de.texts()[1] == "Neues Spiel"
        replay(dev.lines, de)
        texts = de.texts()
        assert {"Gewinner", "Geteilter Sieg"} & set(texts), texts  # the winner screen
        assert de.stats()["clipped"] == 0
        assert de.crashes == [] and de.restarts == 0
    assert _events(german) == _events(english)
    assert len(_events(german)) == 1 and len(_events(german)[0]) > 10

# Every message the box can show is readable whole (issue 8: the refused tie and the missed
# claim lost their last words). Each text is provoked for real - the rules core's errors from
# realistic games, the store's from a real store - then shown by the app's own Message and
# Confirm screens and paged through with the buttons: every wrapped line must appear on
# some page, in order, and nothing may be clipped. In every language the box speaks: the
# tests' own words of the box (u-strings) are translated with the box's (tests/run_mpy.py
# --lang, tests/host/test_box_languages.py).
import gc
import os

from support import scratch, skip

import store
from app import App, ui
# The messages' modules loaded here, on the young heap: a box with several games preloads
# no game's screens
from app.schlossgarten_turn import built, said, too_large
from app.versailles_scoring import question  # noqa: E402
from app.versailles import NO_CLAIM_YET  # noqa: E402
from hal import sim
from shared_rules.errors import RulesError
from shared_rules.versailles.game import Game
from shared_rules.versailles.garden import Garden
from shared_rules.versailles.tiles import kind_code, type_code

# The box's longest player names (they are its colours).
NAMES = ["Orange", "Purple", "Silver", "Cyan", "Lime"]


raised = set()  # the error types provoked


def _error(fn, *args):
    try:
        fn(*args)
    except (RulesError, store.StoreError) as exc:
        raised.add(type(exc).__name__)
        return str(exc)
    raise AssertionError("%r did not raise" % (fn,))


def _played(n, rounds):
    g = Game(NAMES[:n], 3)
    for r in range(rounds):
        top = 55 - r * g.n
        g.play_round([top - p for p in range(g.n)])
    return g


def _at_scoring(n, stage=1):
    g = _played(n, 7)
    if stage == 2:
        for p in range(n):
            g.report_areas(p, [0] * 6)
        g.score()
        g = Game.replay(g.log)
        for r in range(7):
            top = 55 - r * g.n
            g.play_round([top - p for p in range(g.n)])
    return g


def rules_errors():
    # -> every message the rules core raises, each provoked as the box or the CLI would
    out = []
    add = out.append
    g = _played(3, 1)
    add(_error(g.push, "round"))
    add(_error(Game().push, {"e": "round", "cards": [1, 2, 3]}))
    add(_error(g.push, {"e": "setup", "game": "versailles", "players": NAMES[:3], "seed": 1}))
    add(_error(g.push, {"e": "pass"}))
    add(_error(g.push, {"e": "round"}))
    add(_error(g.push, {"e": "round", "cards": "1 2 3"}))
    add(_error(Game, NAMES[:1]))
    add(_error(Game, NAMES + ["Pink"]))
    add(_error(Game, ["Orange", "Aurelianus Mag"]))
    add(_error(Game, ["Orange", "Ludwig"]))
    add(_error(Game, ["Orange", "Orange"]))
    add(_error(Game().push, {"e": "setup", "game": "chess", "players": NAMES[:2], "seed": 1}))
    add(_error(Game(NAMES[:3], 1).undo))
    add(_error(g.play_round, [1, 2]))
    add(_error(g.play_round, [0, 1, 2]))
    add(_error(g.play_round, [1, 1, 2]))
    add(_error(g.play_round, [55, 1, 2]))  # played in round 1
    two = Game(NAMES[:2], 1)
    lc = two.ludwig_preview()
    add(_error(two.push, {"e": "round", "cards": [c for c in (1, 2, 3) if c != lc][:2],
                          "ludwig": lc + 1 if lc < 55 else 1}))
    add(_error(g.claim, 7, "blue", 4))
    add(_error(g.claim, 0, "construction", 4))
    add(_error(g.claim, 0, "blue", 3))
    add(_error(g.claim, 0, "blue", -1))
    add(_error(g.claim, 0, "blue", 9))
    g.play_round([40, 41, 42])
    g.claim(0, "yellow", 5)
    add(_error(g.claim, 0, "yellow", 5))  # holds it already
    add(_error(g.claim, 1, "yellow", 5))  # the refused tie
    add(_error(g.report_areas, 0, [0] * 6))  # not yet
    add(_error(g.score))
    s = _at_scoring(3)
    add(_error(s.play_round, [1, 2, 3]))
    add(_error(s.score))  # reports missing
    add(_error(s.report_areas, 0, [0, 0, 0]))
    s.report_areas(0, [4, 0, 0, 0, 0, 0])
    s.report_areas(1, [0] * 6)
    s.report_areas(2, [0] * 6)
    add(_error(s.score))  # green 4 and nobody holds it
    s = _at_scoring(3)
    s.claim(0, "red", 5)
    s.report_areas(0, [0, 0, 0, 5, 0, 0])
    s.report_areas(1, [0, 0, 0, 9, 0, 0])
    s.report_areas(2, [0] * 6)
    add(_error(s.score))  # Purple's 9 red beats the holder's 5: the missed claim
    s = _at_scoring(3)
    s.claim(0, "red", 5)
    add(_error(s.report_areas, 0, [0, 0, 0, 4, 0, 0]))  # shrank below the claim
    for p in range(3):
        s.report_areas(p, [0, 0, 0, 5 if p == 0 else 0, 0, 0])
    s.score()
    add(_error(s.score, 1))
    over = _at_scoring(3, 2)
    for p in range(3):
        over.report_areas(p, [0] * 6)
    over.score()
    add(_error(over.play_round, [1, 2, 3]))
    add(_error(over.claim, 0, "blue", 4))
    add(_error(over.report_areas, 0, [0] * 6))
    add(_error(type_code, "purple"))
    add(_error(kind_code, "purple"))
    garden = Garden()
    garden.place(0, 0, [0, 0, 0, 0])
    add(_error(garden.place, 0, 0, [0, 0, 0]))
    add(_error(garden.place, 2, 0, [0, 0, 0, 9]))
    add(_error(garden.place, 600, 0, [0, 0, 0, 0]))
    add(_error(garden.place, 1, 1, [0, 0, 0, 0]))
    add(_error(garden.place, 2, 2, [0, 0, 0, 0]))
    return out


def store_errors():
    # -> the store's messages: a full flash, a finished game, an unknown one, a damaged one
    # (kept aside and not), a game not synced, a running game resumed
    from journal import CorruptJournal
    root = scratch("messages_store")
    s = store.Store(root, capacity=store.RESERVE + 150)
    gid = s.new_game({"e": "setup", "game": "versailles", "players": NAMES[:2], "seed": 1})
    from resume import resume
    out = [_error(resume, s, gid)]  # a game being played is not resumed
    big = {"e": "round", "cards": list(range(1, 40))}
    out.append(_error(s.append, gid, big))
    s.finish(gid)
    out.append(_error(s.append, gid, {"e": "undo"}))
    out.append(_error(s.events, 99))
    out.append(_error(s.delete, gid))
    out.append(str(CorruptJournal("g1297.log", 5, "bad crc", 4, 3, "g1297.bad")))
    out.append(str(CorruptJournal("p0003.pak (game 1297)", 5, "bad crc", 4, 3, None)))
    return out


def app_texts(exc_texts):
    # -> (heading, text, confirm?) of every Message and Confirm the app makes (see
    # test_every_message_screen_is_listed: a new one must be added here)
    from app.home import LEAVE
    texts = [("New game", LEAVE, True), ("Resume game 1297", LEAVE, True),
             ("Final scoring", "This ends the game. Score it now?", True),
             ("No claim yet", NO_CLAIM_YET, False),
             ("Missed claim", question("Purple", "yellow", 12, "Silver", 11), True),
             ("Missed claim", question("Purple", "yellow", 12, None, 0), True),
             ("Too large", too_large("terrace", "Silver", "hedge2"), False),
             ("On the field", built("Silver", "terrace"), False)]
    seats = _Seats(["Orange", "Purple", "Silver", "Yellow"])
    near = _Seats(seats.players, 19)  # a turn that reaches 21 counting whole says so
    for g, tiles, name, over in ((seats, [3, 2, 1], "terrace", ()),
                                 (seats, [3], "terrace", [[1, "pool"]]),
                                 (seats, [], "maze", [[1, "hedge1"], [2, "hedge1"],
                                                      [3, "hedge1"]]),
                                 (seats, [1, 3], None, ()), (near, [3, 2, 1], "terrace", ()),
                                 (near, [], "maze", [[1, "hedge1"], [2, "hedge1"],
                                                     [3, "hedge1"]])):
        texts.append(("Record turn?", said(g, 0, tiles, name, over), True))
    for t in exc_texts:
        texts.append(("Not allowed", t, False))  # App.error
        texts.append(("Game 1297", "cannot be shown: %s" % t, False))  # Finished games
    return texts


class _Seats:  # what the Schlossgarten turn's words ask of a game
    def __init__(self, players, points=0):
        self.players = players
        self.had = points

    def points(self, p):
        return self.had


def _boot():
    gc.collect()  # the heap the last box left, collected before the next one boots
    h = sim.build(scratch("messages_app"))
    a = App(h)
    a.step()
    return h, a


def _read_whole(h, a, heading, text, confirm):
    # Shows the text as the app does, pages through it with ok/down; -> lines seen in order
    cls = ui.Confirm if confirm else ui.Message
    a.push(cls(a, heading, text))
    a.redraw()
    seen = []
    for _ in range(20):
        shown = h.display.shown_texts
        assert shown[0] == heading, shown
        body = shown[1:]
        more = body and body[-1].startswith((u"ok:more %d/%d").split()[0])
        seen.extend(body[:-1] if more else [t for t in body if t not in (
            u"ok:yes  back:no",) and not t.startswith((u"ok  %d/%d").split()[0] + "  ")])
        if not more:
            break
        a.stack[-1].key(ui.DOWN if len(seen) % 2 else ui.OK, ui.PRESS)
        a.redraw()
    a.home()
    return seen


def test_every_message_is_shown_whole_over_its_pages():
    h, a = _boot()  # first, as on the box: the app's code loads on a young heap
    errors = rules_errors() + store_errors()
    before = ui.clipped
    long_ones = 0
    for heading, text, confirm in app_texts(errors):
        seen = _read_whole(h, a, heading, text, confirm)
        assert seen == ui.wrap(text), (text, seen)
        assert " ".join(seen).split() == text.split(), (text, seen)  # every word, in order
        long_ones += len(seen) > 6
    assert ui.clipped == before, ui.clipped - before
    assert long_ones > 5  # the pages are needed, not only allowed


def test_every_kind_of_error_is_among_the_messages():
    # Every RulesError subclass the rules core defines, and the store's errors, are provoked
    # above: a new kind of error cannot slip past the screen test unseen.
    from shared_rules import errors
    from shared_rules import versailles
    rules_errors()
    store_errors()
    kinds = set(n for m in (errors, versailles) for n in dir(m)
                if isinstance(getattr(m, n), type) and issubclass(getattr(m, n), RulesError)
                and n != "RulesError")
    assert len(kinds) == 13 and not kinds - raised, kinds - raised
    assert set(["StoreFull", "StoreError", "NotSynced"]) <= raised, raised


def test_the_refused_tie_and_the_missed_claim_end_with_what_to_do():
    # The two messages issue 8 found cut: the last words are the instruction (English's).
    try:
        import words  # noqa: F401  (a language's tree: the box speaks another language)
        skip("issue 8's English words; in another language the test above reads every "
             "message whole")
    except ImportError:
        pass
    h, a = _boot()
    errors = rules_errors()
    tie = [t for t in errors if "tie" in t]
    missed = [t for t in errors if "strictly larger" in t]
    assert len(tie) == 1 and len(missed) == 1, (tie, missed)
    for text, last in ((tie[0], "enough)"), (missed[0], "the claim")):
        seen = _read_whole(h, a, "Not allowed", text, False)
        assert " ".join(seen).endswith(last), seen


def test_ok_pages_on_then_acknowledges_and_back_leaves_from_any_page():
    h, a = _boot()
    done = []
    text = " ".join(["word%d" % i for i in range(40)])
    a.push(ui.Confirm(a, "Sure?", text, then=lambda: done.append(1)))
    m = a.stack[-1]
    assert m.pages == 4  # 40 words of 6 letters: 2 a line, 5 lines a page
    m.key(ui.OK, ui.PRESS)
    m.key(ui.DOWN, ui.PRESS)
    m.key(ui.UP, ui.PRESS)
    assert m.page == 1 and a.stack[-1] is m and not done
    m.key(ui.OK, ui.PRESS)
    m.key(ui.OK, ui.PRESS)
    assert m.page == 3 and not done
    a.redraw()
    assert h.display.shown_texts[-1] == u"ok:yes  back:no"
    m.key(ui.OK, ui.PRESS)
    assert done == [1] and a.stack[-1] is not m
    a.push(ui.Confirm(a, "Sure?", text, then=lambda: done.append(2)))
    a.stack[-1].key(ui.OK, ui.PRESS)
    a.stack[-1].key(ui.BACK, ui.PRESS)  # no, from the second page
    assert done == [1] and not isinstance(a.stack[-1], ui.Message)


def test_every_message_screen_is_listed():
    # app_texts above must know every Message and Confirm the app makes: count the places
    # that make one (App.error's Message and home's damaged-game Message take any error).
    root = "firmware/app"
    made = 0
    for name in os.listdir(root):
        if name.endswith(".py") and name != "ui.py":
            with open(root + "/" + name) as f:
                for line in f:  # line by line: MicroPython's heap is small
                    made += line.count("ui.Message(") + line.count("ui.Confirm(")
    assert made == 11, made  # 5 confirms, App.error, Finished's damaged game, no claim yet,
    # Schlossgarten's element that does not fit and the element on the field, a game's setup

"""Issue 8, "Versailles at a real table": the entry flows at the simulated box, through its
buttons, on CPython, on the MicroPython unix port at 192 KB and from the .mpy build; one test
per defect. (The press count of bench/device.py's game is checked where that game is played,
tests/host/test_device_games.py.)"""
import pytest

from lenotre.device.simclient import SimDevice
from lenotre.games.versailles_play import Player
from shared_rules.versailles.game import Game

RUNTIMES = ["cpython", "micropython", "micropython-mpy"]


@pytest.fixture(params=RUNTIMES)
def box(request, tmp_path):
    # -> (the simulated box with a 2-player game started, its Player, the flash folder)
    runtime = request.param
    compiled = request.getfixturevalue("device_build") if runtime.endswith("mpy") else None
    flash = str(tmp_path / "flash")
    with SimDevice(flash, micropython=runtime != "cpython", compiled=compiled) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(2)
        yield dev, p, flash
        assert dev.stats()["clipped"] == 0  # every screen on the way was whole


def events(flash):
    import store
    s = store.Store(flash + "/data")  # the box's layout: the journal in data/
    return s.events(s.games()[0][0])


def said(texts):
    # a toast's lines (of 14 columns) read as the one text they wrap
    return " ".join(texts)


def rows(texts):
    # The rows of an area report, [(kind, shown value)]; ">" marks the chosen one.
    return [(t[1:].split()[0], t.split()[-1]) for t in texts if t[:1] in (" ", ">")]


def to_reports(dev, p):
    # Stage 1 to its reports: Orange claims green 4 after round 1, and her green grows
    # unannounced; 7 rounds; the hub's ok opens Orange's report.
    p.play_round([10, 40])
    p.claim(0, "green", 4)
    for r in range(1, 7):
        p.play_round([10 + r, 40 + r])
    dev.press("ok")
    assert dev.screen()[1][0] == "Orange's areas"


def test_ludwig_card_is_hidden_until_every_card_is_in(box):
    # Special Rules for 2 Players: "Each round, Ludwig's top card is played and resolved with
    # the players' cards"; players choose face down, then reveal.
    dev, p, flash = box
    dev.press("ok")
    for card in (20, 30):
        texts = dev.screen()[1]
        assert texts[0].endswith("'s card")
        assert not any("Ludwig" in t for t in texts), texts
        p.set_value(card, jump=5)
        dev.press("ok")
    texts = dev.screen()[1]
    ludwig = events(flash)[1]["ludwig"]
    assert texts[0] == "S1 R1: place"
    assert [t for t in texts if " Ludwig " in t][0].split()[1:4] == ["Ludwig", str(ludwig),
                                                                      "out"], texts


def test_back_keeps_the_entered_cards(box):
    dev, p, flash = box
    dev.press("ok")
    p.set_value(20, jump=5)
    dev.press("ok")
    p.set_value(30, jump=5)
    dev.press("back")
    assert dev.screen()[1][0] == "R1 Orange's card" and p.value() == 20
    dev.press("ok")
    assert dev.screen()[1][0] == "R1 Purple's card" and p.value() == 30
    dev.press("ok")
    assert events(flash)[1]["cards"] == [20, 30]


def test_long_back_takes_back_the_card_entered_last_then_the_last_action(box):
    dev, p, flash = box
    dev.press("ok")
    p.set_value(20, jump=5)
    dev.press("ok")
    dev.long("back")
    texts = dev.screen()[1]
    assert texts[0] == "R1 Orange's card" and "Undone: Orange card 20" in said(texts), texts
    assert p.value() == 28  # the entry starts afresh at the middle card
    dev.press("back")
    assert dev.screen()[1][0] == "Stage 1 Round 1"  # nothing was recorded
    p.play_round([20, 30])
    dev.press("ok")  # the next round's cards, none entered yet: undo the recorded round
    dev.long("back")
    texts = dev.screen()[1]
    assert texts[0] == "Stage 1 Round 1" and "Undone: S1 round 1" in said(texts), texts
    assert [ev["e"] for ev in events(flash)] == ["setup", "round", "undo"]


def test_a_holder_records_growth_in_two_presses_and_undo_names_it(box):
    # Assignment of Majority Tokens: a steal needs more fields than "the number of fields
    # existing in the area of the current Majority Token holder": the box must hear growth.
    dev, p, flash = box
    p.play_round([10, 40])
    dev.press("next")  # Orange placed first: her likeliest claim comes first
    texts = dev.screen()[1]
    assert texts[0] == "Orange claims" and "green" in texts and p.value() == 4, texts
    dev.press("ok")
    assert "Orange green 4" in said(dev.screen()[1])
    p.play_round([11, 41])
    presses = dev.presses
    dev.press("next")
    texts = dev.screen()[1]
    assert texts[0] == "Orange grows" and "green" in texts and "was 4" in texts, texts
    assert p.value() == 5
    dev.press("ok")
    assert dev.presses - presses == 2 and "Orange green 5" in said(dev.screen()[1])
    dev.long("back")
    assert "Undone: Orange claims green 5" in said(dev.screen()[1]), dev.screen()[1]
    claims = [(ev["e"], ev.get("p"), ev.get("size")) for ev in events(flash)[2:]]
    assert claims == [("claim", 0, 4), ("round", None, None), ("claim", 0, 5), ("undo", None,
                                                                               None)]


def test_stage_one_report_asks_no_construction_and_shows_zero_as_a_dash(box):
    # Construction Site: "They do not score points during the intermediate scoring".
    dev, p, flash = box
    to_reports(dev, p)
    texts = dev.screen()[1]
    assert [k for k, v in rows(texts)] == ["green", "blue", "white", "red", "yellow"], texts
    assert not any("constr" in t for t in texts)
    assert texts[1] == ">%-12s%3s" % ("green", 4)  # what she claimed
    dev.press("ok")
    p.set_value(0, p.row_value)
    assert ">%-12s%3s" % ("blue", "-") in dev.screen()[1]  # 0 reads "-", never a box
    dev.long("ok")  # the rest as shown
    assert dev.screen()[1][0] == "Purple's areas"
    assert events(flash)[-1] == {"e": "areas", "p": 0, "sizes": [4, 0, 1, 1, 1, 0]}


def test_a_missed_growth_is_mended_at_scoring(box):
    # Orange's green grew to 8 unannounced; Purple's claim of 5 was judged against her stale
    # 4. The reports show it: the box offers the claim that puts it right, and scores.
    dev, p, flash = box
    to_reports(dev, p)
    p.set_value(8, p.row_value)
    dev.long("ok")
    dev.press("back")  # out of Purple's report, to claim for her first
    p.claim(1, "green", 5)
    dev.press("ok")
    p.report(1, [5, 1, 1, 1, 1, 0])
    texts = dev.screen()[1]
    said = " ".join(texts)
    assert texts[0] == "Missed claim" and "Orange green 8 beats Purple's 5" in said, said
    dev.press("ok")
    assert dev.screen()[1][0] == "Stage 1 scores", dev.screen()[1]
    g = Game.replay(events(flash))
    assert g.holders[0] == 0 and g.scores[0][0][1] == 3 and g.scores[0][1][1] == 0
    assert events(flash)[-2] == {"e": "claim", "p": 0, "type": "green", "size": 8}


def test_stage_two_opens_with_its_reminder(box):
    # Second Stage: cards discarded, shuffled, 10 dealt again; a new row of 21 tiles (2/3
    # players); tokens "flipped over so the 5-point side is facing up".
    dev, p, flash = box
    to_reports(dev, p)
    p.report(0, [4, 1, 1, 1, 1])
    p.report(1, [1, 1, 1, 1, 1])
    p.score(1)
    dev.press("ok")
    texts = dev.screen()[1]
    assert texts[0] == "Stage 2 Round 1"
    assert "21 new tiles" in texts and "tokens flip to 5" in texts
    assert "shuffle, deal 10" in texts
    assert "+ small tokens" not in texts  # not used with 2 players

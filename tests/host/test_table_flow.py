"""Issue 8, "Versailles at a real table": the entry flows at the simulated box, through its
buttons, on CPython, on the MicroPython unix port at 192 KB and from the .mpy build. Undo
takes back the card being entered before any recorded action and says what it undid; back
keeps what was entered; Ludwig's card stays hidden until the players' cards are in; a holder
records growth in two presses; stage-1 reports leave construction out and show 0 as "-"; a
missed claim found at scoring is mended on the spot; stage 2 opens with its reminder."""
import pytest

from lenotre.simclient import SimDevice
from lenotre.simplay import Player
from shared_rules.versailles.game import Game

RUNTIMES = ["cpython", "micropython", "micropython-mpy"]


@pytest.fixture(scope="module")
def device_build(tmp_path_factory):
    from lenotre.toolchain import build
    out = str(tmp_path_factory.mktemp("device"))
    build(out)
    return out


def _device(tmp_path, runtime, request):
    compiled = request.getfixturevalue("device_build") if runtime.endswith("mpy") else None
    return SimDevice(str(tmp_path / "flash"), micropython=runtime != "cpython",
                     compiled=compiled)


def _events(tmp_path):
    import store
    s = store.Store(str(tmp_path / "flash"))
    return s.events(s.games()[0][0])


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_card_entry_undo_back_and_ludwig(tmp_path, runtime, request):
    with _device(tmp_path, runtime, request) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(2)
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[0] == "R1 Orange's card"
        # Ludwig's face-down card is not on the card screen
        assert not any("Ludwig" in t or "ludwig" in t for t in texts), texts
        p.set_value(20, jump=5)
        dev.press("ok")
        p.set_value(30, jump=5)
        # A short back keeps what was entered, both ways
        dev.press("back")
        assert dev.screen()[1][0] == "R1 Orange's card" and p.value() == 20
        dev.press("ok")
        assert dev.screen()[1][0] == "R1 Purple's card" and p.value() == 30
        # A long back takes back the card entered last, and says which
        dev.long("back")
        texts = dev.screen()[1]
        assert texts[0] == "R1 Orange's card" and "Undo Orange: 20" in texts, texts
        assert p.value() == 28  # entry starts afresh at the middle card
        dev.press("back")
        assert dev.screen()[1][0] == "Stage 1 Round 1"  # no round was recorded
        # Entered whole, the round shows Ludwig's card with the placement
        p.play_round([20, 30])
        texts = dev.screen()[1]
        assert texts[0] == "S1 R1: place"
        assert any(t.split()[1:2] == ["Ludwig"] and t.endswith(" out") for t in texts), texts
        # A long back on the card screen with no card entered undoes the last action, named
        dev.press("ok")
        dev.long("back")
        texts = dev.screen()[1]
        assert texts[0] == "Stage 1 Round 1" and "Undo S1 round 1" in texts, texts
        assert dev.stats()["clipped"] == 0
    events = _events(tmp_path)
    assert [ev["e"] for ev in events] == ["setup", "round", "undo"]
    assert events[1]["cards"] == [20, 30]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_growth_areas_missed_claim_and_stage_two(tmp_path, runtime, request):
    with _device(tmp_path, runtime, request) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(2)
        p.play_round([10, 40])
        dev.press("next")  # Orange placed first: her likeliest claim comes first
        texts = dev.screen()[1]
        assert texts[0] == "Orange claims" and "green" in texts and p.value() == 4, texts
        dev.press("ok")
        p.play_round([11, 41])
        # The holder's growth is the first claim offered: > and ok record it
        dev.press("next")
        texts = dev.screen()[1]
        assert texts[0] == "Orange grows" and "was 4" in texts and p.value() == 5, texts
        dev.press("ok")
        assert "Orange green 5" in dev.screen()[1]
        # Undo names what it undid, in the toast's 16 columns (the name gives way)
        dev.long("back")
        assert "Undo Ora green 5" in dev.screen()[1], dev.screen()[1]
        dev.press("next")
        dev.press("ok")
        for r in range(2, 7):
            p.play_round([10 + r, 40 + r])
        dev.press("ok")  # score: the first report
        texts = dev.screen()[1]
        assert texts[0] == "Orange's areas"
        rows = [t for t in texts if t[:1] in (" ", ">")]
        # Stage 1: the five garden types, construction not asked (never scored there)
        assert [r.split()[0].lstrip(">") for r in rows] == ["green", "blue", "white", "red",
                                                            "yellow"], rows
        assert not any("construc" in t for t in texts)
        assert rows[0] == ">%-12s%3s" % ("green", 5)  # what she claimed
        dev.press("ok")
        p.set_value(0, p.row_value)
        texts = dev.screen()[1]
        assert ">%-12s%3s" % ("blue", "-") in texts, texts  # 0 reads "-", never a box
        dev.long("ok")  # the rest as shown
        texts = dev.screen()[1]
        assert texts[0] == "Purple's areas"
        p.set_value(6, p.row_value)  # more green than Orange, who holds the token
        dev.long("ok")
        texts = dev.screen()[1]
        said = " ".join(texts)
        assert texts[0] == "Missed claim" and "Purple green 6" in said and "Orange's 5" in said
        dev.press("ok")  # claim it
        assert dev.screen()[1][0] == "Stage 1 scores", dev.screen()[1]
        dev.press("ok")
        texts = dev.screen()[1]
        # Rulebook, "Second Stage": a new row, tokens flipped to 5, cards dealt again
        assert texts[0] == "Stage 2 Round 1"
        assert "21 new tiles" in texts and "tokens flip to 5" in texts
        assert "shuffle, deal 10" in texts
        assert dev.stats()["clipped"] == 0
    events = _events(tmp_path)
    claims = [(ev["p"], ev["type"], ev["size"]) for ev in events if ev["e"] == "claim"]
    assert claims == [(0, "green", 4), (0, "green", 5), (0, "green", 5), (1, "green", 6)]
    reports = [ev["sizes"] for ev in events if ev["e"] == "areas"]
    assert reports == [[5, 0, 1, 1, 1, 0], [6, 1, 1, 1, 1, 0]]
    g = Game.replay(events)
    assert g.stage == 2 and g.holders[0] == 1 and g.scores[0][1][1] == 3

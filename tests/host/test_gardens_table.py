"""Issue 13, Gardens at the table: whole games through the simulated box's five buttons, one
per variant (3 players, 4 players, the team game 2 vs 2, the 2-player game), hand-worked in
tests/host/gardens_tables.py with the rulebook's words; on CPython, and the 3-player and
2-player games (and the 4-player one, at the Pico's 192 KB) on the MicroPython unix port from
source and as the .mpy build. The journal on the simulated flash must replay to the tally
worked by hand, and the winner screen must say who won and why."""

import pytest

from gardens_tables import TABLES
from gardens_play import GardensPlayer
from shared_rules.gardens.game import Game
from tablerig import box_journal, device

PLAYS = [("three", "cpython"), ("four", "cpython"), ("team", "cpython"), ("two", "cpython"),
         ("three", "micropython-mpy"), ("four", "micropython-mpy"),
         ("team", "micropython-mpy"), ("two", "micropython-mpy"),
         ("three", "micropython"), ("four", "micropython"), ("team", "micropython"),
         ("two", "micropython")]
# From source: the unix port with the compiler's room (simclient.SOURCE_HEAP). With all four
# games installed every Gardens game had met a MemoryError there, compiling the scoreboard's
# module at its end; with a game's events packed (shared_rules/packed.py) they play whole.



def on_the_box(lines, plan, names):
    # The hand-worked reason names the plan's players ("Ora 16 Cya 15"); on the box each
    # player is the colour they chose, p.names ("Red 16 Yel 15")
    out = []
    for line in lines:
        for was, now in zip(plan[0]["players"], names):
            line = line.replace(was[:3] + " ", now[:3] + " ")
        out.append(line)
    return out


def untimed(ev):
    # an event without the box's time stamp, which the rules do not read
    return {k: v for k, v in ev.items() if k != "t"}

def journal(flash):
    s, ids = box_journal(flash)  # the firmware's own store, read on the desktop
    assert len(ids) == 1
    return s, ids[0]


def said(texts):
    return " ".join(texts)


class Watch:
    # What the table sees along the game: each screen after each event of the plan
    def __init__(self, player):
        self.p = player
        self.seen = []

    def __call__(self, ev):
        self.seen.append((ev, self.p.texts(), self.p.dev.pixels()))


@pytest.mark.parametrize("table,runtime", PLAYS)
def test_whole_game_through_buttons(tmp_path, table, runtime, request):
    make, expected = TABLES[table]
    plan = make()
    flash = str(tmp_path / "flash")
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        p = GardensPlayer(dev)
        watch = Watch(p)
        p.play(plan, watch)
        names = p.names
        texts = dev.screen()[1]
        shared = len(expected["winners"]) > 1 and table != "team"
        assert texts[0] == ("Shared victory" if shared else "Winner"), texts
        won = [names[w] for w in expected["winners"]]
        assert said(texts).count(won[0]) == 1 and all(w in said(texts) for w in won), texts
        reason = on_the_box(expected["reason"], plan, names)
        for line in reason:  # who won and why, the tie-break spelled out
            assert line in texts, (line, texts)
        assert dev.stats()["clipped"] == 0  # every screen on the way was whole
        assert dev.stats()["crashes"] == 0
    s, gid = journal(flash)
    assert s.finished(gid)
    events = s.events(gid)
    game = Game.replay(events)
    # the box journalled the plan, nothing else; the last turn with the box's time then (its
    # clock unset: its power-on and the seconds since, firmware/wallclock.py)
    assert [untimed(ev) for ev in events[1:]] == plan[1:]
    assert isinstance(events[-1]["t"], list) and "t" not in events[-2]
    assert game.side_beds() == expected["beds"]
    if "corners" in expected:
        assert game.side_corners() == expected["corners"]
    assert game.outcome.winners == expected["winners"]
    assert game.outcome.reason == reason
    assert game.piles == expected["piles"] and game.turns == expected["turns"]
    check = CHECKS.get(table)
    if check:
        check(watch.seen)


def hub_after(seen, turn):
    # the screen after the game's `turn`-th turn (a turn undone does not count)
    n = 0
    for ev, texts, pixels in seen:
        n += 1 if ev["e"] == "turn" else -1
        if ev["e"] == "turn" and n == turn:
                return texts, pixels
    raise AssertionError("no turn %d" % turn)


def check_three(seen):
    # Rulebook, "Game End": "The round is played to its end": red (first in turn order)
    # placed its 6th tile on turn 10: blue and yellow play on; the hub counts them down.
    texts, pixels = hub_after(seen, 10)
    assert texts[0] == "Blue" and "2 to go" in texts, texts
    assert "red's last tile: last round, 2 to go" in said(texts), texts
    assert pixels[4] != (0, 0, 0) and pixels[5] != (0, 0, 0) and pixels[6] == (0, 0, 0)
    texts, pixels = hub_after(seen, 11)
    assert texts[0] == "Yellow" and "last!" in texts, texts
    # the 3-player hub: three colours in turn order, pink (unused) neither listed nor lit
    assert [t.split() for t in texts[3:6]] == [["red", "6", "0"], ["blue", "1", "5"],
                                               ["yellow", "6", "0"]], texts
    assert pixels[3] == (0, 0, 0)
    # the colour on turn (yellow, third in turn order) bright, the others dim, as the strip
    # shows them after its brightness cap (a quarter of the full colour was still above it)
    assert all(max(pixels[2]) >= 3 * max(pixels[i]) > 0 for i in (0, 1)), pixels
    # the mistaken T4 and its undo: the toast names it
    undone = [t for ev, t, _ in seen if ev["e"] == "undo"][0]
    assert "Undone: T4 red, 1 bed" in said(undone), undone


def check_team(seen):
    # blue's 6th bed won with an empty supply counts (Game End: "those are also counted")
    texts, _ = hub_after(seen, 6)
    assert any(t.split() == ["blue", "6", "0"] for t in texts), texts
    texts, _ = hub_after(seen, 7)  # red's 5th tile: the blue+red team's supplies are out
    assert "last!" in texts and texts[0] == "Pink", texts


CHECKS = {"three": check_three, "team": check_team}


def test_the_roster_refuses_ludwig_without_loading_versailles():
    # shared_rules/roster.py writes Versailles's bot's name itself (importing it loaded all of
    # Versailles's rules at every setup): the same word, so the roster still refuses it
    from shared_rules import roster
    from shared_rules.versailles.game import LUDWIG
    assert LUDWIG in roster.SEAT_WORDS and roster.problem(LUDWIG) is not None


@pytest.mark.parametrize("runtime", ["cpython", "micropython-mpy"])
def test_a_long_game_resumes_after_a_power_cut_and_finishes(tmp_path, runtime, request):
    # The 4-player game (96 turns, the longest) cut off after its 90th turn: the box boots
    # into it (its journal replayed, at the Pico's 192 KB on the .mpy build), where it was,
    # and plays it to the end
    make, expected = TABLES["four"]
    plan = make()
    flash = str(tmp_path / "flash")
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        p = GardensPlayer(dev)
        s = plan[0]
        p.new_game(4, colours=s["colours"])
        for ev in plan[1:91]:
            p.turn(ev["c"], ev["beds"], ev.get("special", False))
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        p = GardensPlayer(dev)
        texts = dev.screen()[1]
        # T91 is Pink's (the 91st turn is the third of its round); 3 tiles from the piles
        # left to take before the 4 that end it
        assert texts[:2] == ["Pink", "pile 7"], texts
        for ev in plan[91:]:
            p.turn(ev["c"], ev["beds"], ev.get("special", False))
        p.finish()
        texts = dev.screen()[1]
        assert texts[0] == "Shared victory" and "same corners 5" in texts, texts
        assert dev.stats()["clipped"] == 0 and dev.stats()["crashes"] == 0
    s, gid = journal(flash)
    assert s.finished(gid) and [untimed(ev) for ev in s.events(gid)[1:]] == plan[1:]

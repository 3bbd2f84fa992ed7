# The app's side of "every game dated, every player a person", on CPython and MicroPython: a
# person (or a guest) for each colour at setup when the box has a roster, none asked without
# one, and the box's wall time on the setup and the scorings only once a PC set it.
from support import scratch

import roster
from app import App
from hal import sim

NOON = 1780401600  # 2026-06-02 12:00:00 UTC


def _press(h, a, button):
    h.pins[button].level = 0
    for _ in range(6):
        h.clock.advance(10)
        a.step()
    h.pins[button].level = 1
    for _ in range(4):
        h.clock.advance(10)
        a.step()


def _power_on(a):
    # the power-on's number as the box counted it (firmware/clockmarks.py)
    with open(a.store.dir + "boot.txt") as f:
        return int(f.read().split()[0])


def _boot(flash):
    h = sim.build(flash)
    a = App(h)
    a.step()
    return h, a


def test_each_colour_gets_a_person_or_a_guest_and_the_journal_keeps_them():
    flash = scratch("people_setup")
    h, a = _boot(flash)
    roster.save(a.store.dir, ["Sophie", "Jean-Luc", "Anna"])
    h.wall.set(NOON)
    _press(h, a, "ok")  # New game
    _press(h, a, "up")  # 3 players
    _press(h, a, "ok")
    _press(h, a, "ok")  # Orange
    assert h.display.shown_texts[:4] == ["Orange is:", "Sophie", "Jean-Luc", "Anna"]
    assert h.strip.shown[h.pixels.role("status")] != (0, 0, 0)  # whose seat it is
    _press(h, a, "down")
    _press(h, a, "ok")  # Orange is Jean-Luc
    _press(h, a, "ok")  # Purple
    assert "Jean-Luc" not in h.display.shown_texts  # taken
    _press(h, a, "up")  # wraps to Guest
    assert h.display.shown_texts[-1] == "Guest"
    _press(h, a, "ok")  # Purple is a guest
    _press(h, a, "ok")  # Cyan
    _press(h, a, "ok")  # Cyan is Sophie
    assert h.display.shown_texts[1:4] == ["Ora Jean-Luc", "Purple", "Cya Sophie"]
    _press(h, a, "ok")  # start
    setup = a.store.events(a.gid)[0]
    assert setup["people"] == ["Jean-Luc", None, "Sophie"]
    assert setup["players"] == ["Orange", "Purple", "Cyan"]
    assert NOON <= setup["t"] <= NOON + 60


def test_no_roster_no_person_pick_and_no_clock_no_time():
    h, a = _boot(scratch("people_none"))
    _press(h, a, "ok")
    _press(h, a, "ok")  # 2 players
    _press(h, a, "ok")
    _press(h, a, "ok")  # two colours, no person asked
    assert h.display.shown_texts[0] == "Start Versailles"
    _press(h, a, "ok")
    setup = a.store.events(a.gid)[0]
    # never a time nobody set: which power-on this is and the seconds since it, for the PC
    # to date once it learns when this power-on's clock was set (firmware/wallclock.py)
    assert "people" not in setup and type(setup["t"]) is list and len(setup["t"]) == 2
    assert setup["t"] == [_power_on(a), h.clock.now // 1000]


def test_the_final_scoring_is_stamped_when_the_clock_is_known():
    h, a = _boot(scratch("people_score"))
    a.new_game(["Orange", "Purple"])
    h.wall.set(NOON)  # set after the start (a sync in mid-game): from now on times are real
    for stage in (1, 2):
        for r in range(7):
            assert a.record({"e": "round", "cards": [2 * r + 1, 2 * r + 2]})
        for p in range(2):
            assert a.record({"e": "areas", "p": p, "sizes": [1, 1, 0, 0, 0, 0]})
        h.clock.advance(5000)
        assert a.record({"e": "score", "stage": stage})
    events = a.store.events(a.gid)
    assert events[0]["t"] == [_power_on(a), 0]  # the start was before the clock was set
    scores = [ev for ev in events if ev["e"] == "score"]
    # the end is the final scoring's time; the first scoring's would only cost flash
    assert scores == [{"e": "score", "stage": 1}, {"e": "score", "stage": 2, "t": NOON + 10}]
    assert a.game.phase == "over"

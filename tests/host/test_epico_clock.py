"""The emulated Pico's deadline clock (lenotre.device.epico.EmulatedPico.clock): emulated time,
with wall time as a backstop, and the link's deadlines reading it while an emulated Pico runs.
No emulator is started: the clock is fed what pico.js's clock events would say."""
import time

from lenotre.device import epico
from lenotre.link import port, repl


class Wall:
    # time.monotonic's stand-in for these tests
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def pico(monkeypatch):
    wall = Wall()
    monkeypatch.setattr(epico.time, "monotonic", wall)
    return epico.EmulatedPico("unused.img"), wall


def test_the_clock_follows_emulated_time_not_a_slow_host(monkeypatch):
    p, wall = pico(monkeypatch)
    start = p.clock()
    assert start == 1000.0  # it starts at the wall clock: deadlines from either compare
    wall.now += 10.0  # a loaded machine: 10 wall s in which the Pico ran 0.5 emulated s
    p.emulated_ms += 500
    assert p.clock() - start == 0.5
    wall.now += 0.1  # idle time skipped for a press: 3 emulated s in 0.1 wall s
    p.emulated_ms += 3000
    assert p.clock() - start == 3.5


def test_an_emulator_that_stopped_runs_no_deadline_past_slack_times_its_length(monkeypatch):
    p, wall = pico(monkeypatch)
    start = p.clock()
    wall.now += 5.0 * epico.SLACK  # its clock said nothing all that time
    assert p.clock() - start == 5.0
    p._stop = True  # gone: every deadline has passed
    assert p.clock() - start > 1e5


def test_the_link_reads_the_running_picos_clock_and_wall_time_again_after(monkeypatch):
    p, wall = pico(monkeypatch)
    monkeypatch.setattr(epico, "RUNNING", [p])
    epico._link_deadlines(True)
    try:
        start = port.time.monotonic()
        wall.now += 30.0
        p.emulated_ms += 2000
        assert port.time.monotonic() - start == repl.time.monotonic() - start == 2.0
        assert port.time.sleep is time.sleep  # the rest of the time module, as it is
    finally:
        epico._link_deadlines(False)
    assert port.time is time and repl.time is time

# Every game dated, every player a person, on the device side, on CPython and on MicroPython:
# the wall clock (set from a PC, never guessed), the roster file, the journal's new fields
# (and the journals written before them), and the sync link's TIME and ROSTER requests. The
# app's side (the setup flow, the time stamps) is test_setup_people.py: a file of its own, so
# the app loads into a heap these tests did not fragment.
import os

from support import Answers, mentions, raises, scratch

import clockmarks
import journal
import link
import picoclock
import roster
import store
import keptclock
import wallclock
from hal import sim

NOON = 1780401600  # 2026-06-02 12:00:00 UTC


# ---- the wall clock ---------------------------------------------------------------------
def test_unix_seconds_and_the_rtc_datetime_agree():
    # known dates, worked out by hand: 1970-01-01 was a Thursday (weekday 3, Monday 0), 2000
    # was a leap year (Feb 29th exists), 2100 is not
    assert picoclock.from_unix(0) == (1970, 1, 1, 3, 0, 0, 0, 0)
    assert picoclock.from_unix(NOON) == (2026, 6, 2, 1, 12, 0, 0, 0)  # a Tuesday
    assert picoclock.from_unix(951782400)[:3] == (2000, 2, 29)
    assert picoclock.from_unix(4107456000)[:3] == (2100, 2, 28)
    assert picoclock.from_unix(4107542400)[:3] == (2100, 3, 1)
    for t in (0, 951782399, NOON, NOON + 86399, 1767225599, 4102444799):
        dt = picoclock.from_unix(t)
        assert picoclock.to_unix(dt[0], dt[1], dt[2], dt[4], dt[5], dt[6]) == t


class _FakeRtc:
    # machine.RTC as a Pico has it: 2021-01-01 at power-on
    def __init__(self):
        self.dt = (2021, 1, 1, 4, 0, 0, 0, 0)

    def datetime(self, dt=None):
        if dt is None:
            return self.dt
        self.dt = dt


def test_a_pico_rtc_that_was_never_set_gives_no_time():
    fake = _FakeRtc()
    w = picoclock.Rtc(fake)
    assert w.now() is None  # 2021-01-01: the power-on value, not a time
    w.set(NOON)
    assert fake.dt == (2026, 6, 2, 1, 12, 0, 0, 0) and w.now() == NOON
    e = raises(ValueError, w.set, 1600000000)  # 2020: no PC's clock says so
    mentions(e, "unix seconds", str(wallclock.FLOOR))
    assert w.now() == NOON


def test_the_virtual_picos_clock_is_kept_through_restarts_until_removed():
    folder = scratch("wall_kept")
    path = folder + "/rtc.txt"
    host = [1700000000.5]  # the unix port's own clock, wrong on purpose: only the offset counts
    w = keptclock.Kept(path, lambda: host[0])
    assert w.now() is None
    w.set(NOON)
    host[0] += 90
    assert w.now() == NOON + 90
    assert keptclock.Kept(path, lambda: host[0]).now() == NOON + 90  # the app restarted
    os.remove(path)  # no clock file (before the virtual Pico's power-on wrote one): no time
    assert keptclock.Kept(path, lambda: host[0]).now() is None


def test_the_simulators_clock_moves_with_its_virtual_time():
    h = sim.build(scratch("wall_sim"))
    assert h.wall.now() is None
    h.wall.set(NOON)
    h.clock.advance(61000)
    assert h.wall.now() == NOON + 61


# ---- the power-on count and the clock marks: dating the games played without a clock --------
def _rtc_after_power_on(fake, seconds):
    fake.dt = picoclock.from_unix(wallclock.ZERO + seconds)


def _advance(fake, seconds):
    dt = fake.dt
    fake.dt = picoclock.from_unix(picoclock.to_unix(dt[0], dt[1], dt[2], dt[4], dt[5], dt[6])
                                  + seconds)


def test_each_power_on_is_counted_once_a_soft_reset_is_not():
    folder = scratch("boot_count") + "/"
    fake = _FakeRtc()
    w = picoclock.Rtc(fake)
    _rtc_after_power_on(fake, 2)
    assert wallclock.since_power(w) == 2 and not clockmarks.counted(w)
    assert clockmarks.boot(folder, w, lambda: 41) == 42  # from where fresh() says (random)
    # counted: the unset clock moved on, still unset, still two seconds since power-on
    assert clockmarks.counted(w) and wallclock.since_power(w) == 2 and w.now() is None
    _advance(fake, 298)  # the app restarted (a soft reset: the RTC ran on)
    assert clockmarks.boot(folder, w) == 42 and wallclock.since_power(w) == 300
    _rtc_after_power_on(fake, 1)  # the power went and came back
    assert clockmarks.boot(folder, w) == 43
    # the power again, and the app never got to count it: whoever asks first counts it,
    # however long after power-on (the link here, 500 s on)
    _rtc_after_power_on(fake, 500)
    assert clockmarks.boot(folder, w) == 44 and clockmarks.boot(folder, w) == 44
    w.set(NOON)  # a PC set the clock: the power has held since, the count stands
    assert wallclock.since_power(w) is None and clockmarks.boot(folder, w) == 44
    with open(folder + clockmarks.BOOT, "w") as f:
        f.write("x")  # a damaged count: a fresh start, not an old number again
    _rtc_after_power_on(fake, 0)
    assert clockmarks.boot(folder, w, lambda: 7) == 8


class _Box:
    # what clockmarks.count reads of a hal: its clock, its store's folder, its entropy
    def __init__(self, folder, wall):
        self.wall = wall
        self.store = self
        self.dir = folder
        self.entropy = lambda: 11


def test_the_app_counts_its_power_on_and_a_game_is_stamped_with_it():
    fake = _FakeRtc()
    box = _Box(scratch("stamp") + "/", picoclock.Rtc(fake))
    _rtc_after_power_on(fake, 1)
    # counting starts from the entropy here (at random on a box)
    assert clockmarks.count(box) == 12
    _advance(fake, 94)  # a restart of the app: the same power-on
    assert clockmarks.count(box) == 12 and wallclock.since_power(box.wall) == 95
    _rtc_after_power_on(fake, 3)
    assert clockmarks.count(box) == 13  # the next power-on
    box.wall.set(NOON)
    assert clockmarks.count(box) == 13 and wallclock.since_power(box.wall) is None
    fake.dt = (2020, 6, 1, 0, 0, 0, 0, 0)  # before a Pico's power-on value: no clock to go by
    assert clockmarks.count(box) is None
    box.dir = "no/such/folder/"  # no flash to count on: the app goes on without (core._count)
    _rtc_after_power_on(fake, 7)
    raises(OSError, clockmarks.count, box)


def test_the_simulators_clock_starts_at_power_on_like_a_picos():
    ticks = [0]
    w = sim.SimWall(lambda: ticks[0])
    ticks[0] = 61500
    assert w.now() is None and wallclock.since_power(w) == 61
    assert clockmarks.boot(scratch("sim_count") + "/", w, lambda: 0) == 1
    assert wallclock.since_power(w) == 61 and clockmarks.counted(w)


def _counted(name, seconds):
    # -> (folder, its fake RTC, the clock, the power-on's number) of a box whose app started
    # `seconds` after power-on, its clock unset
    folder = scratch(name) + "/"
    fake = _FakeRtc()
    w = picoclock.Rtc(fake)
    _rtc_after_power_on(fake, seconds)
    return folder, fake, w, clockmarks.boot(folder, w, lambda: 99)


def test_setting_an_unset_clock_marks_when_and_a_sync_reads_the_marks():
    folder, fake, w, n = _counted("clock_marks", 10)
    _advance(fake, 690)
    assert clockmarks.set_by_pc(w, NOON, folder) == NOON
    assert clockmarks.read(folder) == ["%d 700 %d" % (n, NOON)]
    assert clockmarks.set_by_pc(w, NOON + 60, folder) == NOON + 60  # set already: no mark
    assert clockmarks.read(folder) == ["%d 700 %d" % (n, NOON)]
    for k in range(1, 12):  # power-ons, each set after k minutes: the newest KEEP stay
        _rtc_after_power_on(fake, 0)
        m = clockmarks.boot(folder, w)
        _advance(fake, 60 * k)
        clockmarks.set_by_pc(w, NOON + 86400 * k, folder)
    marks = clockmarks.read(folder)
    assert len(marks) == clockmarks.KEEP and marks[-1] == "%d 660 %d" % (m, NOON + 86400 * 11)
    with open(folder + clockmarks.MARKS, "a") as f:
        f.write("1 2\nx y z\n")  # damage: skipped, never read as a mark
    assert clockmarks.read(folder) == marks
    e = raises(ValueError, clockmarks.set_by_pc, w, 5, folder)
    mentions(e, "unix seconds")
    # a power-on the app never counted (it stopped before): the setting counts it, and the
    # mark is this power-on's, never the last one the app counted
    _rtc_after_power_on(fake, 800)
    clockmarks.set_by_pc(w, NOON + 86400 * 20, folder)
    assert clockmarks.read(folder)[-1] == "%d 800 %d" % (m + 1, NOON + 86400 * 20)


def test_the_link_marks_the_clock_it_sets_and_sends_the_marks():
    folder, fake, w, n = _counted("link_marks", 30)
    _advance(fake, 15)  # a sync a quarter of a minute after the app started
    out = Answers()
    srv = link._Server(None, out, "abcd", "no store", folder)
    srv.wall = w
    srv.handle(["TIME", str(NOON)])
    srv.handle(["CLOCKS"])
    assert out.fields() == [["TIME", str(NOON)],
                                        ["CLOCKS", str(n), "45", str(NOON)]]


# ---- the roster file --------------------------------------------------------------------
def test_the_roster_is_saved_whole_and_read_bounded():
    folder = scratch("roster_file") + "/"
    assert roster.load(folder) == []
    roster.save(folder, ["Sophie", "Jean-Luc", "Anna Maria"])
    assert roster.load(folder) == ["Sophie", "Jean-Luc", "Anna Maria"]
    # the same roster again (every sync sends it) writes nothing: a folder where its temporary
    # file would go makes any write fail, and none is tried; another roster is written
    os.mkdir(folder + "roster.tmp")
    roster.save(folder, ["Sophie", "Jean-Luc", "Anna Maria"])
    raises(OSError, roster.save, folder, ["Sophie"])
    os.rmdir(folder + "roster.tmp")
    assert roster.load(folder) == ["Sophie", "Jean-Luc", "Anna Maria"]
    for bad, words in ((["x" * 13], ("1 to 12",)), (["Zo\u00eb"], ("no other letters",)),
                       (["Ludwig"], ("Ludwig",)), (["Guest"], ("Guest",)),
                       (["LUDWIG"], ("own word",)), (["guest"], ("own word",)),
                       # a guest plays under the seat's colour: a person so named would be
                       # counted with every guest of that colour (any case)
                       (["Orange"], ("colour",)), (["sILVER"], ("colour",)),
                       (["Anna", "Anna"], ("twice",)), ([" Anna"], ("space",)),
                       (["p%d" % i for i in range(33)], ("at most 32",))):
        mentions(raises(ValueError, roster.save, folder, bad), *words)
    assert roster.load(folder) == ["Sophie", "Jean-Luc", "Anna Maria"]  # a refusal changed nothing
    # a damaged or foreign file: bad lines are skipped, and no more than 32 names (448 bytes)
    # are read
    with open(folder + roster.FILE, "wb") as f:
        f.write(b"Sophie\n\xff\xfe\n" + b"y" * 600 + b"\nLudwig\nSophie\n"
                + b"".join(b"n%d\n" % i for i in range(100)))
    names = roster.load(folder)
    assert names[0] == "Sophie" and "Ludwig" not in names and len(names) <= roster.MAX


# ---- the journal ------------------------------------------------------------------------
# Records as the firmware wrote them before time and people were added (bytes copied from it):
# they must read the same for ever.
OLD_SETUP = b'["S","versailles",["Orange","Purple"],7]*fe453cd1\n'
OLD_SCORE = b'["T",2]*f88f0e0c\n'


def test_journals_written_before_times_and_people_still_read():
    assert journal.parse(OLD_SETUP) == {"e": "setup", "game": "versailles",
                                        "players": ["Orange", "Purple"], "seed": 7}
    assert journal.parse(OLD_SCORE, "versailles") == {"e": "score", "stage": 2}
    # and an event without the new fields is written exactly as before
    assert journal.record(journal.parse(OLD_SETUP)) == OLD_SETUP
    assert journal.record(journal.parse(OLD_SCORE, "versailles"), "versailles") == OLD_SCORE


def test_times_and_people_are_packed_compactly():
    setup = {"e": "setup", "game": "versailles", "players": ["Orange", "Purple"], "seed": 7,
             "t": NOON, "people": ["Sophie", None]}
    line = journal.record(setup)
    assert line.startswith(b'["S","versailles",["Orange","Purple"],7,1780401600,["Sophie",null]]')
    assert journal.parse(line) == setup
    score = {"e": "score", "stage": 2, "t": NOON + 3600}
    assert journal.record(score, "versailles").startswith(b'["T",2,1780405200]')
    assert journal.parse(journal.record(score, "versailles"), "versailles") == score
    # people without a time (the clock was lost with the power): still whole, as an object
    no_time = {"e": "setup", "game": "versailles", "players": ["Orange", "Purple"], "seed": 7,
               "people": ["Sophie", None]}
    assert journal.parse(journal.record(no_time)) == no_time


# ---- the sync link's TIME and ROSTER ------------------------------------------------------
def _talk(folder, requests, wall):
    lines = [link.frame(r).encode() for r in requests] + [link.frame("BYE").encode()]
    out = Answers()
    st = store.Store(folder)
    link.serve(st, iter(lines).__next__, out, "ab" * 8, wall)
    return out.fields()


def test_time_sets_the_box_clock_and_roster_replaces_the_list():
    folder = scratch("link_people")
    ticks = [0]
    w = sim.SimWall(lambda: ticks[0])
    import binascii
    names = binascii.b2a_base64("Sophie\nAnna Maria\n".encode()).decode().strip()
    got = _talk(folder, ["TIME %d" % NOON, "ROSTER " + names, "TIME 12"], w)
    assert got[0] == ["TIME", str(NOON)] and w.now() == NOON
    assert got[1] == ["ROSTER", "2"]
    assert roster.load(folder + "/") == ["Sophie", "Anna Maria"]
    assert got[2][:2] == ["ERR", "ValueError"] and w.now() == NOON  # a bad time changes nothing
    got = _talk(folder, ["ROSTER"], w)  # an empty roster: no person pick at setup
    assert got[0] == ["ROSTER", "0"] and roster.load(folder + "/") == []

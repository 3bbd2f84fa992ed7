# A game's events kept packed (shared_rules/packed.py, EventLog.pack: the box's games), on
# CPython and on MicroPython: the same events read back in every way the box and the rules
# read them, undo and a rebuild that give the same game as the plain list does, and the heap
# it saves (MicroPython: that is what it is for).
import gc

from support import micropython_only, raises

from shared_rules import games, records
from shared_rules.codec import decode, encode
from shared_rules.packed import RUN, Packed

GAMES = ("versailles", "sanssouci", "gardens", "schlossgarten")


def _log(name):
    # a whole simulated game's log (undos included in Sanssouci's): tests/shared/games/make.py
    with open("tests/shared/games/%s.jsonl" % name) as f:
        return [decode(line) for line in f]


def _each():
    # -> (game, its log) for each game; on MicroPython the rules core of the one before let go
    # first, as the box holds one game's rules at a time (CPython keeps them: another test's
    # classes must stay the ones the rules make)
    import sys

    import shared_rules
    drop = sys.implementation.name == "micropython"
    for name in GAMES:
        for m in [m for m in sys.modules if drop and m.startswith("shared_rules.") and m[
                13:].split(".")[0] in GAMES]:
            sys.modules.pop(m)
            if m.count(".") == 1 and m[13:] in dir(shared_rules):
                delattr(shared_rules, m[13:])  # the package keeps it alive on MicroPython
        if drop:
            records._tables.clear()
        gc.collect()
        yield name, _log(name)


def _same(a, b):
    # a packed list and a list hold the same events (compared one by one: no list made)
    return len(a) == len(b) and all([x == y for x, y in zip(a, b)])


def test_packed_events_read_back_as_they_were_pushed():
    for name, log in _each():
        p = Packed(name, log)
        assert len(p) == len(log), name
        assert list(p) == log, name  # iteration
        for i in (0, 1, len(log) // 2, len(log) - 1, -1, -len(log)):
            assert p[i] == log[i], (name, i)
        assert p[2:5] == log[2:5] and p == log and p.copy() == log
        raises(IndexError, lambda: p[len(log)])
        raises(IndexError, lambda: p[-len(log) - 1])


def test_pop_takes_the_last_event_off_across_runs():
    log = _log("versailles")
    p = Packed("versailles", log)
    assert len(p.runs) > 2  # several runs: pops cross from one to the one before
    for k in range(len(log) - 1, -1, -1):
        assert p.pop() == log[k], k
        assert len(p) == k and list(p) == log[:k]
    assert p.runs == [] and raises(IndexError, p.pop)
    p.append(log[0])
    assert list(p) == log[:1]


def test_a_record_longer_than_a_run_gets_one_of_its_own():
    setup = {"e": "setup", "game": "versailles", "players": ["A", "B"], "seed": 1,
             "people": ["x" * RUN, None]}
    p = Packed("versailles", [setup, {"e": "undo"}])
    assert len(p.runs) == 2 and len(p.runs[0]) > RUN
    assert p[0] == setup and p[1] == {"e": "undo"}


def test_a_packed_game_plays_undoes_and_replays_as_the_plain_one():
    # the rules core with packed events: every event pushed again, an undo after every
    # seventh, on a plain game and a packed one side by side: same state, same journal
    for name, log in _each():
        plain = games.new_game(log[0])
        packed = games.new_game(log[0]).pack()
        assert type(packed.events) is Packed and packed.log is packed.events
        for i, ev in enumerate(log[1:]):
            plain.push(ev)
            packed.push(ev)
            if i % 7 == 6 and ev["e"] != "undo" and plain.outcome is None:
                plain.undo()
                packed.undo()
                plain.push(ev)
                packed.push(ev)
        assert encode(packed.snapshot()) == encode(plain.snapshot()), name
        assert _same(packed.log, plain.log) and _same(packed.events, plain.events)
        assert packed.log is not packed.events  # parted at the first undo, as the list's


def test_packed_events_take_a_fifth_of_the_heap():
    micropython_only("the heap measured is MicroPython's (gc.mem_free)")
    log = _log("sanssouci")
    records.table("sanssouci")  # its rules, loaded before the measure
    gc.collect()
    before = gc.mem_free()
    plain = [dict(ev) for ev in log]
    gc.collect()
    as_dicts = before - gc.mem_free()
    plain = None
    gc.collect()
    before = gc.mem_free()
    p = Packed("sanssouci", log)
    gc.collect()
    packed = before - gc.mem_free()
    print("%d events: %d B as dicts, %d B packed" % (len(log), as_dicts, packed))
    assert len(p) == len(log) and packed * 5 < as_dicts, (packed, as_dicts)


def test_the_record_tables_keep_the_game_met_last_and_every_game_reads_the_same():
    # A table kept costs the Pico's heap under every later game: one game's at a time, and
    # a game's records read again after another's pack and unpack as they did
    seen = []
    for name, log in _each():
        packed = [records.pack(ev, name) for ev in log]
        assert [records.unpack(p, name) for p in packed] == log, name
        assert list(records._tables) == [name], name
        seen.append((name, log, packed))
    for name, log, packed in seen:
        assert [records.pack(ev, name) for ev in log] == packed, name
        assert [records.unpack(p, name) for p in packed] == log, name

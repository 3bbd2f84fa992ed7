# Journals written by the release before games had their own record tables (commit ac0b832,
# tests/shared/release/make.py): the store those firmware files left still boots, reads,
# replays and syncs the same with the record table taken from each game's rules module.
from support import copy_tree, link_sync, scratch

import journal
import store
from shared_rules import games
from shared_rules.codec import decode

RELEASE = "tests/shared/release/"


def _expected():
    with open(RELEASE + "expected.json") as f:
        return decode(f.read())


def _box(name):
    folder = scratch(name)
    copy_tree(RELEASE + "store", folder)
    return folder, store.Store(folder)


def test_the_release_store_reads_and_replays_as_that_release_read_it():
    folder, st = _box("release_read")
    want = _expected()
    assert st.problems == []
    assert [(g, i["finished"], i["synced"]) for g, i in st.games()] == [
        (1, True, True), (2, True, False), (3, False, False)]
    for gid in (1, 2, 3):
        w = want[str(gid)]
        events = st.events(gid)
        assert events == w["events"], gid
        assert st.size(gid) == w["size"]
        g = games.replay(events)
        assert g.totals() == w["totals"], gid
        assert (g.outcome.winners if g.outcome else None) == w["winners"], gid
    assert st.current() == 3


def test_the_release_open_game_goes_on_with_records_written_as_that_release_wrote_them():
    folder, st = _box("release_append")
    before = st.size(3)
    g = games.replay(st.events(3))
    cards = [c for c in range(1, 56) if not g.seen[c]][:3]
    ev = g.push({"e": "round", "cards": cards})
    st.append(3, ev)
    with open(folder + "/g0003.log", "rb") as f:
        tail = f.read()[before:]
    assert tail == b'["R",[%d,%d,%d]]' % tuple(cards) + tail[-10:]
    assert journal.parse(tail, "versailles") == ev
    # and a store opened afresh (a restart) reads it back
    assert store.Store(folder).events(3)[-1] == ev


def test_the_release_store_syncs_through_the_link():
    folder, st = _box("release_sync")
    got = link_sync(st)
    # the bytes sent are the journals as written (a game's body in its pack, the open .log)
    with open(RELEASE + "store/g0003.log", "rb") as f:
        assert got[3] == f.read()
    with open(RELEASE + "store/p0001.pak", "rb") as f:
        pack = f.read()
    assert got[1] in pack and got[2] in pack
    want = _expected()
    for gid in (1, 2, 3):
        events, game = [], None
        for line in got[gid].split(b"\n")[:-1]:  # as a host reads them: the setup names the game
            game = journal.game_of(journal.check(line + b"\n")) or game
            events.append(journal.parse(line + b"\n", game))
        assert [e for e in events if e != {"end": True}] == want[str(gid)]["events"], gid
    assert [i["synced"] for g, i in store.Store(folder).games()] == [True, True, True]

"""One sync: every game on the box, finished or running, into the Library (docs/HOST.md).

Per game: read from what the Library already holds to the box's size, frame by frame (each
frame one transaction: its bytes and the events of the records it completes), then ACK what
is stored, and only then does the box mark it synced. A cut anywhere loses nothing and
duplicates nothing: the next sync resumes at the stored length."""
import itertools
import sqlite3
import time

from lenotre.library.db import DamagedRecord
from lenotre.link.syncproto import DamagedGame, DeviceError
from lenotre.progress import size_text as _size

OVERLAP = 32  # bytes read again before the resume point, to see that the box's copy is ours


class Summary:
    def __init__(self, device, firmware):
        self.device, self.firmware = device, firmware
        self.games = self.new = self.updated = self.unchanged = 0
        self.bytes = self.events = self.frames = 0
        self.problems = []  # games that could not be synced whole, and why
        self.notes = []  # what the box's journal reported about itself (repairs at boot)
        self.clock = None  # the box's clock after it was set; None: its firmware has none
        self.roster = None  # names on the box after the sync; None: not sent, or no roster
        self.superseded = []  # games whose repaired journal replaced the synced copy
        self.crashes = 0  # crashes the box logged since the last sync (its crash log)

    def lines(self, seconds, resent):
        out = ["box %s (firmware %s): %d game%s: %d new, %d updated, %d unchanged"
               % (self.device, self.firmware, self.games, "" if self.games == 1 else "s",
                  self.new, self.updated, self.unchanged) + self._extras(),
               "%s, %d events, %d frames in %.2f s%s"
               % (_size(self.bytes), self.events, self.frames, seconds,
                  "; %d requests sent again" % resent if resent else "")]
        if self.crashes:
            out.append("%d new crash%s on the box (caught, the box restarted): `lenotre "
                       "crashes` lists them" % (self.crashes, "" if self.crashes == 1 else "es"))
        return out

    def _extras(self):
        if self.clock is None:
            return "; the box has no clock (update it with `lenotre flash`: its games are " \
                "dated when synced)"
        return "; clock set" + ("" if self.roster is None else
                                ", %d %s on its roster" % (self.roster, "person" if
                                                           self.roster == 1 else "people"))


def sync(proto, library, progress=None, roster=None, hello=None):
    """-> Summary. Link errors propagate (what was stored stays, consistently). roster: the
    names to put on the box (people.Roster.names()), None to leave the box's as it is.
    hello: the box's (device id, firmware) when the caller asked already."""
    device, firmware = hello or proto.hello()
    summary = Summary(device, firmware)
    # The box's clock and roster first: a game started after this sync is dated and has its
    # people to choose from, even if the rest of the sync fails
    said = []
    try:
        summary.clock = proto.set_time(int(time.time()))
    except DeviceError as exc:  # never a reason not to sync: the games are what matters
        said.append("its clock was not set (%s): its games are dated when synced" % exc)
    try:
        summary.roster = proto.send_roster(roster) if roster is not None else None
    except DeviceError as exc:  # a full flash, say: the box keeps the roster it had
        said.append("it kept its old roster (%s)" % exc)
    try:  # when the box's clock was set since its power came on: its undated games dated
        marks = proto.clock_marks()
    except DeviceError as exc:
        said.append("its clock's settings were not read (%s): games it played before its "
                    "clock was set stay undated" % exc)
    else:
        if marks:
            library.add_clock_marks(device, marks)
    games, notes = proto.list()
    summary.notes = notes + said
    summary.games = len(games)
    if any(library.received(device, g.gid) != g.size for g in games):
        try:  # the library as it was, before this sync writes into it
            library.keep_before_sync()
        except (OSError, sqlite3.Error) as exc:  # a full disk: the sync will say so itself
            summary.notes.append("no copy of the library was kept before this sync (%s)"
                                 % (getattr(exc, "strerror", None) or exc))
    library.seen(device)
    plan = []
    for g in games:
        have = library.received(device, g.gid)
        if g.size < have:
            have = _supersede(library, summary, device, g.gid, have,
                              "the box holds %d bytes of it, %d were synced" % (g.size, have))
        plan.append((g, have))
    if progress:
        progress.start(sum(g.size - have for g, have in plan))
    stored = {}
    again = []  # games whose copy here was superseded: read again from byte 0
    wanted = [(g.gid, have - min(have, OVERLAP), g.size, g.stored)
              for g, have in plan if have < g.size]
    frames = itertools.groupby(proto.fetch_all(wanted), key=lambda f: f[0])
    byid = {g.gid: (g, have) for g, have in plan}
    for gid, got in frames:
        g, have = byid[gid]
        stored[gid] = _pull(library, device, g, have, ((o, d) for _, o, d in got), summary,
                            progress)
        for _ in got:
            pass  # the frames after a game's damage or supersession: already asked for
        if stored[gid] == -1:
            again.append(g)
    for g in again:
        stored[g.gid] = _pull(library, device, g, 0, proto.fetch(g.gid, 0, g.size, g.stored),
                              summary, progress)
    for g, have in plan:
        stored.setdefault(g.gid, have)
        if have == g.size:
            summary.unchanged += 1
        elif have == 0:
            summary.new += 1
        else:
            summary.updated += 1
    if progress:
        progress.done()
    # Only what is on the disk may be acknowledged: then the box may forget it.
    library.durable(device)
    acks = [(g.gid, stored[g.gid]) for g, _ in plan
            if stored[g.gid] is not None and stored[g.gid] > g.acked]
    proto.ack(acks)
    for g, have in plan:
        if stored[g.gid] is not None and stored[g.gid] > min(have, g.acked):
            library.synced(device, g.gid)  # acknowledged now, or just completed here
    crashes = proto.crashes()  # None: the box's firmware keeps no crash log
    if crashes:
        summary.crashes = library.add_crashes(device, crashes)
    return summary


def _pull(library, device, g, have, frames, summary, progress):
    # Stores game g's bytes from `have` to its size, from frames (offset, bytes) that start
    # `OVERLAP` bytes before it; -> the bytes stored when done, None when the box's journal is
    # not the one stored, -1 when the copy here was superseded: read it again from byte 0.
    tail = min(have, OVERLAP)
    expect = library.journal(device, g.gid)[have - tail:] if tail else b""
    for off, data in frames:
        if isinstance(data, DamagedGame):
            summary.problems.append("game %s:%d: %s: nothing of it synced; the box keeps the "
                                    "game" % (device, g.gid, data))
            return None
        if tail:
            # the box's bytes before the resume point must be the ones stored
            if data[:tail] != expect:
                _supersede(library, summary, device, g.gid, have,
                           "its bytes before byte %d differ from the synced copy" % have)
                return -1
            off, data, tail = off + tail, data[tail:], 0
        try:
            summary.events += library.add(device, g.gid, off, data)
        except DamagedRecord as exc:
            if exc.good:
                summary.events += library.add(device, g.gid, off, data[:exc.good])
                summary.bytes += exc.good
            summary.problems.append(
                "game %s:%d is damaged on the box at byte %d (%s): synced the %d good bytes "
                "before it; the box keeps the game" % (device, g.gid, exc.at, exc.reason, exc.at))
            return library.received(device, g.gid)
        summary.bytes += len(data)
        summary.frames += 1
        if progress:
            progress.advance(len(data), g.gid)
    return g.size


def _supersede(library, summary, device, gid, have, why):
    # The box repaired the game's journal (a damaged record and what followed it dropped at
    # boot, then play went on): its journal is the truth now. The synced copy is kept aside
    # (table superseded) and the game is read again from byte 0. -> 0, the bytes now held.
    library.supersede(device, gid, why)
    summary.superseded.append(
        "game %s:%d: the box repaired its journal (%s): the box's history replaces the synced "
        "copy, which is kept in the library's superseded table (%d bytes)"
        % (device, gid, why, have))
    return 0

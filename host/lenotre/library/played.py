"""The synced games as the rules core sees them, shared by `lenotre export` and `lenotre report`.

The database keeps what the box journaled (docs/HOST.md); everything else (players, scores,
winners) comes from replaying those events with the same rules core the box runs, whatever
the game: what is particular to a game is its adapter's (lenotre/games/). A game whose events
do not replay, or of a game this lenotre does not know, is not guessed at: it is reported
and left out (its journal stays in the library)."""
import calendar
import time

from lenotre.games import adapter as adapter_of
from lenotre.games import UnknownGame, game_of
from lenotre.lang import _
from lenotre.library.people import Roster
from shared_rules.walltime import FLOOR, LATEST


class GameIdError(ValueError):
    pass


FORMS = ("a game is named by its row number in `lenotre games` (3), or BOX:GAME, the box id "
         "and the box's game number (bd970f4147bcec4c:3), where BOX may be any start of the "
         "box id that only one box has (bd97:3)")

ID_HELP = ("the game: its row number in `lenotre games`, or BOX:GAME (BOX: the box id or a "
           "unique start of it)")


MAX_ID = 40


def resolve(library, text):
    # -> (device, gid) of the game `text` names, the one way every command takes a game:
    # a row number of `lenotre games`, or BOX:GAME (BOX a unique start of a box id).
    text = text.strip()
    if len(text) > MAX_ID:  # a box id is 16 hex digits; int() refuses 4,300 digits anyway
        raise GameIdError("a game ID of %d characters is none: %s" % (len(text), FORMS))
    rows = library.games()
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(rows):
            raise GameIdError("no game %s: the library has %d (`lenotre games` numbers them 1 "
                              "to %d)" % (text, len(rows), len(rows)))
        return rows[n - 1][0], rows[n - 1][1]
    box, sep, game = text.rpartition(":")
    if not sep or not box or not game.isdigit():
        raise GameIdError("%r is not a game ID: %s" % (text, FORMS))
    boxes = sorted({d for d, *_ in rows if d.startswith(box)})
    if len(boxes) > 1:
        raise GameIdError("%r starts %d box ids (%s): give more of it"
                          % (box, len(boxes), ", ".join(boxes)))
    if not boxes or int(game) not in [g for d, g, *_ in rows if d == boxes[0]]:
        raise GameIdError("no game %s in the library (`lenotre games` lists them)" % text)
    return boxes[0], int(game)


def _unix(utc_text):
    # "yyyy-mm-dd HH:MM:SS" (UTC) -> unix seconds; None stays None
    if not utc_text:
        return None
    return calendar.timegm(time.strptime(utc_text, "%Y-%m-%d %H:%M:%S"))


SHORT_BOX = 4  # hex digits of a box id shown at least: one in 65,536 boxes shares them


def short_ids(devices):
    # -> {device: the shortest start of its id, at least SHORT_BOX characters, that no other
    # of `devices` shares}. "e661:3" names a game as surely as "e6614c31a1b2c3d4:3" in one
    # library, and `lenotre show`/`replay` accept it (a unique start of a box id).
    devices = sorted(set(devices))
    out = {}
    for i, d in enumerate(devices):
        n = SHORT_BOX
        for other in devices[max(0, i - 1):i] + devices[i + 1:i + 2]:  # sorted: neighbours
            while n < len(d) and other.startswith(d[:n]):
                n += 1
        out[d] = d[:n]
    return out


class Played:
    """One replayed game: its stored events (undos included), the state they give, and the
    result in the shapes the exports need. Seats count from 0. `adapter`: what the desktop
    knows of the game's kind (lenotre/games/), by default the one its setup names."""

    def __init__(self, device, gid, closed, synced_at, events, game, first_synced=None,
                 resolve=None, adapter=None, marks=None):
        self.device = device
        self.gid = gid
        self.closed = closed  # the device wrote its end record: game over, or abandoned
        self.synced_at = synced_at  # UTC "yyyy-mm-dd HH:MM:SS" of the last sync, or None
        self.events = events
        self.game = game
        self.adapter = adapter or adapter_of(game_of(events))
        self.board = game.scoreboard()  # each seat's points by part (scoreboard.Scoreboard)
        # unix seconds when the library first stored the game (None: synced before that was
        # kept; then the last sync stands in)
        self.first_synced = first_synced
        # recorded person name -> (name now, key): the roster's renames (people.Roster)
        self._resolve = resolve or (lambda name: (name, name))
        # the start and the end: the box's clock then, or, played before its clock was set,
        # what the box knew then (its power-on's number, the seconds since) put on the time
        # line by when that power-on's clock was set (marks: {(device, number): (seconds,
        # unix seconds)}, clock_marks in the library). The end: the time of the event that
        # ended the game, as it stands (an undone one does not count); Versailles: the final
        # scoring.
        self.started = stamp(events[0], device, marks) if events else None
        self.ended = stamp(game.events[-1], device, marks) if self.finished else None
        # Where neither is known: the times between which it was played, from the games
        # before and after it on its box (load() sets them) and its first sync.
        self.after = None
        self.before = None
        if self.ended is not None and self.started is not None and self.ended < self.started:
            self.ended = None  # a clock set backwards in mid-game: the end is not known
        recorded = _recorded_people(events[0] if events else {}, len(game.players))
        self._people = [self._resolve(name) if name else None for name in recorded]

    # ---- when, and who ----------------------------------------------------------------------
    @property
    def when(self):
        # unix seconds of the play: its end, else its start, else (estimated) the latest it
        # can have been: the next dated game on its box, or its first sync; None if nothing
        # is known
        if self.ended is not None:
            return self.ended
        if self.started is not None:
            return self.started
        if self.before is not None:
            return self.before
        return self._sync_time()

    @property
    def when_estimated(self):
        # True when `when` is not the game's own time but the latest it can have been: it was
        # played while the box's clock was not set, in a power-on whose clock nobody set
        return self.ended is None and self.started is None and self.when is not None

    def when_text(self):
        # The play's date for a list: "2026-03-14"; "~2026-03-14" when not known exactly but
        # within that day (the dated games before and after it); else "date unknown"
        if self.when is None:
            return "not dated"
        day = time.strftime("%Y-%m-%d", time.gmtime(self.when))
        if not self.when_estimated:
            return day
        if self.after is not None and day == time.strftime("%Y-%m-%d", time.gmtime(self.after)):
            return "~" + day
        return "date unknown"

    def bounds_text(self):
        # Where the date is not known: between which times it was played, in words
        if not self.when_estimated:
            return ""
        if self.after is None:
            return "played before %s UTC" % date_text(self.when)
        return "played between %s and %s UTC" % (date_text(self.after), date_text(self.when))

    def _sync_time(self):
        if self.first_synced is not None:
            return self.first_synced
        return _unix(self.synced_at)

    @property
    def duration_min(self):
        # whole minutes from start to end (at least 1), None unless both are known
        if self.started is None or self.ended is None:
            return None
        return max(1, int(round((self.ended - self.started) / 60.0)))

    @property
    def people(self):
        # per seat: the person's name (as the roster has it now), None for a guest or a seat
        # recorded before the box knew people
        return [p[0] if p else None for p in self._people]

    def person_key(self, p):
        # the person's lasting key (the name they were first added under), None for a guest
        return self._people[p][1] if self._people[p] else None

    def person_name(self, p):
        # the person at seat p, else the seat's colour (the player's name on the box), in the
        # language in use (lenotre.lang: "Purple" is "Lila" in German)
        return self.people[p] or _(self.game.players[p])

    @property
    def id(self):
        return "%s:%d" % (self.device, self.gid)

    @property
    def players(self):
        return list(self.game.players)

    @property
    def kind(self):
        return self.adapter.NAME  # the setup's "game"

    @property
    def bot(self):
        # the seat the box plays itself, by name (Versailles's Ludwig), None if none
        return self.adapter.bot(self.game)

    @property
    def ludwig(self):
        # Versailles's Ludwig: the report's part on how he played against each person
        return self.bot == "Ludwig"

    @property
    def finished(self):
        return self.adapter.finished(self.game)

    @property
    def scored(self):
        # whether any points are known yet (Versailles: a stage was scored)
        return self.adapter.scored(self.game)

    @property
    def status(self):
        # over: the game ended (Versailles: both scorings done). abandoned: the box closed the
        # journal before that (a new game was started). running: the journal is still open.
        if self.finished:
            return "over"
        return "abandoned" if self.closed else "running"

    def where(self):
        return self.game.describe()

    def totals(self):
        return list(self.board.totals)

    def ranks(self):
        # Competition ranking ("1, 1, 3") as the game's outcome orders the places
        # (Versailles: by total, then by the single largest area). None before the end.
        out = self.game.outcome
        return None if out is None else out.places(self.totals())

    def winners(self):
        out = self.game.outcome
        return [] if out is None else [self.game.players[p] for p in out.winners]

    def tiebreak(self):
        # True when totals tied at the top (then the game's tie-break or a shared victory
        # decided: Versailles, the single largest area)
        out = self.game.outcome
        return bool(out and out.tiebreak)


def stamp(event, device=None, marks=None):
    # -> unix seconds of an event, when it has a believable time: the box's wall time, or
    # [power-on number, seconds since power-on] (firmware/app/core.py, wall_time) put on the time
    # line by that power-on's clock mark (marks, as Played takes them); else None
    t = event.get("t") if isinstance(event, dict) else None
    if isinstance(t, list) and len(t) == 2 and all(_whole(x) for x in t) and marks:
        mark = marks.get((device, t[0]))
        t = None if mark is None else mark[1] - mark[0] + t[1]
    return t if _whole(t) and FLOOR <= t < LATEST else None


def _whole(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _times(setup, last, device, marks):
    # a game's part in bound(): its setup as text, the setup's time, its last record's time
    # (an undone record's too: it was written then)
    return repr(setup), stamp(setup, device, marks), stamp(last, device, marks)


def bound(games, starts):
    # Sets each undated game's after/before: the times between which it was played. A box
    # numbers its games in the order it starts them, and plays one at a time, so a game
    # began after every time of the games numbered before it and before every time of those
    # numbered after it (a resumed game's copy keeps the setup it copied, so a setup seen
    # before on that box tells nothing of when the copy began). starts: {(device, gid):
    # (setup text, its time or None, its last record's time or None)} of every game read,
    # shown or not.
    by_box = {}
    for (device, gid), v in starts.items():
        by_box.setdefault(device, []).append((gid,) + v)
    edges = {}
    for device, rows in by_box.items():
        rows.sort(key=lambda r: r[0])
        seen, times = set(), []
        for gid, setup, start, end in rows:
            copied = setup in seen
            seen.add(setup)
            times.append([t for t in ((None if copied else start), end) if t is not None])
        latest = earliest = None
        before = [None] * len(rows)
        for i in range(len(rows) - 1, -1, -1):
            before[i] = earliest
            earliest = min([t for t in times[i] + [earliest] if t is not None], default=None)
        for i, r in enumerate(rows):
            edges[(device, r[0])] = (latest, before[i])
            latest = max([t for t in times[i] + [latest] if t is not None], default=None)
    for g in games:
        after, before = edges.get((g.device, g.gid), (None, None))
        sync = g._sync_time()
        if sync is not None and (before is None or sync < before):
            before = sync
        if after is not None and before is not None and after > before:
            after = None  # a clock set wrong on the way: the order tells nothing then
        g.after, g.before = after, before


def _recorded_people(setup, n):
    # the setup's "people": one name or None per seat; anything else counts as nobody known
    people = setup.get("people")
    if (isinstance(people, list) and len(people) == n
            and all(p is None or (isinstance(p, str) and p) for p in people)):
        return people
    return [None] * n


def date_text(t):
    # unix seconds -> UTC "yyyy-mm-dd HH:MM:SS" (BG Stats' playDate form), "" for None
    return "" if t is None else time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(t))


def load(library, only=None, include_unfinished=False, progress=None):
    # -> (games in (device, gid) order, problems [(id, message)] for games that were left out
    # because their events do not replay). `only` = (device, gid) picks one game (KeyError if
    # the library does not have it). progress: a Progress told of each game replayed.
    rows = sorted(library.games(), key=lambda r: (r[0], r[1]))
    if only is not None:
        rows = [r for r in rows if (r[0], r[1]) == tuple(only)]
        if not rows:
            raise KeyError("%s:%d" % tuple(only))
    games, problems = [], []
    first = library.first_synced()
    marks = library.clock_marks()
    starts = {}
    kinds = library.kinds()
    roster = Roster(library)
    known = {}

    def resolve(name):
        if name not in known:
            known[name] = roster.resolve(name)
        return known[name]
    if progress:
        progress.start(len(rows))
    for n, (device, gid, closed, synced_at, _count) in enumerate(rows):
        events = library.events(device, gid)
        gname = "%s:%d" % (device, gid)
        if progress:
            progress.show(n + 1, gname)
        if not events:
            # Nothing but a cut first record: not a game yet. Worth a word only when
            # unfinished games were asked for, since a finished game always has events.
            if include_unfinished or only is not None:
                problems.append((gname, "no events yet (not even its setup)"))
            continue
        starts[(device, gid)] = _times(events[0], events[-1], device, marks)
        try:
            # the library's column, else the setup (a game stored before the column)
            adapter = adapter_of(kinds.get((device, gid)) or game_of(events))
        except UnknownGame as exc:  # a newer box's game: kept, not shown
            problems.append((gname, str(exc)))
            continue
        try:
            game = adapter.load(events)  # push copies: our events stay as stored
        except Exception as exc:  # a damaged or foreign log: whatever it raises, leave it out
            problems.append((gname, "its events do not replay: %s: %s"
                             % (type(exc).__name__, exc)))
            continue
        played = Played(device, gid, bool(closed), synced_at, events, game,
                        first.get((device, gid)), resolve, adapter, marks)
        # A game asked for by name comes back whatever its state: the caller says why not.
        if played.finished or include_unfinished or only is not None:
            games.append(played)
    if only is not None:  # its neighbours on its box, from their first and last records
        for gid, first_ev, last_ev in library.ends(only[0]):
            starts.setdefault((only[0], gid), _times(first_ev, last_ev, only[0], marks))
    bound(games, starts)
    if progress:
        progress.done()
    return games, problems


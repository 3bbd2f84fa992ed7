"""A game as an event log, python-chess style, for every game the box keeps.

`push` validates and applies one event, `undo` takes back the last one that stands, and the
state is always the fold of the events that stand. A game is a subclass that names its
events in HANDLERS: kind -> function(game, event) that validates everything, changes
nothing, and returns a closure that applies the event. An error leaves the game as it was
(atomic).

Every game's log starts with {"e": "setup", "game": <registry name>, "players": [...], ...};
{"e": "undo"} cancels the last event that stands and is kept in the log (the journal holds
what happened at the table). push never changes the caller's dict, so a host can push the
events it read without copying them first; it returns the event as the game keeps it.
"""
from shared_rules import errors as E


def is_int(v):
    """Whether v is an int and not a bool (JSON's true is no number of points)."""
    return isinstance(v, int) and not isinstance(v, bool)


MAX_NAME = 12  # characters of a player's name, in every game (the box's screen)


def check_names(players):
    """Check a setup's names: each 1 to MAX_NAME characters, no two alike; InvalidSetup if
    not."""
    for name in players:
        if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
            raise E.InvalidSetup("a player name is 1 to %d characters, got %r"
                                 % (MAX_NAME, name))
        if players.count(name) > 1:
            raise E.InvalidSetup("two players are called %r; names must differ" % name)


def field(event, name, check, what):
    """Return event[name] if check(value); InvalidEvent naming the event, the field and
    `what` is allowed if it is missing or wrong."""
    if name not in event:
        raise E.InvalidEvent("%s event needs %r (%s)" % (event.get("e"), name, what))
    v = event[name]
    if not check(v):
        raise E.InvalidEvent("%s event: %r must be %s, got %r" % (event.get("e"), name, what, v))
    return v


class EventLog:
    """A game's state and its move stack. Promises, for every game:

    - `push(event)` applies a valid event or raises a GameError subclass naming what was
      wrong and what is allowed, the game unchanged; `undo()` takes back the last event
      that stands (NothingToUndo past the setup).
    - `events`: the events that stand; `log`: every event pushed, undos included (the
      journal's). `players`: the setup's names; `outcome`: an outcome.Outcome once over.
    - `describe()` where the game stands in words; `totals()` each seat's points so far;
      `scoreboard()` a scoreboard.Scoreboard of each seat's points by part; `snapshot()` the
      state as plain data (equal snapshots, equal games).
    """
    GAME = None  # type: str | None  # the setup event's "game" (shared_rules.games)
    HANDLERS = {}  # type: dict  # kind -> validator returning an apply closure, which
    # returns None or the event to keep in place of the one given
    # the kinds in the order a game goes through them, setup first (for messages)
    KINDS = ()  # type: tuple
    # view()'s games: the last time their journal stamped (the end's, else the setup's), else
    # None; a class attribute, so a played game's instance holds no slot for it
    when = None  # type: object

    def __init__(self):
        self.events = []  # type: list  # the events that stand
        # every event pushed, undos included: what the journal holds. The same list as
        # events until the first undo: a game without one keeps one list, not two (beside a
        # full box's 5-player game a 192 KB heap has no 512 bytes for a second list to grow)
        self.log = self.events
        self.outcome = None  # an outcome.Outcome once the game is over
        self.keep = True  # False: a game to look at (view): no events kept, no undo
        self.set_up = False

    @classmethod
    def replay(cls, events):
        """A game with `events` pushed in order (the first error raised as push raises it)."""
        g = cls()
        for ev in events:
            g.push(ev)
        return g

    @classmethod
    def view(cls, read, marks=None):
        """The game a journal makes, to look at only: its state without its events (most of
        a replay's heap), nothing to undo. read(sink) gives the journal's events to
        sink.append in order; it is called twice: the first pass finds the events that stand
        (an undo takes back the one before), the second applies only those."""
        if marks is None:
            marks = standing(read)
        g = cls()
        g.keep = False
        g.when = marks.when  # its time, for the Finished list (the events are not kept)
        read(_Apply(g, marks.standing))
        return g

    def push(self, event):
        """Validate and apply one event; return it as kept (a copy where the game adds to
        it, e.g. a bot's card). InvalidEvent, InvalidSetup, NothingToUndo or the game's own
        errors, the game unchanged, if it cannot be."""
        if not isinstance(event, dict):
            raise E.InvalidEvent("an event is a dict with an 'e' kind, got %r" % (event,))
        kind = event.get("e")
        if kind == "undo":
            if not self.keep:
                raise E.NothingToUndo(E.local("a game opened to look at takes nothing back"))
            if len(self.events) < 2:
                raise E.NothingToUndo(E.local("nothing to undo: the game has only its setup"))
            if self.log is self.events:
                self.log = self.events.copy()  # they part here
            self.log.append(event)
            self.events.pop()
            self._rebuild()
            return event
        if not self.set_up:
            if kind != "setup":
                raise E.InvalidEvent("a game log starts with a setup event, got %r" % (kind,))
        elif kind == "setup":
            raise E.InvalidEvent("this game is already set up; start a new game instead")
        handler = self.HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise E.InvalidEvent("unknown event %r; allowed: %s, undo"
                                 % (kind, ", ".join(self.KINDS)))
        if kind == "setup" and event.get("game") != self.GAME:
            raise E.InvalidSetup("this is the %s rules core; the setup's game must be %r, "
                                 "got %r" % (self.GAME, self.GAME, event.get("game")))
        # validates everything, changes nothing; then applies. An apply that adds to the
        # event (a bot's card) returns its own copy: the caller's is never changed, and a
        # replay of a journal's events, which hold everything already, copies nothing.
        event = handler(self, event)() or event
        self.set_up = True
        if self.keep:
            self.events.append(event)
            if self.log is not self.events:
                self.log.append(event)
        return event

    def undo(self):
        """Take back the last event that stands (push({"e": "undo"}))."""
        return self.push({"e": "undo"})

    def stamp(self, t):
        """Give the last event "t" (the box's time at the game's end, a field the rules do
        not read), in the events kept as in the journal."""
        # packed, the two lists hold copies: each is stamped
        for log in (self.events, self.log) if self.log is not self.events else (self.events,):
            ev = log.pop()
            ev["t"] = t
            log.append(ev)

    def pack(self):
        """Keep the events packed from now on (shared_rules/packed.py; list-like, each
        decoded as it is read): the box's games, about 25 bytes an event instead of 130 to
        210 (unix port). Returns the game."""
        from shared_rules.packed import Packed
        if type(self.events) is list:
            parted = self.log is not self.events
            self.events = Packed(self.GAME, self.events)  # type: ignore[assignment]
            self.log = (Packed(self.GAME, self.log)  # type: ignore[assignment]
                        if parted else self.events)
        return self

    def _rebuild(self):
        # The state folded again from the events that stand (the setup's handler starts it
        # afresh); the events stay where they are: each, as kept, holds all it needs
        self.outcome = None
        for ev in self.events:
            self.HANDLERS[ev["e"]](self, ev)()


def standing(read):
    """Returns view's first pass over a journal: which events stand (.standing, their
    positions), the game its setup names (.game) and its time (.when)."""
    marks = _Standing()
    read(marks)
    return marks


class _Standing:
    def __init__(self):
        self.standing = []
        self.n = 0
        self.game = None
        self.when = None  # the last "t" read: the end's, else the setup's

    def append(self, ev):
        if not self.n:
            self.game = ev.get("game")
        if ev.get("t") is not None:
            self.when = ev["t"]
        if ev.get("e") == "undo":
            if len(self.standing) > 1:  # the setup stands: the rules refuse its undo
                self.standing.pop()
        else:
            self.standing.append(self.n)
        self.n += 1


class _Apply:
    # view's second pass: pushes the events that stand, drops the rest as they are read
    def __init__(self, game, standing):
        self.game = game
        self.standing = standing
        self.n = self.k = 0

    def append(self, ev):
        if self.k < len(self.standing) and self.standing[self.k] == self.n:
            self.game.push(ev)
            self.k += 1
        self.n += 1

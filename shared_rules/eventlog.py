# A game as an event log, python-chess style, for every game the box keeps: `push` validates
# and applies one event, `undo` takes back the last one that stands, and the state is always
# the fold of the events that stand. A game is a subclass that names its events in HANDLERS:
# kind -> function(game, event) that validates everything, changes nothing, and returns a
# closure that applies the event. An error leaves the game as it was (atomic).
#
# Every game's log starts with {"e": "setup", "game": <registry name>, "players": [...], ...};
# {"e": "undo"} cancels the last event that stands and is kept in the log (the journal holds
# what happened at the table). push stores its own copy of the event: the caller's dict is
# never changed, so a host can push the events it read without copying them first.
from shared_rules import errors as E


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def field(event, name, check, what):
    # -> event[name] if check(value); InvalidEvent naming the event, the field and what is
    # allowed if it is missing or wrong.
    if name not in event:
        raise E.InvalidEvent("%s event needs %r (%s)" % (event.get("e"), name, what))
    v = event[name]
    if not check(v):
        raise E.InvalidEvent("%s event: %r must be %s, got %r" % (event.get("e"), name, what, v))
    return v


class EventLog:
    GAME = None  # type: str | None  # the setup event's "game" (shared_rules.games)
    HANDLERS = {}  # type: dict  # kind -> validator returning an apply closure
    KINDS = ()  # type: tuple  # the kinds in the order a game goes through them, setup first (for messages)

    def __init__(self):
        self.log = []  # every event pushed, undos included: what the journal holds
        self.events = []  # the events that stand
        self.outcome = None  # an outcome.Outcome once the game is over

    @classmethod
    def replay(cls, events):
        g = cls()
        for ev in events:
            g.push(ev)
        return g

    def push(self, event):
        # -> the event as stored (a copy, with what the game adds to it, e.g. a bot's card)
        if not isinstance(event, dict):
            raise E.InvalidEvent("an event is a dict with an 'e' kind, got %r" % (event,))
        kind = event.get("e")
        if kind == "undo":
            if len(self.events) < 2:
                raise E.NothingToUndo("nothing to undo: the game has only its setup")
            event = {"e": "undo"}
            self.log.append(event)
            self.events.pop()
            self._rebuild()
            return event
        if not self.events:
            if kind != "setup":
                raise E.InvalidEvent("a game log starts with a setup event, got %r" % (kind,))
        elif kind == "setup":
            raise E.InvalidEvent("this game is already set up; start a new game instead")
        handler = self.HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is None:
            raise E.InvalidEvent("unknown event %r; allowed: %s, undo"
                                 % (kind, ", ".join(self.kinds())))
        if kind == "setup" and event.get("game") != self.GAME:
            raise E.InvalidSetup("this is the %s rules core; the setup's game must be %r, "
                                 "got %r" % (self.GAME, self.GAME, event.get("game")))
        event = dict(event)
        handler(self, event)()  # validates everything, changes nothing; then applies
        self.events.append(event)
        self.log.append(event)
        return event

    def undo(self):
        return self.push({"e": "undo"})

    def _rebuild(self):
        events = self.events
        self.events = []
        self.outcome = None
        for ev in events:
            self.HANDLERS[ev["e"]](self, ev)()
            self.events.append(ev)

    @classmethod
    def kinds(cls):
        # the event kinds, setup first: for error messages that list what is allowed
        return list(cls.KINDS) or ["setup"] + sorted(k for k in cls.HANDLERS if k != "setup")

    # ---- what every game answers (the device's and the host's generic screens) ------------
    def describe(self):
        # -> where the game stands, in words ("stage 1, round 3", "game over")
        raise NotImplementedError

    def totals(self):
        # -> each seat's points so far
        raise NotImplementedError

    def scoreboard(self):
        # -> outcome.Scoreboard: each seat's points by labelled part
        raise NotImplementedError

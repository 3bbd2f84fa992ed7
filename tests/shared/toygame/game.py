# The toy game's rules core: 2 to 4 players take turns; a turn takes 1, 2 or 3 pips; the first
# to reach TARGET pips wins. Its record codes reuse Versailles's letters on purpose ("R" is
# Versailles's round): a journal's records are read with its own game's table.
#   {"e": "setup", "game": "toy", "players": [names], "seed": n}
#   {"e": "take", "p": seat, "n": 1..3, "t": unix seconds (the box adds it to the last)}
from shared_rules import errors as E
from shared_rules.eventlog import EventLog, field, is_int
from shared_rules.outcome import Outcome
from shared_rules.scoreboard import Scoreboard

TARGET = 10
MOST = 3  # pips a turn takes at most
RECORDS = (
    ("take", "R", ("p", "n", "t")),
)


class Game(EventLog):
    GAME = "toy"
    KINDS = ("setup", "take")

    def _setup(self, ev):
        players = field(ev, "players", lambda v: isinstance(v, list) and 2 <= len(v) <= 4,
                        "a list of 2 to 4 names")
        field(ev, "seed", lambda v: is_int(v) and v >= 0, "a whole number >= 0")

        def apply():
            self.players = list(players)
            self.pips = [0] * len(players)
            self.turn = 0
        return apply

    def _take(self, ev):
        if self.outcome is not None:
            raise E.OutOfTurn("the game is over: %s won" % self.players[self.outcome.winners[0]])
        p = field(ev, "p", is_int, "a seat number")
        n = field(ev, "n", lambda v: is_int(v) and 1 <= v <= MOST, "1 to %d pips" % MOST)
        if p != self.turn:
            raise E.OutOfTurn("it is %s's turn, not seat %r's" % (self.players[self.turn], p))

        def apply():
            self.pips[p] += n
            self.turn = (p + 1) % len(self.players)
            if self.pips[p] >= TARGET:
                self.outcome = Outcome([p], ["First to %d" % TARGET])
        return apply

    def describe(self):
        if self.outcome is not None:
            return "game over"
        return "%s to take" % self.players[self.turn]

    def totals(self):
        return list(self.pips)

    def scoreboard(self):
        return Scoreboard(self.players, ("pips",), [[n] for n in self.pips])

    def snapshot(self):
        return {"players": list(self.players), "pips": list(self.pips), "turn": self.turn,
                "winners": self.outcome.winners if self.outcome else None}


Game.HANDLERS = {"setup": Game._setup, "take": Game._take}

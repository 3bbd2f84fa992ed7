"""A toy game used only in tests: the smallest game on the seam (shared_rules.eventlog), and
its desktop adapter, which says nothing of its own but its names: it proves that the
desktop shows, exports and charts a game it was not written for.

Seedlings, for 1 to 4 players: {"e": "plant", "p": seat, "n": 1 to 3} puts n seedlings in
seat p's row; {"e": "harvest"} ends the game. A seat scores its seedlings and 1 per
planting; most points wins, a tie goes to the fewer plantings, then it is shared.

`install(monkeypatch)` registers both, as a new game's one line in shared_rules.games.GAMES
and one in lenotre.games.ADAPTERS would; the box's record format already carries any event
as it is, so the journal needs nothing."""
import sys
import types

from lenotre import games as adapters
from lenotre.games import base
from shared_rules import errors as E
from shared_rules import games as rules
from shared_rules.eventlog import EventLog, field, is_int
from shared_rules.outcome import Outcome
from shared_rules.scoreboard import Scoreboard

NAME = "seedlings"  # not the device toy game's "toy": the two tests share a process
TITLE = "Seedlings"


class Game(EventLog):
    GAME = NAME
    KINDS = ("setup", "plant", "harvest")

    def _setup(self, ev):
        players = field(ev, "players", lambda v: isinstance(v, list) and 1 <= len(v) <= 4,
                        "a list of 1 to 4 names")

        def apply():
            self.players = list(players)
            self.seedlings = [0] * len(players)
            self.plantings = [0] * len(players)
            self.over = False
        return apply

    def _plant(self, ev):
        if self.over:
            raise E.OutOfTurn("the seedlings are harvested: the game is over")
        p = field(ev, "p", lambda v: is_int(v) and 0 <= v < len(self.players),
                  "a seat, 0 to %d" % (len(self.players) - 1))
        n = field(ev, "n", lambda v: is_int(v) and 1 <= v <= 3, "1 to 3 seedlings")

        def apply():
            self.seedlings[p] += n
            self.plantings[p] += 1
        return apply

    def _harvest(self, ev):
        if self.over:
            raise E.OutOfTurn("the seedlings are harvested already")

        def apply():
            self.over = True
            totals = self.totals()
            top = max(totals)
            tied = [p for p in range(len(totals)) if totals[p] == top]
            fewest = min(self.plantings[p] for p in tied)
            winners = [p for p in tied if self.plantings[p] == fewest]
            reason = ["%d points" % top]
            if len(tied) > 1:
                reason = ["Tie at %d points" % top, "fewer plantings"]
            self.outcome = Outcome(winners, reason, tiebreak=len(tied) > 1)
        return apply

    def describe(self):
        return "harvested" if self.over else "planting"

    def totals(self):
        return [self.seedlings[p] + self.plantings[p] for p in range(len(self.players))]

    def scoreboard(self):
        return Scoreboard(self.players, ("seedling", "planting"),
                          [[self.seedlings[p], self.plantings[p]]
                           for p in range(len(self.players))])

    def snapshot(self):
        return {"players": list(self.players), "seedlings": list(self.seedlings),
                "plantings": list(self.plantings), "over": self.over}


Game.HANDLERS = {"setup": Game._setup, "plant": Game._plant, "harvest": Game._harvest}


class Toy(base.Adapter):
    NAME = NAME
    TITLE = TITLE


ADAPTER = Toy()


def install(monkeypatch):
    # The toy's rules as shared_rules.seedlings.game, its line in the registry, its adapter
    package = types.ModuleType("shared_rules." + NAME)
    module = types.ModuleType("shared_rules." + NAME + ".game")
    module.Game = Game
    package.game = module
    monkeypatch.setitem(sys.modules, "shared_rules." + NAME, package)
    monkeypatch.setitem(sys.modules, "shared_rules." + NAME + ".game", module)
    monkeypatch.setattr(rules, "GAMES", rules.GAMES + ((NAME, TITLE, (1, 4)),))
    monkeypatch.setitem(adapters.ADAPTERS, NAME, __name__)


def setup(players, t=None, people=None):
    ev = {"e": "setup", "game": NAME, "players": list(players), "seed": 0}
    if t is not None:
        ev["t"] = t
    if people is not None:
        ev["people"] = people
    return ev

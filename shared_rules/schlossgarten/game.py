"""Der Prestel Schlossgarten as an event log (shared_rules/eventlog.py): each player's running
ledger of landscape tiles and garden elements, the race to 21 and the constellation pile.
The box never sees the field; players tell it what a turn did, and it checks all that
follows from the rules without the board (docs/RULES.md, "Der Prestel Schlossgarten"):
  {"e": "setup", "game": "schlossgarten", "players": [names, in turn order], "seed": n,
   "whole_turn": 1}
  {"e": "turn", "p": seat, "tiles": [values], "el": "pool", "over": [[seat, "column"]]}
      the landscape tiles taken (1-3 points each, in the order taken), the garden element
      placed from the player's supply and the elements it was built over (whose, which);
      a turn without a figure is {"e": "turn", "p": seat}
  {"e": "undo"}
The table's house rule (docs/RULES.md S5), "whole_turn" in the setup: 1 (the rulebook's
figures 5b and 5d, the box's default), a turn counts whole: the element is built, what it
was built over goes back, its tiles are taken together, and the game ends after the turn
that reached 21. 0 or absent (a journal from before the setting), a turn's parts happen in
this order and the game ends the moment a player has 21: each tile taken, then the elements
built over go back to their owners, then the element is placed; a turn that reached 21 at
a tile has nothing after that tile."""
from shared_rules import errors as E
from shared_rules.eventlog import EventLog, check_names, field, is_int
from shared_rules.outcome import Outcome

# The players' colours (name, rgb): their pawns' blue, red, yellow and white (Figures 4,
# 5a-5d: "the blue player", "the white gardener"); the box's setup offers them, names the
# players and lights its pixels so
SEATS = (("Blue", (0, 60, 255)), ("Red", (255, 0, 0)), ("Yellow", (255, 170, 0)),
         ("White", (200, 200, 200)))
GOAL = 21
TILES = 49  # landscape tiles in the frame, 7 x 7
TILE_VALUES = (1, 2, 3)
CARDS = 32  # constellation cards
# Each player's six garden elements, gardener's then architect's: 1, 2, 3 squares each
ELEMENTS = ("hedge1", "hedge2", "maze", "column", "pool", "terrace")
ALL = 63  # a bit per element: a player's elements on the field
PARTS = ("tiles", "elements")

# The journal's records for this game's events (firmware/journal.py): code, fields in order,
# trailing optional ones left out. "S" setup and "U" undo are every game's.
RECORDS = (("turn", "P", ("p", "tiles", "el", "over")),)


def size(i):
    """squares covered by element i (= its points)"""
    return i % 3 + 1


def element(name):
    """Returns the index of an element by name; UnknownElement listing the six"""
    if isinstance(name, str) and name in ELEMENTS:
        return ELEMENTS.index(name)
    raise UnknownElement("no garden element %r; elements: %s" % (name, _listing(range(6))))


def _listing(indices):
    return ", ".join(["%s (%d)" % (E.local(ELEMENTS[i]), size(i)) for i in indices]) or \
        E.local("none")


def _bits(mask):
    return [i for i in range(6) if mask >> i & 1]


class UnknownElement(E.InvalidEvent):
    """a name that is none of the six garden elements"""
    pass


class InvalidTile(E.RulesError):
    """a tile value other than 1-3, or more tiles than there are excavations to take"""
    pass


class NotInSupply(E.RulesError):
    """the element placed is on the field already (each player has each element once)"""
    pass


class NothingToBuildOver(E.RulesError):
    """an element built over that is not on the field"""
    pass


class InvalidCover(E.RulesError):
    """the squares do not add up, or an element built over is not smaller than the new one"""
    pass


class GameWon(E.OutOfTurn):
    """a turn after the win, or a turn that goes on past the tile that reached 21"""
    pass


class Game(EventLog):
    """Der Prestel Schlossgarten as an event log: each turn's tiles taken, the element built
    and what it was built over; each player's ledger of tiles and elements on the field, the
    constellation pile and its reshuffle, the race to GOAL (by tile or by whole turn: the
    setup's house rule)."""
    GAME = "schlossgarten"
    KINDS = ("setup", "turn")

    def __init__(self, players=None, seed=0):
        EventLog.__init__(self)
        if players is not None:
            self.push({"e": "setup", "game": self.GAME, "players": list(players), "seed": seed})

    # ---- actions at the table ------------------------------------------------------------
    def play(self, p, tiles=(), el=None, over=()):
        """one turn; play(p) alone: the figure was not made"""
        ev = {"e": "turn", "p": p}
        if tiles or el is not None or over:
            ev["tiles"] = list(tiles)
        if el is not None or over:
            ev["el"] = el
        if over:
            ev["over"] = [list(o) for o in over]
        return self.push(ev)

    # ---- questions the box asks ----------------------------------------------------------
    def current(self):
        """the seat whose turn it is (seat 0 starts, then clockwise = seat order)"""
        return self.turn % self.n

    def tile_points(self, p):
        """Returns the points of the landscape tiles player p has taken (1 to 3 each)."""
        return sum(self.tiles[p])

    def element_points(self, p):
        """Returns the points of player p's garden elements on the field: a point a square."""
        return sum([size(i) for i in _bits(self.field[p])])

    def points(self, p):
        """Returns player p's points: tiles and elements on the field."""
        return self.tile_points(p) + self.element_points(p)

    def supply(self, p):
        """Returns the elements player p still holds, in ELEMENTS' order."""
        return [ELEMENTS[i] for i in _bits(ALL & ~self.field[p])]

    def on_field(self, p):
        """Returns player p's elements on the field, in ELEMENTS' order."""
        return [ELEMENTS[i] for i in _bits(self.field[p])]

    def coverable(self, name):
        """Returns [(seat, element)] on the field that element `name` could be built over
        (smaller)"""
        n = size(element(name))
        return [(s, ELEMENTS[i]) for s in range(self.n) for i in _bits(self.field[s])
                if size(i) < n]

    def win_at(self, p, tiles):
        """Returns how many of these tiles (taken in order) bring p to 21, or None: the box
        stops asking for the rest of the turn there (never where the turn counts whole)"""
        if self.whole_turn:
            return None
        total = self.points(p)
        for k in range(len(tiles)):
            total += tiles[k]
            if total >= GOAL:
                return k + 1
        return None

    def excavations(self):
        """Returns most tiles that can be taken this turn: one excavation a turn at most, this
        turn's included, less the tiles already taken (tiles leave the field only when built
        on); never more than the frame's tiles left"""
        return min(self.turn + 1, TILES) - self.taken

    def reshuffle_due(self):
        """the draw pile is empty: the next player shuffles the discard pile first"""
        return self.outcome is None and self.pile == 0

    def totals(self):
        """Returns each seat's points so far."""
        return [self.points(p) for p in range(self.n)]

    def scoreboard(self):
        """Returns a scoreboard.Scoreboard: each seat's tiles and elements."""
        from shared_rules.scoreboard import Scoreboard  # results and the host only
        rows = [[self.tile_points(p), self.element_points(p)] for p in range(self.n)]
        return Scoreboard(self.players, PARTS, rows)

    def describe(self):
        """Returns where the game stands, in words: the turn and who plays, or "game over" and
        how it was won."""
        if self.won:
            return "game over: " + self._won_text()
        text = "turn %d, %s to play" % (self.turn + 1, self.players[self.current()])
        if self.reshuffle_due():
            text += "; draw pile empty: shuffle the %d discards first" % self.discard
        return text

    def _won_text(self):
        p, turn, _ = self.won
        return E.local("%s reached %d points in turn %d") % (E.local(self.players[p]),
                                                             self.points(p), turn)

    def snapshot(self):
        """plain data copied out; equal snapshots = equal games"""
        return {
            "players": list(self.players), "turn": self.turn, "next": self.current(),
            "tiles": [list(t) for t in self.tiles], "field": [self.on_field(p)
                                                               for p in range(self.n)],
            "totals": self.totals(), "taken": self.taken, "pile": self.pile,
            "discard": self.discard, "shuffles": self.shuffles,
            "won": list(self.won[:2]) if self.won else None,
        }

    # ---- validation + application; each returns a closure that applies --------------------
    def _setup(self, ev):
        players = field(ev, "players", lambda v: isinstance(v, list), "a list of 2-4 names")
        if "seed" in ev:
            field(ev, "seed", lambda v: is_int(v) and v >= 0, "a whole number >= 0")
        whole = field(ev, "whole_turn", lambda v: is_int(v) and v in (0, 1),
                      "1 (a turn counts whole) or 0 (tile by tile)") \
            if "whole_turn" in ev else 0
        if not 2 <= len(players) <= 4:
            raise E.InvalidSetup(E.local("Schlossgarten takes 2 to 4 players, got %d")
                                 % len(players))
        check_names(players)

        def apply():
            self.players = list(players)
            self.n = n = len(players)
            self.tiles = [bytearray() for _ in range(n)]  # values, in the order taken
            self.field = [0] * n  # bit i: element i on the field
            self.turn = 0  # turns played
            self.taken = 0  # tiles taken, all players
            self.pile = CARDS - n  # each player took one card at setup
            self.discard = 0
            self.shuffles = 0
            self.won = ()  # type: tuple  # (seat, turn, how) once a player reached 21
            self.whole_turn = whole
        return apply

    def _seat(self, v, what):
        if not is_int(v) or not 0 <= v < self.n:
            raise E.UnknownPlayer("%s: no player at seat %r; seats are 0 to %d (%s)"
                                  % (what, v, self.n - 1, ", ".join(self.players)))
        return v

    def _turn(self, ev):
        if self.won:
            raise GameWon(E.local("the game is over: %s; undo to change the last turn")
                          % self._won_text())
        p = self._seat(field(ev, "p", is_int, "a player seat number"), "turn")
        who = self.players[p]
        if p != self.current():
            raise E.OutOfTurn(E.local("it is %s's turn (turn %d), not %s's: play goes round in "
                                      "seat order")
                              % (E.local(self.players[self.current()]), self.turn + 1,
                                 E.local(who)))
        tiles = ev.get("tiles", [])
        if not isinstance(tiles, list):
            raise InvalidTile("turn: 'tiles' is a list of tile values (1, 2 or 3), got %r"
                              % (tiles,))
        for v in tiles:
            if not is_int(v) or v not in TILE_VALUES:
                raise InvalidTile(E.local("a landscape tile is worth 1, 2 or 3 points, got %r")
                                  % (v,))
        most = self.excavations()
        if len(tiles) > most:
            raise InvalidTile(E.local("%s cannot take %d tiles: %d excavation(s) can be open "
                                      "now (one tile is excavated a turn at most, %d taken so "
                                      "far, %d in the frame)")
                              % (E.local(who), len(tiles), most, self.taken, TILES))
        el = ev.get("el")
        if el is not None:
            el = element(el)
            if self.field[p] >> el & 1:
                raise NotInSupply(E.local("%s's %s is on the field already; %s's supply: %s")
                                  % (E.local(who), E.local(ELEMENTS[el]), E.local(who),
                                     _listing(_bits(ALL & ~self.field[p]))))
        covered = self._covered(ev, el)
        squares = len(tiles) + sum([size(i) for _, i in covered])
        if el is not None and squares != size(el):
            raise InvalidCover(E.local("the %s covers %d square(s): its excavations (one tile "
                                       "each) and the smaller elements under it; got %d "
                                       "tile(s) + %s = %d")
                               % (E.local(ELEMENTS[el]), size(el), len(tiles),
                                  self._names(covered), squares))
        total = self.points(p)
        for k in range(len(tiles)):
            total += tiles[k]
            if total >= GOAL and not self.whole_turn and (k + 1 < len(tiles)
                                                          or el is not None):
                raise GameWon(E.local("%s reaches %d with tile %d: the game ends at once, so "
                                      "nothing after it happened; record the turn up to that "
                                      "tile") % (E.local(who), total, k + 1))
        won = None
        if el is None:
            if tiles and (total < GOAL or self.whole_turn):
                raise InvalidCover(E.local("tiles are taken by building an element on their "
                                           "excavations: name the element %s placed")
                                   % E.local(who))
            largest = max([size(i) for i in _bits(ALL & ~self.field[p])] or [0])
            if len(tiles) > largest:
                raise InvalidCover(E.local("%s's supply covers %d square(s) at most (%s): %d "
                                           "tiles cannot be taken")
                                   % (E.local(who), largest,
                                      _listing(_bits(ALL & ~self.field[p])), len(tiles)))
            if tiles:
                won = E.local("by tile %d (+%d)") % (len(tiles), tiles[-1])
        else:
            total += size(el) - sum([size(i) for s, i in covered if s == p])
            if total >= GOAL:
                won = E.local("by the %s") % E.local(ELEMENTS[el])

        def apply():
            """the journal keeps lists of its own: a caller changing theirs changes no record
            (a copy: push never changes the caller's event)"""
            kept = None
            if "tiles" in ev or "over" in ev:
                kept = dict(ev)
                if "tiles" in ev:
                    kept["tiles"] = list(tiles)
                if "over" in ev:
                    kept["over"] = [[s, ELEMENTS[i]] for s, i in covered]
            if self.pile == 0:  # step 1 finds the draw pile exhausted: the discards go back
                self.pile, self.discard = self.discard, 0
                self.shuffles += 1
            self.pile -= 1
            self.tiles[p].extend(bytes(tiles))
            self.taken += len(tiles)
            for s, i in covered:
                self.field[s] &= ALL ^ (1 << i)
            if el is not None:
                self.field[p] |= 1 << el
            self.turn += 1
            if won:
                self.won = (p, self.turn, won)
                self.outcome = Outcome([p], [E.local("first to %d") % GOAL,
                                             E.local("%d points") % total,
                                             E.local("in turn %d") % self.turn, won])
            else:
                self.discard += 1  # step 6; a won game ends before it
            return kept
        return apply

    def _covered(self, ev, el):
        # -> [(seat, element)] the new element is built over, each checked
        over = ev.get("over", [])
        if not isinstance(over, list):
            raise InvalidCover("turn: 'over' is a list of [seat, element] built over, got %r"
                               % (over,))
        if over and el is None:
            raise InvalidCover(E.local("elements are built over only by placing a larger one: "
                                       "name the element placed"))
        out = []
        for item in over:
            if not isinstance(item, list) or len(item) != 2:
                raise InvalidCover("an element built over is [seat, element], got %r"
                                   % (item,))
            s = self._seat(item[0], "built over")
            i = element(item[1])
            if not self.field[s] >> i & 1:
                raise NothingToBuildOver(
                    E.local("%s's %s is not on the field, so it cannot be built over; on the "
                            "field: %s") % (E.local(self.players[s]), E.local(ELEMENTS[i]),
                                            self._names(self._all_on_field())))
            if (s, i) in out:
                raise InvalidCover(E.local("%s's %s is named twice")
                                   % (E.local(self.players[s]), E.local(ELEMENTS[i])))
            if size(i) >= size(el):
                raise InvalidCover(E.local("the %s (%d squares) can only be built over "
                                           "smaller elements; %s's %s covers %d") % (
                                       E.local(ELEMENTS[el]), size(el),
                                       E.local(self.players[s]), E.local(ELEMENTS[i]), size(i)))
            out.append((s, i))
        return out

    def _all_on_field(self):
        return [(s, i) for s in range(self.n) for i in _bits(self.field[s])]

    def _names(self, pairs):
        return ", ".join([E.local("%s's %s (%d)") % (E.local(self.players[s]),
                                                     E.local(ELEMENTS[i]), size(i))
                          for s, i in pairs]) or E.local("nothing")


Game.HANDLERS = {"setup": Game._setup, "turn": Game._turn}

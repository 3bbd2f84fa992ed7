"""A game of Gardens as an event log (shared_rules/eventlog.py): one event per turn, with the
flowerbeds the placed tile completed; the box decides each bed's sole majority, places the
winner's flowerbed tile from its supply, counts the draw piles down and ends the game.
  {"e": "setup", "game": "gardens", "players": [names], "colours": [names, turn order],
   "teams": false, "tiles": 8, "majority": "team"}
      "majority" (the team rules only: 2 players or 2 vs 2): the table's house rule
      (docs/RULES.md G2): "team", a team's flowers counted together (the rulebook's "the
      team that then together holds majority", the box's default), or "colour" (each
      colour's own, as in the base game; a setup without the field was played so)
  {"e": "turn", "c": "b", "beds": ["bbry", ...], "special": false}   the colour on turn
  {"e": "undo"}                                                       cancels the last turn
Variants: 3 or 4 players (8 flowerbed tiles each, 6 or 7 in the shorter game); the team game
2 vs 2 ("teams": true, 5 tiles each, no special tiles); 2 players, who use the team rules and
each play two colours alternately. The choices where the rulebook is silent: docs/RULES.md."""
from shared_rules import errors as E
from shared_rules.eventlog import EventLog, check_names
from shared_rules.eventlog import field as _field
from shared_rules.eventlog import is_int as _is_int
from shared_rules.gardens import rules as R
from shared_rules.gardens.errors import BadBed, BadVariant, GameOver, NoSpecialTile, NotOnTurn
from shared_rules.gardens.errors import UnknownColour
from shared_rules.gardens.scoring import Outcome



# checks for eventlog.field, made once: a turn is validated again at every undo's replay
def _is_str(v):
    return isinstance(v, str)


def _is_list(v):
    return isinstance(v, list)


# The journal's packed records for Gardens' events (firmware/journal.py): kind, code, fields in
# order, trailing optional ones left out. "S" (setup) and "U" (undo) are every game's. Part of
# the record format: add optional fields at the end, never change, drop or reorder one. "t":
# the box's clock on the last turn (the game's end), as Versailles's last scoring.
# The players' colours (name, rgb): the flower colours, in R.COLOURS's order ("Each player
# receives, in their own color"); the box's setup offers them, names the players and lights
# its pixels so (pink is the box palette's Pink, shared_rules/palette.py)
SEATS = (("Blue", (0, 60, 255)), ("Yellow", (255, 170, 0)), ("Red", (255, 0, 0)),
         ("Pink", (255, 0, 110)))
RECORDS = (
    ("turn", "T", ("c", "beds", "special", "t")),
)


EVENTS = 128  # room made for a game's events: 96 turns and more, some undos


class Game(EventLog):
    """Gardens as an event log: a turn per colour in turn order, each with the flowerbeds its
    tile completed (judged as entered: sole majority, tie, the unused colour), the special
    tile, the end by a supply or the piles and the round played out. Players, colours in
    turn order, teams and flowerbed tiles come from the setup."""
    GAME = "gardens"
    KINDS = ("setup", "turn")

    def __init__(self, players=None, colours=None, teams=False, tiles=None):
        EventLog.__init__(self)
        # A game of Gardens is a hundred events (a turn each): its list made with room for
        # EVENTS at once, not grown by doubling into one block of 1 KB and then 2 (unix port)
        # that a heap in pieces lacks: a box booting into a 4-player game at its 91st turn
        # finds no such block even at 192 or 208 KB (a slice deleted keeps the room)
        self.events = [None] * EVENTS
        del self.events[:]
        self.log = self.events
        if players is not None:
            ev = {"e": "setup", "game": "gardens", "players": list(players), "teams": teams}
            if colours is not None:
                ev["colours"] = list(colours)
            if tiles is not None:
                ev["tiles"] = tiles
            self.push(ev)

    # ---- actions at the table ------------------------------------------------------------
    def turn(self, beds=(), special=False, colour=None):
        """the colour on turn plays (or `colour`, a letter, which must be the one on turn)"""
        c = R.LETTERS[self.on_turn()] if colour is None else colour
        ev = {"e": "turn", "c": c, "beds": list(beds)}
        if special:
            ev["special"] = True
        return self.push(ev)

    # ---- questions the box asks ----------------------------------------------------------
    def on_turn(self):
        """Returns the colour (0..3) whose turn it is (after the end: the start colour, who
        does not play again)"""
        return self.colours[self.turns % self.per_round]

    def player_on_turn(self):
        """Returns the seat whose colour is on turn."""
        return self.owner[self.turns % self.per_round]

    def turns_left(self):
        """Returns turns still to play once the end is triggered, else None"""
        return None if self.end_at is None else self.end_at - self.turns

    def seat_of(self, colour):
        """Returns the seat playing colour (0..3), or None for the unused colour of 3 players"""
        for i in range(self.per_round):
            if self.colours[i] == colour:
                return self.owner[i]
        return None

    def judge(self, bed):
        """Returns (winner colour or NOBODY, why, placed) of one bed if it were completed now"""
        counts = R.flowers(bed)
        winner, why = R.judge(counts, self.in_play, self.by_team)
        return winner, why, winner != R.NOBODY and why != R.MATES and \
            self.placed[winner] < self.tiles

    def sides(self):
        """Returns the seats of each side: a colour's player, or in the team rules a team's
        players"""
        if not self.team_rules:
            return [[self.owner[i]] for i in range(self.per_round)]
        out = [[], []]  # type: list
        for i in range(self.per_round):
            s = out[R.team(self.colours[i])]
            if self.owner[i] not in s:
                s.append(self.owner[i])
        return out

    def side_beds(self):
        """Returns the beds each side holds with sole majority: per player, or per team in the
        team rules (beds a team holds with its colours tied included)."""
        beds = self._per_side(self.won)
        return [beds[t] + self.held[t] for t in range(2)] if self.team_rules else beds

    def side_corners(self):
        """the tie-break's corners: own colour's, or in the team rules the team's colours'"""
        if self.team_rules:
            corners = self._per_side([self.own[c] + self.mate[c] for c in range(4)])
            return [corners[t] + self.held_corners[t] for t in range(2)]
        return self._per_side(self.own)

    def _per_side(self, per_colour):
        if not self.team_rules:
            return [per_colour[self.colours[i]] for i in range(self.per_round)]
        return [per_colour[0] + per_colour[2], per_colour[1] + per_colour[3]]

    def _side_of_seat(self, seat):
        sides = self.sides()
        for s in range(len(sides)):
            if seat in sides[s]:
                return s

    def totals(self):
        """beds with sole majority per seat: its side's (a team's total in the team game)"""
        beds = self.side_beds()
        return [beds[self._side_of_seat(p)] for p in range(self.n)]

    def scoreboard(self):
        """per seat: the beds its colour(s) won, the corners the tie-break counts in them, and
        the flowerbed tiles still in its supply; the total is its side's beds"""
        from shared_rules.scoreboard import Scoreboard  # results and the host only
        rows = []
        for p in range(self.n):
            mine = [self.colours[i] for i in range(self.per_round) if self.owner[i] == p]
            rows.append([sum(self.won[c] for c in mine),
                         sum(self.own[c] + (self.mate[c] if self.team_rules else 0) for c in mine),
                         sum(self.tiles - self.placed[c] for c in mine)])
        return Scoreboard(self.players, ("beds", "corners", "supply"), rows, self.totals())

    def snapshot(self):
        """Everything the state holds, copied out: equal snapshots mean equal games."""
        return {
            "players": list(self.players), "colours": [R.COLOURS[c] for c in self.colours],
            "team_rules": self.team_rules, "tiles": self.tiles, "turns": self.turns,
            "piles": self.piles, "placed": list(self.placed), "won": list(self.won),
            "own": list(self.own), "mate": list(self.mate), "special": list(self.special),
            "held": list(self.held),
            "beds": self.beds, "end_at": self.end_at, "totals": self.totals(),
            "winners": self.outcome.winners if self.outcome else None,
        }

    def describe(self):
        """Returns where the game stands, in words: the turn and its colour, the last round
        counted down, or "game over"."""
        if self.outcome is not None:
            return "game over"
        c = self.on_turn()
        name = self.players[self.player_on_turn()]  # a player named by their colour: once
        text = "turn %d: %s" % (self.turns + 1, R.COLOURS[c] if name.lower() == R.COLOURS[c]
                                else "%s (%s)" % (R.COLOURS[c], name))
        left = self.turns_left()
        if left is not None:
            text += ", last round: %d turn%s left" % (left, "" if left == 1 else "s")
        return text

    # ---- validation + application; each returns a closure that applies --------------------
    def _setup(self, ev):
        players = _field(ev, "players", lambda v: isinstance(v, list), "a list of 2-4 names")
        teams = _field(ev, "teams", lambda v: v is True or v is False, "true or false") \
            if "teams" in ev else False
        n = len(players)
        if not 2 <= n <= 4:
            raise BadVariant(E.local("Gardens takes 2 to 4 players, got %d") % n)
        check_names(players)
        if teams and n != 4:
            raise BadVariant(E.local("the team game is 2 vs 2: 4 players, got %d (2 players "
                                     "use the team rules anyway, 3 players cannot)") % n)
        team_rules = teams or n == 2
        per_round = 4 if team_rules else n
        colours = ev.get("colours", list(R.COLOURS[:per_round]))
        if not isinstance(colours, list) or len(colours) != per_round:
            raise BadVariant("%s: 'colours' lists the %d colours in turn order, got %r"
                             % ("2 players play all four colours" if n == 2 else
                                "%d players" % n, per_round, colours))
        order = [R.colour_index(name) for name in colours]
        for c in order:
            if order.count(c) > 1:
                raise BadVariant(E.local("%s is chosen twice; each colour is played once")
                                 % E.local(R.COLOURS[c]))
        if team_rules:
            for i in range(4):
                if R.team(order[i]) == R.team(order[(i + 1) % 4]):
                    raise BadVariant(E.local("in the team rules the teams (blue+red, "
                                             "yellow+pink) take turns in sequence: %s cannot "
                                             "follow %s")
                                     % (E.local(colours[(i + 1) % 4]), E.local(colours[i])))
        by_team = False
        if "majority" in ev:
            majority = _field(ev, "majority", lambda v: v in ("team", "colour"),
                              '"team" or "colour"')
            if majority == "team" and not team_rules:
                raise BadVariant(E.local("majority per team is a rule of the team game (2 "
                                         "players, or 2 vs 2); %d players count each colour")
                                 % n)
            by_team = majority == "team"
        tiles = ev.get("tiles", R.TEAM_BED_TILES if team_rules else R.BED_TILES)
        if team_rules and tiles != R.TEAM_BED_TILES:
            raise BadVariant(E.local("in the team rules every colour has %d flowerbed tiles, "
                                     "got %r") % (R.TEAM_BED_TILES, tiles))
        if not team_rules and not (_is_int(tiles) and (tiles == R.BED_TILES
                                                       or tiles in R.SHORT_BED_TILES)):
            raise BadVariant(E.local("each player has %d flowerbed tiles, or 6 or 7 in the "
                                     "shorter game; got %r") % (R.BED_TILES, tiles))

        def apply():
            self.players = list(players)
            self.n = n
            self.team_rules = team_rules
            self.colours = order  # turn order; the start player's colour first
            self.per_round = per_round
            self.owner = [i % n for i in range(per_round)]  # 2 players: colours alternate
            self.in_play = [c in order for c in range(4)]
            self.tiles = tiles
            self.piles = R.GARDEN_TILES
            self.turns = 0
            self.beds = 0  # completed flowerbeds so far
            self.placed = [0, 0, 0, 0]  # flowerbed tiles placed, per colour
            self.won = [0, 0, 0, 0]  # beds with sole majority, tile or not
            self.own = [0, 0, 0, 0]  # own-colour flowers in the beds won
            self.mate = [0, 0, 0, 0]  # the teammate colour's flowers in them
            self.special = [0, 0, 0, 0]  # the turn a special garden tile was placed, or 0
            self.by_team = by_team  # majority per team (the house rule), else per colour
            self.held = [0, 0]  # per team: beds it held with its colours tied (no tile)
            self.held_corners = [0, 0]  # the team's flowers in them
            self.end_at = None  # the turn count that ends the game, once triggered
            self.last = []  # the last turn's beds: (bed, winner, why, placed)
        return apply

    def _turn(self, ev):
        if self.outcome is not None:
            raise GameOver(E.local("the game is over after %d turns; no more turns (undo "
                                   "takes back the last one)") % self.turns)
        c = R.letter_index(_field(ev, "c", _is_str, "the colour letter on turn (byrp)"))
        now = self.on_turn()
        if not self.in_play[c]:
            raise UnknownColour(E.local("%s is not in this game; colours: %s")
                                % (E.local(R.COLOURS[c]),
                                   ", ".join(E.local(R.COLOURS[k]) for k in self.colours)))
        if c != now:
            raise NotOnTurn(E.local("it is %s's turn (%s), not %s's") % (
                E.local(R.COLOURS[now]), E.local(self.players[self.player_on_turn()]),
                E.local(R.COLOURS[c])))
        beds = _field(ev, "beds", _is_list, "a list of completed beds")
        if len(beds) > R.BEDS_PER_TURN:
            raise BadBed(E.local("one tile completes at most %d flowerbeds (one per corner), "
                                 "got %d") % (R.BEDS_PER_TURN, len(beds)))
        special = ev.get("special", False)
        if special is not True and special is not False:
            raise E.InvalidEvent("turn event: 'special' must be true or false, got %r"
                                 % (special,))
        if special and self.team_rules:
            raise NoSpecialTile(E.local("the team rules use no special garden tiles; take a "
                                        "tile from the draw piles"))
        if special and self.special[c]:
            raise NoSpecialTile(E.local("%s placed its special garden tile on turn %d; take a "
                                        "tile from the draw piles")
                                % (E.local(R.COLOURS[c]), self.special[c]))
        judged = [R.flowers(bed) for bed in beds]  # every bed checked before anything changes
        if not R.one_tile(judged):
            raise BadBed(E.local("no garden tile completes %s together: its 4 corners are one "
                                 "flower of each colour, a different one in each bed")
                         % " ".join(beds))

        def apply():
            self.turns += 1
            if special:
                self.special[c] = self.turns
            else:
                self.piles -= 1
            self.last = []
            for i in range(len(beds)):
                self._score(beds[i], judged[i])
            self.beds += len(beds)
            if self.end_at is None and (self.piles <= R.LAST_PILES or R.supply_trigger(
                    self.placed, self.tiles, self.in_play, self.team_rules)):
                self.end_at = R.round_end(self.turns, self.per_round)
            if self.turns == self.end_at:
                self.outcome = self._outcome()
        return apply

    def _score(self, bed, counts):
        winner, why = R.judge(counts, self.in_play, self.by_team)
        placed = False
        if why == R.MATES:  # the team's bed, its colours tied: no tile (the team rules)
            self.held[winner] += 1
            self.held_corners[winner] += counts[winner] + counts[winner + 2]
        elif winner != R.NOBODY:
            # "Beds won" count whether or not a tile is left to mark them (RULES.md)
            self.won[winner] += 1
            self.own[winner] += counts[winner]
            self.mate[winner] += counts[winner ^ 2]
            if self.placed[winner] < self.tiles:
                self.placed[winner] += 1
                placed = True
        self.last.append((bed, winner, why, placed))

    def _outcome(self):
        sides = self.sides()
        if self.team_rules and self.n == 4:
            labels = ["B/R", "Y/P"]
        else:
            labels = [self.players[s[0]] for s in sides]
        return Outcome(sides, self.side_beds(), self.side_corners(), labels, self.n == 4
                       and self.team_rules)


Game.HANDLERS = {"setup": Game._setup, "turn": Game._turn}

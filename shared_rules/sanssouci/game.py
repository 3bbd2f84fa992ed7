# A game of Sanssouci as an event log (shared_rules.eventlog): what happens at the table, one
# small event at a time, each validated whole before it changes anything.
#   {"e": "setup", "game": "sanssouci", "players": [names], "gardens": [[cell, ...] a player]}
#        each garden's pre-printed cells (row x 9 + column, rows 1-5); task cards stay hidden
#   {"e": "tile", "p": seat, "card": code, "m": motif, "r": row, "at": cell, "wild": 1}
#        the card played (cards.py), the tile taken (its motif, and the colour row of the
#        field it lay on), the cell it went on: its own, or as a gardener another; "wild"
#        (optional) when a motif card found no tile of its motif and took another
#   {"e": "noble", "p": seat, "m": motif, "r": row}     right after that player's tile, at most
#        one noble a turn; the row's value is scored at once
#   {"e": "tasks", "p": seat, "m": [motif, motif]}      after round 18, each player's two task
#        cards; the last of them ends the game with the final scoring (the box may add "t",
#        its clock then: the game's end; the rules ignore it, as the setup's "t", "people")
#   {"e": "undo"}                                       cancels the last event
# Rows and columns are 0-based (board.py): row r is worth r + 1, cell = r * 9 + motif.
from shared_rules import errors as E
from shared_rules.eventlog import EventLog, check_names, field, is_int
from shared_rules.sanssouci import board as B
from shared_rules.sanssouci import errors as S
from shared_rules.sanssouci import scoring
from shared_rules.sanssouci.cards import JOKER, WHAT, check_tile, is_card

ROUNDS = 18  # "Der Nachziehstapel eines Spielers hat genau 18 Karten"
PLAYERS = (2, 4)
# A garden has 45 cells below the first row and a player places 18 tiles: with at most 27
# pre-printed cells every tile finds an empty cell (its own, or one for its gardener).
MAX_PRINTED = (B.ROWS - B.FIRST) * B.COLS - ROUNDS
TASKS = 2
PLAY = "play"
REVEAL = "tasks"
OVER = "over"
NOBODY = -1

# The journal's records for this game's events (firmware/journal.py): kind, one-letter code,
# fields in order (a missing optional field only at the end). "S" setup and "U" undo are
# shared by every game.
RECORDS = (
    ("tile", "T", ("p", "card", "m", "r", "at", "wild")),
    ("noble", "N", ("p", "m", "r")),
    ("tasks", "A", ("p", "m", "t")),  # "t": the box's clock at the last reveal, the end
)


def _motif(v):
    return is_int(v) and 0 <= v < B.COLS


def _row(v):
    return is_int(v) and 0 <= v < B.ROWS


def _colour(v):
    return is_int(v) and B.FIRST <= v < B.ROWS


def _cell(v):
    return is_int(v) and 0 <= v < B.CELLS


def _flag(v):
    return is_int(v) and v in (0, 1)


def _any(v):
    return True


def _list(v):
    return isinstance(v, list)


def _two_motifs(v):
    return isinstance(v, list) and len(v) == TASKS and all(_motif(m) for m in v)


MOTIF = "a motif column 0-8 (%s)" % ", ".join(B.MOTIFS)


def _rows_text(rows):
    return ", ".join("%d (%s, %d points)" % (B.value(r), B.COLOURS[r], B.value(r))
                     for r in rows)


def _cells_text(cells, most=6):
    names = [B.name(c) for c in cells[:most]]
    if len(cells) > most:
        names.append("%d more" % (len(cells) - most))
    return ", ".join(names)


class Game(EventLog):
    GAME = "sanssouci"
    KINDS = ("setup", "tile", "noble", "tasks")

    def __init__(self, players=None, gardens=None):
        EventLog.__init__(self)
        if players is not None:
            self.push({"e": "setup", "game": self.GAME, "players": list(players),
                       "gardens": [list(g) for g in gardens] if gardens
                       else [[] for _ in players]})

    # ---- actions at the table ------------------------------------------------------------
    def place(self, p, card, motif, row, at=None, wild=False):
        # `at` defaults to the tile's own cell
        ev = {"e": "tile", "p": p, "card": card, "m": motif, "r": row,
              "at": B.cell(row, motif) if at is None else at}
        if wild:
            ev["wild"] = 1
        return self.push(ev)

    def move(self, p, motif, row):
        return self.push({"e": "noble", "p": p, "m": motif, "r": row})

    def reveal(self, p, motifs):
        return self.push({"e": "tasks", "p": p, "m": list(motifs)})

    # ---- questions the box asks ----------------------------------------------------------
    def to_play(self):
        # the seat who takes the next tile, NOBODY after round 18
        return self.turn % self.n if self.phase == PLAY else NOBODY

    def round(self):
        # the round being played, 1 to 18 (18 once all are played)
        return min(self.turn // self.n + 1, ROUNDS)

    def rounds_left(self):
        # rounds not finished yet, the current one included: 18 at the start, 0 at the end
        return ROUNDS - self.turn // self.n

    def legal_tiles(self, card, p=None):
        # -> [(motif, row, wild)] every tile the card lets p (the seat to play by default)
        # take: wild 1 where a motif card takes another motif (none of its own on the board)
        p = self.to_play() if p is None else p
        if p == NOBODY or not is_card(card) or card == JOKER and self.jokers[p]:
            return []
        out = []
        for r in range(B.FIRST, B.ROWS):
            for m in range(B.COLS):
                for wild in (0, 1):
                    try:
                        check_tile(card, m, r, wild)
                    except S.WrongTile:
                        continue
                    out.append((m, r, wild))
        return out

    def legal_cells(self, motif, row, p=None):
        # the cells the tile of `motif` from the `row` fields may go on in p's garden (the
        # seat to play by default): its own cell, or where its gardener may go
        p = self.to_play() if p is None else p
        return [] if p == NOBODY else B.legal_cells(self.gardens[p], row, motif)

    def noble_moves(self, p=None):
        # -> [(motif, row, points)] every noble move p may make now (the seat whose turn it
        # is by default); [] when p may not move a noble now
        p = self.open if p is None else p
        if p != self.open or p == NOBODY:
            return []
        g, nobles = self.gardens[p], self.nobles[p]
        label = B.regions(g)  # once for all nine nobles
        return [(m, r, B.value(r)) for m in range(B.COLS)
                for r in B.noble_rows(g, m, nobles[m], label)]

    def gardeners(self, p):
        return scoring.gardeners(self.gardens[p])

    def describe(self):
        if self.phase == PLAY:
            text = "round %d of %d, %s to play" % (self.round(), ROUNDS,
                                                    self.players[self.to_play()])
        elif self.phase == REVEAL:
            missing = [self.players[p] for p in range(self.n) if self.tasks[p] is None]
            text = "final scoring: task cards of %s" % ", ".join(missing)
        else:
            return "game over"
        if self.open != NOBODY:
            text += " (%s may move a noble)" % self.players[self.open]
        return text

    def totals(self):
        # the score track: nobles' points as they come, the final scoring once it is done
        if self.final is None:
            return list(self.points)
        return [self.points[p] + sum(self.final[p]) for p in range(self.n)]

    def scoreboard(self):
        from shared_rules.scoreboard import Scoreboard  # results and the host only
        rows = [[self.points[p]] + (self.final[p] if self.final else [0, 0, 0])
                for p in range(self.n)]
        return Scoreboard(self.players, scoring.PARTS, rows)

    def snapshot(self):
        # plain data, copied out: equal snapshots mean equal games
        return {
            "players": list(self.players), "phase": self.phase, "turn": self.turn,
            "open": self.open, "gardens": [list(g) for g in self.gardens],
            "nobles": [list(b) for b in self.nobles], "points": list(self.points),
            "jokers": list(self.jokers),
            "tasks": [list(t) if t else None for t in self.tasks],
            "final": [list(f) for f in self.final] if self.final else None,
            "totals": self.totals(),
            "winners": self.outcome.winners if self.outcome else None,
        }

    # ---- validation + application; each returns a closure that applies --------------------
    def _setup(self, ev):
        players = field(ev, "players", _list, "a list of 2-4 names")
        n = len(players)
        if not PLAYERS[0] <= n <= PLAYERS[1]:
            raise E.InvalidSetup("Sanssouci takes 2 to 4 players, got %d" % n)
        check_names(players)
        gardens = field(ev, "gardens", _list, "one list of pre-printed cells per player")
        if len(gardens) != n:
            raise E.InvalidSetup("one garden per player: %d players, %d gardens"
                                 % (n, len(gardens)))
        for p in range(n):
            self._check_printed(players[p], gardens[p])

        def apply():
            self.players = list(players)
            self.n = n
            self.gardens = [B.new_garden(cells) for cells in gardens]
            self.nobles = [bytearray(B.COLS) for _ in range(n)]  # all on the first row
            self.points = [0] * n
            self.jokers = bytearray(n)  # 1 once the player's five-colour joker is played
            self.tasks = [None] * n
            self.final = None  # per player [rows, columns, tasks] once scored
            self.turn = 0  # tiles placed so far, all players
            self.open = NOBODY  # the seat who may still move a noble this turn
            self.phase = PLAY
        return apply

    @staticmethod
    def _check_printed(who, cells):
        if not isinstance(cells, list):
            raise E.InvalidSetup("%s's garden: a list of pre-printed cells, got %r"
                                 % (who, cells))
        if len(cells) > MAX_PRINTED:
            raise E.InvalidSetup("%s's garden has %d pre-printed cells; at most %d, so that "
                                 "18 tiles find room" % (who, len(cells), MAX_PRINTED))
        for c in cells:
            if not is_int(c) or not B.COLS <= c < B.CELLS:
                raise E.InvalidSetup(
                    "%s's garden: pre-printed cell %r is not below the first row; a cell is "
                    "9 x row + column, row 1-5 (white to turquoise): 9 to 53 (the first, beige "
                    "row is built from the start)" % (who, c))
            if cells.count(c) > 1:
                raise E.InvalidSetup("%s's garden names the %s cell twice" % (who, B.name(c)))

    def _tile_name(self, p, m, r):
        return "%s's %s tile from the %s fields" % (self.players[p], B.MOTIFS[m], B.COLOURS[r])

    def _seat(self, ev):
        p = field(ev, "p", is_int, "a player seat number")
        if not 0 <= p < self.n:
            raise E.UnknownPlayer("no player at seat %r; seats are 0 to %d (%s)"
                                  % (p, self.n - 1, ", ".join(self.players)))
        return p

    def _tile(self, ev):
        if self.phase != PLAY:
            raise E.OutOfTurn("all %d rounds are played; now: %s" % (ROUNDS, self.describe()))
        p = self._seat(ev)
        if p != self.to_play():
            raise E.OutOfTurn("it is %s's turn to take a tile (round %d), not %s's"
                              % (self.players[self.to_play()], self.round(), self.players[p]))
        card = field(ev, "card", _any, WHAT)
        if not is_card(card):
            raise E.InvalidCard("%r is not a Sanssouci card; cards are %s" % (card, WHAT))
        m = field(ev, "m", _motif, MOTIF)
        r = field(ev, "r", _colour, "a colour row 1-5 (white, grey, orange, violet, turquoise)")
        wild = field(ev, "wild", _flag, "1 or 0") if "wild" in ev else 0
        at = field(ev, "at", _cell, "a cell 0-53")
        check_tile(card, m, r, wild)
        if card == JOKER and self.jokers[p]:
            raise S.WrongTile("%s has played the five-colour joker already; it is once in "
                              "each deck" % self.players[p])
        g = self.gardens[p]
        own = B.cell(r, m)
        if not g[own]:
            if at != own:
                raise S.WrongCell("%s goes on the %s cell, which is empty; not on %s"
                                  % (self._tile_name(p, m, r), B.name(own), B.name(at)))
            state = B.TILE
        else:
            allowed = B.gardener_cells(g, r, m)
            if at not in allowed:
                raise S.WrongCell(
                    "%s finds the %s cell filled, so it becomes a gardener on an empty cell "
                    "of the %s row or the %s column (any empty cell when both are full): %s; "
                    "not on %s" % (self._tile_name(p, m, r), B.name(own), B.COLOURS[r],
                                   B.MOTIFS[m], _cells_text(allowed), B.name(at)))
            state = B.GARDENER

        def apply():
            g[at] = state
            if card == JOKER:
                self.jokers[p] = 1
            self.turn += 1
            self.open = p
            if self.turn == ROUNDS * self.n:
                self.phase = REVEAL
        return apply

    def _noble(self, ev):
        if self.phase == OVER:
            raise E.OutOfTurn("the game is over; nobles no longer move")
        p = self._seat(ev)
        if p != self.open:
            raise E.OutOfTurn("%s may move a noble only right after placing a tile, once a "
                              "turn; now: %s" % (self.players[p], self.describe()))
        m = field(ev, "m", _motif, MOTIF)
        r = field(ev, "r", _row, "a row 0-5 (beige to turquoise)")
        g = self.gardens[p]
        here = self.nobles[p][m]
        rows = B.noble_rows(g, m, here)
        target = B.cell(r, m)
        if r in rows:
            def apply():
                self.nobles[p][m] = r
                self.points[p] += B.value(r)
                self.open = NOBODY
            return apply
        # refused: say why, and where this noble may go
        allowed = ("it may stop in row " + _rows_text(rows)) if rows else \
            "it cannot move now"
        who = "%s's %s noble" % (self.players[p], B.MOTIFS[m])
        if r <= here:
            raise S.NobleNotDown("%s stands in row %d (%s) and moves at least one row down; %s"
                                 % (who, B.value(here), B.COLOURS[here], allowed))
        if not g[target]:
            raise S.NoPath("%s cannot stop on the %s cell: it is empty; %s"
                           % (who, B.name(target), allowed))
        if g[target] == B.GARDENER:
            raise S.StopsOnGardener("%s never stops on a gardener, and one lies on the %s "
                                    "cell; %s" % (who, B.name(target), allowed))
        raise S.NoPath("no path of filled cells leads %s from the %s cell to the %s cell "
                       "(nobles never jump empty cells); %s"
                       % (who, B.name(B.cell(here, m)), B.name(target), allowed))

    def _tasks(self, ev):
        if self.phase == OVER:
            raise E.OutOfTurn("the game is over; every player's task cards are scored")
        if self.phase != REVEAL:
            raise E.OutOfTurn("task cards are revealed after round %d; now: %s"
                              % (ROUNDS, self.describe()))
        p = self._seat(ev)
        if self.tasks[p] is not None:
            raise S.InvalidTasks("%s's task cards are revealed already (%s); undo to change "
                                 "them" % (self.players[p],
                                           " and ".join(B.MOTIFS[m] for m in self.tasks[p])))
        motifs = field(ev, "m", _two_motifs, "2 task cards, each " + MOTIF)

        def apply():
            self.tasks[p] = tuple(motifs)
            self.open = NOBODY  # the reveal closes the last turn
            if all(t is not None for t in self.tasks):
                self._final()
        return apply

    def _final(self):
        self.final = [scoring.final_parts(self.gardens[p], self.nobles[p], self.tasks[p])
                      for p in range(self.n)]
        self.phase = OVER
        self.outcome = scoring.Outcome(self.totals(), [self.gardeners(p) for p in range(self.n)],
                                       self.players)


Game.HANDLERS = {"setup": Game._setup, "tile": Game._tile, "noble": Game._noble,
                 "tasks": Game._tasks}

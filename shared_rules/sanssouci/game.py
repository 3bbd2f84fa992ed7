"""A game of Sanssouci as an event log (shared_rules.eventlog): what happens at the table, one
small event at a time, each validated whole before it changes anything.
  {"e": "setup", "game": "sanssouci", "players": [names], "gardens": [[cell, ...] a player],
   "first_row": 1}
       each garden's pre-printed cells (row x 9 + column, rows 1-5); task cards stay hidden;
       "first_row": the table's house rule (docs/RULES.md S5): 1, the first row scores its
       9 points as a complete row (the rulebook's words, the box's default); 0 or absent, it
       scores none (a journal from before the setting)
  {"e": "tile", "p": seat, "card": code, "m": motif, "r": row, "at": cell, "wild": 1}
       the card played (cards.py), the tile taken (its motif, and the colour row of the
       field it lay on), the cell it went on: its own, or as a gardener another; "wild"
       (optional) when a motif card found no tile of its motif and took another
  {"e": "noble", "p": seat, "m": motif, "r": row}     right after that player's tile, at most
       one noble a turn; the row's value is scored at once
  {"e": "tasks", "p": seat, "m": [motif, motif]}      after round 18, each player's two task
       cards; the last of them ends the game with the final scoring (the box may add "t",
       its clock then: the game's end; the rules ignore it, as the setup's "t", "people")
  {"e": "undo"}                                       cancels the last event
Rows and columns are 0-based (board.py): row r is worth r + 1, cell = r * 9 + motif.
Refusals are worded in refusals.py, imported only when an event is refused; the final
scoring (scoring.py) only once the game ends: neither takes the box's heap during play."""
from shared_rules.errors import local
from shared_rules.eventlog import EventLog, check_names, field, is_int
from shared_rules.sanssouci import board as B
from shared_rules.sanssouci.cards import JOKER, WHAT, allows, is_card

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


def _printed(cells):
    # a garden's pre-printed cells: a list of distinct cells below the first row, at most
    # MAX_PRINTED (refusals.printed says what is wrong)
    if not isinstance(cells, list) or len(cells) > MAX_PRINTED:
        return False
    for c in cells:
        if not is_int(c) or not B.COLS <= c < B.CELLS or cells.count(c) > 1:
            return False
    return True


def _why():
    from shared_rules.sanssouci import refusals
    return refusals


class Game(EventLog):
    """Sanssouci as an event log: each turn's tile (its card and cell, the gardener moved), a
    noble's move, each player's task cards at the end; the gardens and their rows and
    columns scored as the rulebook counts them. RulesError subclasses say what a card or a
    cell does not allow."""
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
        """`at` defaults to the tile's own cell"""
        ev = {"e": "tile", "p": p, "card": card, "m": motif, "r": row,
              "at": B.cell(row, motif) if at is None else at}
        if wild:
            ev["wild"] = 1
        return self.push(ev)

    def move(self, p, motif, row):
        """Push a noble's move: player p moves their noble of motif to row."""
        return self.push({"e": "noble", "p": p, "m": motif, "r": row})

    def reveal(self, p, motifs):
        """Push player p's task cards, revealed at the end: the motifs they name."""
        return self.push({"e": "tasks", "p": p, "m": list(motifs)})

    # ---- questions the box asks ----------------------------------------------------------
    def to_play(self):
        """the seat who takes the next tile, NOBODY after round 18"""
        return self.turn % self.n if self.phase == PLAY else NOBODY

    def round(self):
        """the round being played, 1 to 18 (18 once all are played)"""
        return min(self.turn // self.n + 1, ROUNDS)

    def rounds_left(self):
        """rounds not finished yet, the current one included: 18 at the start, 0 at the end"""
        return ROUNDS - self.turn // self.n

    def legal_tiles(self, card, p=None):
        """Returns [(motif, row, wild)] every tile the card lets p (the seat to play by
        default) take: wild 1 where a motif card takes another motif (none of its own on the
        board)"""
        p = self.to_play() if p is None else p
        if p == NOBODY or not is_card(card) or card == JOKER and self.jokers[p]:
            return []
        out = []
        for r in range(B.FIRST, B.ROWS):
            for m in range(B.COLS):
                for wild in (0, 1):
                    if allows(card, m, r, wild):
                        out.append((m, r, wild))
        return out

    def legal_cells(self, motif, row, p=None):
        """the cells the tile of `motif` from the `row` fields may go on in p's garden (the
        seat to play by default): its own cell, or where its gardener may go"""
        p = self.to_play() if p is None else p
        return [] if p == NOBODY else B.legal_cells(self.gardens[p], row, motif)

    def noble_moves(self, p=None):
        """Returns [(motif, row, points)] every noble move p may make now (the seat whose turn
        it is by default); [] when p may not move a noble now"""
        p = self.open if p is None else p
        if p != self.open or p == NOBODY:
            return []
        g, nobles = self.gardens[p], self.nobles[p]
        label = B.regions(g)  # once for all nine nobles
        return [(m, r, B.value(r)) for m in range(B.COLS)
                for r in B.noble_rows(g, m, nobles[m], label)]

    def gardeners(self, p):
        """Returns how many of player p's garden cells have a gardener."""
        return B.count(self.gardens[p], B.GARDENER)

    def describe(self):
        """Returns where the game stands, in words: the round and who plays, the tasks still to
        reveal, or "game over". In the box's language: the refusals the box shows say it."""
        if self.phase == PLAY:
            text = local("round %d of %d, %s to play") % (self.round(), ROUNDS,
                                                           local(self.players[self.to_play()]))
        elif self.phase == REVEAL:
            missing = [local(self.players[p]) for p in range(self.n) if self.tasks[p] is None]
            text = local("final scoring: task cards of %s") % ", ".join(missing)
        else:
            return local("game over")
        if self.open != NOBODY:
            text += local(" (%s may move a noble)") % local(self.players[self.open])
        return text

    def totals(self):
        """the score track: nobles' points as they come, the final scoring once it is done"""
        if self.final is None:
            return list(self.points)
        return [self.points[p] + sum(self.final[p]) for p in range(self.n)]

    def scoreboard(self):
        """Returns a scoreboard.Scoreboard: each seat's points by part (the turns' points, then
        the final scoring's)."""
        from shared_rules.scoreboard import Scoreboard  # results and the host only
        from shared_rules.sanssouci.scoring import PARTS
        rows = [[self.points[p]] + (self.final[p] if self.final else [0, 0, 0])
                for p in range(self.n)]
        return Scoreboard(self.players, PARTS, rows)

    def snapshot(self):
        """plain data, copied out: equal snapshots mean equal games"""
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
            raise _why().player_count(n)
        check_names(players)
        gardens = field(ev, "gardens", _list, "one list of pre-printed cells per player")
        if len(gardens) != n:
            raise _why().garden_count(n, len(gardens))
        for p in range(n):
            if not _printed(gardens[p]):
                raise _why().printed(players[p], gardens[p], MAX_PRINTED)
        first_row = field(ev, "first_row", _flag, "1 (the first row scores) or 0") \
            if "first_row" in ev else 0

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
            self.first_row = first_row
        return apply

    def _seat(self, ev):
        p = field(ev, "p", is_int, "a player seat number")
        if not 0 <= p < self.n:
            raise _why().unknown_seat(self, p)
        return p

    def _tile(self, ev):
        if self.phase != PLAY:
            raise _why().tile_after_the_end(self, ROUNDS)
        p = self._seat(ev)
        if p != self.to_play():
            raise _why().not_your_turn(self, p)
        card = field(ev, "card", _any, WHAT)
        if not is_card(card):
            raise _why().no_card(card, WHAT)
        m = field(ev, "m", _motif, MOTIF)
        r = field(ev, "r", _colour, "a colour row 1-5 (white, grey, orange, violet, turquoise)")
        wild = field(ev, "wild", _flag, "1 or 0") if "wild" in ev else 0
        at = field(ev, "at", _cell, "a cell 0-53")
        if not allows(card, m, r, wild):
            raise _why().wrong_tile(card, m, r, wild)
        if card == JOKER and self.jokers[p]:
            raise _why().joker_twice(self, p)
        g = self.gardens[p]
        own = B.cell(r, m)
        if not g[own]:
            if at != own:
                raise _why().not_its_cell(self, p, m, r, at)
            state = B.TILE
        else:
            allowed = B.gardener_cells(g, r, m)
            if at not in allowed:
                raise _why().not_a_gardener_cell(self, p, m, r, at, allowed)
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
            raise _why().noble_after_the_end()
        p = self._seat(ev)
        if p != self.open:
            raise _why().noble_not_now(self, p)
        m = field(ev, "m", _motif, MOTIF)
        r = field(ev, "r", _row, "a row 0-5 (beige to turquoise)")
        rows = B.noble_rows(self.gardens[p], m, self.nobles[p][m])
        if r not in rows:
            raise _why().noble_refused(self, p, m, r, rows)

        def apply():
            self.nobles[p][m] = r
            self.points[p] += B.value(r)
            self.open = NOBODY
        return apply

    def _tasks(self, ev):
        if self.phase == OVER:
            raise _why().tasks_after_the_end()
        if self.phase != REVEAL:
            raise _why().tasks_too_early(self, ROUNDS)
        p = self._seat(ev)
        if self.tasks[p] is not None:
            raise _why().tasks_twice(self, p)
        motifs = field(ev, "m", _two_motifs, "2 task cards, each " + MOTIF)

        def apply():
            self.tasks[p] = tuple(motifs)
            self.open = NOBODY  # the reveal closes the last turn
            if all(t is not None for t in self.tasks):
                self._final()
        return apply

    def _final(self):
        from shared_rules.sanssouci import scoring
        self.final = [scoring.final_parts(self.gardens[p], self.nobles[p], self.tasks[p],
                                          self.first_row) for p in range(self.n)]
        self.phase = OVER
        self.outcome = scoring.Outcome(self.totals(), [self.gardeners(p) for p in range(self.n)],
                                       self.players)


Game.HANDLERS = {"setup": Game._setup, "tile": Game._tile, "noble": Game._noble,
                 "tasks": Game._tasks}

# Whole random games of Sanssouci, legal by construction: seeded (shared_rules.rng, the same
# on CPython and MicroPython), 2-4 players, for the differential and property tests and the
# bench. The tile is one the card allows on the simulated board (the rules core cannot see a
# board: the players say what they took), its cell and the noble moves are chosen from what
# the rules core says is legal (legal_cells, noble_moves): a refused event here is a defect.
#
# The rulebook does not list the tiles, the decks or the task cards; the simulation uses its
# own (docs/RULES.md, Sanssouci S13): tiles of each motif, 6/8/10 of each for 2/3/4 players
# (18 tiles a player and the 10 on the board); a deck of the 9 motif cards, the four two-colour
# cards of neighbouring colours twice, and the joker; two task cards a player from 2 of each
# motif. The box never needs any of them.
from shared_rules.rng import Rng
from shared_rules.sanssouci import board as B
from shared_rules.sanssouci.cards import JOKER, colours
from shared_rules.sanssouci.game import ROUNDS, TASKS, Game

NAMES = ("Friedrich", "Wilhelmine", "Voltaire", "Amalie")
COPIES = {2: 6, 3: 8, 4: 10}
DECK = tuple(range(B.COLS)) + (12, 23, 34, 45) * 2 + (JOKER,)
HAND = 2
FIELDS = 2  # the board's fields of each colour
BOARD = FIELDS * (B.ROWS - B.FIRST)  # 10 fields, "auf die zehn farbigen Bluetenfelder"


class Simulation:
    def __init__(self, seed, players, undo_every=0):
        self.rng = rng = Rng(seed)
        self.undo_every = undo_every  # 1 in this many events is undone and pushed again
        gardens = [self.random_garden() for _ in range(players)]
        self.game = Game(NAMES[:players], gardens)
        self.bag = rng.shuffle([m for m in range(B.COLS) for _ in range(COPIES[players])])
        # board[i]: the tile on field i (colour row 1 + i // 2), filled from the bag
        self.board = bytearray(self.bag[-BOARD:])
        self.bag = self.bag[:-BOARD]
        self.decks = [rng.shuffle(list(DECK)) for _ in range(players)]
        self.hands = [[d.pop(), d.pop()] for d in self.decks]

    def random_garden(self):
        # 0-8 pre-printed cells anywhere below the first row
        cells = []
        for _ in range(self.rng.below(9)):
            c = B.COLS + self.rng.below(B.CELLS - B.COLS)
            if c not in cells:
                cells.append(c)
        return cells

    def push(self, ev):
        kept = self.game.push(ev)
        if self.undo_every and self.rng.below(self.undo_every) == 0:
            self.game.undo()
            kept = self.game.push(ev)
        return kept

    def run(self):
        g = self.game
        for _ in range(ROUNDS * g.n):
            self.turn(g.to_play())
        tasks = self.rng.shuffle(bytearray(m for m in range(B.COLS) for _ in range(2)))
        for p in self.rng.shuffle(list(range(g.n))):
            self.push({"e": "tasks", "p": p, "m": [tasks[2 * p + i] for i in range(TASKS)]})
        return g

    def turn(self, p):
        rng, g = self.rng, self.game
        hand = self.hands[p]
        card = hand.pop(rng.below(len(hand)))
        fields, wild = self.fields_for(card)
        if rng.below(4):  # mostly a builder: the free cell in the fullest row and column
            fields = self.best(g.gardens[p], fields)
        f = rng.choice(fields)
        motif, row = self.board[f], B.FIRST + f // FIELDS
        cells = g.legal_cells(motif, row, p)
        ev = {"e": "tile", "p": p, "card": card, "m": motif, "r": row, "at": rng.choice(cells)}
        if wild:
            ev["wild"] = 1
        self.push(ev)
        if self.bag:
            self.board[f] = self.bag.pop()
        if self.decks[p]:
            hand.append(self.decks[p].pop())
        moves = g.noble_moves(p)
        if moves and rng.below(3):  # a noble moves in two turns of three it can
            m, r, _ = rng.choice(moves)
            self.push({"e": "noble", "p": p, "m": m, "r": r})

    def best(self, garden, fields):
        # -> the fields whose tile's own cell is empty, in the row and column most built
        # (all the fields if every one of those cells is filled)
        top, out = -1, fields
        for f in fields:
            c = self.cell(f)
            if garden[c]:
                continue
            row, m = divmod(c, B.COLS)
            built = 0
            for i in range(B.COLS):
                built += 2 if garden[B.cell(row, i)] else 0
            for r in range(B.ROWS):
                built += 1 if garden[B.cell(r, m)] else 0
            if built > top:
                top, out = built, [f]
            elif built == top:
                out.append(f)
        return out

    def cell(self, f):
        return B.cell(B.FIRST + f // FIELDS, self.board[f])

    def fields_for(self, card):
        # -> (the board's fields the card may take from, wild)
        everything = list(range(len(self.board)))
        if card < B.COLS:
            same = [f for f in everything if self.board[f] == card]
            return (same, 0) if same else (everything, 1)
        pair = colours(card)
        if pair:
            return [f for f in everything if B.FIRST + f // FIELDS in pair], 0
        return everything, 0


def play(seed, players, undo_every=0):
    return Simulation(seed, players, undo_every).run()

# Whole random games of Schlossgarten on a modelled field: the 7 x 7 frame of landscape tiles,
# excavations and garden elements square by square. Pawns and constellation figures are not
# modelled (the box never sees them): a turn's figure is made or not by chance; then the player
# may excavate one tile and build an element where the rulebook allows it - on excavations and
# on smaller elements it covers completely - taking the tiles under it. The property tests and
# the CPython/MicroPython differential test play through here; the box never loads it.
from shared_rules.rng import Rng, derive
from shared_rules.schlossgarten.game import ELEMENTS, GOAL, Game, size

SIDE = 7
# The rulebook does not list the 49 tiles' values; the simulation assumes this mix
# (docs/RULES.md, Der Prestel Schlossgarten, S12).
VALUES = (1,) * 17 + (2,) * 16 + (3,) * 16
NAMES = ("Ann", "Bob", "Cleo", "Dirk")
_SIM_STREAM = 1000
FACE_UP, DUG = 0, 1  # a square's state; 2 + seat * 6 + element: the element on it
MAX_TURNS = 400  # a stalled field (nothing left to build on) ends the simulation there


def _shapes():
    # -> per size, the placements holding square (0, 0), as (dx, dy) offsets: a domino, a
    # straight three or an L three, each in every position round (0, 0)
    lines = {}  # type: dict
    lines[1] = [((0, 0),)]
    lines[2] = [((0, 0), (1, 0)), ((0, 0), (0, 1))]
    lines[3] = [((0, 0), (1, 0), (2, 0)), ((0, 0), (0, 1), (0, 2)),
                ((0, 0), (1, 0), (0, 1)), ((0, 0), (1, 0), (1, 1)),
                ((0, 0), (0, 1), (1, 1)), ((1, 0), (0, 1), (1, 1))]
    out = {}
    for n in lines:
        out[n] = [tuple([(x - ax, y - ay) for x, y in cells])
                  for cells in lines[n] for ax, ay in cells]
    return out


SHAPES = _shapes()


class Simulation:
    def __init__(self, seed, players, build=4):
        self.rng = rng = Rng(derive(seed, _SIM_STREAM))
        self.game = Game(NAMES[:players], seed)
        self.value = rng.shuffle(bytearray(VALUES))  # square -> its tile's points
        self.square = bytearray(SIDE * SIDE)  # square -> FACE_UP, DUG or 2 + element code
        self.where = {}  # element code (seat * 6 + element) -> its squares
        self.build = build  # of 5 turns with a figure, how many build when they can

    def run(self):
        g = self.game
        while g.outcome is None and g.turn < MAX_TURNS:
            self.turn(g.current())
        return g

    def turn(self, p):
        rng, g = self.rng, self.game
        if rng.below(3) == 0:  # the figure is not made
            g.play(p)
            return
        face_up = [q for q in range(SIDE * SIDE) if self.square[q] == FACE_UP]
        if face_up:
            self.square[rng.choice(face_up)] = DUG
        options = self.options(p) if rng.below(5) < self.build else []
        if not options:
            g.play(p)
            return
        el, cells = rng.choice(options)
        self.place(p, el, cells)

    def options(self, p):
        # -> every (element, squares) p may build now from their supply, on an excavation
        supply = [ELEMENTS.index(name) for name in self.game.supply(p)]
        out = []
        for q in range(SIDE * SIDE):
            if self.square[q] != DUG:
                continue
            x, y = q % SIDE, q // SIDE
            for el in supply:
                for shape in SHAPES[size(el)]:
                    cells = self.fit(x, y, shape, size(el))
                    if cells and (el, cells) not in out:
                        out.append((el, cells))
        return out

    def fit(self, x, y, shape, n):
        # -> the squares (sorted) if the shape at (x, y) covers only excavations and whole
        # smaller elements, else None
        cells = []
        for dx, dy in shape:
            cx, cy = x + dx, y + dy
            if not (0 <= cx < SIDE and 0 <= cy < SIDE):
                return None
            cells.append(cy * SIDE + cx)
        cells.sort()
        for q in cells:
            s = self.square[q]
            if s == FACE_UP:
                return None
            if s != DUG:
                code = s - 2
                if size(code % 6) >= n:
                    return None
                for r in self.where[code]:
                    if r not in cells:
                        return None
        return tuple(cells)

    def place(self, p, el, cells):
        # takes the tiles (the game ends at the tile that reaches 21), then the elements built
        # over go back to their owners, then the element is placed
        g = self.game
        tiles, over = [], []
        for q in cells:
            s = self.square[q]
            if s == DUG:
                tiles.append(self.value[q])
            elif s - 2 not in over:
                over.append(s - 2)
        total = g.points(p)
        for k in range(len(tiles)):
            total += tiles[k]
            if total >= GOAL:
                g.play(p, tiles[:k + 1])  # 21 reached before the element went down
                return
        for code in over:
            del self.where[code]
        for q in cells:
            self.square[q] = 2 + p * 6 + el
        self.where[p * 6 + el] = cells
        g.play(p, tiles, ELEMENTS[el], [[c // 6, ELEMENTS[c % 6]] for c in over])


def play(seed, players, build=4):
    return Simulation(seed, players, build).run()

# Whole random games with the grid model: every player builds a real garden, claims tokens as
# the garden grows and reports true areas. The desktop's `lenotre simulate`, the property
# tests and the CPython/MicroPython differential test all play through here.
from shared_rules.rng import Rng, derive
from shared_rules.versailles.game import CARDS, HAND, ROUNDS, STAGES, Game
from shared_rules.versailles.garden import Garden, unkey
from shared_rules.versailles.scoring import MIN_TOKEN_AREA, NOBODY
from shared_rules.versailles.tiles import LETTERS, TYPES

# The rulebook shows tiles but does not list their faces; this set follows what it does say
# (five garden types, some half or fully brown construction tiles, a few joker fields) with
# roughly even colours. Only the desktop simulation and tests use it, so it lives here, not in
# tiles.py: the box never needs tile faces (players report what they built), nor their RAM.
# See docs/RULES.md.
TILE_FACES = (
    "rr*b bb*y bb*y rr*b r*ww rr*y cccc cccc cgcg ccbb wcwc ccrr "
    "yycc cgcg cbcb wcwc crcr yycc gggg bbbb wwww rrrr yyyy gggg "
    "bbbb wwww rrrr yyyy gwgw rrgg ggyy bgbg wbwb bbrr bbyy wywy "
    "rrww yyrr gwgw rrgg ygyg ggbb bbww rbrb ybyb ywyw rrww rryy "
    "gwgw grgr ygyg gbgb bbyb rrrg ybbb brrr yryy ggrg gggw wwbw "
    "wbbb ggwg ybbb gggy gggr wyww rrgr yyyg yywy wbww ryyy wwbw"
).split()


def tile_codes(face):
    # "rr*b" -> [RED, RED, JOKER, BLUE]
    return [LETTERS.index(ch) for ch in face]


def rotate(fields, quarter_turns):
    # Clockwise: the bottom-left field moves to the top-left, and so on round the block.
    f = list(fields)
    for _ in range(quarter_turns % 4):
        f = [f[2], f[0], f[3], f[1]]
    return f


NAMES = ("Sophie", "Alexander", "Christian", "Oliver", "Lena")
_SIM_STREAM = 1000  # rng streams below this belong to the game itself (Ludwig's decks)
TRIES = 4  # candidate placements a simulated player weighs per tile


class Simulation:
    def __init__(self, seed, players, tries=TRIES):
        self.rng = Rng(derive(seed, _SIM_STREAM))
        self.game = Game(NAMES[:players], seed)
        self.gardens = [Garden() for _ in range(players)]
        self.tries = tries
        # Both stages' rows come from one shuffled bag of 72 tiles (21/28/35 a stage).
        self.bag = self.rng.shuffle(list(range(len(TILE_FACES))))
        self.placed = []  # (stage, seat, tile face, x, y, rotated fields) in placement order

    def run(self):
        for stage in range(1, STAGES + 1):
            self.play_stage(stage)
        return self.game

    def play_stage(self, stage):
        g, rng = self.game, self.rng
        deck = rng.shuffle(list(range(1, CARDS + 1)))
        hands = [deck[p * HAND:(p + 1) * HAND] for p in range(g.n)]
        row = self.bag[(stage - 1) * g.tiles_per_stage:stage * g.tiles_per_stage]
        for _ in range(ROUNDS):
            cards = [hand.pop(rng.below(len(hand))) for hand in hands]
            g.play_round(cards)
            for seat, card, tile_no in g.distribution():
                if seat < g.n:  # Ludwig's tile goes to the discard stack
                    self.place(stage, seat, TILE_FACES[row[tile_no - 1]])
        for p in range(g.n):
            g.report_areas(p, self.gardens[p].areas())
        g.score(stage)

    def place(self, stage, seat, face):
        garden = self.gardens[seat]
        x, y, fields = self.choose(garden, tile_codes(face))
        garden.place(x, y, fields)
        self.placed.append((stage, seat, face, x, y, fields))
        self.claim(seat)

    def choose(self, garden, fields):
        # A greedy gardener: of a few random legal spots, the one that grows the areas of the
        # tile's own types the most.
        rng = self.rng
        if not garden.fields:
            return 0, 0, rotate(fields, rng.below(4))
        rim = garden.frontier()
        best = None
        tries = 0
        while tries < self.tries or best is None:
            fx, fy = unkey(rng.choice(rim))
            x, y = fx - rng.below(2), fy - rng.below(2)  # a block that covers that empty field
            f = rotate(fields, rng.below(4))
            tries += 1
            try:
                garden.check(x, y, f)
            except ValueError:
                continue
            gain = _gain(garden, x, y, f)
            if best is None or gain > best[0]:
                best = (gain, x, y, f)
        return best[1], best[2], best[3]

    def claim(self, p):
        # Right after the placement, in placement order: take or grow every token the garden
        # now earns, as players do at the table.
        g = self.game
        garden = self.gardens[p]
        for t in range(len(TYPES)):
            size = garden.largest(t)
            h = g.holders[t]
            if size < MIN_TOKEN_AREA or size <= (g.held[t] if h != NOBODY else 0):
                continue
            g.claim(p, TYPES[t], size)


def _gain(garden, x, y, fields):
    garden.place(x, y, fields)
    gain = 0
    for k in fields:
        if k < len(TYPES):
            gain += garden.largest(k)
    garden.remove(x, y)
    return gain


def play(seed, players, tries=TRIES):
    return Simulation(seed, players, tries).run()

# An independent reading of the Versailles rulebook (/work/shared/rulebooks/versailles-en.txt)
# for the property tests: gardens as plain sets of (x, y) fields, areas by breadth-first
# search, tokens by replaying the "Assignment of Majority Tokens" rule placement by
# placement, and the stage scoring as the rulebook tables it. Nothing here imports the
# rules core's garden or scoring logic; only the simulation's record of what was placed is
# read (sim.placed, sim.bag, game.rounds) and this module recomputes everything from it.
from collections import deque

# Field letters as the tile faces spell them; the code of a field is its index here.
LETTERS = "gbwryc*"
GARDEN_TYPES = "gbwry"  # green hedges, blue, white pavilions, red, yellow flowers
TYPE_NAMES = ("green", "blue", "white", "red", "yellow")
CONSTRUCTION = "c"
JOKER = "*"

# "2/3 Players: 21 Tiles. 4 Players: 28 Tiles. 5 Players: 35 Tiles."
TILES_PER_STAGE = {2: 21, 3: 21, 4: 28, 5: 35}
ROUNDS = 7
CARDS = 55
# "As soon as a player has created a garden area consisting of at least 4 contiguous fields"
TOKEN_MIN = 4
# Quick Game Overview table: (garden types counted, points per large token) per stage.
STAGE_RULES = {1: (2, 3), 2: (3, 5)}
SMALL_POINTS = 3
CONSTRUCTION_POINTS = 3

# A tile's fields are listed top-left, top-right, bottom-left, bottom-right; y grows downwards.
BLOCK = ((0, 0), (1, 0), (0, 1), (1, 1))
# The same four fields walked round the block (TL, TR, BR, BL): a quarter turn of the tile is
# a cyclic shift of this ring.
RING = (0, 1, 3, 2)


def seats(players):
    # "A 2-player game is played the same as a 3-player game, but an imaginary 3rd player
    # named 'Ludwig' is added."
    return 3 if players == 2 else players


def is_rotation(face, fields):
    # Is the placed block (letters TL, TR, BL, BR) the tile `face` turned by some quarter turns?
    ring_face = [face[i] for i in RING]
    ring_placed = [fields[i] for i in RING]
    return any(ring_face[s:] + ring_face[:s] == ring_placed for s in range(4))


class RefGarden:
    # One player's garden: {(x, y): letter}.
    def __init__(self):
        self.cells = {}

    def legal(self, x, y):
        # "Later tiles must always be placed adjacent to an existing tile ... tiles may not be
        # placed only diagonally adjacent" -- and a tile never lies on top of another.
        new = [(x + dx, y + dy) for dx, dy in BLOCK]
        if any(c in self.cells for c in new):
            return False, "overlaps the garden"
        if not self.cells:
            return True, "first tile"
        for cx, cy in new:
            for n in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
                if n in self.cells:
                    return True, "shares an edge"
        return False, "shares no edge with the garden"

    def put(self, x, y, letters):
        for (dx, dy), ch in zip(BLOCK, letters):
            self.cells[(x + dx, y + dy)] = ch

    def members(self, kind):
        # "This 'wild' field can be counted as any type(s) of garden(s) simultaneously" --
        # but a joker is no construction site (construction is not a garden type).
        if kind == CONSTRUCTION:
            return {c for c, ch in self.cells.items() if ch == CONSTRUCTION}
        return {c for c, ch in self.cells.items() if ch == kind or ch == JOKER}

    def largest(self, kind):
        # Largest edge-connected set of fields of one kind, by breadth-first search.
        todo = self.members(kind)
        best = 0
        while todo:
            start = todo.pop()
            queue = deque([start])
            size = 0
            while queue:
                cx, cy = queue.popleft()
                size += 1
                for n in ((cx - 1, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)):
                    if n in todo:
                        todo.remove(n)
                        queue.append(n)
            best = max(best, size)
        return best

    def areas(self):
        # [green, blue, white, red, yellow, construction]
        return [self.largest(k) for k in GARDEN_TYPES + CONSTRUCTION]


class Replay:
    """Replays sim.placed in order, applying the majority-token rule after every placement.

    After each placement: `steps` gets (stage, seat, holders, holder sizes, claims), where
    claims are the (type, size) a player at the table records right then: a token taken, or
    the holder's own area grown (the box's record of the holder's size must follow it).
    """

    def __init__(self, players, placed):
        self.n = players
        self.gardens = [RefGarden() for _ in range(players)]
        self.holders = [None] * 5
        self.noted = [0] * 5  # the holder's area as last recorded at the table
        self.steps = []
        self.illegal = []  # (index in sim.placed, why) for placements breaking the rule
        self.stage_areas = {}  # stage -> per player areas at the stage's end
        self.stage_holders = {}  # stage -> holders at the stage's end
        stage = None
        for i, (st, seat, face, x, y, fields) in enumerate(placed):
            if stage is not None and st != stage:
                self._close(stage)
            stage = st
            self._place(i, st, seat, face, x, y, fields)
        if stage is not None:
            self._close(stage)

    def _close(self, stage):
        self.stage_areas[stage] = [g.areas() for g in self.gardens]
        self.stage_holders[stage] = list(self.holders)

    def _place(self, i, stage, seat, face, x, y, fields):
        garden = self.gardens[seat]
        ok, why = garden.legal(x, y)
        if not ok:
            self.illegal.append((i, why))
        garden.put(x, y, [LETTERS[k] for k in fields])
        # "As soon as a player has created a garden area consisting of at least 4 contiguous
        # fields of the same type/color, he takes the large Majority Token" and "should
        # another player create a garden area consisting of more fields ... (an equal amount
        # is not sufficient) than ... the current Majority Token holder, this player takes
        # the corresponding Majority Token". Only the placing player's garden changed.
        claims = []
        for t, kind in enumerate(GARDEN_TYPES):
            mine = garden.largest(kind)
            h = self.holders[t]
            if h is None:
                taken = mine >= TOKEN_MIN
            else:
                taken = h != seat and mine > self.gardens[h].largest(kind)
            if taken or h == seat and mine > self.noted[t]:
                self.holders[t] = seat
                self.noted[t] = mine
                claims.append((t, mine))
        self.steps.append((stage, seat, list(self.holders), self.held(), claims))

    def held(self):
        # The holders' current areas (0 where nobody holds the token).
        return [self.gardens[h].largest(GARDEN_TYPES[t]) if h is not None else 0
                for t, h in enumerate(self.holders)]


def distribution(cards):
    # "The player who has played the lowest-numbered card takes the first tile ... The other
    # players then each take a Garden Tile in ascending order of the played Number Cards."
    # -> [(seat, card, position of the tile in the round's group, 0-based)]
    order = sorted(range(len(cards)), key=lambda s: cards[s])
    return [(s, cards[s], i) for i, s in enumerate(order)]


def unique_best(values):
    # The index of the single largest positive value, or None on a tie or when all are 0
    # ("If there is a tie when determining the second-largest area ... and/or the largest
    # Construction Site, those points are not awarded.")
    best = max(values) if values else 0
    if best <= 0 or values.count(best) != 1:
        return None
    return values.index(best)


def stage_scores(stage, areas, holders, two_player):
    """Per player [areas, large, small, construction, total], small holders, builder.

    Intermediate Scoring: "the number of fields existing in his 2 largest contiguous garden
    colors/types ... each claimed Majority Token earns its owner 3 points".
    Game End: "The number of fields in the 3 largest ... 5 points for each Large Majority
    Token ... 3 points for each Small Majority Token (second-largest ...) ... 3 points for the
    largest contiguous Construction Site area". Construction sites "do not score points during
    the intermediate scoring". Special Rules for 2 Players: "The Small Majority Tokens ... are
    not used in a 2-player game." (the construction bonus goes with them: see the brief).
    """
    count, per_token = STAGE_RULES[stage]
    n = len(areas)
    small = [None] * 5
    builder = None
    if stage == 2 and not two_player:
        for t in range(5):
            h = holders[t]
            if h is None:
                continue  # no large token holder: no second place either
            others = [areas[p][t] if p != h else 0 for p in range(n)]
            small[t] = unique_best(others)
        builder = unique_best([areas[p][5] for p in range(n)])
    rows = []
    for p in range(n):
        top = sorted(areas[p][:5], reverse=True)[:count]
        a = sum(top)
        large = per_token * sum(1 for h in holders if h == p)
        s = SMALL_POINTS * sum(1 for q in small if q == p)
        c = CONSTRUCTION_POINTS if builder == p else 0
        rows.append([a, large, s, c, a + large + s + c])
    return rows, small, builder


def winners(totals, final_areas):
    # "the player with the most points is the winner. In case of a tie, the winner is the
    # player among those tied who has the single largest garden area of any color/type. If
    # this still results in a tie, the tied players share in the victory."
    top = max(totals)
    tied = [p for p in range(len(totals)) if totals[p] == top]
    best = max(max(final_areas[p][:5]) for p in tied)
    return [p for p in tied if max(final_areas[p][:5]) == best]

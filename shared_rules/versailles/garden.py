# A player's garden as a grid of fields. A tile is a 2x2 block placed at any field offset, so
# staggered rows and holes come for free. An area is a 4-connected set of fields of one type;
# a joker field belongs to every garden type at once.
from shared_rules.errors import IllegalPlacement
from shared_rules.versailles.tiles import CONSTRUCTION, JOKER, KINDS

# Fields are keyed by one small int: a garden has at most 14 tiles, far inside +-512 fields.
_SPAN = 1024
_OFF = 512
# The eight fields that share an edge with a 2x2 block at (x, y), as (dx, dy).
_RIM = ((-1, 0), (-1, 1), (2, 0), (2, 1), (0, -1), (1, -1), (0, 2), (1, 2))
_BLOCK = ((0, 0), (1, 0), (0, 1), (1, 1))


def key(x, y):
    return (y + _OFF) * _SPAN + x + _OFF


class Garden:
    def __init__(self):
        self.fields = {}  # key -> kind code
        self.tiles = 0

    def check(self, x, y, kinds):
        if len(kinds) != 4:
            raise IllegalPlacement("a tile has 4 fields (top-left, top-right, bottom-left, "
                                   "bottom-right); got %d" % len(kinds))
        for k in kinds:
            if not 0 <= k < len(KINDS):
                raise IllegalPlacement("unknown field kind %r" % (k,))
        if not (-_OFF + 2 <= x < _OFF - 2 and -_OFF + 2 <= y < _OFF - 2):
            raise IllegalPlacement("tile at (%d, %d) is off the table; x and y run from %d "
                                   "to %d" % (x, y, -_OFF + 2, _OFF - 3))
        f = self.fields
        for dx, dy in _BLOCK:
            if key(x + dx, y + dy) in f:
                raise IllegalPlacement("tile at (%d, %d) overlaps field (%d, %d); tiles may "
                                       "not overlap" % (x, y, x + dx, y + dy))
        if not f:
            return
        for dx, dy in _RIM:
            if key(x + dx, y + dy) in f:
                return
        raise IllegalPlacement("tile at (%d, %d) shares no field edge with the garden; it must "
                               "touch it edge to edge (diagonal contact is not enough)" % (x, y))

    def place(self, x, y, kinds):
        self.check(x, y, kinds)
        f = self.fields
        for i in range(4):
            dx, dy = _BLOCK[i]
            f[key(x + dx, y + dy)] = kinds[i]
        self.tiles += 1

    def remove(self, x, y):
        # Take back the tile at (x, y): only the simulation's look-ahead does this.
        for dx, dy in _BLOCK:
            del self.fields[key(x + dx, y + dy)]
        self.tiles -= 1

    def largest(self, kind):
        # Largest 4-connected area of `kind` (a garden type or CONSTRUCTION).
        f = self.fields
        wild = kind != CONSTRUCTION  # jokers extend garden types, not construction sites
        seen = set()
        best = 0
        for start, k in f.items():
            if start in seen or not (k == kind or (wild and k == JOKER)):
                continue
            seen.add(start)
            stack = [start]
            size = 0
            while stack:
                at = stack.pop()
                size += 1
                for n in (at - 1, at + 1, at - _SPAN, at + _SPAN):
                    if n in seen:
                        continue
                    k = f.get(n)
                    if k == kind or (wild and k == JOKER):
                        seen.add(n)
                        stack.append(n)
            if size > best:
                best = size
        return best

    def areas(self):
        # [green, blue, white, red, yellow, construction]: what a player reports at scoring.
        return [self.largest(k) for k in range(CONSTRUCTION + 1)]

    def frontier(self):
        # Empty fields that share an edge with the garden: where a new tile can touch it.
        f = self.fields
        out = []
        for at in f:
            for n in (at - 1, at + 1, at - _SPAN, at + _SPAN):
                if n not in f and n not in out:
                    out.append(n)
        out.sort()  # dict order differs between runtimes; the simulation must not
        return out


def unkey(k):
    return k % _SPAN - _OFF, k // _SPAN - _OFF

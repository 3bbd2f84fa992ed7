# An independent reading of Sanssouci's rules for the property tests, written from the
# rulebook (/work/shared/rulebooks/adelsgarten-de.txt) and docs/RULES.md, deliberately unlike
# shared_rules/sanssouci: a garden is a dict {(row, motif): "built" | "tile" | "gardener"},
# reachability is a fixpoint over sets, events are judged by one predicate and folded by
# another. It shares no code with the rules core.
ROWS, MOTIFS = 6, 9
ROUNDS = 18


def first_garden(printed):
    garden = {(0, m): "built" for m in range(MOTIFS)}
    for c in printed:
        garden[(c // MOTIFS, c % MOTIFS)] = "built"
    return garden


def walkable(garden, start):
    # every filled cell a noble reaches from `start` by orthogonal steps over filled cells
    seen = {start}
    while True:
        grown = set(seen)
        for (r, m) in seen:
            for step in ((r - 1, m), (r + 1, m), (r, m - 1), (r, m + 1)):
                if step in garden:
                    grown.add(step)
        if grown == seen:
            return seen
        seen = grown


def noble_stops(garden, motif, row):
    # {row it may stop in}: lower in its own column, reached, and no gardener there
    reached = walkable(garden, (row, motif))
    return {r for r in range(ROWS) if r > row and (r, motif) in reached
            and garden[(r, motif)] != "gardener"}


def tile_spots(garden, motif, row):
    own = (row, motif)
    if own not in garden:
        return {own}
    line = {(row, m) for m in range(MOTIFS)} | {(r, motif) for r in range(ROWS)}
    free = {c for c in line if c not in garden}
    return free or {(r, m) for r in range(ROWS) for m in range(MOTIFS) if (r, m) not in garden}


def card_lets(card, motif, row, wild):
    if card in range(9):
        return (motif == card) != bool(wild)
    if card == 9:
        return not wild
    upper, lower = str(card)
    return not wild and str(row) in (upper, lower)


def final_points(garden, nobles, tasks):
    # -> (rows, columns, tasks): rows 2-6 built whole score 10 - value (value = index + 1),
    # columns built whole 5, each task the value of the row its motif's noble stands in
    rows = sum(10 - (r + 1) for r in range(1, ROWS)
               if len([m for m in range(MOTIFS) if (r, m) in garden]) == MOTIFS)
    cols = 5 * len([m for m in range(MOTIFS)
                    if len([r for r in range(ROWS) if (r, m) in garden]) == ROWS])
    return rows, cols, sum(nobles[t] + 1 for t in tasks)


def winners(totals, gardeners):
    best = max(zip(totals, gardeners))
    return [p for p in range(len(totals)) if (totals[p], gardeners[p]) == best]


class Table:
    # The game as the reference sees it, built by folding the events that stand.
    def __init__(self, setup):
        self.names = setup["players"]
        self.n = len(self.names)
        self.gardens = [first_garden(c) for c in setup["gardens"]]
        self.nobles = [[0] * MOTIFS for _ in range(self.n)]
        self.points = [0] * self.n
        self.jokers = set()
        self.placed = 0
        self.may_move = None
        self.tasks = {}

    @classmethod
    def of(cls, events):
        standing = []
        for ev in events:
            if ev["e"] == "undo":
                standing.pop()
            else:
                standing.append(ev)
        table = cls(standing[0])
        for ev in standing[1:]:
            assert table.legal(ev), ev
            table.apply(ev)
        return table

    def over(self):
        return len(self.tasks) == self.n

    def legal(self, ev):
        kind, p = ev.get("e"), ev.get("p")
        if p not in range(self.n) or type(p) is not int:
            return False
        if kind == "tile":
            if self.placed == ROUNDS * self.n or p != self.placed % self.n:
                return False
            card, m, r, at = ev.get("card"), ev.get("m"), ev.get("r"), ev.get("at")
            wild = ev.get("wild", 0)
            ints = [card, m, r, at, wild]
            if any(type(v) is not int for v in ints) or wild not in (0, 1):
                return False
            cards = set(range(10)) | {10 * a + b for a in range(1, 6) for b in range(a + 1, 6)}
            if card not in cards or m not in range(MOTIFS) or r not in range(1, ROWS):
                return False
            if card == 9 and p in self.jokers or not card_lets(card, m, r, wild):
                return False
            return at in range(54) and (at // MOTIFS, at % MOTIFS) in tile_spots(
                self.gardens[p], m, r)
        if kind == "noble":
            m, r = ev.get("m"), ev.get("r")
            if self.over() or p != self.may_move or type(m) is not int or type(r) is not int:
                return False
            return m in range(MOTIFS) and r in noble_stops(self.gardens[p], m, self.nobles[p][m])
        if kind == "tasks":
            ms = ev.get("m")
            return (self.placed == ROUNDS * self.n and not self.over() and p not in self.tasks
                    and type(ms) is list and len(ms) == 2
                    and all(type(x) is int and x in range(MOTIFS) for x in ms))
        return False

    def apply(self, ev):
        p = ev["p"]
        if ev["e"] == "tile":
            own = (ev["r"], ev["m"])
            spot = (ev["at"] // MOTIFS, ev["at"] % MOTIFS)
            self.gardens[p][spot] = "tile" if spot == own else "gardener"
            if ev["card"] == 9:
                self.jokers.add(p)
            self.placed += 1
            self.may_move = p
        elif ev["e"] == "noble":
            self.nobles[p][ev["m"]] = ev["r"]
            self.points[p] += ev["r"] + 1
            self.may_move = None
        else:
            self.tasks[p] = ev["m"]
            self.may_move = None

    def gardeners(self, p):
        return list(self.gardens[p].values()).count("gardener")

    def totals(self):
        if not self.over():
            return list(self.points)
        return [self.points[p] + sum(final_points(self.gardens[p], self.nobles[p],
                                                  self.tasks[p])) for p in range(self.n)]

    def cells(self, p):
        # the garden as the rules core's bytes: 0 empty, 1 built, 2 tile, 3 gardener
        code = {"built": 1, "tile": 2, "gardener": 3}
        return [code.get(self.gardens[p].get((c // MOTIFS, c % MOTIFS)), 0) for c in range(54)]

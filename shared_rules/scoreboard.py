"""Each seat's points by part, whatever the game: what the results screens and the host's
show, export and reports lay out. Apart from outcome.py: a game in play never needs it."""


class Scoreboard:
    """Each seat's points by part: `parts` the labels (short, they name a row on a 128-pixel
    screen), `rows[seat]` the points per part, `totals[seat]` their sum (or the game's own
    total where parts do not add up, e.g. a running ledger)."""
    def __init__(self, names, parts, rows, totals=None):
        self.names = list(names)
        self.parts = tuple(parts)
        self.rows = rows
        self.totals = totals if totals is not None else [sum(r) for r in rows]

    def ranking(self):
        """seats by total, highest first (ties in seat order: the outcome says who won)"""
        return sorted(range(len(self.rows)), key=lambda p: -self.totals[p])

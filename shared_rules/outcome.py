# What every game's results look like, whatever the game: the device's results screens, the
# host's show, export and reports read these and nothing game-specific.


class Outcome:
    # A finished game: `winners` seats (more than one: a shared victory), `reason` in words
    # (how the winner was decided, the tie-break spelled out), `tiebreak` when the points
    # alone did not decide.
    def __init__(self, winners, reason, tiebreak=False):
        self.winners = list(winners)
        self.shared = len(self.winners) > 1
        self.reason = reason
        self.tiebreak = tiebreak

    def __repr__(self):
        return "Outcome(winners=%r, tiebreak=%r, reason=%r)" % (self.winners, self.tiebreak,
                                                                self.reason)

    def places(self, totals):
        # -> each seat's place, "1, 1, 3": the winners first, then by points. A game whose
        # tie-break also orders the other places says so in its own Outcome.
        return places([(p in self.winners, totals[p]) for p in range(len(totals))])


def places(keys):
    # Competition ranking: each seat's place is 1 + the seats with a better key; equal keys
    # share a place ("1, 1, 3").
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]


class Scoreboard:
    # Each seat's points by part: `parts` the labels (short, they name a row on a 128-pixel
    # screen), `rows[seat]` the points per part, `totals[seat]` their sum (or the game's own
    # total where parts do not add up, e.g. a running ledger).
    def __init__(self, names, parts, rows, totals=None):
        self.names = list(names)
        self.parts = tuple(parts)
        self.rows = rows
        self.totals = totals if totals is not None else [sum(r) for r in rows]

    def ranking(self):
        # seats by total, highest first (ties in seat order: the outcome says who won)
        return sorted(range(len(self.rows)), key=lambda p: -self.totals[p])

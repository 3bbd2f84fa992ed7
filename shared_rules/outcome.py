"""How every game ends, whatever the game: the device's results screens, the host's show,
export and reports read this and nothing game-specific (and scoreboard.Scoreboard)."""


class Outcome:
    """A finished game: `winners` seats (more than one: a shared victory), `reason` in words
    (how the winner was decided, the tie-break spelled out), `tiebreak` when the points
    alone did not decide."""
    def __init__(self, winners, reason, tiebreak=False):
        self.winners = list(winners)
        self.shared = len(self.winners) > 1
        self.reason = reason
        self.tiebreak = tiebreak

    def __repr__(self):
        return "Outcome(winners=%r, tiebreak=%r, reason=%r)" % (self.winners, self.tiebreak,
                                                                self.reason)

    def places(self, totals):
        """Returns each seat's place, "1, 1, 3": the winners first, then by points. A game
        whose tie-break also orders the other places says so in its own Outcome."""
        return places([(p in self.winners, totals[p]) for p in range(len(totals))])


def places(keys):
    """Competition ranking: each seat's place is 1 + the seats with a better key; equal keys
    share a place ("1, 1, 3")."""
    return [1 + sum(1 for k in keys if k > mine) for mine in keys]

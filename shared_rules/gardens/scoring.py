# Who won a game of Gardens: "Whoever then holds sole majority in the most flowerbeds wins the
# game ... In case of a tie, count how many garden-tile corners with flowers of their color the
# tied players have contributed in total to the flowerbeds they won. The player who needed
# fewer corners ... wins the game. If there is still a tie, there are multiple winners."
# A side is one player's colour, or in the team rules (team game, 2 players) one team.
from shared_rules import outcome as generic
from shared_rules.errors import local


class Outcome(generic.Outcome):
    # winners: every seat of the winning side(s); shared: more than one side won (a team of
    # two winning together is not a shared victory). `beds` and `corners` per side, `labels`
    # their short names. reason: lines of at most 16 characters, 3 at most when more than
    # one seat wins (their names take the screen's other lines).
    def __init__(self, sides, beds, corners, labels, teams):
        self.sides, self.beds, self.corners, self.labels = sides, beds, corners, labels
        top = max(beds)
        self.tied = [s for s in range(len(sides)) if beds[s] == top]
        fewest = min(corners[s] for s in self.tied)
        self.won = [s for s in self.tied if corners[s] == fewest]
        seats = []
        for s in self.won:
            seats.extend(sides[s])
        tiebreak = len(self.tied) > 1
        generic.Outcome.__init__(self, sorted(seats), self._reason(top, fewest, teams),
                                 tiebreak)
        self.shared = len(self.won) > 1

    def _reason(self, top, fewest, teams):
        if len(self.tied) == 1:
            return [(local("Team beds: %d") if teams else local("Most beds: %d")) % top]
        lines = [local("Tie at %d beds") % top]
        if len(self.won) > 1:
            return lines + [local("same corners %d") % fewest]
        lines.append(local("fewer corners:"))
        pairs = ["%s %d" % (local(self.labels[s])[:3], self.corners[s]) for s in self.tied]
        for i in range(0, len(pairs), 2):  # "Ann 15 Bob 17": two tied sides a line
            lines.append(" ".join(pairs[i:i + 2]))
        return lines

    def __repr__(self):
        return "Outcome(winners=%r, beds=%r, corners=%r, tiebreak=%r)" % (
            self.winners, self.beds, self.corners, self.tiebreak)

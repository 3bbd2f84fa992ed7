# Scoring, as pure functions of what the players report: each player's largest area per type
# (green, blue, white, red, yellow, construction) and who holds each large majority token.
from shared_rules import outcome as generic
from shared_rules.errors import local
from shared_rules.versailles import InvalidClaim, MissedClaim
from shared_rules.versailles.tiles import CONSTRUCTION, TYPES

NOBODY = -1
# stage -> (garden types counted, points per large token)
_STAGE = {1: (2, 3), 2: (3, 5)}
SMALL_TOKEN_POINTS = 3
CONSTRUCTION_POINTS = 3
MIN_TOKEN_AREA = 4
PARTS = ("areas", "large tk", "small tk", "constr.")  # a stage's row: these, then the total


def check_holders(sizes, holders, names):
    # The token rule makes the holder's area at least as large as everybody else's: a player
    # who grew strictly larger would have taken the token. Anything else is a missed claim.
    for t in range(len(TYPES)):
        h = holders[t]
        for p in range(len(sizes)):
            s = sizes[p][t]
            if h == NOBODY:
                if s >= MIN_TOKEN_AREA:
                    raise _missed(p, t, s, local("%s has %d %s fields but nobody holds the %s "
                                                 "token: %d or more connected fields take it - "
                                                 "record the claim")
                                  % (local(names[p]), s, local(TYPES[t]), local(TYPES[t]),
                                     MIN_TOKEN_AREA))
            elif p != h and s > sizes[h][t]:
                raise _missed(p, t, s, local("%s has %d %s fields, more than %s's %d, who holds "
                                             "the token: the token moves to a strictly larger "
                                             "area - record the claim")
                              % (local(names[p]), s, local(TYPES[t]), local(names[h]),
                                 sizes[h][t]))


def check_taken(sizes, holders, names):
    # Told who holds each token (not the claims that gave it): the holder took it with at
    # least MIN_TOKEN_AREA fields, and areas never shrink, so the holder's area is at least
    # that now. InvalidClaim naming the holder otherwise.
    for t in range(len(TYPES)):
        h = holders[t]
        if h != NOBODY and sizes[h][t] < MIN_TOKEN_AREA:
            raise InvalidClaim("%s holds the %s token but has a %s area of %d; a token is "
                               "taken with at least %d connected fields and areas never "
                               "shrink" % (names[h], TYPES[t], TYPES[t], sizes[h][t],
                                           MIN_TOKEN_AREA))


def _missed(p, t, size, message):
    exc = MissedClaim(message)
    exc.claim = (p, TYPES[t], size)
    return exc


def second_places(sizes, holders):
    # Small tokens: the largest area among the non-holders of each type; not awarded on a tie,
    # with no fields, or when nobody holds the large token (see docs/RULES.md).
    out = [NOBODY] * len(TYPES)
    for t in range(len(TYPES)):
        if holders[t] == NOBODY:
            continue
        out[t] = _unique_best([sizes[p][t] if p != holders[t] else 0
                               for p in range(len(sizes))])
    return out


def construction_winner(sizes):
    return _unique_best([s[CONSTRUCTION] for s in sizes])


def _unique_best(values):
    best = max(values)
    if best <= 0 or values.count(best) > 1:
        return NOBODY
    return values.index(best)


def score_stage(stage, sizes, holders, two_player):
    # -> (per player [areas, large, small, construction, stage total], small holders, builder)
    count, per_token = _STAGE[stage]
    final = stage == 2
    small = second_places(sizes, holders) if final and not two_player else [NOBODY] * len(TYPES)
    # The construction bonus is the sixth small token, so it goes wherever those go.
    builder = construction_winner(sizes) if final and not two_player else NOBODY
    rows = []
    for p in range(len(sizes)):
        garden = sorted(sizes[p][:CONSTRUCTION], reverse=True)
        areas = sum(garden[:count])
        large = per_token * holders.count(p)
        smalls = SMALL_TOKEN_POINTS * small.count(p)
        bonus = CONSTRUCTION_POINTS if builder == p else 0
        rows.append([areas, large, smalls, bonus, areas + large + smalls + bonus])
    return rows, small, builder


class Outcome(generic.Outcome):
    # The result of a finished game: winners (more than one is a shared victory), and whether
    # the single-largest-area tie-break decided it. `reason`: how, in lines of at most 16
    # characters (5 at most, 3 for a shared victory, whose winners take the screen's others).
    def __init__(self, totals, largest, names=None):
        self.totals = totals
        self.largest = largest
        top = max(totals)
        self.tied = [p for p in range(len(totals)) if totals[p] == top]
        best = max(largest[p] for p in self.tied)
        winners = [p for p in self.tied if largest[p] == best]
        tiebreak = len(self.tied) > 1
        generic.Outcome.__init__(self, winners, self._reason(top, tiebreak, len(winners) > 1,
                                                              names), tiebreak)

    def _reason(self, top, tiebreak, shared, names):
        if not tiebreak:
            return [local("%d points") % top]
        lines = [local("Tie at %d points") % top]
        if shared:
            return lines + [local("same largest"), local("area: %d") % self.largest[self.tied[0]]]
        lines.append(local("largest area:"))
        sizes = ["%s %d" % ((local(names[p]) if names else "P%d" % (p + 1))[:3], self.largest[p])
                 for p in self.tied]
        for i in range(0, len(sizes), 2):  # "Ora 9 Pur 10": two tied players a line
            lines.append(" ".join(sizes[i:i + 2]))
        return lines

    def places(self, totals=None):
        # Every place, not only the first, by total then by the single largest area: the
        # tie-break for the win applied to every place (docs/RULES.md I15).
        return generic.places(list(zip(self.totals, self.largest)))

    def __repr__(self):
        return "Outcome(winners=%r, totals=%r, tiebreak=%r)" % (self.winners, self.totals,
                                                                 self.tiebreak)


def outcome(totals, final_sizes, names=None):
    # Tie-break: the single largest area of any garden type (construction is not a type).
    return Outcome(totals, [max(s[:CONSTRUCTION]) for s in final_sizes], names)

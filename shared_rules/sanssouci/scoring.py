# Sanssouci's final scoring, as pure functions of a garden and where its nobles stand, and the
# outcome with its reason in lines for the box's screen.
from shared_rules import outcome as generic
from shared_rules.errors import local
from shared_rules.sanssouci.board import (GARDENER, complete_columns, complete_rows, count,
                                          value)

COLUMN_POINTS = 5
ROW_BASE = 10
PARTS = ("nobles", "rows", "columns", "tasks")  # (the scoreboard says them through local())


def row_points(row):
    # "10 Punkte minus dem Wert der entsprechenden Reihe"
    return ROW_BASE - value(row)


def final_parts(garden, nobles, tasks, first_row=0):
    # -> [rows, columns, tasks] points: complete rows (the first row too where first_row is
    # 1: docs/RULES.md S5), complete columns, and for each task card (a motif) the value of
    # the row where that motif's noble stands.
    rows = sum(row_points(r) for r in complete_rows(garden, first_row))
    columns = COLUMN_POINTS * len(complete_columns(garden))
    return [rows, columns, sum(value(nobles[m]) for m in tasks)]


def gardeners(garden):
    return count(garden, GARDENER)


class Outcome(generic.Outcome):
    # Most points wins; "Bei Gleichstand gewinnt der Spieler, mit den meisten Gaertnern"; a
    # tie on both is a shared victory (the rulebook is silent: docs/RULES.md). `reason`: at
    # most 5 lines of 16 characters, 3 when shared; in the box's language where it is made.
    def __init__(self, totals, gardeners, names=None):
        self.totals = list(totals)
        self.gardeners = list(gardeners)
        top = max(totals)
        tied = [p for p in range(len(totals)) if totals[p] == top]
        best = max(gardeners[p] for p in tied)
        winners = [p for p in tied if gardeners[p] == best]
        tiebreak = len(tied) > 1
        if not tiebreak:
            reason = [local("%d points") % top]
        elif len(winners) > 1:
            reason = [local("Tie: %d points") % top, local("same gardeners:"),
                      local("%d each") % best]
        else:
            reason = [local("Tie: %d points") % top, local("most gardeners:")]
            cells = ["%s %d" % ((local(names[p]) if names else "P%d" % (p + 1))[:3],
                                gardeners[p]) for p in tied]
            for i in range(0, len(cells), 2):  # "Ann 3 Bob 2": two tied players a line
                reason.append(" ".join(cells[i:i + 2]))
        generic.Outcome.__init__(self, winners, reason, tiebreak)

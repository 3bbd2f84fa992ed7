"""The numbers of `lenotre report`, from replayed games (played.py): no drawing, no HTML.

A person is the roster's person at a seat (`Played.person_key(p)`, shown under their name
now); a seat nobody on the roster sat is a guest, counted per colour and never as a person.
Only finished games count towards wins and averages; a shared victory is a win for each
winner. What is particular to a game (Versailles: Ludwig's record) is its adapter's
(lenotre/games/)."""
import datetime
import time

from lenotre.lang import _


PERIODS = ("week", "month", "year")


def title(g):
    return g.adapter.TITLE


def newest_first(games):
    # Undated games (never synced) are the newest: they can only be on the box still.
    return sorted(games, key=lambda g: (g.when is None, g.when or 0, g.device, g.gid),
                  reverse=True)


def date(g):
    # "2026-03-14"; "~2026-03-14": not known exactly but within that day; "date unknown";
    # "not dated" (played.Played.when_text), in the language in use
    return _(g.when_text())


class Tally:
    """One person's finished games, or the guests' of one colour (guest: that colour)."""

    def __init__(self, name, guest=None):
        self.name = name if guest is None else _("%s (guest)") % _(guest)
        self.guest = guest
        self.games = self.wins = self.points = 0
        self.best = None
        self.last = None  # the newest game counted

    def add(self, g, points, won):
        self.games += 1
        self.wins += 1 if won else 0
        self.points += points
        self.best = points if self.best is None else max(self.best, points)
        if self.last is None or (g.when or 0) > (self.last.when or 0):
            self.last = g

    @property
    def average(self):
        return self.points / self.games if self.games else 0.0

    @property
    def win_share(self):
        return 100.0 * self.wins / self.games if self.games else 0.0


def per_person(games):
    # -> [Tally] over finished games: the people, most games first, then by name; then the
    # guests, a tally per colour, in the same order
    people, guests = {}, {}
    for g in games:
        if not g.finished:
            continue
        totals, winners = g.totals(), g.game.outcome.winners
        for p in range(len(g.players)):
            key = g.person_key(p)
            if key is None:
                tally = guests.setdefault(g.players[p], Tally(None, g.players[p]))
            else:
                tally = people.setdefault(key, Tally(g.person_name(p)))
            tally.add(g, totals[p], p in winners)

    def order(t):
        return (-t.games, t.name)
    return sorted(people.values(), key=order) + sorted(guests.values(), key=order)


class KindTally:
    """Finished games of one title with one number of players (and the box's own seat)."""

    def __init__(self, name, players, bot=""):
        self.name, self.players, self.bot = name, players, bot
        self.games = 0
        self.points = self.seats = 0  # every seat's total, for the average score
        self.winning = 0  # the sum of the winning totals
        self.best = None  # (points, person, game)

    def add(self, g):
        totals = g.totals()
        self.games += 1
        self.points += sum(totals)
        self.seats += len(totals)
        self.winning += max(totals)
        for p, points in enumerate(totals):
            if self.best is None or points > self.best[0]:
                self.best = (points, g.person_name(p), g)

    @property
    def average(self):
        return self.points / self.seats if self.seats else 0.0

    @property
    def average_winning(self):
        return self.winning / self.games if self.games else 0.0


def per_kind(games):
    # -> [KindTally] per (title, number of players, the box's seat), in that order
    kinds = {}
    for g in games:
        if g.finished:
            key = (title(g), len(g.players), g.bot or "")
            kinds.setdefault(key, KindTally(*key)).add(g)
    return [kinds[k] for k in sorted(kinds)]


def period_of(when, period):
    # -> the label of the week ("2026-W11", ISO), month ("2026-03") or year a time falls in
    t = time.gmtime(when)
    if period == "week":
        year, week, _weekday = datetime.date(t.tm_year, t.tm_mon, t.tm_mday).isocalendar()
        return "%d-W%02d" % (year, week)
    if period == "month":
        return "%d-%02d" % (t.tm_year, t.tm_mon)
    return "%d" % t.tm_year


def over_time(games, most=40):
    # -> (period name, [(label, [finished games in it])] oldest first): the shortest period
    # (week, month, year) that needs at most `most` bars from the first to the last game.
    # Periods without a game are kept (a gap in the chart is a gap in the playing).
    dated = sorted((g for g in games if g.finished and g.when is not None),
                   key=lambda g: g.when)
    if not dated:
        return "month", []
    for period in PERIODS:
        labels = _labels(dated[0].when, dated[-1].when, period)
        if len(labels) <= most or period == PERIODS[-1]:
            break
    bins = {label: [] for label in labels}
    for g in dated:
        bins[period_of(g.when, period)].append(g)
    return period, [(label, bins[label]) for label in labels]


def _labels(first, last, period):
    # Every period's label from the one of `first` to the one of `last`, in order.
    step = {"week": 7 * 86400, "month": 28 * 86400, "year": 365 * 86400}[period]
    labels = []
    t = first - step
    end = period_of(last, period)
    while not labels or labels[-1] != end:
        t += step
        label = period_of(t, period)
        if not labels or labels[-1] != label:
            labels.append(label)
    return labels

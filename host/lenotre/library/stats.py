"""The numbers of `lenotre report`, from replayed games (played.py): no drawing, no HTML.

A person is `Played.person_name(p)`: the roster's name for the seat, else the seat's colour.
Only finished games count towards wins and averages; a shared victory is a win for each
winner. Ludwig has no garden and no score (rulebook, *Special Rules for 2 Players*), so his
record against a person is how often he got in their way: the rounds his card was lower
than theirs, so he took a tile of the group before them and threw it away."""
import datetime
import time

from shared_rules.versailles.game import ROUNDS

TITLES = {"versailles": "Die Gärten von Versailles"}
PERIODS = ("week", "month", "year")


def title(g):
    name = g.events[0].get("game", "?") if g.events else "?"
    return TITLES.get(name, name)


def newest_first(games):
    # Undated games (never synced) are the newest: they can only be on the box still.
    return sorted(games, key=lambda g: (g.when is None, g.when or 0, g.device, g.gid),
                  reverse=True)


def date(g):
    # "2026-03-14", "~2026-03-14" when estimated from the sync time, "not dated"
    if g.when is None:
        return "not dated"
    return ("~" if g.when_estimated else "") + time.strftime("%Y-%m-%d", time.gmtime(g.when))


def known_points(g):
    # Per player, the points known for sure after each round 0..14 (index = rounds played):
    # a step that rises only at a stage's scoring (after rounds 7 and 14), since the box
    # learns the areas only then. Tokens held in between are not points yet: a token can
    # change hands before the scoring.
    n = len(g.players)
    steps = [[0] for _ in range(n)]
    played = len(g.game.rounds)
    for r in range(1, played + 1):
        scored = [rows for s, rows in enumerate(g.game.scores) if (s + 1) * ROUNDS <= r]
        for p in range(n):
            steps[p].append(sum(rows[p][4] for rows in scored))
    return steps


class Tally:
    """One person's finished games."""

    def __init__(self, name):
        self.name = name
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
    # -> [Tally] over finished games, most games first, then by name
    people = {}
    for g in games:
        if not g.finished:
            continue
        totals, winners = g.totals(), g.game.outcome.winners
        for p in range(len(g.players)):
            name = g.person_name(p)
            people.setdefault(name, Tally(name)).add(g, totals[p], p in winners)
    return sorted(people.values(), key=lambda t: (-t.games, t.name))


class KindTally:
    """Finished games of one title with one number of players."""

    def __init__(self, name, players):
        self.name, self.players = name, players
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
    # -> [KindTally] per (title, number of players), in that order
    kinds = {}
    for g in games:
        if g.finished:
            key = (title(g), len(g.players))
            kinds.setdefault(key, KindTally(*key)).add(g)
    return [kinds[k] for k in sorted(kinds)]


class LudwigRecord:
    """Ludwig against one person, over their finished 2-player games."""

    def __init__(self, name):
        self.name = name
        self.games = self.wins = 0  # the person's games with Ludwig, and the ones they won
        self.rounds = 0  # rounds played in them
        self.before = 0  # rounds Ludwig's card was lower than theirs: he chose first
        self.first = 0  # rounds he had the lowest card of all: he took the group's first tile

    @property
    def before_share(self):
        return 100.0 * self.before / self.rounds if self.rounds else 0.0


def ludwig_stats(g):
    # -> (per player: rounds in which Ludwig's card was lower than theirs, rounds in which he
    # took the first tile of the group, rounds played)
    positions = g.ludwig_positions()
    beat = [sum(1 for _, ahead in positions if ahead[p]) for p in range(len(g.players))]
    first = sum(1 for place, _ in positions if place == 0)
    return beat, first, len(positions)


def ludwig_record(games):
    # -> [LudwigRecord], most games first, then by name
    out = {}
    for g in games:
        if not (g.ludwig and g.finished):
            continue
        beat, first, rounds = ludwig_stats(g)
        winners = g.game.outcome.winners
        for p in range(len(g.players)):
            rec = out.setdefault(g.person_name(p), LudwigRecord(g.person_name(p)))
            rec.games += 1
            rec.wins += 1 if p in winners else 0
            rec.rounds += rounds
            rec.before += beat[p]
            rec.first += first
    return sorted(out.values(), key=lambda r: (-r.games, r.name))


def period_of(when, period):
    # -> the label of the week ("2026-W11", ISO), month ("2026-03") or year a time falls in
    t = time.gmtime(when)
    if period == "week":
        year, week, _ = datetime.date(t.tm_year, t.tm_mon, t.tm_mday).isocalendar()
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

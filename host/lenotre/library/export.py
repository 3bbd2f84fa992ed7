"""The replayed games (played.py) as CSV, JSON or BG Stats push plays. Contract: docs/CLI.md.

Every writer is deterministic: the same library gives the same bytes (games in (device, game)
order, seats in seat order, JSON keys sorted)."""
import csv
import json

from lenotre.lang import _, column
from lenotre.library import bgstats, played
from lenotre.games import adapters_of, base


def _flag(value):
    return "1" if value else "0"


def csv_columns(games):
    # The columns of each kind of game in the export, in the order they first come: the
    # generic ones and the game's own (Versailles: its columns of the release before other
    # games, unchanged). A library of one kind gives that kind's columns; none, the generic.
    if not games:
        return list(base.CSV_COLUMNS)
    columns = []
    for adapter in adapters_of(games):
        columns += [c for c in adapter.csv_columns([g for g in games if g.adapter is adapter])
                    if c not in columns]
    return columns


def csv_rows(games):
    # One row per player per game; a row's points are blank where none are known yet.
    for g in games:
        ranks, winners = g.ranks(), g.game.outcome.winners if g.finished else ()
        totals = g.totals()
        for p, name in enumerate(g.players):
            row = {
                "device": g.device, "game": g.gid, "kind": g.kind,
                "date": played.date_text(g.when),
                "date_estimated": _flag(g.when_estimated) if g.when is not None else "",
                "started": played.date_text(g.started), "ended": played.date_text(g.ended),
                "status": _(g.status), "players": len(g.players),
                "seat": p + 1, "player": _(name), "person": g.people[p] or "",
                "total": totals[p] if g.scored else "",
                "rank": ranks[p] if ranks else "",
                "winner": _flag(p in winners) if g.finished else "",
                "tiebreak": _flag(g.tiebreak()) if g.finished else "",
            }
            row.update(g.adapter.csv_fields(g, p))
            yield row


# A spreadsheet runs a cell that starts with one of these as a formula (a name typed as
# "=HYPERLINK(" would): such a text goes out with a quote before it, as OWASP's advice on CSV
# injection has it, and reads back as the text it was.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """-> value as a CSV cell a spreadsheet shows and never runs: a text that starts like a
    formula gets a leading apostrophe; numbers and other texts are unchanged."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def write_csv(games, out):
    # the header in the language in use (lenotre.lang: its COLUMNS), the rows' keys as they are
    columns = csv_columns(games)
    csv.writer(out, lineterminator="\n").writerow([column(c) for c in columns])
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n",
                            extrasaction="ignore", restval="")
    for row in csv_rows(games):
        writer.writerow({k: csv_cell(v) for k, v in row.items()})


def game_json(g):
    out = {
        "id": g.id, "device": g.device, "gid": g.gid,
        "game": g.kind,  # the setup's "game": which game's rules
        "players": g.players,
        "finished": g.finished, "status": g.status,
        "where": _(g.where()),  # the rules core's words: "stage 2, round 3", "game over"
        "synced_at": g.synced_at,
        # unix seconds UTC by the box's clock, or dated by when that power-on's clock was set
        # (null: not known); when: the end, else the start, else (when_estimated) the latest
        # it can have been; played_after/before: the times around an undated game (null: none)
        "started": g.started, "ended": g.ended, "when": g.when,
        "when_estimated": g.when_estimated,
        "played_after": g.after, "played_before": g.before if g.when_estimated else None,
        "people": g.people,  # per seat the roster person, null for a guest
        "events": g.events,  # as the box journaled them, undos included
        "totals": g.totals() if g.scored else None,
        "ranks": g.ranks(),
        "winners": g.winners(),
        "tiebreak": g.tiebreak(),
    }
    out.update(g.adapter.json_fields(g))
    return out


def _dump(value, out):
    json.dump(value, out, sort_keys=True, indent=2, ensure_ascii=False)
    out.write("\n")


def write_json(games, out):
    _dump([game_json(g) for g in games], out)


def bgstats_plays(games, now=None, location=None):
    # BG Stats records finished plays only, so unfinished games never get this far.
    return [bgstats.payload(g, now, location) for g in games if g.finished]


def write_bgstats(games, out, now=None, location=None):
    _dump(bgstats_plays(games, now, location), out)


def write_links(games, out, now=None, location=None):
    for play in bgstats_plays(games, now, location):
        out.write(bgstats.link(play) + "\n")


def write_bgsplay(games, out, now=None, location=None):
    _dump(bgstats.import_file(games, now, location), out)


def write_csv_any(games, out, now=None, location=None):
    write_csv(games, out)


def write_json_any(games, out, now=None, location=None):
    write_json(games, out)


WRITERS = {"csv": write_csv_any, "json": write_json_any, "bgstats": write_bgstats,
           "bgsplay": write_bgsplay}

"""The replayed games (played.py) as CSV, JSON or BG Stats push plays. Contract: docs/CLI.md.

Every writer is deterministic: the same library gives the same bytes (games in (device, game)
order, seats in seat order, JSON keys sorted)."""
import csv
import json

from lenotre.library import bgstats, played

CSV_COLUMNS = ("device", "game", "date", "date_estimated", "started", "ended", "status",
               "players", "ludwig", "seat", "player", "person", "stage1", "stage2", "total",
               "rank", "winner", "tiebreak", "large_tokens", "small_tokens",
               "construction_bonus")


def _flag(value):
    return "1" if value else "0"


def _blank(value):
    return "" if value is None else value


def csv_rows(games):
    # One row per player per game; a row's points are blank where a scoring is still to come.
    for g in games:
        totals, ranks, winners = g.totals(), g.ranks(), g.winners()
        for p, name in enumerate(g.players):
            stage1, stage2 = g.stage_points(p)
            yield {
                "device": g.device, "game": g.gid, "date": played.date_text(g.when),
                "date_estimated": _flag(g.when_estimated) if g.when is not None else "",
                "started": played.date_text(g.started), "ended": played.date_text(g.ended),
                "status": g.status, "players": len(g.players), "ludwig": _flag(g.ludwig),
                "seat": p + 1, "player": name, "person": g.people[p] or "",
                "stage1": _blank(stage1), "stage2": _blank(stage2),
                "total": totals[p] if g.game.scores else "",
                "rank": ranks[p] if ranks else "",
                "winner": _flag(name in winners) if g.finished else "",
                "tiebreak": _flag(g.tiebreak()) if g.finished else "",
                # tokens as they stand (at the end, for a finished game), by type name
                "large_tokens": " ".join(g.large_tokens(p)),
                "small_tokens": " ".join(g.small_tokens(p)),
                "construction_bonus": _flag(g.builder(p)) if g.finished else "",
            }


def write_csv(games, out):
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in csv_rows(games):
        writer.writerow(row)


def game_json(g):
    return {
        "id": g.id, "device": g.device, "gid": g.gid,
        "players": g.players, "ludwig": g.ludwig,
        "finished": g.finished, "status": g.status,
        "where": g.where(),  # "stage 2, round 3", "stage 1 scoring" or "game over"
        "synced_at": g.synced_at,
        # unix seconds UTC by the box's clock (null: not set); when: end, start or first sync
        "started": g.started, "ended": g.ended, "when": g.when,
        "when_estimated": g.when_estimated,
        "people": g.people,  # per seat the roster person, null for a guest
        "events": g.events,  # as the box journaled them, undos included
        "scores": g.breakdown(),
        "totals": g.totals() if g.game.scores else None,
        "ranks": g.ranks(),
        "winners": g.winners(),
        "tiebreak": g.tiebreak(),
        "large_tokens": g.holder_names(g.game.holders),
        "small_tokens": g.holder_names(g.game.small) if g.finished else None,
        "construction_bonus": (g.players[g.game.builder]
                               if g.finished and g.game.builder >= 0 else None),
    }


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

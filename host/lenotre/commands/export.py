"""`lenotre export` and `lenotre report`: the synced games as CSV, JSON, BG Stats plays, or
charts and a page. Contracts: docs/CLI.md.

Exit status: 0 done; 1 done, but some game was left out because its events do not replay (each
named on stderr); 2 bad input (no database there, an unknown game, a bad option)."""
import os
import sys

from lenotre import lang, safewrite
from lenotre.errors import UsageError
from lenotre.library import bgstats, db, export, played
from lenotre.progress import Progress
from shared_rules.games import names as game_names

REPORT_LAST = 20  # the newest games listed on the report's overview


def add(sub):
    p = sub.add_parser("export", help="the synced games as CSV, JSON or BG Stats plays",
                       description="Write the games of the database as CSV (one row per "
                                   "player per game), JSON (whole games with their events) or "
                                   "BG Stats push plays and links. See docs/CLI.md.")
    _db_option(p)
    p.add_argument("--format", choices=("csv", "json", "bgstats", "bgsplay"), default="json",
                   help="what to write (default json); bgsplay: a BG Stats import file")
    p.add_argument("--location", metavar="NAME",
                   help="BG Stats: where the games were played (default $%s; none if unset)"
                        % bgstats.LOCATION_ENV)
    p.add_argument("--out", metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--game", metavar="ID|NAME",
                   help="only this game (%s), or every game of one kind (%s)"
                        % (played.ID_HELP, ", ".join(game_names())))
    p.add_argument("--all", action="store_true",
                   help="include games that are not over (marked by their status)")
    p.add_argument("--links", action="store_true",
                   help="with --format bgstats: only the createPlay links, one a line")
    _lang_option(p)
    p.set_defaults(run=run_export)
    p = sub.add_parser("report", help="the synced games as HTML pages with charts",
                       description="Write an overview of the library (running games, games "
                                   "over time, wins and averages per person and per game, "
                                   "Ludwig's record) with a page per game. See docs/CLI.md.")
    _db_option(p)
    p.add_argument("--out", metavar="DIR", default="lenotre-report",
                   help="folder for the pages and charts (default ./lenotre-report)")
    p.add_argument("--last", metavar="N", type=int, default=REPORT_LAST,
                   help="how many of the newest games the overview lists (default %d; all "
                        "are on the list pages)" % REPORT_LAST)
    p.add_argument("--game", metavar="NAME", choices=game_names(),
                   help="only the games of one kind (%s)" % ", ".join(game_names()))
    _lang_option(p)
    p.set_defaults(run=run_report)


def _lang_option(p):
    p.add_argument("--lang", metavar="CODE",
                   help="the language of what a person reads (%s; default: the locale's, "
                        "else en)" % ", ".join(lang.languages()))


def _speak(args):
    try:
        lang.use(lang.choose(getattr(args, "lang", None)))
    except lang.UnknownLanguage as exc:
        raise _usage(str(exc))


def _db_option(p):
    p.add_argument("--db", metavar="PATH", default=None,
                   help="the games database (default %s)" % db.default_path())


def _usage(message):
    return UsageError(message)


def _open(args):
    # Reading never creates a library (a mistyped path, a 0-byte file: db.NoLibrary), and a
    # damaged one is an error (db.LibraryDamaged): both reach the user through cli.main.
    return db.Library(args.db or db.default_path(), create=False)


def _load(args, include_unfinished):
    library = _open(args)
    kind = _kind(args)
    try:
        only = None
        if getattr(args, "game", None) and not kind:
            try:
                only = played.resolve(library, args.game)
            except played.GameIdError as exc:
                raise _usage(str(exc))
        # a big library takes seconds to replay: a bar on a terminal, as a sync has
        games, problems = played.load(library, only, include_unfinished,
                                      Progress(label=args.command, unit="games"))
    finally:
        library.close()
    for gid, message in problems:
        print("lenotre %s: skipped game %s: %s" % (args.command, gid, message), file=sys.stderr)
    if kind:
        games = [g for g in games if g.kind == kind]
    return games, problems


def _kind(args):
    # -> the kind of game --game names (versailles, ...), or None (none given, or a game ID)
    name = getattr(args, "game", None)
    return name if name in game_names() else None


def run_export(args):
    if args.links and args.format != "bgstats":
        raise _usage("--links goes with --format bgstats")
    _speak(args)
    if args.location is not None and args.format not in ("bgstats", "bgsplay"):
        raise _usage("--location goes with --format bgstats or bgsplay (CSV and JSON carry no "
                     "location)")
    _location(args)
    games, problems = _load(args, args.all)
    if args.game and not _kind(args) and games and not games[0].finished:
        g = games[0]
        if args.format in ("bgstats", "bgsplay"):
            raise _usage("game %s is not over (%s): BG Stats takes finished plays only"
                         % (g.id, g.where()))
        if not args.all:
            raise _usage("game %s is not over (%s, %s); add --all to export it anyway"
                         % (g.id, g.status, g.where()))
    if not games and not problems:
        print("lenotre export: no %sgames in the database" % ("" if args.all else "finished "),
              file=sys.stderr)
    if args.out:
        with safewrite.file(args.out) as out:  # whole, or nothing and one line
            _write(args, games, out)
        if args.format == "bgstats" and not args.links:
            # The file is for keeping; the links are for clicking now.
            export.write_links(games, sys.stdout, location=_location(args))
    else:
        _write(args, games, sys.stdout)
    return 1 if problems else 0


def _location(args):
    name = args.location if args.location is not None else os.environ.get(bgstats.LOCATION_ENV)
    name = (name or "").strip()
    if args.location is not None and not name:
        raise _usage("--location needs a name (leave it out for none)")
    return name or None


def _write(args, games, out):
    if args.links:
        export.write_links(games, out, location=_location(args))
    else:
        export.WRITERS[args.format](games, out, location=_location(args))


def run_report(args):
    last = args.last
    if last < 0:
        raise _usage("--last must be 0 or more, got %d" % last)
    _speak(args)
    games, problems = _load(args, True)
    if not games:
        print("lenotre report: no games in the database; nothing written", file=sys.stderr)
        return 1 if problems else 0
    from lenotre.library import report  # matplotlib loads only when charts are wanted
    # written beside the folder, then moved in: a full disk leaves the last report as it was
    with safewrite.folder(args.out) as fresh:
        written = report.write(games, fresh, last)
    written = [os.path.join(args.out, os.path.relpath(p, fresh)) for p in written]
    report.remove_stale(args.out, written)
    print("wrote %d files to %s; open %s" % (len(written), args.out, written[-1]))
    return 1 if problems else 0

"""`lenotre sync`, `games`, `show`, `replay`: the box's games into a SQLite library and back.

`sync` pulls every game (finished and running) over the USB serial link (docs/HOST.md) into
the library (`--db`, default under the user data dir); `games` lists the library, `show ID`
tells one game round by round, `replay ID` recomputes it with the rules core and flags every
difference from what the box recorded. See docs/CLI.md."""
import argparse
import sqlite3
import sys
import time

from lenotre.errors import CommandFailed, UsageError
from lenotre.games import UnknownGame
from lenotre.library import db, gameview, played
from lenotre.library.people import Roster
from lenotre.link.port import LinkError, NotABox, Port, find_port
from lenotre.link.repl import RawRepl
from lenotre.link.sync import sync
from lenotre.link.syncproto import LinkStopped, Proto
from lenotre.progress import Progress
from shared_rules.games import names as game_names

SERVE = "import link\nlink.serve()\n"


def add(sub):
    p = sub.add_parser("sync", help="copy every game from the box into the library",
                       description="Pull every game, finished and running, from the box over "
                                   "USB into the library; a second sync adds nothing, a cut "
                                   "cable loses nothing. See docs/CLI.md.")
    p.add_argument("--port", help="the box's serial port (default: the one Pico on USB)")
    _db_option(p)
    p.add_argument("--timeout", type=float, default=2.0, help=argparse.SUPPRESS)  # tests
    p.set_defaults(run=run_sync)
    p = sub.add_parser("games", help="list the games in the library",
                       description="List the synced games: row number, box:game id, players, "
                                   "state, winner. The row number is a short ID for show and "
                                   "replay.")
    p.add_argument("--game", metavar="NAME", choices=game_names(),
                   help="only the games of one kind (%s); the row numbers stay those of the "
                        "whole list" % ", ".join(game_names()))
    _db_option(p)
    p.set_defaults(run=run_games)
    p = sub.add_parser("crashes", help="list the crashes the boxes logged",
                       description="List the crashes the box's guard caught and logged (it "
                                   "restarted each time; no journal was lost), as synced by "
                                   "`lenotre sync`: the error, where in the firmware, and the "
                                   "game it happened in. See docs/CLI.md.")
    p.add_argument("--box", help="only this box (its id, or a unique start of it)")
    _db_option(p)
    p.set_defaults(run=run_crashes)
    for name, what, fn in (("show", "a game round by round: cards, Ludwig's draws, tiles, "
                                    "token changes, scores", run_show),
                           ("replay", "recompute a game with the rules core and flag every "
                                      "difference from what the box recorded (exit 1)",
                            run_replay)):
        p = sub.add_parser(name, help=what, description=what.capitalize() + ".")
        p.add_argument("id", metavar="ID", help=played.ID_HELP)
        _db_option(p)
        p.set_defaults(run=fn)


def _db_option(p):
    p.add_argument("--db", default=None,
                   help="the library's SQLite file (default: %s)" % db.default_path())


def _fail(message):
    raise UsageError(message)


def _library(args, must_exist=True):
    # Checked at every open (db.Library): a damaged library is an error, never read on.
    return db.Library(args.db or db.default_path(), create=not must_exist)


# ---- sync ----------------------------------------------------------------------------------

KEPT_ROSTER = ("a new library (%s): the box keeps its own roster of names; `lenotre players "
               "add NAME` makes the library's, which the next sync puts on the box")


def run_sync(args):
    # A library that is there is checked before the box is touched; a new one is made only
    # once a box answers on the port.
    why = db.unusable(args.db or db.default_path())
    if why:  # said before the box is touched: it stops its app while it syncs
        _error("sync", why)
    library = _library(args) if db.exists(args.db or db.default_path()) else None
    try:
        port = Port(find_port(args.port), timeout=args.timeout)
    except LinkError as exc:
        if library:
            library.close()
        _error("sync", exc)
    repl = RawRepl(port)
    started = time.monotonic()
    proto = Proto(port, timeout=args.timeout)
    hello = None
    try:
        repl.enter()  # stops the app: the box shows nothing while it syncs
        repl.soft_reset()  # serve() gets the whole heap, not what the app left of it
        repl.start(SERVE)  # serve() now answers the protocol on the same port
        hello = proto.hello()
        # only now, with a box that answered, is there anything to keep
        made = library is None
        if made:
            library = _library(args, must_exist=False)
        people = Roster(library)
        # a library that never had a roster (a new one) leaves the box's as it is: sending
        # its empty one would clear the names the box holds
        names = people.names() if people.ever() else None
        summary = sync(proto, library, Progress(), names, hello)
        proto.bye()
        repl.finish()
        seconds = time.monotonic() - started
    except LinkError as exc:
        if library is not None:
            library.close()
        if not isinstance(exc, NotABox):
            _give_back(repl, proto)
        port.close()
        hint = "" if hello is None or isinstance(exc, LinkStopped) else \
            "\nnothing stored is lost: run `lenotre sync` again to finish"
        _error("sync", "%s%s" % (exc, hint))
    except (db.DbError, sqlite3.DatabaseError) as exc:  # the library failed under the sync
        library.close()
        _give_back(repl, proto)  # the box goes back to its app; it keeps every game
        port.close()
        if isinstance(exc, sqlite3.DatabaseError):
            exc = db.failure(library.path, exc)
        if isinstance(exc, db.LibraryBusy) and library.stored:  # not "nothing was changed"
            n = len(library.stored)
            _error("sync", "the library %s took no more: SQLite says %s (a full disk?); what "
                   "this sync stored before it is kept (%d game%s, each up to a whole frame); "
                   "make room and run `lenotre sync` again to finish"
                   % (library.path, exc.sqlite, n, "" if n == 1 else "s"))
        _error("sync", exc)
    repl.restart_app()
    port.close()
    library.close()
    for note in summary.notes:
        print("the box says: %s" % note, file=sys.stderr)
    if made and names is None:  # where the box's names would have gone before
        print(KEPT_ROSTER % library.path)
    for line in summary.lines(seconds, proto.resent):
        print(line)
    for note in summary.superseded:
        print("lenotre sync: %s" % note, file=sys.stderr)
    for problem in summary.problems:
        print("lenotre sync: %s" % problem, file=sys.stderr)
    return 1 if summary.problems else 0


def _give_back(repl, proto):
    # After a failed sync the box must not stay in the raw REPL: end serve() if it still
    # runs, then restart the app. A box that is gone is fine.
    try:
        proto.send("BYE")  # serve() returns; the raw REPL ends the run with \x04 \x04 >
        try:
            repl.port.read_until(b"\x04>", 1.0)
        except LinkError:
            pass
        repl.port.write(b"\r\x03")  # Ctrl-C: a serve() that did not hear BYE is interrupted
        repl.port.drain()
    except LinkError:
        return
    repl.restart_app()


def _error(command, exc):
    # cli.main prints it, as every command's error
    raise CommandFailed(str(exc)) from None


# ---- games, show, replay -------------------------------------------------------------------

def run_games(args):
    library = _library(args)
    rows = library.games()
    if not rows:
        print("no games yet: `lenotre sync` copies them from the box")
        return 0
    width = max(len(_gid(d, g)) for d, g, *_ in rows)
    roster = Roster(library)
    kinds = library.kinds()
    print("%3s  %-*s  %-13s  %-44s  %-22s  %s"
          % ("#", width, "game", "kind", "players", "state", "winner"))
    for n, (device, gid, _finished, _synced_at, _count) in enumerate(rows, 1):
        kind = kinds.get((device, gid))
        if args.game and kind != args.game:
            continue  # the row numbers are the whole list's: show and replay take them
        players, state, result = gameview.summary(library.events(device, gid),
                                                  lambda name: roster.resolve(name)[0])
        print("%3d  %-*s  %-13s  %-44s  %-22s  %s"
              % (n, width, _gid(device, gid), (kind or "?").capitalize(), players, state,
                 result))
    return 0


def _gid(device, gid):
    return "%s:%d" % (device, gid)


def resolve(library, text):
    try:
        return played.resolve(library, text)
    except played.GameIdError as exc:
        _fail(str(exc))


def run_show(args):
    library = _library(args)
    device, gid = resolve(library, args.id)
    try:
        lines = gameview.show(library.events(device, gid), "Game " + _gid(device, gid))
    except UnknownGame as exc:
        _fail("cannot show game %s: %s" % (_gid(device, gid), exc))
    lines[2:2] = when_and_who(library, device, gid)  # after the title and the players
    for line in lines:
        print(line)
    crashes = library.crashes(device, gid)
    if crashes:
        print("The box crashed %d time%s during this game (it restarted; no event was lost):"
              % (len(crashes), "" if len(crashes) == 1 else "s"))
        for line in crash_lines(crashes, with_box=False):
            print("  " + line)
    return 0


def when_and_who(library, device, gid):
    # -> the lines that say when the game was played and by whom (none for a game that does
    # not replay: show tells what is wrong with it)
    from lenotre.library import played
    games, _ = played.load(library, (device, gid), True)
    if not games:
        return []
    g, out = games[0], []

    def at(t):
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(t))
    if g.started is not None and g.ended is not None:
        end = at(g.ended)
        if end[:10] == at(g.started)[:10]:
            end = end[11:]
        out.append("played %s to %s UTC (%d min)" % (at(g.started), end, g.duration_min))
    elif g.started is not None:
        out.append("started %s UTC" % at(g.started))
    elif g.ended is not None:
        out.append("ended %s UTC" % at(g.ended))
    elif g.when is not None:
        out.append("%s (the box's clock was not set: the games before and after it on the "
                   "box, and its first sync, tell)" % g.bounds_text())
    if [1 for p in g.people if p]:
        out.append("people: " + "; ".join(
            "%s: %s" % (colour, g.people[p] or "a guest") for p, colour in enumerate(g.players)))
    return out


def run_crashes(args):
    library = _library(args)
    device = None
    if args.box:
        boxes = sorted({d for d, *_ in library.crashes()} | {d for d, *_ in library.games()})
        matches = [b for b in boxes if b.startswith(args.box)]
        if len(matches) != 1:
            _fail("%r matches %d boxes in the library (%s)" % (args.box, len(matches),
                                                               ", ".join(boxes) or "none"))
        device = matches[0]
    rows = library.crashes(device)
    if not rows:
        print("no crashes: the guard of %s logged none (as of the last sync)"
              % ("box " + device if device else "any box"))
        return 0
    print("%d crash%s, oldest first (each time the box showed the error and restarted; "
          "no journal was lost):" % (len(rows), "" if len(rows) == 1 else "es"))
    for line in crash_lines(rows, with_box=True):
        print(line)
    return 0


def crash_lines(rows, with_box):
    # Two lines a crash: what and in which game, then where in the firmware
    out = []
    for device, n, err, tb, gid, events, boot, _ms, synced_at in rows:
        game = ("during game %s (after its event %s)" % (_gid(device, gid), events)
                if gid is not None else "with no game open")
        out.append("%s %s%s: %s" % ("crash" if not with_box else device + " crash", n,
                                    " at boot" if boot else "", err))
        out.append("    %s; at %s; synced %s" % (game, tb.replace("|", " < ") if tb else "?",
                                                 synced_at))
    return out


def run_replay(args):
    library = _library(args)
    device, gid = resolve(library, args.id)
    events = library.events(device, gid)
    name = _gid(device, gid)
    try:
        adapter, game, diffs = gameview.replay(events)
    except UnknownGame as exc:
        _fail("cannot replay game %s: %s" % (name, exc))
    known = game is not None and game.events
    print("%s: %d events, %s replayed with the rules core; %s"
          % (name, len(events), adapter.replayed(game) if known else "nothing",
             adapter.where(game) if known else "no events"))
    for d in diffs:
        print(d)
    if diffs:
        print("%d difference%s from what the box recorded" % (len(diffs),
                                                             "" if len(diffs) == 1 else "s"))
        return 1
    print("no difference: the rules core agrees with every recorded event%s"
          % (" and every %s draw" % adapter.bot(game) if known and adapter.bot(game)
             else ""))
    return 0

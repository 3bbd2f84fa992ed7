"""`lenotre library check|repair` over library/librepair.py. The user's text is DESCRIPTION."""
import argparse
import os

from lenotre.library import db, librepair


DESCRIPTION = """\
Check the library of synced games, or repair a damaged one.

Every command already checks the library quickly when it opens it. `check` looks at
everything: the file itself, every game's record as the box wrote it, and every stored event
against it. `repair` keeps a copy of the damaged file, then rebuilds the library from what
can still be read; run `lenotre sync` afterwards to copy again what the box still holds."""

def add(sub):
    p = sub.add_parser("library", help="check the library, or repair a damaged one",
                       description=DESCRIPTION,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("action", choices=("check", "repair"),
                   help="check: look at everything, say what is wrong (exit 1); repair: keep "
                        "a copy of the file and rebuild the library from what can be read")
    p.add_argument("--db", default=None,
                   help="the library's SQLite file (default: %s)" % db.default_path())
    p.set_defaults(run=run)


def run(args):
    path = args.db or db.default_path()
    if args.action == "repair":
        return _repair(path)
    problems = librepair.check(path)  # NoLibrary, LibraryDamaged: cli.main says them
    if problems:
        for problem in problems:
            print("lenotre library: %s" % problem)
        print("the library %s is damaged: `lenotre library repair` keeps a copy of it and "
              "rebuilds what it can; then `lenotre sync` restores the games still on the box"
              % path)
        return 1
    lib = db.Library(path, create=False)
    try:
        games = len(lib.games())
        version = lib.version()
    finally:
        lib.close()
    print("the library %s is sound: %d game%s, schema version %d"
          % (path, games, "" if games == 1 else "s", version))
    return 0


def _repair(path):
    if not db.exists(path):
        raise db.NoLibrary(path)
    for line in librepair.repair(path).lines(path):
        print(line)
    kept = [path + ".before-sync-%d" % n for n in range(1, db.BACKUPS + 1)
            if os.path.exists(path + ".before-sync-%d" % n)]
    if kept:  # what a game the repair could not read may still be in
        print("copies of the library from before the last syncs (newest first): %s"
              % ", ".join(kept))
    return 0

"""`lenotre`: the desktop side of Le Nôtre. Each command lives in a module with `add(sub)`."""
import argparse
import sqlite3
import sys

from shared_rules.errors import RulesError

from lenotre.commands import export as export_cmd, flash as flash_cmd, library as library_cmd
from lenotre.commands import rules as rules_cmd, sim as sim_cmd, simulate as simulate_cmd
from lenotre.commands import sync as sync_cmd, test as test_cmd
from lenotre.library import db, people

COMMANDS = (rules_cmd, sim_cmd, simulate_cmd, export_cmd, flash_cmd, sync_cmd, library_cmd,
            test_cmd, people)


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


def build_parser():
    parser = argparse.ArgumentParser(prog="lenotre", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.add(sub)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        return args.run(args) or 0
    except (UsageError, RulesError, db.NoLibrary) as exc:
        print("lenotre %s: error: %s" % (args.command, exc), file=sys.stderr)
        return 2
    except db.DbError as exc:  # a damaged library, a newer one: what is wrong, what to do
        print("lenotre %s: error: %s" % (args.command, exc), file=sys.stderr)
        return 1
    except sqlite3.DatabaseError as exc:  # damage the check at the open did not see, a lock
        path = getattr(args, "db", None) or db.default_path()
        print("lenotre %s: error: %s" % (args.command, db.failure(path, exc)), file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())

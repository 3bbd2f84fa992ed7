"""`lenotre`: the desktop side of Le Nôtre. Each command is a module of lenotre.commands (and
lenotre.library.people) with `add(sub)` and `run(args)`; errors are printed here, once."""
import argparse
import sqlite3
import sys
from importlib import metadata

from shared_rules.errors import RulesError

from lenotre.commands import export as export_cmd, flash as flash_cmd, image as image_cmd
from lenotre.commands import library as library_cmd
from lenotre.commands import areas as areas_cmd, score as score_cmd, sim as sim_cmd
from lenotre.commands import simulate as simulate_cmd
from lenotre.commands import sync as sync_cmd, test as test_cmd
from lenotre import lang
from lenotre.errors import FAILED, INTERRUPTED, OK, USAGE, CommandFailed, UsageError
from lenotre.library import db, people

COMMANDS = (areas_cmd, score_cmd, sim_cmd, simulate_cmd, export_cmd, flash_cmd, image_cmd,
            sync_cmd, library_cmd, test_cmd, people)

DESCRIPTION = """\
Le Nôtre keeps score of garden board games on a small box (a Raspberry Pi Pico with five
buttons, a screen and lights). This tool puts the firmware on the box, copies its games into
a library on this computer, shows, replays, exports and reports them, and runs the box on
the desktop (a simulator and a virtual Pico)."""

EPILOG = """\
exit status: 0 done; 1 the command could not do its job (no box, a lost cable, a damaged
library, a failed flash or tests) or found problems it lists; 2 bad input (an argument, a
file, a name: nothing was changed); 130 interrupted (Ctrl-C). Run `lenotre COMMAND --help`
for a command's options; docs/CLI.md has them all."""


def version():
    try:
        return metadata.version("lenotre")
    except metadata.PackageNotFoundError:  # run from a checkout without `pip install -e .`
        from lenotre import __version__
        return __version__


def build_parser():
    parser = argparse.ArgumentParser(prog="lenotre", description=DESCRIPTION, epilog=EPILOG,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version="lenotre " + version())
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for module in COMMANDS:
        module.add(sub)
    return parser


def main(argv=None):
    # -> the exit status (lenotre.errors); every error is printed here, one line (or the
    # box's traceback) after "lenotre COMMAND: error: "
    args = build_parser().parse_args(argv)  # argparse itself exits 2 on a bad argument
    try:
        return args.run(args) or OK
    except (UsageError, RulesError, db.NoLibrary) as exc:
        return _error(args, exc, USAGE)
    except (CommandFailed, db.DbError) as exc:  # DbError: a damaged library, a newer one
        return _error(args, exc, FAILED)
    except sqlite3.DatabaseError as exc:  # damage the check at the open did not see, a lock
        return _error(args, db.failure(getattr(args, "db", None) or db.default_path(), exc),
                      FAILED)
    except KeyboardInterrupt:
        return _error(args, "interrupted", INTERRUPTED)
    except BrokenPipeError:  # `lenotre games | head`
        return OK
    except OSError as exc:  # a file-system error no command foresaw: its line, no traceback
        where = " (%s)" % exc.filename if getattr(exc, "filename", None) else ""
        return _error(args, "%s%s" % (exc.strerror or exc, where), FAILED)
    finally:
        lang.use(lang.ENGLISH)  # a command that speaks another (--lang) speaks it only itself


def _error(args, what, status):
    print("lenotre %s: error: %s" % (args.command, what), file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())

"""The two kinds of error a command reports, and the exit status of each (docs/CLI.md, "Exit
status"). Commands raise them; lenotre.cli.main prints `lenotre COMMAND: error: MESSAGE` on
stderr, once, and exits with the status. Commands import this module, never lenotre.cli (which
imports every command)."""

OK = 0
FAILED = 1  # the command could not do its job: no box, a lost cable, a damaged library ...
USAGE = 2  # bad input (arguments, a file, a name): nothing was changed; the message says why
INTERRUPTED = 130  # Ctrl-C, as a shell reports SIGINT


class UsageError(Exception):
    """Bad input from the user: the message says what was wrong and what is allowed."""


class CommandFailed(Exception):
    """The command could not finish: the message says what happened and what to do."""

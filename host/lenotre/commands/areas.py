"""`lenotre areas`: a Versailles garden's largest areas from its placed tiles (docs/CLI.md,
"lenotre areas"). One game's command: the garden is Versailles's, its reading lives in that
game's rooms (GARDEN names the module)."""
import importlib

from lenotre.jsonfile import emit, load

GARDEN = "lenotre.games.versailles_sheets"  # its areas(data) -> the JSON to print


def add(sub):
    p = sub.add_parser(
        "areas", help="Versailles: the largest area of each type in a garden of placed tiles",
        description="Die Gärten von Versailles: read {\"tiles\": [{\"x\", \"y\", \"fields\"}, "
                    "...]} (FILE or - for stdin) and print the largest connected area of each "
                    "garden type and of the construction site as JSON. See docs/CLI.md.")
    p.add_argument("file", metavar="FILE", help="the JSON input, or - to read stdin")
    p.set_defaults(run=run)


def run(args):
    emit(importlib.import_module(GARDEN).areas(load(args.file)))

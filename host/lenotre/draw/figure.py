"""The report's PNG charts, drawn with matplotlib: no display needed, players' names as plain
text, and byte-for-byte the same files for the same games (fixed size and dpi; no creation
time or software name in the PNG metadata)."""
import matplotlib

matplotlib.use("Agg")  # before anything draws: a report needs no display

DPI = 100


def plain_text(draw):
    # Player names are text, never TeX: "$x_$" must not be parsed as mathtext (an error).
    def drawn(*args):
        with matplotlib.rc_context({"text.parse_math": False}):
            return draw(*args)
    drawn.__name__ = draw.__name__
    drawn.__doc__ = draw.__doc__
    return drawn


def save(fig, path):
    # No "Software" chunk (it names the matplotlib version): same games, same bytes.
    fig.savefig(path, dpi=DPI, metadata={"Software": None})
    return path

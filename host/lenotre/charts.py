"""The report's three charts, drawn with matplotlib (Agg, no display) from replayed games.

Each function draws one figure and saves it as a PNG. The files are byte-for-byte the same for
the same games: fixed size and dpi, no creation time or software name in the PNG metadata.
What each chart shows, and why, is in docs/CLI.md (`lenotre report`)."""
import importlib.util
import os

import matplotlib

matplotlib.use("Agg")  # before anything draws: a report needs no display

from matplotlib.colors import to_rgb  # noqa: E402  (after choosing the backend)
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.patches import Patch  # noqa: E402

from shared_rules.versailles.game import LUDWIG, ROUNDS, STAGES  # noqa: E402
from shared_rules.versailles.scoring import NOBODY  # noqa: E402
from shared_rules.versailles.tiles import TYPES  # noqa: E402

SIZE = (9, 4.8)  # inches
DPI = 100
TOKEN_POINTS = {1: 3, 2: 5}  # a large token's worth at the stage's scoring (RULES.md R14/R15)
# For names outside the box's palette (games recorded by other means): distinct, dark enough
# for white paper, none of them one of the palette's colours.
FALLBACK = ("#1f3b99", "#8c564b", "#2c6e2c", "#a01818", "#808000")
NOBODY_COLOUR = "#eeeeee"


def _firmware_colours():
    # The players' colours are their names at the table; the box's palette is the one source
    # (firmware/app/colors.py, plain Python), loaded by path so app/__init__ stays out.
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    spec = importlib.util.spec_from_file_location(
        "lenotre_palette", os.path.join(root, "firmware", "app", "colors.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.PALETTE), module.LUDWIG


PALETTE, LUDWIG_RGB = _firmware_colours()


def colour(name, seat):
    if name == LUDWIG:
        return tuple(c / 255 for c in LUDWIG_RGB)
    rgb = PALETTE.get(name)
    if rgb is None:
        return FALLBACK[seat % len(FALLBACK)]
    return tuple(c / 255 for c in rgb)


def _plain_text(draw):
    # Player names are text, never TeX: "$x_$" must not be parsed as mathtext (an error).
    def drawn(*args):
        with matplotlib.rc_context({"text.parse_math": False}):
            return draw(*args)
    drawn.__name__ = draw.__name__
    drawn.__doc__ = draw.__doc__
    return drawn


def _save(fig, path):
    # No "Software" chunk (it names the matplotlib version): same games, same bytes.
    fig.savefig(path, dpi=DPI, metadata={"Software": None})
    return path


def _title(played):
    names = ", ".join(played.players) + (" + Ludwig" if played.ludwig else "")
    state = "" if played.finished else " (%s, %s)" % (played.status, played.where())
    return "Game %s: %s%s" % (played.id, names, state)


def running_scores(played):
    # Per round played: each player's points as far as the journal knows them. At a stage's
    # scoring the real score; between scorings the points already banked plus the large
    # tokens held times their worth at the coming scoring. Areas are only reported at a
    # scoring, so their points cannot be shown before it.
    series = [[] for _ in played.players]
    for r, (holders, banked) in enumerate(played.by_round(), 1):
        stage = 1 if r <= ROUNDS else 2
        for p in range(len(played.players)):
            points = sum(stage_totals[p] for stage_totals in banked)
            if len(banked) < stage:  # this stage not scored yet
                points += TOKEN_POINTS[stage] * holders.count(p)
            series[p].append(points)
    return series


def _spread(values, gap):
    # -> [(index, label height)]: the values in ascending order, each label at least `gap`
    # above the one below it.
    placed = []
    floor = None
    for i in sorted(range(len(values)), key=lambda i: (values[i], i)):
        y = values[i] if floor is None else max(values[i], floor + gap)
        placed.append((i, y))
        floor = y
    return placed


def _ink(fill):
    # Black text on light cells, white on dark ones.
    r, g, b = to_rgb(fill)
    return "black" if 0.299 * r + 0.587 * g + 0.114 * b > 0.45 else "white"


@_plain_text
def score_chart(played, path):
    fig = Figure(figsize=SIZE)
    ax = fig.add_subplot()
    series = running_scores(played)
    last = len(series[0])
    top = max(max(ys) for ys in series) or 1
    for p, name in enumerate(played.players):
        ys = series[p]
        xs = list(range(1, len(ys) + 1))
        c = colour(name, p)
        ax.plot(xs, ys, color=c, linewidth=2.5, marker="o", markersize=5,
                markeredgecolor="black", markeredgewidth=0.6, label=name)
        for s in range(len(played.game.scores)):
            r = (s + 1) * ROUNDS
            ax.plot([r], [ys[r - 1]], marker="D", markersize=9, color=c,
                    markeredgecolor="black")
    highest = top
    for s in range(len(played.game.scores)):
        # The scores written beside each scoring, nudged apart so that none hides another.
        r = (s + 1) * ROUNDS
        values = [series[p][r - 1] for p in range(len(played.players))]
        left = r < ROUNDS * STAGES  # stage 1's labels go left: the lines carry on right
        for p, y in _spread(values, top * 0.06):
            highest = max(highest, y)
            ax.text(r - 0.3 if left else r + 0.3, y, "%s %d" % (played.players[p], values[p]),
                    va="center", ha="right" if left else "left", fontsize=8,
                    bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.8, "pad": 1})
    ax.axvline(ROUNDS + 0.5, color="grey", linestyle=":", linewidth=1)
    ax.set_xlim(0.5, ROUNDS * STAGES + 2.5)
    ax.set_xticks(range(1, ROUNDS * STAGES + 1))
    ax.set_xlabel("round (1-7: stage 1, 8-14: stage 2)   ◆ = a scoring")
    ax.set_ylabel("points")
    ax.set_ylim(0, highest + top * 0.08)
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="upper left", frameon=False)
    ax.set_title(_title(played), fontsize=11)
    fig.text(0.01, 0.01, "between scorings: points banked + large tokens held x %d (stage 1) "
             "or x %d (stage 2); areas count only at a scoring. %d rounds played."
             % (TOKEN_POINTS[1], TOKEN_POINTS[2], last), fontsize=8, color="dimgrey")
    fig.subplots_adjust(left=0.08, right=0.97, top=0.9, bottom=0.18)
    return _save(fig, path)


@_plain_text
def token_chart(played, path):
    # One row per token type; each round's cell in the colour of who held the token at its
    # end, with the holder's name wherever the token changed hands.
    fig = Figure(figsize=SIZE)
    ax = fig.add_subplot()
    rounds = played.by_round()
    for t, type_name in enumerate(TYPES):
        row = len(TYPES) - 1 - t  # green on top, in the box's token order
        before = NOBODY
        for r, (holders, _) in enumerate(rounds, 1):
            h = holders[t]
            fill = NOBODY_COLOUR if h == NOBODY else colour(played.players[h], h)
            ax.broken_barh([(r - 0.5, 1)], (row - 0.4, 0.8), facecolors=fill,
                           edgecolors="white", linewidth=1)
            if h != before and h != NOBODY:
                ax.text(r - 0.4, row, played.players[h], va="center", ha="left", fontsize=8,
                        color=_ink(fill), clip_on=True)
            before = h
    ax.axvline(ROUNDS + 0.5, color="black", linestyle=":", linewidth=1)
    ax.set_yticks(range(len(TYPES)))
    ax.set_yticklabels(["%s token" % name for name in reversed(TYPES)])
    ax.set_xlim(0.5, ROUNDS * STAGES + 0.5)
    ax.set_xticks(range(1, ROUNDS * STAGES + 1))
    ax.set_xlabel("round (the holder at the end of each round; stage 1 is scored after 7)")
    handles = [Patch(facecolor=colour(n, p), edgecolor="black", label=n)
               for p, n in enumerate(played.players)]
    handles.append(Patch(facecolor=NOBODY_COLOUR, edgecolor="black", label="nobody"))
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.16),
              ncol=len(handles), frameon=False, fontsize=9)
    ax.set_title("Majority tokens - " + _title(played), fontsize=11)
    fig.subplots_adjust(left=0.14, right=0.98, top=0.9, bottom=0.25)
    return _save(fig, path)


def ludwig_stats(played):
    # -> (per player: rounds in which Ludwig's card was lower than theirs, rounds in which he
    # took the first tile of the group, rounds played)
    positions = played.ludwig_positions()
    beat = [sum(1 for _, ahead in positions if ahead[p]) for p in range(len(played.players))]
    first = sum(1 for place, _ in positions if place == 0)
    return beat, first, len(positions)


@_plain_text
def ludwig_chart(games, path):
    # Across 2-player games: top, each player's total (the winner's bar outlined); bottom, in
    # how many rounds Ludwig's card was lower than that player's, so he chose a tile first
    # and threw it away: how much he got in their way.
    fig = Figure(figsize=(9, 6.4))
    top, bottom = fig.subplots(2, 1, sharex=True)
    width = 0.36
    labels = []
    firsts = []
    for i, g in enumerate(games):
        labels.append("%s\n%s" % (g.id, " v ".join(g.players)))
        beat, first, played_rounds = ludwig_stats(g)
        firsts.append(first)
        winners = g.winners()
        for p, name in enumerate(g.players):
            x = i + (p - 0.5) * width
            c = colour(name, p)
            won = name in winners
            top.bar(x, g.totals()[p], width, color=c, edgecolor="black",
                    linewidth=2.2 if won else 0.5)
            if won:
                top.text(x, g.totals()[p], "won", ha="center", va="bottom", fontsize=8)
            bottom.bar(x, beat[p], width, color=c, edgecolor="black", linewidth=0.5)
    bottom.plot(range(len(games)), firsts, color="black", marker="v", linestyle="none",
                markersize=8, label="rounds Ludwig took the first tile (lowest card)")
    top.set_ylabel("final points")
    top.set_ylim(0, max([max(g.totals()) for g in games] + [1]) * 1.15)
    top.set_title("The players against Ludwig: %d two-player game%s"
                  % (len(games), "" if len(games) == 1 else "s"), fontsize=11)
    bottom.set_ylabel("rounds Ludwig chose\nbefore this player")
    bottom.set_ylim(0, ROUNDS * STAGES)
    bottom.legend(loc="upper right", frameon=False, fontsize=8)
    bottom.set_xticks(range(len(games)))
    bottom.set_xticklabels(labels, fontsize=8)
    for ax in (top, bottom):
        ax.grid(axis="y", alpha=0.3)
        ax.set_xlim(-0.6, len(games) - 0.4)
    fig.subplots_adjust(left=0.1, right=0.98, top=0.93, bottom=0.16, hspace=0.12)
    return _save(fig, path)

"""The report's overview charts, drawn with matplotlib (Agg, no display) from replayed games:
games over time and the players against Ludwig. (A game's own charts are SVG: gamesvg.py.)

Each function draws one figure and saves it as a PNG. The files are byte-for-byte the same for
the same games: fixed size and dpi, no creation time or software name in the PNG metadata.
What each chart shows, and why, is in docs/CLI.md (`lenotre report`)."""

import matplotlib

matplotlib.use("Agg")  # before anything draws: a report needs no display

from matplotlib.figure import Figure  # noqa: E402  (after choosing the backend)

from lenotre.games.versailles import ludwig_stats  # noqa: E402
from shared_rules import palette  # noqa: E402
from shared_rules.versailles.game import LUDWIG, ROUNDS, STAGES  # noqa: E402

DPI = 100
# For names outside the box's palette (games recorded by other means): distinct, dark enough
# for white paper, none of them one of the palette's colours.
FALLBACK = ("#1f3b99", "#8c564b", "#2c6e2c", "#a01818", "#808000")
NOBODY_COLOUR = "#eeeeee"


# The players' colours are their names at the table: the box's palette is the one source.
PALETTE = dict(palette.PALETTE)
LUDWIG_RGB = palette.LUDWIG


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


@_plain_text
def ludwig_chart(games, path, names):
    # names: {(device, gid): the game's readable id}
    # Across 2-player games: top, each player's total (the winner's bar outlined); bottom, in
    # how many rounds Ludwig's card was lower than that player's, so he chose a tile first
    # and threw it away: how much he got in their way.
    fig = Figure(figsize=(9, 6.4))
    top, bottom = fig.subplots(2, 1, sharex=True)
    width = 0.36
    labels = []
    firsts = []
    for i, g in enumerate(games):
        labels.append("\n".join([names[g.device, g.gid]] + [
            g.person_name(p)[:10] for p in range(len(g.players))]))
        beat, first, _ = ludwig_stats(g)
        firsts.append(first)
        winners = g.game.outcome.winners
        for p, name in enumerate(g.players):
            x = i + (p - 0.5) * width
            c = colour(name, p)
            won = p in winners
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
    fig.subplots_adjust(left=0.1, right=0.98, top=0.93, bottom=0.18, hspace=0.12)
    return _save(fig, path)


SHARED = "shared victory"
OTHERS = "others"
WINNER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2",
                  "#17becf")  # the people who won most, in order; then "others"


def _winner(g):
    winners = g.game.outcome.winners
    return SHARED if len(winners) > 1 else g.person_name(winners[0])


@_plain_text
def over_time_chart(period, bins, path):
    # bins: [(label, [finished games])] oldest first (stats.over_time). Top: games per
    # period, each bar split by who won (the most frequent winners by name, the rest as
    # "others"; a shared victory apart). Bottom: the average winning total and the average
    # total of every seat, per period with games.
    fig = Figure(figsize=(9, 5.6))
    top, bottom = fig.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    counts = {}
    for _, games in bins:
        for g in games:
            counts[_winner(g)] = counts.get(_winner(g), 0) + 1
    named = sorted((w for w in counts if w != SHARED), key=lambda w: (-counts[w], w))
    others = len(named) > len(WINNER_COLOURS)
    named = named[:len(WINNER_COLOURS)]
    order = named + [OTHERS] * others + [SHARED] * (SHARED in counts)
    # A person called by a seat's colour (no roster name) is drawn in that colour.
    spare = iter(c for c in WINNER_COLOURS)
    colours = {w: colour(w, 0) if w in PALETTE else next(spare) for w in named}
    colours.update({OTHERS: "#bbbbbb", SHARED: "#ffffff"})
    xs = range(len(bins))
    base = [0] * len(bins)
    for who in order:
        heights = []
        for _, games in bins:
            keys = [_winner(g) if _winner(g) in named or _winner(g) == SHARED else OTHERS
                    for g in games]
            heights.append(keys.count(who))
        top.bar(xs, heights, 0.8, bottom=base, color=colours[who], edgecolor="black",
                linewidth=0.5, hatch="//" if who == SHARED else None,
                label="%s (%d)" % (who, sum(heights)))
        base = [b + h for b, h in zip(base, heights)]
    top.set_ylabel("games won, per %s" % period)
    top.set_ylim(0, max(base + [1]) * 1.12)
    top.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=8,
               title="winner (games)", title_fontsize=8)
    total = sum(len(games) for _, games in bins)
    top.set_title("%d finished game%s, per %s" % (total, "" if total == 1 else "s", period),
                  fontsize=11)
    wx, win, avg = [], [], []
    for i, (_, games) in enumerate(bins):
        if games:
            wx.append(i)
            win.append(sum(max(g.totals()) for g in games) / len(games))
            seats = [t for g in games for t in g.totals()]
            avg.append(sum(seats) / len(seats))
    bottom.plot(wx, win, color="black", marker="o", markersize=4, label="winning total")
    bottom.plot(wx, avg, color="grey", marker="o", markersize=4, linestyle="--",
                label="every player's total")
    bottom.set_ylabel("average points")
    bottom.set_ylim(0, max(win + [1]) * 1.2)
    bottom.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=8)
    every = max(1, len(bins) // 20)  # at most about 20 labels
    bottom.set_xticks([i for i in xs if i % every == 0])
    bottom.set_xticklabels([bins[i][0] for i in xs if i % every == 0], rotation=60,
                           fontsize=8, ha="right")
    for ax in (top, bottom):
        ax.grid(axis="y", alpha=0.3)
        ax.set_xlim(-0.6, len(bins) - 0.4)
    fig.subplots_adjust(left=0.08, right=0.78, top=0.94, bottom=0.17, hspace=0.08)
    return _save(fig, path)

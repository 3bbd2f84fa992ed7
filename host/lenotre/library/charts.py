"""The report's overview chart, drawn with matplotlib from replayed games: games over time,
who won them and with how many points. (What a kind of game adds to the overview is its
adapter's: lenotre/games/.)

What the chart shows, and why, is in docs/CLI.md (`lenotre report`)."""
from matplotlib.figure import Figure

from lenotre.draw import figure
from lenotre.draw.colours import colour, is_colour
from lenotre.lang import _

SHARED = "shared victory"  # (a key; drawn in the language in use)
OTHERS = "others"
WINNER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2",
                  "#17becf")  # the people who won most, in order; then "others"


def _winner(g):
    winners = g.game.outcome.winners
    return SHARED if len(winners) > 1 else g.person_name(winners[0])


@figure.plain_text
def over_time_chart(period, bins, path):
    # bins: [(label, [finished games])] oldest first (stats.over_time). Top: games per
    # period, each bar split by who won (the most frequent winners by name, the rest as
    # "others"; a shared victory apart). Bottom: the average winning total and the average
    # total of every seat, per period with games.
    fig = Figure(figsize=(9, 5.6))
    top, bottom = fig.subplots(2, 1, sharex=True, gridspec_kw={"height_ratios": [3, 2]})
    counts = {}
    for _label, games in bins:
        for g in games:
            counts[_winner(g)] = counts.get(_winner(g), 0) + 1
    named = sorted((w for w in counts if w != SHARED), key=lambda w: (-counts[w], w))
    others = len(named) > len(WINNER_COLOURS)
    named = named[:len(WINNER_COLOURS)]
    order = named + [OTHERS] * others + [SHARED] * (SHARED in counts)
    # A person called by a seat's colour (no roster name) is drawn in that colour.
    spare = iter(c for c in WINNER_COLOURS)
    colours = {w: colour(w, 0) if is_colour(w) else next(spare) for w in named}
    colours.update({OTHERS: "#bbbbbb", SHARED: "#ffffff"})
    xs = range(len(bins))
    base = [0] * len(bins)
    for who in order:
        heights = []
        for _label, games in bins:
            keys = [_winner(g) if _winner(g) in named or _winner(g) == SHARED else OTHERS
                    for g in games]
            heights.append(keys.count(who))
        top.bar(xs, heights, 0.8, bottom=base, color=colours[who], edgecolor="black",
                linewidth=0.5, hatch="//" if who == SHARED else None,
                label="%s (%d)" % (_(who), sum(heights)))
        base = [b + h for b, h in zip(base, heights)]
    top.set_ylabel(_("games won, per %s") % _(period))
    top.set_ylim(0, max(base + [1]) * 1.12)
    top.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False, fontsize=8,
               title=_("winner (games)"), title_fontsize=8)
    total = sum(len(games) for _label, games in bins)
    top.set_title((_("1 finished game, per %s") % _(period) if total == 1 else
                   _("%d finished games, per %s") % (total, _(period))), fontsize=11)
    wx, win, avg = [], [], []
    for i, (_label, games) in enumerate(bins):
        if games:
            wx.append(i)
            win.append(sum(max(g.totals()) for g in games) / len(games))
            seats = [t for g in games for t in g.totals()]
            avg.append(sum(seats) / len(seats))
    bottom.plot(wx, win, color="black", marker="o", markersize=4, label=_("winning total"))
    bottom.plot(wx, avg, color="grey", marker="o", markersize=4, linestyle="--",
                label=_("every player's total"))
    bottom.set_ylabel(_("average points"))
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
    return figure.save(fig, path)

"""A Versailles game's charts in `lenotre report`: on its page, the known points by round and
who held each majority token, as inline SVG; on the overview, the players against Ludwig, a PNG.

The SVG is drawn by hand rather than with matplotlib: a library of 1,300 games gets a page each
in seconds, the text stays text (searchable, sharp at any zoom), and the same game gives the
same bytes. What each chart shows, and why, is in docs/CLI.md (`lenotre report`)."""
from matplotlib.colors import to_rgb
from matplotlib.figure import Figure

from lenotre.draw import figure
from lenotre.draw.colours import colour, seat_colour
from lenotre.draw.svg import FONT, e, nice_top, seat, spread
from lenotre.lang import _
from lenotre.games import versailles as V
from shared_rules.versailles.game import ROUNDS, STAGES
from shared_rules.versailles.scoring import NOBODY
from shared_rules.versailles.tiles import TYPES

LAST = ROUNDS * STAGES
NOBODY_COLOUR = "#eeeeee"  # a token's cell in a round nobody held it


def ink(fill):
    # Black text on light cells, white on dark ones.
    r, gr, b = to_rgb(fill)
    return "black" if 0.299 * r + 0.587 * gr + 0.114 * b > 0.45 else "white"


def score_svg(g, width=760, height=300):
    # Steps of known points: flat while a stage is played, up at its scoring.
    steps = V.known_points(g)
    n = len(g.players)
    left, right, top, bottom = 48, 150, 16, 44
    pw, ph = width - left - right, height - top - bottom
    ymax, ystep = nice_top(max(max(s) for s in steps) or 1)

    def x(r):
        return left + pw * r / LAST

    def y(v):
        return top + ph * (1 - v / ymax)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="%s" %s>'
           % (width, height, width, height, e(_("known points by round")), FONT)]
    for v in range(0, ymax + 1, ystep):
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                   '<text x="%d" y="%.1f" text-anchor="end" dy="4">%d</text>'
                   % (left, left + pw, y(v), y(v), left - 6, y(v), v))
    for r in range(LAST + 1):
        out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#999"/>'
                   % (x(r), x(r), top + ph, top + ph + 4))
        if r % ROUNDS == 0:
            label = {0: "start", ROUNDS: "7: stage 1 scored", LAST: "14: final scoring"}[r]
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                       % (x(r), top + ph + 18, e(_(label))))
    out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#888" '
               'stroke-dasharray="3 3"/>' % (x(ROUNDS), x(ROUNDS), top, top + ph))
    out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>'
               % (left + pw / 2, height - 6, e(_("rounds played"))))
    # Lines that run together (every player at 0 in stage 1) are set apart by 3 pixels.
    offset = [3 * (p - (n - 1) / 2) for p in range(n)]
    for p in range(n):
        s, c = steps[p], seat_colour(g, p)
        pts = ["%.1f,%.1f" % (x(0), y(s[0]) + offset[p])]
        for r in range(1, len(s)):
            pts.append("%.1f,%.1f" % (x(r), y(s[r - 1]) + offset[p]))
            if s[r] != s[r - 1]:
                pts.append("%.1f,%.1f" % (x(r), y(s[r]) + offset[p]))
        out.append('<polyline fill="none" stroke="%s" stroke-width="3" points="%s">'
                   '<title>%s</title></polyline>' % (c, " ".join(pts), e(g.person_name(p))))
        for stage in range(len(g.game.scores)):
            r = (stage + 1) * ROUNDS
            cx, cy = x(r), y(s[r]) + offset[p]
            out.append('<path d="M%.1f %.1fl6 6-6 6-6-6z" fill="%s" stroke="black"/>'
                       % (cx, cy - 6, c))
    # Each line's name and points at its end, and the points at the stage-1 scoring left of
    # it, nudged apart so that none hides another.
    played = len(steps[0]) - 1
    for p, ly in spread([y(s[-1]) for s in steps], 15, top + 6):
        out.append('<text x="%.1f" y="%.1f" dy="4">%s %d%s</text>'
                   % (x(played) + 10, ly, e(g.person_name(p)), steps[p][-1],
                      "" if g.finished else _(" so far")))
    if g.game.scores and played > ROUNDS:
        for p, ly in spread([y(s[ROUNDS]) for s in steps], 15, top + 6):
            out.append('<text x="%.1f" y="%.1f" dy="4" text-anchor="end">%s %d</text>'
                       % (x(ROUNDS) - 10, ly, e(g.person_name(p)), steps[p][ROUNDS]))
    out.append("</svg>")
    return "\n".join(out)


def token_svg(g, width=760):
    # One row per token type; each round's cell in the colour of who held the token at its
    # end, with the holder's name wherever the token changed hands; grey: nobody.
    rounds = V.by_round(g)
    left, top, row_h, cell = 90, 4, 26, (width - 90 - 8) / LAST
    height = top + row_h * len(TYPES) + 24
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="%s" %s>'
           % (width, height, width, height, e(_("majority token holders by round")), FONT)]
    for t, type_name in enumerate(TYPES):
        ry = top + t * row_h
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>'
                   % (left - 6, ry + row_h / 2 + 4, e(_("%s token") % _(type_name))))
        before = NOBODY
        for r in range(LAST):
            cx = left + r * cell
            if r >= len(rounds):
                out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="none" '
                           'stroke="#ddd"/>' % (cx + 1, ry + 2, cell - 2, row_h - 4))
                continue
            h = rounds[r][0][t]
            fill = NOBODY_COLOUR if h == NOBODY else seat_colour(g, h)
            who = _("nobody") if h == NOBODY else g.person_name(h)
            out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s">'
                       '<title>%s</title></rect>'
                       % (cx + 1, ry + 2, cell - 2, row_h - 4, fill,
                          e(_("round %d: %s") % (r + 1, who))))
            if h != before and h != NOBODY:
                out.append('<text x="%.1f" y="%.1f" fill="%s" font-size="10">%s</text>'
                           % (cx + 3, ry + row_h / 2 + 4, ink(fill), e(who[:7])))
            before = h
    base = top + row_h * len(TYPES)
    out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="black" '
               'stroke-dasharray="3 3"/>' % (left + ROUNDS * cell, left + ROUNDS * cell,
                                             top, base))
    for r in range(LAST):
        out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%d</text>'
                   % (left + (r + 0.5) * cell, base + 16, r + 1))
    out.append("</svg>")
    return "\n".join(out)


def legend(g):
    # The seats' colours with who sat there, as HTML.
    items = ['<span class="key"><i style="background:%s"></i>%s</span>'
             % (seat_colour(g, p), e(seat(g, p))) for p in range(len(g.players))]
    items.append('<span class="key"><i style="background:%s"></i>%s</span>'
                 % (NOBODY_COLOUR, e(_("nobody"))))
    return '<p class="legend">%s</p>' % " ".join(items)


@figure.plain_text
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
        beat, first, _rounds = V.ludwig_stats(g)
        firsts.append(first)
        winners = g.game.outcome.winners
        for p, name in enumerate(g.players):
            x = i + (p - 0.5) * width
            c = colour(name, p)
            won = p in winners
            top.bar(x, g.totals()[p], width, color=c, edgecolor="black",
                    linewidth=2.2 if won else 0.5)
            if won:
                top.text(x, g.totals()[p], _("won"), ha="center", va="bottom", fontsize=8)
            bottom.bar(x, beat[p], width, color=c, edgecolor="black", linewidth=0.5)
    bottom.plot(range(len(games)), firsts, color="black", marker="v", linestyle="none",
                markersize=8, label=_("rounds Ludwig took the first tile (lowest card)"))
    top.set_ylabel(_("final points"))
    top.set_ylim(0, max([max(g.totals()) for g in games] + [1]) * 1.15)
    top.set_title((_("The players against Ludwig: 1 two-player game") if len(games) == 1 else
                   _("The players against Ludwig: %d two-player games") % len(games)),
                  fontsize=11)
    bottom.set_ylabel(_("rounds Ludwig chose\nbefore this player"))
    bottom.set_ylim(0, ROUNDS * STAGES)
    bottom.legend(loc="upper right", frameon=False, fontsize=8)
    bottom.set_xticks(range(len(games)))
    bottom.set_xticklabels(labels, fontsize=8)
    for ax in (top, bottom):
        ax.grid(axis="y", alpha=0.3)
        ax.set_xlim(-0.6, len(games) - 0.4)
    fig.subplots_adjust(left=0.1, right=0.98, top=0.93, bottom=0.18, hspace=0.12)
    return figure.save(fig, path)

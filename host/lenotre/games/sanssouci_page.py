"""A Sanssouci game's page in `lenotre report`, after the generic scoreboard: its two charts as
inline SVG (points by round; rows and columns completed by round) and each garden's complete
rows and columns. Every text from a game is escaped. What the charts show: docs/CLI.md."""
from lenotre.games import sanssouci as S
from lenotre.draw.colours import seat_colour
from lenotre.draw.html import header
from lenotre.draw.svg import FONT, e, nice_top, spread
from lenotre.lang import _
from shared_rules.sanssouci.game import ROUNDS

FINAL = ROUNDS + 1  # the x of the final scoring, one step after round 18


def sections(g):
    steps, final = S.by_round(g.game)
    return ["<h2>%s</h2>" % _("Points by round"), points_svg(g, steps, final),
            '<p class="note">%s</p>' % _(
                "The nobles' points as they come, round by round (the score track); the last "
                "step is the final scoring: complete rows and columns and the task cards."),
            "<h2>%s</h2>" % _("Rows and columns completed"), built_svg(g, steps),
            '<p class="note">%s</p>' % _(
                "Solid: complete rows (the first, built from the start, not counted); dashed: "
                "complete columns."),
            complete_table(g)]


def _frame(width, height, label, left, top, pw, ph, ymax, ystep, last):
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="%s" %s>'
           % (width, height, width, height, e(_(label)), FONT)]
    for v in range(0, ymax + 1, ystep):
        y = top + ph * (1 - float(v) / ymax)
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                   '<text x="%d" y="%.1f" text-anchor="end" dy="4">%d</text>'
                   % (left, left + pw, y, y, left - 6, y, v))
    for r in range(last + 1):
        x = left + pw * float(r) / last
        out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#999"/>'
                   % (x, x, top + ph, top + ph + 4))
        text = _("final") if r == FINAL else ("%d" % r if r % 3 == 0 else "")
        if text:
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>'
                       % (x, top + ph + 18, text))
    return out


def points_svg(g, steps, final, width=760, height=300):
    n = len(g.players)
    series = [[s[p][0] for s in steps] for p in range(n)]
    last = FINAL if final else ROUNDS
    if final:
        for p in range(n):
            series[p].append(final[p])
    left, right, top, bottom = 48, 150, 16, 44
    pw, ph = width - left - right, height - top - bottom
    ymax, ystep = nice_top(max(max(s) for s in series) or 1)
    out = _frame(width, height, "points by round", left, top, pw, ph, ymax, ystep, last)
    out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>'
               % (left + pw / 2.0, height - 6, e(_("rounds played"))))

    def xy(r, v):
        return left + pw * float(r) / last, top + ph * (1 - float(v) / ymax)
    for p in range(n):
        pts = " ".join("%.1f,%.1f" % xy(r, v) for r, v in enumerate(series[p]))
        out.append('<polyline fill="none" stroke="%s" stroke-width="3" points="%s">'
                   '<title>%s</title></polyline>' % (seat_colour(g, p), pts,
                                                     e(g.person_name(p))))
    end = len(series[0]) - 1
    for p, ly in spread([xy(end, s[-1])[1] for s in series], 15, top + 6):
        out.append('<text x="%.1f" y="%.1f" dy="4">%s %d%s</text>'
                   % (xy(end, 0)[0] + 10, ly, e(g.person_name(p)), series[p][-1],
                      "" if final else _(" so far")))
    out.append("</svg>")
    return "\n".join(out)


def built_svg(g, steps, width=760, height=220):
    n = len(g.players)
    left, right, top, bottom = 48, 150, 12, 30
    pw, ph = width - left - right, height - top - bottom
    most = max([max(s[p][1], s[p][2]) for s in steps for p in range(n)] + [1])
    ymax, ystep = nice_top(most)
    out = _frame(width, height, "rows and columns completed by round", left, top, pw, ph,
                 ymax, ystep, ROUNDS)
    offset = [2 * (p - (n - 1) / 2.0) for p in range(n)]  # lines that run together, apart

    def xy(r, v, p):
        return left + pw * float(r) / ROUNDS, top + ph * (1 - float(v) / ymax) + offset[p]
    for p in range(n):
        for k, dash in ((1, ""), (2, ' stroke-dasharray="6 4"')):
            pts = " ".join("%.1f,%.1f" % xy(r, s[p][k], p) for r, s in enumerate(steps))
            out.append('<polyline fill="none" stroke="%s" stroke-width="2.5"%s points="%s">'
                       '<title>%s: %s</title></polyline>'
                       % (seat_colour(g, p), dash, pts, e(g.person_name(p)),
                          _("rows") if k == 1 else _("columns")))
    end = len(steps) - 1
    for p, ly in spread([xy(end, steps[-1][p][1], p)[1] for p in range(n)], 15, top + 6):
        out.append('<text x="%.1f" y="%.1f" dy="4">%s %d + %d</text>'
                   % (xy(end, 0, 0)[0] + 10, ly, e(g.person_name(p)), steps[-1][p][1],
                      steps[-1][p][2]))
    out.append("</svg>")
    return "\n".join(out)


def complete_table(g):
    fields = S.score_fields(g.game)
    rows = ["<table>" + header("player", "complete rows", "complete columns", "#gardeners",
                               "task cards")]
    for p, seat in enumerate(fields["seats"]):
        rows.append('<tr><td>%s</td><td>%s</td><td>%s</td><td class="n">%d</td><td>%s</td>'
                    "</tr>" % (e(g.person_name(p)),
                               e(", ".join(_(r) for r in seat["rows_complete"]) or "-"),
                               e(", ".join(_(c) for c in seat["columns_complete"]) or "-"),
                               seat["gardeners"],
                               e(_(" and ").join(_(t) for t in seat["task_cards"] or [])
                                 or _("hidden"))))
    return "\n".join(rows) + "</table>"

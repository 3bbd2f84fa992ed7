"""A Schlossgarten game's page in `lenotre report` after the scoreboard: its points over turns
as inline SVG (hand-drawn as versailles_charts.py's: text stays text, the same game
gives the same bytes) and what stands on the field. Every text from a game is escaped."""
from lenotre.games.schlossgarten import points_by_turn
from lenotre.draw.colours import seat_colour
from lenotre.draw.html import header
from lenotre.draw.svg import FONT, e, nice_top, spread
from lenotre.lang import _
from shared_rules.schlossgarten.game import GOAL


def sections(g):
    return ["<h2>%s</h2>" % _("Points over turns"), points_svg(g),
            '<p class="note">%s</p>' % (_(
                "Points after every turn: tiles taken and elements on the field. A line drops "
                "when an element of that player's is built over (it goes back to the supply), "
                "and rises again when it is placed again. The dashed line is %d: the game ends "
                "the moment a player reaches it.") % GOAL),
            field_table(g)]


def field_table(g):
    game = g.game
    rows = ["<table>" + header("player", "tiles taken", "elements on the field",
                               "in the supply")]
    for p in range(game.n):
        rows.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>"
                    % (e(g.person_name(p)), e(" ".join(str(v) for v in game.tiles[p]) or "-"),
                       e(", ".join(_(x) for x in game.on_field(p)) or "-"),
                       e(", ".join(_(x) for x in game.supply(p)) or "-")))
    return "\n".join(rows) + "</table>"


def points_svg(g, width=760, height=300):
    steps = points_by_turn(g.game)
    n = len(steps)
    turns = len(steps[0]) - 1
    left, right, top, bottom = 48, 150, 16, 44
    pw, ph = width - left - right, height - top - bottom
    ymax, ystep = nice_top(max(GOAL, max(max(s) for s in steps)))
    last = max(turns, 1)

    def x(t):
        return left + pw * t / last

    def y(v):
        return top + ph * (1 - v / ymax)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="%s" %s>'
           % (width, height, width, height, e(_("points over turns")), FONT)]
    for v in range(0, ymax + 1, ystep):
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>'
                   '<text x="%d" y="%.1f" text-anchor="end" dy="4">%d</text>'
                   % (left, left + pw, y(v), y(v), left - 6, y(v), v))
    out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#888" '
               'stroke-dasharray="4 3"/>' % (left, left + pw, y(GOAL), y(GOAL)))
    every = max(1, (turns + 9) // 10)  # about ten labelled turns
    for t in range(0, turns + 1, every):
        out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#999"/>'
                   '<text x="%.1f" y="%d" text-anchor="middle">%d</text>'
                   % (x(t), x(t), top + ph, top + ph + 4, x(t), top + ph + 18, t))
    out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">%s</text>'
               % (left + pw / 2, height - 6, e(_("turns played"))))
    # Lines that run together (every player at 0 at the start) are set apart by 3 pixels.
    offset = [3 * (p - (n - 1) / 2) for p in range(n)]
    for p in range(n):
        s = steps[p]
        pts = " ".join("%.1f,%.1f" % (x(t), y(s[t]) + offset[p]) for t in range(len(s)))
        out.append('<polyline fill="none" stroke="%s" stroke-width="3" points="%s">'
                   '<title>%s</title></polyline>' % (seat_colour(g, p), pts,
                                                     e(g.person_name(p))))
    for p, ly in spread([y(s[-1]) for s in steps], 15, top + 6):
        out.append('<text x="%.1f" y="%.1f" dy="4">%s %d%s</text>'
                   % (x(turns) + 10, ly, e(g.person_name(p)), steps[p][-1],
                      "" if g.finished else _(" so far")))
    out.append("</svg>")
    return "\n".join(out)

"""A Versailles game's two charts as inline SVG, for its page in `lenotre report`.

Drawn by hand rather than with matplotlib: a library of 1,300 games gets a page each in
seconds, the text stays text (searchable, sharp at any zoom), and the same game gives the
same bytes. What each chart shows, and why, is in docs/CLI.md (`lenotre report`)."""
import html

from matplotlib.colors import to_hex, to_rgb

from lenotre.library import charts
from lenotre.games import versailles as V
from shared_rules.versailles.game import ROUNDS, STAGES
from shared_rules.versailles.scoring import NOBODY
from shared_rules.versailles.tiles import TYPES

LAST = ROUNDS * STAGES
FONT = 'font-family="sans-serif" font-size="12"'


def _e(value):
    return html.escape(str(value), quote=True)


def seat_colour(g, p):
    return to_hex(charts.colour(g.players[p], p))


def ink(fill):
    # Black text on light cells, white on dark ones.
    r, gr, b = to_rgb(fill)
    return "black" if 0.299 * r + 0.587 * gr + 0.114 * b > 0.45 else "white"


def _nice_top(value):
    # A y axis top above `value` with 4-8 gridlines at a round step.
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if value / step <= 7:
            return step * (int(value // step) + 1), step
    return value + 1, value + 1


def _spread(ys, gap, highest):
    # -> [(index, y)]: label heights in screen coordinates (down is more), none closer than
    # `gap` to another: from the lowest up, so that none goes below its line (nor onto the
    # axis labels), then moved down together if the top one would pass `highest`.
    placed, ceiling = [], None
    for i in sorted(range(len(ys)), key=lambda i: (-ys[i], i)):
        y = ys[i] if ceiling is None else min(ys[i], ceiling - gap)
        placed.append((i, y))
        ceiling = y
    shift = max(0, highest - ceiling) if placed else 0
    return [(i, y + shift) for i, y in placed]


def score_svg(g, width=760, height=300):
    # Steps of known points: flat while a stage is played, up at its scoring.
    steps = V.known_points(g)
    n = len(g.players)
    left, right, top, bottom = 48, 150, 16, 44
    pw, ph = width - left - right, height - top - bottom
    ymax, ystep = _nice_top(max(max(s) for s in steps) or 1)

    def x(r):
        return left + pw * r / LAST

    def y(v):
        return top + ph * (1 - v / ymax)

    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="known points by round" %s>'
           % (width, height, width, height, FONT)]
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
                       % (x(r), top + ph + 18, label))
    out.append('<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#888" '
               'stroke-dasharray="3 3"/>' % (x(ROUNDS), x(ROUNDS), top, top + ph))
    out.append('<text x="%.1f" y="%d" text-anchor="middle" fill="#555">rounds played</text>'
               % (left + pw / 2, height - 6))
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
                   '<title>%s</title></polyline>' % (c, " ".join(pts), _e(g.person_name(p))))
        for stage in range(len(g.game.scores)):
            r = (stage + 1) * ROUNDS
            cx, cy = x(r), y(s[r]) + offset[p]
            out.append('<path d="M%.1f %.1fl6 6-6 6-6-6z" fill="%s" stroke="black"/>'
                       % (cx, cy - 6, c))
    # Each line's name and points at its end, and the points at the stage-1 scoring left of
    # it, nudged apart so that none hides another.
    played = len(steps[0]) - 1
    for p, ly in _spread([y(s[-1]) for s in steps], 15, top + 6):
        out.append('<text x="%.1f" y="%.1f" dy="4">%s %d%s</text>'
                   % (x(played) + 10, ly, _e(g.person_name(p)), steps[p][-1],
                      "" if g.finished else " so far"))
    if g.game.scores and played > ROUNDS:
        for p, ly in _spread([y(s[ROUNDS]) for s in steps], 15, top + 6):
            out.append('<text x="%.1f" y="%.1f" dy="4" text-anchor="end">%s %d</text>'
                       % (x(ROUNDS) - 10, ly, _e(g.person_name(p)), steps[p][ROUNDS]))
    out.append("</svg>")
    return "\n".join(out)


def token_svg(g, width=760):
    # One row per token type; each round's cell in the colour of who held the token at its
    # end, with the holder's name wherever the token changed hands; grey: nobody.
    rounds = V.by_round(g)
    left, top, row_h, cell = 90, 4, 26, (width - 90 - 8) / LAST
    height = top + row_h * len(TYPES) + 24
    out = ['<svg xmlns="http://www.w3.org/2000/svg" class="chart" width="%d" height="%d" '
           'viewBox="0 0 %d %d" role="img" aria-label="majority token holders by round" %s>'
           % (width, height, width, height, FONT)]
    for t, type_name in enumerate(TYPES):
        ry = top + t * row_h
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s token</text>'
                   % (left - 6, ry + row_h / 2 + 4, _e(type_name)))
        before = NOBODY
        for r in range(LAST):
            cx = left + r * cell
            if r >= len(rounds):
                out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="none" '
                           'stroke="#ddd"/>' % (cx + 1, ry + 2, cell - 2, row_h - 4))
                continue
            h = rounds[r][0][t]
            fill = charts.NOBODY_COLOUR if h == NOBODY else seat_colour(g, h)
            who = "nobody" if h == NOBODY else g.person_name(h)
            out.append('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s">'
                       '<title>round %d: %s</title></rect>'
                       % (cx + 1, ry + 2, cell - 2, row_h - 4, fill, r + 1, _e(who)))
            if h != before and h != NOBODY:
                out.append('<text x="%.1f" y="%.1f" fill="%s" font-size="10">%s</text>'
                           % (cx + 3, ry + row_h / 2 + 4, ink(fill), _e(who[:7])))
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
             % (seat_colour(g, p), _e(_seat_label(g, p))) for p in range(len(g.players))]
    items.append('<span class="key"><i style="background:%s"></i>nobody</span>'
                 % charts.NOBODY_COLOUR)
    return '<p class="legend">%s</p>' % " ".join(items)


def _seat_label(g, p):
    name = g.person_name(p)
    return name if name == g.players[p] else "%s (%s)" % (name, g.players[p])

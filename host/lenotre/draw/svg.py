"""The text and layout the report's pages and hand-drawn SVG charts share: a text escaped, a
seat's label, the charts' font, a y axis's round top, the labels at the lines' ends set apart.
Plain Python, no matplotlib: an adapter imports it whatever the command."""
import html

from lenotre.lang import _

FONT = 'font-family="sans-serif" font-size="12"'


def e(value):
    # Every text from a game is escaped, for HTML and SVG alike: players' names are theirs
    return html.escape(str(value), quote=True)


def seat(g, p):
    # "Anna (Orange)" when the roster knows who sat there, else the colour alone (in the
    # language in use, as person_name says it)
    name = g.person_name(p)
    return "%s (%s)" % (name, _(g.players[p])) if g.people[p] else name


def nice_top(value):
    # A y axis top above `value` with 4-8 gridlines at a round step.
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if value / step <= 7:
            return step * (int(value // step) + 1), step
    return value + 1, value + 1


def spread(ys, gap, highest):
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

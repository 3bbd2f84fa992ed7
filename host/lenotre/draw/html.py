"""The report's HTML pieces that every page uses, in the language in use (lenotre.lang)."""
from lenotre.draw.svg import e
from lenotre.lang import _


def header(*columns):
    """-> a table's header row, each column's name in the language in use; a name starting
    with "#" heads a column of numbers (right-aligned)."""
    return "<tr>%s</tr>" % "".join(
        '<th class="n">%s</th>' % e(_(c[1:])) if c.startswith("#") else "<th>%s</th>" % e(_(c))
        for c in columns)

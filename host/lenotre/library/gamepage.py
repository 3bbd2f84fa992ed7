"""One game's page in `lenotre report`: who played and the result, then what the game's
adapter shows of it (Versailles: the scores stage by stage, the tokens and two charts,
games/versailles_page.py). Every text from a game is escaped."""
import re

from lenotre import lang
from lenotre.draw.svg import e
from lenotre.lang import _
from lenotre.library import stats

STYLE = """body{font-family:sans-serif;max-width:980px;margin:1.5em auto;padding:0 1em;
color:#222}table{border-collapse:collapse;margin:.6em 0}td,th{border:1px solid #ccc;
padding:.25em .5em;text-align:left;vertical-align:top}td.d{white-space:nowrap}th{background:#f4f4f4}td.n,th.n{text-align:right}
.note{color:#555;font-size:.9em}img{max-width:100%;height:auto}.running{background:#fff6d8}.chart{max-width:100%;height:auto}
.legend .key{margin-right:1em;white-space:nowrap}.legend i{display:inline-block;width:.9em;
height:.9em;border:1px solid #444;margin-right:.3em;vertical-align:-.1em}nav{margin:.5em 0}
a{color:#1a4f9c}"""


def slug(g):
    # A file name from the game's full id (stable as more boxes join the library); nothing
    # from a database is trusted to be a safe path.
    return re.sub(r"[^A-Za-z0-9_-]", "_", "%s-%d" % (g.device, g.gid))


def href(g):
    return "game/%s.html" % slug(g)


def head(title_text, root=""):
    return ['<!DOCTYPE html>', '<html lang="%s"><head><meta charset="utf-8">' % lang.CODE,
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            "<title>%s</title>" % e(title_text),
            '<link rel="stylesheet" href="%sreport.css"></head><body>' % root]


def who(g):
    return ", ".join(g.person_name(p) for p in range(len(g.players))) + \
        (" + " + g.bot if g.bot else "")


def result(g):
    # The winner(s) of a finished game, else its state
    if not g.finished:
        return "%s: %s" % (_(g.status), _(g.where()))
    winners = [g.person_name(p) for p in g.game.outcome.winners]
    if len(winners) > 1:
        return _("shared: ") + ", ".join(winners)
    return winners[0] + (" (%s)" % _(g.adapter.TIEBREAK_SHORT) if g.tiebreak() else "")


def points(g):
    # "Anna 52, Ben 47" (finished), the points banked so far, or "no scoring yet"
    if not g.scored:
        return _("no scoring yet")
    totals = g.totals()
    return ", ".join("%s %d" % (g.person_name(p), totals[p]) for p in range(len(totals))) + \
        ("" if g.finished else _(" (so far)"))


def page(g, short, older=None, newer=None):
    # -> the HTML of game g's page; `short` is its readable id ("e661:3"); `older`, `newer`:
    # (game, its readable id) of the games before and after it, for the way through them
    name = _("Game %s") % short
    parts = head("%s, %s" % (name, stats.date(g)), "../")
    parts.append("<nav>%s</nav>" % " &middot; ".join(
        ['<a href="../index.html">%s</a>' % _("overview")] + _neighbours(older, newer)))
    parts += ["<h1>%s: %s</h1>" % (e(name), e(_(stats.title(g)))),
              "<p>%s &middot; %s &middot; <b>%s</b></p>"
              % (e(stats.date(g)), e(who(g)), e(result(g)))]
    if not g.finished:
        parts.append('<p class="running note">%s</p>' % e(
            _("%s: the state at the last sync (%s). Sync again to see more.")
            % (_("Still running") if g.status == "running" else
               _("Abandoned (a new game was started on the box)"), _(g.where()))))
    if g.when_estimated:
        parts.append('<p class="note">%s</p>' % e(
            _("The box had no clock when this game was played: %s (the games before and "
              "after it on its box, and its first sync).") % _(g.bounds_text())))
    parts += g.adapter.page(g)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _neighbours(older, newer):
    links = []
    for pair, label in ((older, "&larr; " + _("older: %s")), (newer, _("newer: %s") + " &rarr;")):
        if pair:
            other, other_id = pair
            links.append('<a href="%s">%s</a>' % (e(slug(other) + ".html"),
                                                  label % e(other_id)))
    return links

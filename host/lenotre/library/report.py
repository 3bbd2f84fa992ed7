"""`lenotre report`: the library as a collection overview (index.html), every game listed
(list-N.html, newest first, PAGE games a page) and a page per game (game/*.html, gamepage.py).

The overview shows the running games, games over time, wins and averages per person and per
kind of game, Ludwig's record against each person and the newest games; everything else is a
link away, so it stays one screen of tables and two charts at 1,300 games. Pages link by
relative path (the folder can be moved or zipped as it is). Every text from the games is
escaped. Contract: docs/CLI.md."""
import os

from lenotre.draw.html import header
from lenotre.draw.svg import e
from lenotre.lang import _, decimal
from lenotre.library import charts, gamepage, played, stats
from lenotre.games import adapters_of
from lenotre.games import charts as adapter_charts

PAGE = 100  # games per list page
OVER_TIME = "over-time.png"


def names_of(games):
    # -> {(device, gid): readable id "e661:3"}
    short = played.short_ids(g.device for g in games)
    return {(g.device, g.gid): "%s:%d" % (short[g.device], g.gid) for g in games}


def write(games, out_dir, last):
    # -> the files written (index.html last). The overview lists the newest `last` games.
    games = stats.newest_first(games)
    names = names_of(games)
    os.makedirs(os.path.join(out_dir, "game"), exist_ok=True)
    written = [_text(os.path.join(out_dir, "report.css"), gamepage.STYLE + "\n")]
    pair = [(g, names[g.device, g.gid]) for g in games]  # newest first
    for i, (g, name) in enumerate(pair):
        older = pair[i + 1] if i + 1 < len(pair) else None
        newer = pair[i - 1] if i else None
        written.append(_text(os.path.join(out_dir, gamepage.href(g)),
                             gamepage.page(g, name, older, newer)))
    pages = max(1, -(-len(games) // PAGE))
    for n in range(1, pages + 1):
        written.append(_text(os.path.join(out_dir, list_name(n)),
                             list_page(games[(n - 1) * PAGE:n * PAGE], names, n, pages)))
    period, bins = stats.over_time(games)
    over_png = None
    if bins:
        over_png = OVER_TIME
        written.append(charts.over_time_chart(period, bins, os.path.join(out_dir, over_png)))
    # what each kind of game adds to the overview (Versailles: Ludwig's record and chart)
    sections = []
    for adapter in adapters_of(games):
        parts, files = adapter.overview([g for g in games if g.adapter is adapter], names,
                                        out_dir)
        sections += parts
        written += files
    written.append(_text(os.path.join(out_dir, "index.html"),
                         overview(games, names, last, pages, over_png, sections)))
    _remove_stale(out_dir, written, {OVER_TIME} | adapter_charts())
    return written


def remove_stale(out_dir, written):
    """Removes the report's own pages and charts in out_dir that are not in `written` (the
    files of the report now there); other files stay."""
    _remove_stale(out_dir, written, {OVER_TIME} | adapter_charts())


def _remove_stale(out_dir, written, charts_named):
    # charts_named: every chart name the report may write (one not written now is stale)
    # A folder written before may hold pages this run did not write (a game that no longer
    # replays, a list page or chart fewer): they would be stale. Only our own names go.
    keep = {os.path.abspath(p) for p in written}
    own = [os.path.join(out_dir, "game", n) for n in os.listdir(os.path.join(out_dir, "game"))
           if n.endswith(".html")]
    own += [os.path.join(out_dir, n) for n in os.listdir(out_dir)
            if n.startswith("list-") and n.endswith(".html") or n in charts_named]
    for path in own:
        if os.path.abspath(path) not in keep:
            os.remove(path)


def _text(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def list_name(n):
    return "list-%d.html" % n


def _link(g, names):
    return '<a href="%s">%s</a>' % (e(gamepage.href(g)), e(names[g.device, g.gid]))


def games_table(games, names):
    rows = ["<table>" + header("date", "game", "players", "points", "winner or state", "which")]
    for g in games:
        rows.append('<tr%s><td class="d">%s</td><td class="d">%s</td><td>%s</td><td>%s</td>'
                    '<td>%s</td><td>%s</td></tr>'
                    % (' class="running"' if g.status == "running" else "",
                       e(stats.date(g)), _link(g, names), e(gamepage.who(g)),
                       e(gamepage.points(g)), e(gamepage.result(g)), e(_(g.adapter.TITLE))))
    return "\n".join(rows) + "</table>"


def pager(n, pages):
    if pages == 1:
        return ""
    links = ['<b>%d</b>' % k if k == n else '<a href="%s">%d</a>' % (list_name(k), k)
             for k in range(1, pages + 1)]
    return "<nav>%s: %s</nav>" % (_("pages (newest first)"), " ".join(links))


def list_page(games, names, n, pages):
    heading = _("All games, page %d of %d") % (n, pages)
    parts = gamepage.head(heading)
    parts += ['<nav><a href="index.html">&larr; %s</a></nav>' % _("overview"),
              "<h1>%s</h1>" % heading, pager(n, pages),
              games_table(games, names), pager(n, pages), "</body></html>"]
    return "\n".join(parts) + "\n"


def overview(games, names, last, pages, over_png, sections):
    finished = [g for g in games if g.finished]
    running = [g for g in games if g.status == "running"]
    dated = [g for g in finished if g.when is not None]
    parts = gamepage.head(_("Le Nôtre: the games"))
    parts += ["<h1>%s</h1>" % _("Le Nôtre: the games"),
              "<p>%s</p>" % e(summary(games, finished, dated))]
    if any(g.when_estimated for g in games if g.when is not None):
        parts.append('<p class="note">%s</p>' % _(
            "~ before a date: the box had no clock when that game was played, so its time is "
            "not known, but the games before and after it on its box fix the day. Date "
            "unknown: they do not."))
    parts.append("<h2>%s</h2>" % _("Running now"))
    if running:
        parts.append('<p class="note">%s</p>' % _("As at the last sync; sync again to see more."))
        parts.append(running_table(running, names))
    else:
        parts.append("<p>%s</p>" % _("No game running on the box at the last sync."))
    parts.append("<h2>%s</h2>" % _("Games over time"))
    if over_png:
        parts.append('<p><img src="%s" alt="%s" width="900" height="560"></p>'
                     % (over_png, _("finished games per period by winner, and the average "
                                    "points")))
    else:
        parts.append("<p>%s</p>" % _("No finished game yet."))
    parts += ["<h2>%s</h2>" % _("People"), people_table(finished),
              "<h2>%s</h2>" % _("Per game"), kinds_table(finished, names)] + sections
    shown = games[:last]
    parts.append("<h2>%s</h2>" % _("The newest games"))
    if shown:
        parts.append(games_table(shown, names))
    parts.append('<p><a href="%s">%s</a>%s</p>'
                 % (list_name(1), _("All %d games") % len(games),
                    _(" on %d pages of %d") % (pages, PAGE) if pages > 1 else ""))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def summary(games, finished, dated):
    text = (_("1 game: %d finished") % len(finished) if len(games) == 1 else
            _("%d games: %d finished") % (len(games), len(finished)))
    for state in ("running", "abandoned"):
        count = sum(1 for g in games if g.status == state)
        if count:
            text += ", %d %s" % (count, _(state))
    known = [g for g in dated if g.when_text() != "date unknown"]  # the English word: a state
    if known:
        first = min(known, key=lambda g: g.when)
        newest = max(known, key=lambda g: g.when)
        text += _("; played from %s to %s") % (stats.date(first), stats.date(newest))
    if len(known) < len(dated):
        text += _("; %d of unknown date") % (len(dated) - len(known))
    return text + "."


def running_table(games, names):
    # what the players hold besides points: each game's adapter names it
    held = {g.adapter.HOLDING for g in games}
    rows = ["<table>" + header("game", "date", "players", "where",
                               held.pop() if len(held) == 1 else "held", "points banked")]
    for g in games:
        held = g.adapter.holding(g)
        rows.append('<tr class="running"><td class="d">%s</td><td class="d">%s</td><td>%s</td>'
                    "<td>%s</td><td>%s</td><td>%s</td></tr>"
                    % (_link(g, names), e(stats.date(g)), e(gamepage.who(g)),
                       e(_(g.where())), e(held), e(gamepage.points(g))))
    return "\n".join(rows) + "</table>"


def people_table(finished):
    # per game (a Versailles total and a count of Gardens beds are not averaged together),
    # in the order the games first come
    if not finished:
        return "<p>%s</p>" % _("No finished game yet.")
    return "\n".join("<h3>%s</h3>\n%s" % (e(_(adapter.TITLE)), _people(
        [g for g in finished if g.adapter is adapter])) for adapter in adapters_of(finished))


def _people(finished):
    tallies = stats.per_person(finished)
    rows = ["<table>" + header("person", "#games", "#wins", "#win share", "#average points",
                               "#best", "last played")]
    for t in tallies:
        rows.append('<tr><td>%s</td><td class="n">%d</td><td class="n">%d</td>'
                    '<td class="n">%.0f%%</td><td class="n">%s</td><td class="n">%d</td>'
                    "<td>%s</td></tr>"
                    % (e(t.name), t.games, t.wins, t.win_share, decimal(t.average), t.best,
                       e(stats.date(t.last))))
    return "\n".join(rows) + '</table><p class="note">%s</p>' % _(
        "Finished games only; a shared victory is a win for each winner.")


def kinds_table(finished, names):
    kinds = stats.per_kind(finished)
    if not kinds:
        return "<p>%s</p>" % _("No finished game yet.")
    rows = ["<table>" + header("game", "#players", "#games", "#average points",
                               "#average winning points", "highest")]
    for k in kinds:
        points, person, g = k.best
        rows.append('<tr><td>%s</td><td class="n">%d%s</td><td class="n">%d</td>'
                    '<td class="n">%s</td><td class="n">%s</td><td>%s</td></tr>'
                    % (e(_(k.name)), k.players, " + " + k.bot if k.bot else "", k.games,
                       decimal(k.average), decimal(k.average_winning),
                       _("%d, %s in %s") % (points, e(person), _link(g, names))))
    return "\n".join(rows) + "</table>"

"""`lenotre report`: the charts of charts.py as PNG files and one HTML page that shows them.

The page embeds the PNGs by relative path (the folder can be moved or zipped as it is) and
lists the games in a table. Every text from the games (player names above all) is escaped."""
import html
import os
import re

from lenotre import charts

LUDWIG_GAMES = 12  # 2-player games in the chart against Ludwig: more would not be readable

STYLE = """body{font-family:sans-serif;max-width:960px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.3em .6em;
text-align:left}th{background:#f4f4f4}img{max-width:100%;border:1px solid #ddd}
.note{color:#666;font-size:.9em}"""


def slug(played):
    # A file name from the game's id: the device id is hex, but nothing from a database is
    # trusted to be a safe path.
    return re.sub(r"[^A-Za-z0-9_-]", "_", "%s-%d" % (played.device, played.gid))


def write(games, out_dir, last):
    # -> the files written (index.html last). `games` in the order to show them; the last
    # `last` of them get their own score and token charts.
    os.makedirs(out_dir, exist_ok=True)
    written = []
    per_game = []
    for g in games[-last:] if last > 0 else []:
        scores = "scores-%s.png" % slug(g)
        tokens = "tokens-%s.png" % slug(g)
        written.append(charts.score_chart(g, os.path.join(out_dir, scores)))
        written.append(charts.token_chart(g, os.path.join(out_dir, tokens)))
        per_game.append((g, scores, tokens))
    ludwig_games = [g for g in games if g.ludwig and g.finished]
    ludwig_png = None
    if ludwig_games:
        ludwig_png = "ludwig.png"
        written.append(charts.ludwig_chart(ludwig_games[-LUDWIG_GAMES:],
                                           os.path.join(out_dir, ludwig_png)))
    index = os.path.join(out_dir, "index.html")
    with open(index, "w", encoding="utf-8") as f:
        f.write(page(games, per_game, ludwig_games, ludwig_png))
    written.append(index)
    return written


def _e(value):
    return html.escape(str(value), quote=True)


def _img(src, alt):
    return '<p><img src="%s" alt="%s"></p>' % (_e(src), _e(alt))


def games_table(games):
    rows = ["<tr><th>game</th><th>state</th><th>players</th><th>totals</th><th>winner</th>"
            "</tr>"]
    for g in games:
        totals = g.totals() if g.game.scores else None
        points = ", ".join("%s %d" % (n, totals[p]) for p, n in enumerate(g.players)) \
            if totals else "not scored yet"
        winners = g.winners()
        if len(winners) > 1:
            result = "shared: " + ", ".join(winners)
        elif winners:
            result = winners[0] + (" (largest area)" if g.tiebreak() else "")
        else:
            result = "-"
        who = ", ".join(g.players) + (" + Ludwig" if g.ludwig else "")
        state = "over" if g.finished else "%s: %s" % (g.status, g.where())
        rows.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>"
                    % (_e(g.id), _e(state), _e(who), _e(points), _e(result)))
    return "<table>\n%s\n</table>" % "\n".join(rows)


def ludwig_summary(games):
    # One line over every 2-player game, whatever the chart could show.
    rounds = firsts = 0
    for g in games:
        _, first, played_rounds = charts.ludwig_stats(g)
        rounds += played_rounds
        firsts += first
    share = 100.0 * firsts / rounds if rounds else 0.0
    return ("%d two-player game%s; Ludwig's card was the lowest, so he took the first tile of "
            "the group and discarded it, in %d of %d rounds (%.0f%%; cards drawn at random "
            "would give a third)." % (len(games), "" if len(games) == 1 else "s", firsts,
                                      rounds, share))


def page(games, per_game, ludwig_games, ludwig_png):
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             "<title>Le Nôtre: Die Gärten von Versailles</title>",
             "<style>%s</style></head><body>" % STYLE,
             "<h1>Die Gärten von Versailles</h1>",
             '<p class="note">Games synced from the Le Nôtre box, replayed with its own rules '
             "code.</p>",
             "<h2>Games</h2>", games_table(games),
             "<h2>Against Ludwig</h2>"]
    if ludwig_png:
        parts.append("<p>%s</p>" % _e(ludwig_summary(ludwig_games)))
        if len(ludwig_games) > LUDWIG_GAMES:
            parts.append('<p class="note">The chart shows the last %d of them.</p>'
                         % LUDWIG_GAMES)
        parts.append(_img(ludwig_png, "points per player and rounds Ludwig chose first, per "
                                      "two-player game"))
    else:
        parts.append("<p>No finished two-player game yet: Ludwig plays only with two.</p>")
    for g, scores, tokens in reversed(per_game):  # newest first
        parts.append("<h2>Game %s</h2>" % _e(g.id))
        parts.append(_img(scores, "score by round, game %s" % g.id))
        parts.append(_img(tokens, "majority token holders by round, game %s" % g.id))
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"

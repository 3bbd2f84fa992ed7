"""A Versailles game's page in `lenotre report` after its title: the scores stage by stage,
the tokens, its two charts (versailles_charts.py) and Ludwig's part. Every text from a game is
escaped."""
import os

from lenotre.draw.html import header
from lenotre.draw.svg import e, seat
from lenotre.lang import _
from lenotre.games import versailles as V
from lenotre.games import versailles_charts as charts

LUDWIG_PNG = "ludwig.png"
LUDWIG_GAMES = 12  # 2-player games in the chart against Ludwig: more would not be readable


def sections(g):
    parts = [score_table(g), "<h2>%s</h2>" % _("Known points by round"), charts.score_svg(g),
             '<p class="note">%s</p>' % _(
                 "Points are known only at a scoring (after rounds 7 and 14): the box learns "
                 "the areas then. Tokens held in between are in the chart below; they count "
                 "at the scoring, for whoever holds them then."),
             "<h2>%s</h2>" % _("Majority tokens by round"), charts.token_svg(g), charts.legend(g),
             '<p class="note">%s</p>' % _("Each cell: who held the token at the end of the "
                                          "round. Claims after round 7 count to round 7.")]
    if g.ludwig:
        parts.append(ludwig_lines(g))
    return parts


def score_table(g):
    rows = ["<table>" + header("player", "#stage 1", "#stage 2", "#total", "#place",
                               "large tokens now", "small tokens")]
    ranks = g.ranks()
    totals = g.totals()
    for p in range(len(g.players)):
        s1, s2 = V.stage_points(g, p)
        rows.append('<tr><td>%s</td><td class="n">%s</td><td class="n">%s</td>'
                    '<td class="n">%s</td><td class="n">%s</td><td>%s</td><td>%s</td></tr>'
                    % (e(seat(g, p)), _num(s1), _num(s2),
                       _num(totals[p] if g.scored else None),
                       _num(ranks[p] if ranks else None),
                       e(", ".join(_(t) for t in V.large_tokens(g, p)) or "-"),
                       e(", ".join(_(t) for t in V.small_tokens(g, p)) or "-")
                       if g.finished else "-"))
    if g.ludwig:
        rows.append('<tr><td>Ludwig</td><td colspan="6" class="note">%s</td></tr>' % _(
            "the box's third player: no garden, no score; his tiles are discarded"))
    return "\n".join(rows) + "</table>"


def _num(value):
    return "-" if value is None else "%d" % value


def ludwig_lines(g):
    beat, first, rounds = V.ludwig_stats(g)
    before = ["%s: %d" % (g.person_name(p), beat[p]) for p in range(len(g.players))]
    return "<h2>Ludwig</h2><p>%s</p>" % (_(
        "Rounds in which Ludwig's card was lower than the player's, so he took a tile before "
        "them: %s, of %d rounds. He had the lowest card of all and took the first tile of the "
        "group in %d.") % (e("; ".join(before)), rounds, first))


def overview(games, names, out_dir):
    # -> (the overview's part on Ludwig, [the chart written]); games: the Versailles games
    # of the report, newest first
    finished = [g for g in games if g.finished]
    ludwig_games = [g for g in reversed(finished) if g.ludwig]  # oldest first
    if not ludwig_games:
        return ["<h2>%s</h2>" % _("Against Ludwig"), ludwig_part(finished, None)], []
    path = charts.ludwig_chart(ludwig_games[-LUDWIG_GAMES:], os.path.join(out_dir, LUDWIG_PNG),
                               names)
    return ["<h2>%s</h2>" % _("Against Ludwig"), ludwig_part(finished, LUDWIG_PNG)], [path]


def ludwig_part(finished, ludwig_png):
    records = V.ludwig_record(finished)
    if not records:
        return "<p>%s</p>" % _("No finished two-player game yet: Ludwig plays only with two.")
    rows = ["<p>%s</p>" % _(
        "Ludwig has no garden and no score: he gets in the way. In each round his card goes "
        "down with the players'; when it is lower than a player's he takes a tile before them "
        "and throws it away (cards drawn at random would do that in half of the rounds)."),
            "<table>" + header("person", "#games with Ludwig", "#won",
                               "#rounds Ludwig chose before them",
                               "#rounds he took the first tile")]
    for r in records:
        rows.append('<tr><td>%s</td><td class="n">%d</td><td class="n">%d</td>'
                    '<td class="n">%s</td><td class="n">%d (%.0f%%)</td></tr>'
                    % (e(r.name), r.games, r.wins,
                       _("%d of %d (%.0f%%)") % (r.before, r.rounds, r.before_share),
                       r.first, 100.0 * r.first / r.rounds if r.rounds else 0.0))
    rows.append("</table>")
    two = [g for g in finished if g.ludwig]
    rows.append('<p class="note">%s</p>' % (_(
        "The chart shows the last %s: each game's two bars are its players in the order named "
        "under it, in their seats' colours.")
        % (_("%d of %d two-player games") % (LUDWIG_GAMES, len(two))
           if len(two) > LUDWIG_GAMES else _("two-player games"))))
    rows.append('<p><img src="%s" alt="%s" width="900" height="640"></p>'
                % (ludwig_png, _("points per player and rounds Ludwig chose first, per "
                                 "two-player game")))
    return "\n".join(rows)

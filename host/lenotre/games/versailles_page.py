"""A Versailles game's page in `lenotre report` after its title: the scores stage by stage,
the tokens, its two charts (gamesvg.py) and Ludwig's part. Every text from a game is
escaped."""
from lenotre import gamesvg
from lenotre.gamepage import e, seat
from lenotre.games import versailles as V


def sections(g):
    parts = [score_table(g), "<h2>Known points by round</h2>", gamesvg.score_svg(g),
             '<p class="note">Points are known only at a scoring (after rounds 7 and 14):'
             " the box learns the areas then. Tokens held in between are in the chart "
             "below; they count at the scoring, for whoever holds them then.</p>",
             "<h2>Majority tokens by round</h2>", gamesvg.token_svg(g), gamesvg.legend(g),
             '<p class="note">Each cell: who held the token at the end of the round. '
             "Claims after round 7 count to round 7.</p>"]
    if g.ludwig:
        parts.append(ludwig_lines(g))
    return parts


def score_table(g):
    rows = ['<table><tr><th>player</th><th class="n">stage 1</th><th class="n">stage 2</th>'
            '<th class="n">total</th><th class="n">place</th><th>large tokens now</th>'
            "<th>small tokens</th></tr>"]
    ranks = g.ranks()
    totals = g.totals()
    for p in range(len(g.players)):
        s1, s2 = V.stage_points(g, p)
        rows.append('<tr><td>%s</td><td class="n">%s</td><td class="n">%s</td>'
                    '<td class="n">%s</td><td class="n">%s</td><td>%s</td><td>%s</td></tr>'
                    % (e(seat(g, p)), _num(s1), _num(s2),
                       _num(totals[p] if g.scored else None),
                       _num(ranks[p] if ranks else None),
                       e(", ".join(V.large_tokens(g, p)) or "-"),
                       e(", ".join(V.small_tokens(g, p)) or "-") if g.finished else "-"))
    if g.ludwig:
        rows.append('<tr><td>Ludwig</td><td colspan="6" class="note">the box\'s third '
                    "player: no garden, no score; his tiles are discarded</td></tr>")
    return "\n".join(rows) + "</table>"


def _num(value):
    return "-" if value is None else "%d" % value


def ludwig_lines(g):
    beat, first, rounds = V.ludwig_stats(g)
    before = ["%s: %d" % (g.person_name(p), beat[p]) for p in range(len(g.players))]
    return ("<h2>Ludwig</h2><p>Rounds in which Ludwig's card was lower than the player's, "
            "so he took a tile before them: %s, of %d rounds. He had the lowest card of all "
            "and took the first tile of the group in %d.</p>"
            % (e("; ".join(before)), rounds, first))

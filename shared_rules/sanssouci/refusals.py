# Why Sanssouci refuses an event, in words: each function returns the exception to raise, its
# message saying what was wrong and what is allowed. Apart from the rules (game.py, cards.py),
# which import it only when they refuse: on the box a game that goes well never holds these
# words in its heap (without them the rules core's import takes 17 KB on the unix port, not 25).
# The words a player can meet on the box are said through local() (the box's language), the
# names the rules give in them too; the event's shape (a seat, a card code, a cell number that
# only a journal or the desktop can get wrong) stays English, as the protocol's.
from shared_rules import errors as E
from shared_rules.errors import local
from shared_rules.sanssouci import board as B
from shared_rules.sanssouci import errors as S
from shared_rules.sanssouci.cards import COLOURS, COLS, MOTIFS, card_name, colours

# ---- the setup ---------------------------------------------------------------------------


def player_count(n):
    return E.InvalidSetup(local("Sanssouci takes 2 to 4 players, got %d") % n)


def garden_count(n, gardens):
    return E.InvalidSetup("one garden per player: %d players, %d gardens" % (n, gardens))


def printed(who, cells, most):
    # -> why `cells` is not a garden's list of pre-printed cells, or None
    if not isinstance(cells, list):
        return E.InvalidSetup("%s's garden: a list of pre-printed cells, got %r" % (who, cells))
    if len(cells) > most:
        return E.InvalidSetup(
            local("%s's garden has %d pre-printed cells; at most %d, so that 18 tiles find "
                  "room") % (local(who), len(cells), most))
    for c in cells:
        if not isinstance(c, int) or isinstance(c, bool) or not B.COLS <= c < B.CELLS:
            return E.InvalidSetup(
                "%s's garden: pre-printed cell %r is not below the first row; a cell is "
                "9 x row + column, row 1-5 (white to turquoise): 9 to 53 (the first, beige "
                "row is built from the start)" % (who, c))
        if cells.count(c) > 1:
            return E.InvalidSetup("%s's garden names the %s cell twice" % (who, B.name(c)))
    return None


# ---- a turn --------------------------------------------------------------------------------


def unknown_seat(game, p):
    return E.UnknownPlayer("no player at seat %r; seats are 0 to %d (%s)"
                           % (p, game.n - 1, ", ".join(game.players)))


def tile_after_the_end(game, rounds):
    return E.OutOfTurn(local("all %d rounds are played; now: %s") % (rounds, game.describe()))


def not_your_turn(game, p):
    return E.OutOfTurn(local("it is %s's turn to take a tile (round %d), not %s's")
                       % (local(game.players[game.to_play()]), game.round(),
                          local(game.players[p])))


def no_card(card, what):
    return E.InvalidCard("%r is not a Sanssouci card; cards are %s" % (card, what))


def wrong_tile(card, motif, row, wild):
    # cards.allows(card, motif, row, wild) said no: why
    if card < COLS:
        if wild and motif == card:
            return S.WrongTile(local("wild means no %s tile lay on the board, yet a %s tile was "
                                     "taken; without wild the %s takes it")
                               % (local(MOTIFS[card]), local(MOTIFS[card]), card_name(card)))
        return S.WrongTile(local("a %s takes a %s tile, not a %s; another motif only when no %s "
                                 "lies on the board (then the card is a joker: wild)")
                           % (card_name(card), local(MOTIFS[card]), local(MOTIFS[motif]),
                              local(MOTIFS[card])))
    if wild:
        return S.WrongTile(local("wild is for a motif card whose motif is not on the board; the "
                                 "%s takes its tiles as it is") % card_name(card))
    pair = colours(card)
    return S.WrongTile(local("a %s takes a tile from the %s or the %s fields, not from %s")
                       % (card_name(card), local(COLOURS[pair[0]]), local(COLOURS[pair[1]]),
                          local(COLOURS[row])))


def joker_twice(game, p):
    return S.WrongTile(local("%s has played the five-colour joker already; it is once in each "
                             "deck") % local(game.players[p]))


def _tile_name(game, p, m, r):
    return local("%s's %s tile from the %s fields") % (local(game.players[p]),
                                                        local(B.MOTIFS[m]), local(B.COLOURS[r]))


def not_its_cell(game, p, m, r, at):
    own = B.cell(r, m)
    return S.WrongCell(local("%s goes on the %s cell, which is empty; not on %s")
                       % (_tile_name(game, p, m, r), B.name(own), B.name(at)))


def not_a_gardener_cell(game, p, m, r, at, allowed):
    return S.WrongCell(
        local("%s finds the %s cell filled, so it becomes a gardener on an empty cell of the "
              "%s row or the %s column (any empty cell when both are full): %s; not on %s")
        % (_tile_name(game, p, m, r), B.name(B.cell(r, m)), local(B.COLOURS[r]),
           local(B.MOTIFS[m]), _cells_text(allowed), B.name(at)))


def _cells_text(cells, most=6):
    names = [B.name(c) for c in cells[:most]]
    if len(cells) > most:
        names.append(local("%d more") % (len(cells) - most))
    return ", ".join(names)


# ---- nobles and task cards ----------------------------------------------------------------


def noble_after_the_end():
    return E.OutOfTurn(local("the game is over; nobles no longer move"))


def noble_not_now(game, p):
    return E.OutOfTurn(
        local("%s may move a noble only right after placing a tile, once a turn; now: %s")
        % (local(game.players[p]), game.describe()))


def _rows_text(rows):
    said = local("%d (%s, %d points)")
    return ", ".join(said % (B.value(r), local(B.COLOURS[r]), B.value(r)) for r in rows)


def noble_refused(game, p, m, r, rows):
    # the noble of motif m may not stop in row r; `rows`: where it may
    g = game.gardens[p]
    here = game.nobles[p][m]
    target = B.cell(r, m)
    allowed = (local("it may stop in row ") + _rows_text(rows)) if rows \
        else local("it cannot move now")
    who = local("%s's %s noble") % (local(game.players[p]), local(B.MOTIFS[m]))
    if r <= here:
        return S.NobleNotDown(
            local("%s stands in row %d (%s) and moves at least one row down; %s")
            % (who, B.value(here), local(B.COLOURS[here]), allowed))
    if not g[target]:
        return S.NoPath(local("%s cannot stop on the %s cell: it is empty; %s")
                        % (who, B.name(target), allowed))
    if g[target] == B.GARDENER:
        return S.StopsOnGardener(
            local("%s never stops on a gardener, and one lies on the %s cell; %s")
            % (who, B.name(target), allowed))
    return S.NoPath(
        local("no path of filled cells leads %s from the %s cell to the %s cell (nobles never "
              "jump empty cells); %s")
        % (who, B.name(B.cell(here, m)), B.name(target), allowed))


def tasks_after_the_end():
    return E.OutOfTurn(local("the game is over; every player's task cards are scored"))


def tasks_too_early(game, rounds):
    return E.OutOfTurn(local("task cards are revealed after round %d; now: %s")
                       % (rounds, game.describe()))


def tasks_twice(game, p):
    return S.InvalidTasks(
        local("%s's task cards are revealed already (%s); undo to change them")
        % (local(game.players[p]),
           local(" and ").join(local(B.MOTIFS[m]) for m in game.tasks[p])))

# Why Versailles refuses an event, in words: each function returns the exception to raise, its
# message saying what was wrong and what is allowed, in the box's language (local(): the words
# before their values). Apart from the rules (game.py), which import it only when they refuse:
# a game that goes well never holds these words in its heap, as Sanssouci's refusals.py. Its
# functions' names are over 10 characters (game.py calls them by name).
from shared_rules import errors as E
from shared_rules import versailles as V
from shared_rules.errors import local
from shared_rules.versailles.tiles import AREA_KINDS, TYPES


def player_count(n):
    return E.InvalidSetup(local("Versailles takes 2 to 5 players, got %d") % n)


def ludwig_named():
    return E.InvalidSetup(local("Ludwig is the box's own player in 2-player games; choose "
                                "another name"))


def round_not_now(game, scoring):
    if scoring:
        return E.OutOfTurn(local("all 7 rounds of stage %d are played; next: area reports and "
                                 "scoring") % game.stage)
    return E.OutOfTurn(local("the game is over"))


def cards_in_a_round(n, got):
    return E.InvalidCard(local("a round needs one card from each of the %d players, got %d")
                         % (n, got))


def not_a_number_card(game, p, c, cards):
    return E.InvalidCard(local("%s's card %r is not a number card; cards are 1 to %d")
                         % (local(game.players[p]), c, cards))


def card_played_twice(c):
    return V.DuplicateCard(local("card %d is played twice this round; every card exists once")
                           % c)


def card_played_before(c, stage):
    return V.CardAlreadyPlayed(local("card %d was already played in stage %d; it is on the "
                                     "discard pile") % (c, stage))


def tokens_over():
    return E.OutOfTurn(local("the game is over; tokens no longer move"))


def no_token_there():
    return V.InvalidClaim(local("construction sites have no majority token; tokens: %s")
                          % ", ".join(local(k) for k in TYPES))


def area_too_small(game, p, t, size, least):
    return V.InvalidClaim(local("%s: a %s area of %d is too small; a token needs at least %d "
                                "connected fields")
                          % (local(game.players[p]), local(TYPES[t]), size, least))


def holder_not_larger(game, p, t):
    return V.InvalidClaim(local("%s already holds %s with %d fields; a new size must be larger")
                          % (local(game.players[p]), local(TYPES[t]), game.held[t]))


def token_not_taken(game, p, t, h):
    return V.InvalidClaim(local("%s holds %s with %d fields; %s needs more than %d to take it "
                                "(a tie is not enough)")
                          % (local(game.players[h]), local(TYPES[t]), game.held[t],
                             local(game.players[p]), game.held[t]))


def too_many_fields(game, p, t, size, most):
    return V.InvalidSize(local("%s cannot have %d %s fields: %d tiles give %d fields")
                         % (local(game.players[p]), size, local(AREA_KINDS[t]), most // 4,
                            most))


def area_shrunk(game, p, t):
    was = game.claimed[p][t]
    return V.InvalidSize(local("%s's %s area was already %d; areas never shrink, so it is at "
                               "least %d")
                         % (local(game.players[p]), local(AREA_KINDS[t]), was, was))


def areas_not_now(game, playing):
    return E.OutOfTurn(local("areas are reported after round 7 of a stage; now: %s")
                       % (local("round %d of stage %d") % (game.round + 1, game.stage)
                          if playing else local("the game is over")))


def scoring_not_due(stage, now):
    return E.OutOfTurn(local("stage %d scoring is not due; now: %s") % (stage, now))


def areas_missing(game, missing):
    return E.OutOfTurn(local("scoring needs every player's areas; still missing: %s")
                       % ", ".join(local(game.players[p]) for p in missing))


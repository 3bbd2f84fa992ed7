# Die Gärten von Versailles (Lena & Günter Burkhardt, Schmidt Spiele 2017): the rules core.
# Its own rule violations, each a RulesError (shared_rules/errors.py) so the device's and the
# host's generic handling still applies: what was wrong and what is allowed, the game unchanged
# after any of them. Here, not in a module of their own: they leave the box's heap with its
# rules, and cost a compile from source no file more.
from shared_rules.errors import RulesError


class DuplicateCard(RulesError):
    # two players played the same card in one round
    pass


class CardAlreadyPlayed(RulesError):
    # the card went to the discard pile in an earlier round of this stage
    pass


class InvalidClaim(RulesError):
    # a majority-token claim that does not satisfy the token rule
    pass


class InvalidSize(RulesError):
    # an area size that cannot be (negative, larger than the fields placed, shrinking)
    pass


class MissedClaim(RulesError):
    # area reports contradict the token holders: a claim was not recorded. `claim` is the
    # claim that mends it, (seat, type, size), as the reports show it.
    claim = None  # type: tuple | None

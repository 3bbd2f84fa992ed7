# Every rule violation is a RulesError subclass with a message a player understands: what was
# wrong and what is allowed. The game state is unchanged after any of them.


class RulesError(ValueError):
    pass


class InvalidSetup(RulesError):
    pass


class UnknownPlayer(RulesError):
    pass


class UnknownType(RulesError):
    pass


class InvalidCard(RulesError):
    # a card outside 1..55, or a round without exactly one card per player
    pass


class DuplicateCard(RulesError):
    # two players played the same card in one round
    pass


class CardAlreadyPlayed(RulesError):
    # the card went to the discard pile in an earlier round of this stage
    pass


class OutOfTurn(RulesError):
    # the event is not allowed in the current phase (e.g. scoring before round 7)
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


class IllegalPlacement(RulesError):
    # a tile overlapping the garden or not edge-connected to it
    pass


class NothingToUndo(RulesError):
    pass


class InvalidEvent(RulesError):
    # an event of unknown kind or with missing/ill-typed fields
    pass

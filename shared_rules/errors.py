# Every rule violation is a RulesError subclass with a message a player understands: what was
# wrong and what is allowed. The game state is unchanged after any of them. These are the
# kinds more than one game raises; a game's own are in its package (shared_rules/<game>/
# errors.py), loaded with its rules only.


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


class OutOfTurn(RulesError):
    # the event is not allowed in the current phase (e.g. scoring before round 7)
    pass


class IllegalPlacement(RulesError):
    # a tile overlapping the garden or not edge-connected to it
    pass


class NothingToUndo(RulesError):
    pass


class InvalidEvent(RulesError):
    # an event of unknown kind or with missing/ill-typed fields
    pass

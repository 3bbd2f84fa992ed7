# Gardens' own rule violations, each a subclass of a generic one (shared_rules.errors) so the
# device's and the host's generic handling still applies; the message says what was wrong and
# what is allowed, and the game is unchanged after any of them.
from shared_rules import errors as E


class BadVariant(E.InvalidSetup):
    # players, teams and flowerbed tiles that make no variant of the rulebook
    pass


class UnknownColour(E.UnknownType):
    # a colour that is not one of the four, or not in this game (the unused 3-player colour)
    pass


class BadBed(E.InvalidEvent):
    # a completed flowerbed that is not four flowers of the four colours, or too many beds
    pass


class NotOnTurn(E.OutOfTurn):
    # a turn for a colour that is not on turn
    pass


class GameOver(E.OutOfTurn):
    # a turn after the last round
    pass


class NoSpecialTile(E.RulesError):
    # the special garden tile was already placed, or the team game has none
    pass

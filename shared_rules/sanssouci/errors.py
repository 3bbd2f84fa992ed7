# Sanssouci's own rule violations, each a subclass of a generic one (shared_rules.errors) so
# a screen that knows only the generic kinds still shows the message. Every message says what
# was wrong and what is allowed; the game is unchanged after any of them.
from shared_rules.errors import IllegalPlacement, InvalidCard, InvalidEvent, RulesError


class WrongTile(InvalidCard):
    # the tile taken is not one the played card allows (motif, colours, joker used twice)
    pass


class WrongCell(IllegalPlacement):
    # the tile or its gardener is put on a cell the rules do not allow for the tile taken
    pass


class IllegalNobleMove(RulesError):
    # a noble move the rules forbid; the subclasses say which rule
    pass


class NobleNotDown(IllegalNobleMove):
    # "mindestens ein Feld weiter unten"
    pass


class NoPath(IllegalNobleMove):
    # the stop is empty, or no path of filled cells leads there
    pass


class StopsOnGardener(IllegalNobleMove):
    # "Ein Adliger darf NIE auf einem Gaertnerfeld zum Stehen kommen"
    pass


class InvalidTasks(InvalidEvent):
    # task cards that are not two motifs, or revealed twice
    pass

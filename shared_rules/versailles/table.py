# One stage scored from what the players say at the table, without the rounds that led there
# (`lenotre score`): the game's own token rule (claim events) and size checks (check_size),
# with every player counted as having placed all the tiles of the stages up to this one.
# Desktop only: the box plays its rounds and never imports this.
from shared_rules.versailles.game import ROUNDS, Game
from shared_rules.versailles.tiles import AREA_KINDS


class Table(Game):
    def __init__(self, players, stage):
        self.scored_stage = stage
        Game.__init__(self, players)

    def fields(self, player):
        # 7 tiles of 4 fields in every stage up to the scored one
        return 4 * ROUNDS * self.scored_stage

    def area(self, p, t, size):
        # -> size; InvalidSize for a negative, too large or shrunk (below a claim) size
        return self.check_size(size, p, t, "%s's %s area" % (self.players[p], AREA_KINDS[t]))

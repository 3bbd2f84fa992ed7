# Whole random games of Gardens that keep every rule: each turn takes a tile from the piles or
# (now and then) the colour's special tile, completes 0 to 4 flowerbeds (one at a corner
# each), and sometimes is entered wrong and taken back (undo), as at the table. The garden's geometry is
# not modelled: the box never sees it, players enter what their tile completed. The
# differential and property tests and `bench/` play through here; the box never loads it.
from shared_rules.gardens import rules as R
from shared_rules.gardens.game import Game
from shared_rules.rng import Rng, derive

NAMES = ("Ann", "Ben", "Cleo", "Dov")
# (players, team game, flowerbed tiles): every variant of the rulebook
VARIANTS = ((3, False, 8), (4, False, 8), (4, True, 5), (2, False, 5), (3, False, 6),
            (4, False, 7), (3, False, 7), (4, False, 6))
_STREAM = 1000


class Simulation:
    def __init__(self, seed, players, teams=False, tiles=None):
        rng = self.rng = Rng(derive(seed, _STREAM))
        self.game = Game(NAMES[:players], self.turn_order(players, teams), teams,
                         None if teams or players == 2 else tiles)
        # beds a turn completes: each of the tile's 4 corners with this chance in 16; low
        # densities end games by the piles, high ones by a supply
        self.density = rng.choice((1, 2, 3, 5, 8))

    def turn_order(self, players, teams):
        rng = self.rng
        if teams or players == 2:  # the teams take turns in sequence
            first = rng.below(4)
            second = (first + 1 + 2 * rng.below(2)) % 4  # one of the other team
            return [R.COLOURS[c] for c in (first, second, first ^ 2, second ^ 2)]
        order = rng.shuffle(list(range(4)))[:players]
        return [R.COLOURS[c] for c in order]

    def bed(self):
        rng = self.rng
        return "".join([R.LETTERS[rng.below(4)] for _ in range(R.FLOWERS)])

    def beds(self):
        # the beds the tile completes, each holding one of its corners, a flower of each colour
        # (a bed no tile could complete is refused), its other three flowers at random
        rng = self.rng
        return [R.LETTERS[c] + self.bed()[1:] for c in range(R.BEDS_PER_TURN)
                if rng.below(16) < self.density]

    def step(self):
        g, rng = self.game, self.rng
        c = g.on_turn()
        special = not g.team_rules and not g.special[c] and rng.below(12) == 0
        if rng.below(16) == 0:  # a turn entered wrong, then taken back
            g.turn(self.beds(), special)
            g.undo()
        g.turn(self.beds(), special)

    def run(self):
        while self.game.outcome is None:
            self.step()
        return self.game


def play(seed, players=None, teams=False, tiles=None):
    # players None: the variant VARIANTS[seed % len(VARIANTS)]
    if players is None:
        players, teams, tiles = VARIANTS[seed % len(VARIANTS)]
    return Simulation(seed, players, teams, tiles).run()

# The seeded simulator plays whole legal games of Sanssouci on either runtime: the same seed
# gives the same game, every game lasts 18 rounds and replays from its log.
import gc

from shared_rules import games
from shared_rules.codec import encode
from shared_rules.sanssouci.simulate import play


def test_seeded_games_for_two_to_four_players_are_whole_and_replay():
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        g = play(seed, players, 6)
        tiles = [ev for ev in g.events if ev["e"] == "tile"]
        assert len(tiles) == 18 * players  # "das Spiel nach 18 Runden zu Ende"
        assert [ev["p"] for ev in tiles] == [t % players for t in range(18 * players)]
        assert sum(1 for ev in g.events if ev["e"] == "tasks") == players
        assert g.phase == "over" and g.outcome is not None
        # the replay stands alone, as on the box after a power cut: the log and a snapshot
        # of the game kept, the game itself let go
        log, snap = g.log, encode(g.snapshot())
        g = tiles = None
        gc.collect()
        assert encode(games.replay(log).snapshot()) == snap
        log = None
        gc.collect()


def test_the_same_seed_plays_the_same_game():
    # event by event: one canonical text of a whole log is more than a fragmented heap gives
    a = play(7, 3)
    b = play(7, 3)
    assert len(a.log) == len(b.log)
    assert all(encode(a.log[i]) == encode(b.log[i]) for i in range(len(a.log)))
    b = play(8, 3)
    assert any(encode(a.log[i]) != encode(b.log[i]) for i in range(min(len(a.log),
                                                                        len(b.log))))

# The seam every game plugs into: the registry keyed by the setup's "game", the event log
# every game shares (atomic, undo, the caller's event never changed) and the generic results
# (Outcome, Scoreboard) the device's and the host's screens read.
from support import mentions, raises

from shared_rules import games
from shared_rules.codec import decode, encode
from shared_rules.errors import InvalidEvent, InvalidSetup, NothingToUndo
from shared_rules.versailles.game import Game
from shared_rules.versailles.simulate import play


def test_the_registry_opens_a_game_by_its_setup():
    setup = {"e": "setup", "game": "versailles", "players": ["Ann", "Bob", "Cy"], "seed": 4}
    g = games.new_game(setup)
    assert isinstance(g, Game) and g.players == ["Ann", "Bob", "Cy"]
    assert games.info("versailles")[2] == (2, 5)
    exc = raises(InvalidSetup, games.new_game, dict(setup, game="chess"))
    mentions(exc, "chess", "versailles")  # what was wrong and which games there are
    raises(InvalidEvent, games.replay, [])
    raises(InvalidEvent, games.new_game, {"e": "round", "cards": [1, 2, 3]})


def test_a_setup_for_another_game_is_refused_by_each_rules_core():
    exc = raises(InvalidSetup, Game().push, {"e": "setup", "game": "gardens",
                                             "players": ["A", "B", "C"], "seed": 0})
    mentions(exc, "versailles", "gardens")


def test_replay_through_the_registry_is_the_same_game():
    g = play(11, 4)
    h = games.replay([decode(encode(ev)) for ev in g.log])
    assert encode(h.snapshot()) == encode(g.snapshot())
    assert h.outcome.winners == g.outcome.winners


def test_push_never_changes_the_callers_event():
    # Versailles adds Ludwig's card to a 2-player round: to its own copy, which push returns
    g = Game(["Ann", "Bob"], seed=3)
    mine = {"e": "round", "cards": [10, 20]}
    kept = g.push(mine)
    assert mine == {"e": "round", "cards": [10, 20]}
    assert kept["ludwig"] == g.rounds[-1][2][-1] and g.log[-1] is kept
    undo = {"e": "undo"}
    g.push(undo)
    assert undo == {"e": "undo"} and g.rounds == []
    raises(NothingToUndo, g.push, {"e": "undo"})


def test_every_finished_game_has_a_generic_outcome_and_scoreboard():
    g = play(5, 3)
    o, board = g.outcome, g.scoreboard()
    assert board.names == g.players and len(board.parts) == len(board.rows[0]) == 4
    assert board.totals == g.totals()
    for p in range(3):
        assert sum(board.rows[p]) == board.totals[p]  # Versailles's parts add up
    best = max(board.totals)
    assert o.winners and all(board.totals[w] == best for w in o.winners)
    assert board.ranking()[0] in o.winners or o.tiebreak
    assert o.shared == (len(o.winners) > 1) and o.reason
    for line in o.reason:
        assert len(line) <= 16, line  # a line of the box's screen


def test_a_game_viewed_from_its_journal_is_the_game_without_its_events():
    # Finished games are looked at, not played on: view keeps the state, not the events
    # (most of a replay's heap), and honours the journal's undos as a replay does.
    g = Game(["Ann", "Bob", "Cy"], seed=6)
    g.play_round([1, 2, 3])
    g.play_round([4, 5, 6])
    g.undo()
    g.play_round([7, 8, 9])
    g.claim(0, "green", 4)  # 8 fields placed: an area of 4 earns a token
    g.undo()
    journal = [decode(encode(ev)) for ev in g.log]

    def read(sink):
        for ev in journal:
            sink.append(ev)
    v = Game.view(read)
    assert encode(v.snapshot()) == encode(g.snapshot())
    assert v.events == [] and v.log == [] and not v.keep
    exc = raises(NothingToUndo, v.undo)
    mentions(exc, "look")
    h = play(9, 5)
    v = Game.view(lambda sink: [sink.append(ev) for ev in h.log])
    assert encode(v.snapshot()) == encode(h.snapshot()) and v.outcome.winners == h.outcome.winners

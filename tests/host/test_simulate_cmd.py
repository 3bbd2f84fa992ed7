"""`lenotre simulate` plays any of the box's games (issue 24: no generic command is one game's):
docs/CLI.md, "lenotre simulate". Its figures are checked against the games the rules'
simulations play when asked directly, seed by seed."""
import pytest

from lenotre import cli
from lenotre.commands.simulate import simulator
from shared_rules import games

SEED, GAMES = 4, 3


def _direct(game, players):
    # -> (the first game's "Name points" pairs, wins by seat) from the simulate modules
    play = simulator(game)
    wins = [0] * players
    for i in range(GAMES):
        for w in play(SEED + i, players).outcome.winners:
            wins[w] += 1
    first = play(SEED, players)
    return ["%s %d" % (n, t) for n, t in zip(first.players, first.totals())], wins


@pytest.mark.parametrize("game", games.names())
def test_each_game_is_simulated_and_summed_truly(game, capsys):
    _, title, (fewest, _) = games.info(game)
    players = fewest + 1
    assert cli.main(["simulate", "--game", game, "--games", str(GAMES), "--players",
                     str(players), "--seed", str(SEED)]) in (0, None)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "%d games of %s, %d players, seeds %d..%d" % (
        GAMES, title, players, SEED, SEED + GAMES - 1)
    first, wins = _direct(game, players)
    assert lines[1].startswith("first game: " + ", ".join(first) + "; winner: ")
    names = [pair.rsplit(" ", 1)[0] for pair in first]
    assert lines[2] == "wins by seat: " + ", ".join(
        "%s %d" % (n, w) for n, w in zip(names, wins))


def test_versailles_is_the_default_and_two_players_add_ludwig(capsys):
    cli.main(["simulate", "--games", "2", "--players", "2"])
    assert capsys.readouterr().out.startswith("2 games of Versailles, 2 players + Ludwig, ")


def test_a_player_count_the_game_is_not_played_by_says_the_range(capsys):
    assert cli.main(["simulate", "--game", "gardens", "--players", "5"]) == 2
    assert capsys.readouterr().err == (
        "lenotre simulate: error: Gardens is played by 2 to 4 players, not 5\n")


def test_under_micropython_the_named_game_is_the_one_timed(capfd):
    assert cli.main(["simulate", "--game", "schlossgarten", "--games", "2", "--players", "3",
                     "--micropython"]) == 0
    out = capfd.readouterr().out
    assert "micropython: 2 games of 3 players" in out
    # the game held afterwards is that game's: its journal has as many events as the rules'
    # Schlossgarten simulation of the seed makes (a Versailles game of it has another count)
    events = len(simulator("schlossgarten")(1, 3).log)
    assert "log of %d events" % events in out
    assert len(simulator("versailles")(1, 3).log) != events

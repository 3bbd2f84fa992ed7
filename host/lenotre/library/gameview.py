"""Synced games read back through the rules core: `lenotre games`, `show` and `replay`.

The Library keeps only what the box recorded (the events); everything shown here - scores,
the winner, and what each game tells besides (Versailles: who took which tile, the token
holders) - is recomputed by `shared_rules`, the code the box runs, through the game's
adapter (lenotre/games/), found by the setup's "game". Replaying also checks the box:
every event must pass the rules again (and, in Versailles, Ludwig's recorded draws must be
the ones the rules core draws). A game this lenotre does not know raises
games.UnknownGame, naming it and the games it knows."""
from lenotre.games import UnknownGame, for_events


def replay(events):
    # -> (adapter, game, [difference messages]): no difference when the box and the rules
    # core agree; game None when there are no events
    adapter = for_events(events)
    game, diffs = adapter.replay(events)
    return adapter, game, diffs


def show(events, title):
    # -> the lines of a game told event by event
    return for_events(events).show(events, title)


def summary(events, person=lambda name: name):
    # -> (players text, state text, result text) of a game for the `games` table; a seat with
    # a person recorded is shown by them (person(recorded name) -> their name now)
    if not events:
        return "-", "empty", ""
    try:
        adapter, game, diffs = replay(events)
    except UnknownGame as exc:
        if exc.name is None:
            return "-", "no setup event", ""
        return "-", "a game of %r: not known here" % exc.name, ""
    if game is None or not game.events:
        return "-", "empty", ""
    n = len(game.players)
    people = events[0].get("people") if isinstance(events[0], dict) else None
    if not (isinstance(people, list) and len(people) == n):
        people = [None] * n
    names = [person(people[p]) if isinstance(people[p], str) and people[p] else game.players[p]
             for p in range(n)]
    bot = adapter.bot(game)
    players = ", ".join(names) + (" + " + bot if bot else "")
    if adapter.finished(game):
        totals = game.totals()
        result = " and ".join("%s %d" % (names[p], totals[p]) for p in game.outcome.winners)
        state = "finished"
    else:
        state, result = game.describe(), ""
    if diffs:
        state += " (!%d)" % len(diffs)
    return players, state, result

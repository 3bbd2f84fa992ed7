"""A finished game as a BG Stats "push play": the JSON the app imports, and its link.

BG Stats takes one play as url-encoded JSON on https://app.bgstatsapp.com/createPlay.html?data=
(DESIGN.md §5; the evidence for each field is in docs/CLI.md). Opening the link shows the
app's own import dialog, which matches the game and the players once and remembers them by
`sourceGameId` and `sourcePlayerId`, and recognises a play pushed twice by `sourcePlayId`."""
import json
import time
from urllib.parse import quote

from shared_rules.versailles.game import LUDWIG

SOURCE_NAME = "Le Nôtre"
GAME_NAME = "Die Gärten von Versailles"
SOURCE_GAME_ID = "versailles"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
# BoardGameGeek's id of Die Gärten von Versailles (Schmidt Spiele 2017, Lena & Günter
# Burkhardt). UNCONFIRMED: no source reachable from here gave it, and a wrong id would file
# every play under another game. While it is None, `bggId` is left out and BG Stats asks once
# which game "Die Gärten von Versailles" is, then remembers it by SOURCE_GAME_ID.
BGG_ID_UNCONFIRMED = None
LUDWIG_ROLE = "Bot"
LUDWIG_PLAYER_ID = "lenotre-ludwig"


def play_id(played):
    # Stable for the life of the game on any desktop: the box's id and its game number.
    return "lenotre-%s-%d" % (played.device, played.gid)


def player_id(name):
    # The box knows players by name only (at the table, by their colour): the same name in
    # another game is the same BG Stats player, so the app matches it once.
    return "lenotre-player-" + name


def play_date(played, now=None):
    # BG Stats wants UTC "yyyy-MM-dd HH:mm:ss". The box has no clock, so the best the desktop
    # knows is the game's last sync; a game that was never marked synced gets the export time.
    if played.synced_at:
        return played.synced_at
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(now))


def comments(played):
    totals = played.totals()
    lines = ["Recorded by the Le Nôtre box %s, game %d." % (played.device, played.gid)]
    lines.append("; ".join("%s %s = %d" % (name, " + ".join(str(s) for s in
                                                             played.stage_points(p)), totals[p])
                           for p, name in enumerate(played.players)) + ".")
    if played.ludwig:
        lines.append("2 players: Ludwig, the box's bot, took the third seat.")
    if played.tiebreak():
        winners = played.winners()
        lines.append("Shared victory." if len(winners) > 1
                     else "Tied on points; the single largest area decided.")
    return " ".join(lines)


def payload(played, now=None):
    # -> the push-play object of one finished game
    if not played.finished:
        raise ValueError("game %s is not over (%s): BG Stats takes finished plays only"
                         % (played.id, played.where()))
    totals, ranks, winners = played.totals(), played.ranks(), played.winners()
    game = {"name": GAME_NAME, "highestWins": True, "noPoints": False,
            "sourceGameId": SOURCE_GAME_ID}
    if BGG_ID_UNCONFIRMED is not None:
        game["bggId"] = BGG_ID_UNCONFIRMED
    players = []
    for p, name in enumerate(played.players):
        # Every boolean is sent even when false: BG Stats' Android app fails on a missing one.
        players.append({"name": name, "score": totals[p], "winner": name in winners,
                        "rank": ranks[p], "startPlayer": False, "role": "",
                        "sourcePlayerId": player_id(name)})
    if played.ludwig:
        # Ludwig has a seat and takes tiles but builds no garden: no score, no rank.
        players.append({"name": LUDWIG, "winner": False, "startPlayer": False,
                        "role": LUDWIG_ROLE, "sourcePlayerId": LUDWIG_PLAYER_ID})
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(played),
        "playDate": play_date(played, now),
        "durationMin": 0,  # unknown: the journal has no wall clock
        "location": "",
        "comments": comments(played),
        "game": game,
        "players": players,
    }


def link(play):
    # The whole play, compact, percent-encoded (UTF-8): nothing in it survives unescaped.
    text = json.dumps(play, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return CREATE_PLAY + quote(text, safe="")

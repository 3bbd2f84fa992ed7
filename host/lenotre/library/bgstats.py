"""A finished game as a BG Stats "push play": the JSON the app imports, and its link.

BG Stats takes one play as url-encoded JSON on https://app.bgstatsapp.com/createPlay.html?data=
(DESIGN.md §5; the evidence for each field is in docs/CLI.md). Opening the link shows the
app's own import dialog, which matches the game and the players once and remembers them by
`sourceGameId` and `sourcePlayerId`, and recognises a play pushed twice by `sourcePlayId`."""
import json
import time
import uuid
from urllib.parse import quote

from lenotre.lang import _

SOURCE_NAME = "Le Nôtre"
CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
# A game is known to BG Stats by its adapter's TITLE (the name), NAME (sourceGameId) and, once
# confirmed, BGG_ID (bggId; while it is None BG Stats asks once which game the name is, then
# remembers it by sourceGameId). lenotre/games/.
# The box's own seat (Versailles's Ludwig) is its automa: a seat that plays but is nobody.
# BG Stats records such a seat as an anonymous player (no person's statistics gain a player
# who always loses), with what the seat was in `role` (docs/CLI.md, "Ludwig").
LUDWIG_ROLE = "Automa"
LOCATION_ENV = "LENOTRE_LOCATION"  # the default --location


def play_id(played):
    # Stable for the life of the game on any desktop: the box's id and its game number.
    return "lenotre-%s-%d" % (played.device, played.gid)


def player_id(key):
    # A roster person, by their lasting key (people.py): the same person in every game,
    # whatever colour they played and whatever they are called now.
    return "lenotre-person-" + key


def play_date(played, now=None):
    # BG Stats wants UTC "yyyy-MM-dd HH:mm:ss": the play's end by the box's clock, else its
    # start, else the latest it can have been (Played.when); a game with none of them gets
    # the export time.
    when = played.when
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(now if when is None else when))


def seat(played, p):
    # -> (name, person key or None) of seat p: a guest plays under their colour, anonymous
    key = played.person_key(p)
    return played.person_name(p), key


def comments(played):
    adapter = played.adapter
    lines = [_("Recorded by the Le Nôtre box %s, game %d.") % (played.device, played.gid)]
    lines.append("; ".join("%s %s" % (_who(played, p), adapter.points_text(played, p))
                           for p in range(len(played.players))) + ".")
    return " ".join(lines + adapter.comments(played))


def _who(played, p):
    colour, person = _(played.players[p]), played.people[p]
    return "%s (%s)" % (person, colour) if person else colour


def payload(played, now=None, location=None):
    # -> the push-play object of one finished game; location: where it was played, or None
    if not played.finished:
        raise ValueError("game %s is not over (%s): BG Stats takes finished plays only"
                         % (played.id, played.where()))
    totals, ranks, winners = played.totals(), played.ranks(), played.winners()
    adapter = played.adapter
    game = {"name": adapter.TITLE, "highestWins": True, "noPoints": False,
            "sourceGameId": adapter.NAME}
    if adapter.BGG_ID is not None:
        game["bggId"] = adapter.BGG_ID
    players = []
    for p, colour in enumerate(played.players):
        # Every boolean is sent even when false: BG Stats' Android app fails on a missing one.
        # The seat's colour is its role; a person is known by their id, a guest is anonymous.
        name, key = seat(played, p)
        player = {"name": name, "score": totals[p], "winner": colour in winners,
                  "rank": ranks[p], "startPlayer": False, "role": colour}
        if key is None:
            player["isAnonymous"] = True
        else:
            player["sourcePlayerId"] = player_id(key)
        players.append(player)
    if played.bot:
        # Ludwig has a seat and takes tiles but builds no garden: no score, no rank.
        players.append({"name": played.bot, "winner": False, "startPlayer": False,
                        "role": LUDWIG_ROLE, "isAnonymous": True})
    play = {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(played),
        "playDate": play_date(played, now),
        "comments": comments(played),
        "game": game,
        "players": players,
    }
    if played.duration_min is not None:  # only when the box's clock saw both ends
        play["durationMin"] = played.duration_min
    if location:
        play["location"] = location
    return play


def link(play):
    # The whole play, compact, percent-encoded (UTF-8): nothing in it survives unescaped.
    text = json.dumps(play, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return CREATE_PLAY + quote(text, safe="")


# ---- the import file ------------------------------------------------------------------------
# BG Stats imports a file in the layout of its own export (Settings -> Import): `about`, then
# lists of `games`, `players`, `locations` and `plays` that refer to each other by numeric id
# (`gameRefId`, `playerRefId`, `locationRefId`), every entry with a `uuid` by which BG Stats
# knows it again. Our uuids are derived from our lasting ids (uuid5), so importing a newer file
# again adds the new plays and duplicates none. Evidence for each field: docs/CLI.md.
NAMESPACE = uuid.UUID("5f0c1d2e-7a4b-5c6d-8e9f-0a1b2c3d4e5f")  # Le Nôtre's own, made up once


def _uuid(name):
    return str(uuid.uuid5(NAMESPACE, name))


def import_file(games, now=None, location=None):
    # -> the import file's object for the finished games (in their order)
    plays, players, refs = [], [], {}

    def ref(key, entry):
        # -> the numeric id of a player, made on first use: ids follow the plays' order
        if key not in refs:
            refs[key] = len(players) + 1
            players.append(dict(entry, id=refs[key], uuid=_uuid("player/" + key)))
        return refs[key]
    entries, game_refs = [], {}

    def game_ref(adapter):
        # -> the numeric id of a kind of game, made on first use
        if adapter.NAME not in game_refs:
            game_refs[adapter.NAME] = len(entries) + 1
            entry = {"id": game_refs[adapter.NAME], "uuid": _uuid("game/" + adapter.NAME),
                     "name": adapter.TITLE, "highestWins": True, "noPoints": False,
                     "cooperative": False, "usesTeams": False}
            if adapter.BGG_ID is not None:
                entry["bggId"] = adapter.BGG_ID
            entries.append(entry)
        return game_refs[adapter.NAME]
    locations = [{"id": 1, "uuid": _uuid("location/" + location), "name": location}] \
        if location else []
    for g in games:
        if not g.finished:
            continue
        totals, ranks, winners = g.totals(), g.ranks(), g.winners()
        scores = []
        for p, colour in enumerate(g.players):
            name, key = seat(g, p)
            if key is None:  # a guest: one per colour, never the same player as another seat
                r = ref("guest/" + colour, {"name": colour, "isAnonymous": True})
            else:
                r = ref("person/" + key, {"name": name, "isAnonymous": False})
            scores.append({"playerRefId": r, "score": str(totals[p]),
                           "winner": colour in winners, "rank": ranks[p], "seatOrder": p + 1,
                           "startPlayer": False, "newPlayer": False, "role": colour})
        if g.bot:
            r = ref(g.bot.lower(), {"name": g.bot, "isAnonymous": True})
            scores.append({"playerRefId": r, "winner": False, "seatOrder": len(g.players) + 1,
                           "startPlayer": False, "newPlayer": False, "role": LUDWIG_ROLE})
        play = {"uuid": _uuid("play/" + play_id(g)), "gameRefId": game_ref(g.adapter),
                "playDate": play_date(g, now), "comments": comments(g), "ignored": False,
                "manualWinner": False, "usesTeams": False, "playerScores": scores}
        if g.duration_min is not None:
            play["durationMin"] = g.duration_min
        if location:
            play["locationRefId"] = 1
        plays.append(play)
    titles = _(" and ").join(e["name"] for e in entries) or _("no game")
    return {"about": _("Le Nôtre: %d plays of %s, from the journals of the boxes (a BG Stats "
                       "import file)") % (len(plays), titles),
            "games": entries, "players": players, "locations": locations,
            "plays": plays}

"""Deutsch: the desktop's words in German (lenotre.lang). The games' terms are the rulebooks'
own where a German rulebook has them, else ours (docs/GLOSSARY.md, marked there). A key with
%d or %s is also the pattern of a text made elsewhere (the rules core's "stage 1, round 3");
its translation keeps the same specifiers in the same order (tests/host/test_lang.py)."""

DECIMAL = ","  # 45,4 Punkte

# The CSV's column heads (lenotre export --format csv): its keys, which programs read, stay
# in the JSON; a spreadsheet shows these
COLUMNS = {
    "device": "Box", "game": "Spiel-Nr.", "kind": "Spiel", "date": "Datum",
    "date_estimated": "Datum geschätzt", "started": "Beginn", "ended": "Ende",
    "status": "Stand", "players": "Spielerzahl", "ludwig": "mit Ludwig", "seat": "Sitz",
    "player": "Spieler", "person": "Person", "stage1": "Durchgang 1", "stage2": "Durchgang 2",
    "total": "gesamt", "rank": "Platz", "winner": "Gewinner", "tiebreak": "Gleichstand",
    "large_tokens": "große Mehrheitenchips", "small_tokens": "kleine Mehrheitenchips",
    "construction_bonus": "Bonus Baufläche", "gardeners": "Gärtner",
    "rows_complete": "vollständige waagrechte Reihen",
    "columns_complete": "vollständige senkrechte Reihen", "task_cards": "Auftragskarten",
    "colours": "Farben", "variant": "Variante", "beds": "Beete", "corners": "Ecken",
    "supply": "Vorrat", "tile_count": "Plättchen (Anzahl)", "tile_values": "Plättchenwerte",
    "on_field": "Elemente auf dem Feld", "nobles": "Adlige", "rows": "waagrechte Reihen",
    "columns": "senkrechte Reihen", "tasks": "Aufträge", "tiles": "Plättchen (Punkte)",
    "elements": "Elemente (Punkte)",
}

WORDS = {
    # ---- the report's overview and lists -------------------------------------------------
    "Le Nôtre: the games": "Le Nôtre: die Spiele",
    "1 game: %d finished": "1 Spiel: %d beendet",
    "%d games: %d finished": "%d Spiele: %d beendet",
    "; played from %s to %s": "; gespielt vom %s bis %s",
    "; %d of unknown date": "; %d mit unbekanntem Datum",
    "~ before a date: the box had no clock when that game was played, so its time is not "
    "known, but the games before and after it on its box fix the day. Date unknown: they do "
    "not.": "~ vor einem Datum: Die Box hatte keine Uhr, als dieses Spiel gespielt wurde; "
            "die Uhrzeit ist unbekannt, aber die Spiele davor und danach auf ihrer Box legen "
            "den Tag fest. Datum unbekannt: Sie tun es nicht.",
    "Running now": "Laufende Spiele",
    "As at the last sync; sync again to see more.":
        "Stand der letzten Übertragung; neu übertragen zeigt mehr.",
    "No game running on the box at the last sync.":
        "Bei der letzten Übertragung lief kein Spiel auf der Box.",
    "Games over time": "Spiele im Lauf der Zeit",
    "finished games per period by winner, and the average points":
        "beendete Spiele je Zeitraum nach Gewinner, und die durchschnittlichen Punkte",
    "No finished game yet.": "Noch kein beendetes Spiel.",
    "People": "Personen",
    "Per game": "Pro Spiel",
    "The newest games": "Die neuesten Spiele",
    "All %d games": "Alle %d Spiele",
    " on %d pages of %d": " auf %d Seiten zu %d",
    "All games, page %d of %d": "Alle Spiele, Seite %d von %d",
    "pages (newest first)": "Seiten (neueste zuerst)",
    "overview": "Übersicht",
    "Finished games only; a shared victory is a win for each winner.":
        "Nur beendete Spiele; ein geteilter Sieg zählt für jeden Gewinner als Sieg.",
    "%d, %s in %s": "%d, %s in %s",
    # table heads
    "date": "Datum",
    "game": "Spiel",
    "players": "Spieler",
    "points": "Punkte",
    "winner or state": "Gewinner oder Stand",
    "which": "welches",
    "where": "wo",
    "held": "gehalten",
    "points banked": "Punkte bisher",
    "person": "Person",
    "games": "Spiele",
    "wins": "Siege",
    "win share": "Siegquote",
    "average points": "Punkte im Schnitt",
    "best": "bestes",
    "last played": "zuletzt gespielt",
    "average winning points": "Siegerpunkte im Schnitt",
    "highest": "höchstes",
    "player": "Spieler",
    "total": "gesamt",
    "place": "Platz",
    # a game's state and its date
    "over": "beendet",
    "running": "läuft",
    "abandoned": "abgebrochen",
    "finished": "beendet",
    "date unknown": "Datum unbekannt",
    "not dated": "ohne Datum",
    "played before %s UTC": "gespielt vor %s UTC",
    "played between %s and %s UTC": "gespielt zwischen %s und %s UTC",
    "%s (guest)": "%s (Gast)",
    # ---- the exports' texts (BG Stats' comment and import file) ---------------------------
    "Recorded by the Le Nôtre box %s, game %d.": "Aufgezeichnet von der Le-Nôtre-Box %s, Spiel %d.",
    "Le Nôtre: %d plays of %s, from the journals of the boxes (a BG Stats import file)":
        "Le Nôtre: %d Partien von %s, aus den Journalen der Boxen (eine BG-Stats-Importdatei)",
    "no game": "keinem Spiel",
    "The box's clock was not set when it was played: %s; dated at the latest.":
        "Die Uhr der Box war beim Spielen nicht gestellt: %s; auf das späteste Datum gesetzt.",
    "Shared victory.": "Geteilter Sieg.",
    "Tied on points; the %s decided.": "Gleichstand nach Punkten; entschieden hat: %s.",
    "single largest area": "das größte zusammenhängende Feld",
    "most gardeners": "die meisten Gärtner",
    "fewer own-colour corners in the beds won": "weniger Ecken der eigenen Farbe in den gewonnenen Beeten",
    "2 players: Ludwig, the box's automa, took the third seat.":
        "2 Spieler: Ludwig, der imaginäre Spieler der Box, nahm den dritten Platz.",
    "Gardeners: %s.": "Gärtner: %s.",
    "%d (nobles)": "%d (Adlige)",
    "%d tiles + %d elements = %d": "%d Plättchen + %d Elemente = %d",
    "%d beds": "%d Beete",
    "2 players, team rules": "2 Spieler, Teamregeln",
    "team game 2 vs 2": "Teamspiel 2 gegen 2",
    "%d players, %d flowerbed tiles": "%d Spieler, %d Beetplättchen",
    "%d players, %d flowerbed tiles (shorter game)": "%d Spieler, %d Beetplättchen (kürzeres Spiel)",
    # ---- a game's page ---------------------------------------------------------------------
    "Game %s": "Spiel %s",
    "older: %s": "älter: %s",
    "newer: %s": "neuer: %s",
    "shared: ": "geteilt: ",
    "no scoring yet": "noch keine Wertung",
    " (so far)": " (bisher)",
    " so far": " bisher",
    "%s: the state at the last sync (%s). Sync again to see more.":
        "%s: der Stand der letzten Übertragung (%s). Neu übertragen zeigt mehr.",
    "Still running": "Läuft noch",
    "Abandoned (a new game was started on the box)":
        "Abgebrochen (auf der Box wurde ein neues Spiel begonnen)",
    "The box had no clock when this game was played: %s (the games before and after it on "
    "its box, and its first sync).": "Die Box hatte keine Uhr, als dieses Spiel gespielt "
                                      "wurde: %s (die Spiele davor und danach auf ihrer Box "
                                      "und seine erste Übertragung).",
    "House rule: %s.": "Hausregel: %s.",
    "House rules: %s.": "Hausregeln: %s.",
    "none": "keine",
    "nobody": "niemand",
    " and ": " und ",
    # ---- the overview's chart ----------------------------------------------------------------
    "games won, per %s": "gewonnene Spiele pro %s",
    "winner (games)": "Gewinner (Spiele)",
    "1 finished game, per %s": "1 beendetes Spiel, pro %s",
    "%d finished games, per %s": "%d beendete Spiele, pro %s",
    "winning total": "Siegerpunkte",
    "every player's total": "Punkte aller Spieler",
    "week": "Woche",
    "month": "Monat",
    "year": "Jahr",
    "shared victory": "geteilter Sieg",
    "others": "andere",
    # ---- the seats' colours (a guest plays under one) -------------------------------------
    "Orange": "Orange",
    "Purple": "Lila",
    "Cyan": "Türkis",
    "Pink": "Rosa",
    "Lime": "Grün",
    "Silver": "Silber",
    "Blue": "Blau",
    "Yellow": "Gelb",
    "Red": "Rot",
    "White": "Weiß",
    # ---- Die Gärten von Versailles (versailles-de-summary.txt) -------------------------------
    "largest area": "größtes Feld",
    "large tokens held": "große Mehrheitenchips",
    "stage %d, round %d": "Durchgang %d, Runde %d",
    "stage %d scoring": "Wertung nach Durchgang %d",
    "game over": "Spiel vorbei",
    "areas": "Felder",
    "large tk": "große Chips",
    "small tk": "kleine Chips",
    "constr.": "Baufl.",
    "green": "grün",
    "blue": "blau",
    "white": "weiß",
    "red": "rot",
    "yellow": "gelb",
    "Known points by round": "Bekannte Punkte nach Runden",
    "Points are known only at a scoring (after rounds 7 and 14): the box learns the areas "
    "then. Tokens held in between are in the chart below; they count at the scoring, for "
    "whoever holds them then.": "Punkte stehen erst bei einer Wertung fest (nach Runde 7 "
                                "und 14): Erst dann erfährt die Box die Felder. Wer "
                                "dazwischen Mehrheitenchips hält, zeigt die Grafik darunter; "
                                "sie zählen bei der Wertung für den, der sie dann hält.",
    "Majority tokens by round": "Mehrheitenchips nach Runden",
    "Each cell: who held the token at the end of the round. Claims after round 7 count to "
    "round 7.": "Jedes Feld: wer den Chip am Ende der Runde hielt. Ansprüche nach Runde 7 "
                "zählen zu Runde 7.",
    "stage 1": "Durchgang 1",
    "stage 2": "Durchgang 2",
    "large tokens now": "große Chips jetzt",
    "small tokens": "kleine Chips",
    "the box's third player: no garden, no score; his tiles are discarded":
        "der dritte Spieler der Box: kein Garten, keine Punkte; seine Plättchen werden "
        "abgelegt",
    "Rounds in which Ludwig's card was lower than the player's, so he took a tile before "
    "them: %s, of %d rounds. He had the lowest card of all and took the first tile of the "
    "group in %d.": "Runden, in denen Ludwigs Karte niedriger war als die des Spielers und "
                    "er vor ihm ein Plättchen nahm: %s, von %d Runden. Die niedrigste Karte "
                    "von allen und das erste Plättchen der Gruppe hatte er in %d.",
    "Against Ludwig": "Gegen Ludwig",
    "No finished two-player game yet: Ludwig plays only with two.":
        "Noch kein beendetes Spiel zu zweit: Ludwig spielt nur mit zwei Spielern.",
    "Ludwig has no garden and no score: he gets in the way. In each round his card goes down "
    "with the players'; when it is lower than a player's he takes a tile before them and "
    "throws it away (cards drawn at random would do that in half of the rounds).":
        "Ludwig hat keinen Garten und keine Punkte: Er ist im Weg. In jeder Runde wird seine "
        "Karte mit denen der Spieler aufgedeckt; ist sie niedriger als die eines Spielers, "
        "nimmt er vor ihm ein Plättchen und legt es ab (zufällig gezogene Karten täten das "
        "in der Hälfte der Runden).",
    "games with Ludwig": "Spiele mit Ludwig",
    "won": "gewonnen",
    "rounds Ludwig chose before them": "Runden, in denen Ludwig vorher wählte",
    "rounds he took the first tile": "Runden mit seinem ersten Plättchen",
    "%d of %d (%.0f%%)": "%d von %d (%.0f%%)",
    "The chart shows the last %s: each game's two bars are its players in the order named "
    "under it, in their seats' colours.": "Die Grafik zeigt die letzten %s: Die zwei Balken "
                                          "eines Spiels sind seine Spieler in der darunter "
                                          "genannten Reihenfolge, in ihren Farben.",
    "%d of %d two-player games": "%d von %d Spielen zu zweit",
    "two-player games": "Spiele zu zweit",
    "points per player and rounds Ludwig chose first, per two-player game":
        "Punkte je Spieler und Runden, in denen Ludwig zuerst wählte, je Spiel zu zweit",
    "known points by round": "bekannte Punkte nach Runden",
    "start": "Beginn",
    "7: stage 1 scored": "7: Zwischenwertung",
    "14: final scoring": "14: Endwertung",
    "rounds played": "gespielte Runden",
    "majority token holders by round": "Halter der Mehrheitenchips nach Runden",
    "%s token": "Chip %s",
    "round %d: %s": "Runde %d: %s",
    "final points": "Endpunkte",
    "rounds Ludwig took the first tile (lowest card)":
        "Runden, in denen Ludwig das erste Plättchen nahm (niedrigste Karte)",
    "The players against Ludwig: 1 two-player game": "Die Spieler gegen Ludwig: 1 Spiel zu zweit",
    "The players against Ludwig: %d two-player games":
        "Die Spieler gegen Ludwig: %d Spiele zu zweit",
    "rounds Ludwig chose\nbefore this player": "Runden, in denen Ludwig\nvor diesem Spieler wählte",
    # ---- Sanssouci (adelsgarten-de.txt) ---------------------------------------------------
    "gardeners": "Gärtner",
    "rows and columns complete": "vollständige Reihen",
    "round %d of %d, %s to play": "Runde %d von %d, %s ist am Zug",
    "round %d of %d, %s to play (%s may move a noble)":
        "Runde %d von %d, %s ist am Zug (%s darf einen Adligen bewegen)",
    "final scoring: task cards of %s": "Wertung: Auftragskarten von %s",
    "final scoring: task cards of %s (%s may move a noble)":
        "Wertung: Auftragskarten von %s (%s darf einen Adligen bewegen)",
    "%d rows, %d columns": "%d waagrechte, %d senkrechte Reihen",
    "nobles": "Adlige",
    "rows": "waagrecht",
    "columns": "senkrecht",
    "tasks": "Aufträge",
    "the first row scores %s": "die erste Reihe zählt %s",
    "9 points as a complete row": "9 Punkte als vollständige Reihe",
    "no row points": "keine Reihenpunkte",
    "beige": "beige",
    "grey": "grau",
    "orange": "orange",
    "violet": "violett",
    "turquoise": "türkis",
    "Kraeuterschnecke": "Kräuterschnecke",
    "Points by round": "Punkte nach Runden",
    "The nobles' points as they come, round by round (the score track); the last step is the "
    "final scoring: complete rows and columns and the task cards.":
        "Die Punkte der Adligen, wie sie kommen, Runde für Runde (die Punkteleiste); der "
        "letzte Schritt ist die Wertung: vollständige waagrechte und senkrechte Reihen und die "
        "Auftragskarten.",
    "Rows and columns completed": "Vollständige Reihen",
    "Solid: complete rows (the first, built from the start, not counted); dashed: complete "
    "columns.": "Durchgezogen: vollständige waagrechte Reihen (die erste, von Anfang an "
                "bebaut, nicht gezählt); gestrichelt: vollständige senkrechte Reihen.",
    "points by round": "Punkte nach Runden",
    "rows and columns completed by round": "vollständige Reihen nach Runden",
    "final": "Wertung",
    "complete rows": "vollständige waagrechte Reihen",
    "complete columns": "vollständige senkrechte Reihen",
    "task cards": "Auftragskarten",
    "hidden": "verdeckt",
    # ---- Gardens (gardens-en.txt; German ours) -------------------------------------------------
    "fewer corners": "weniger Ecken",
    "beds won, flowerbed tiles left": "gewonnene Beete, übrige Beetplättchen",
    "turn %d: %s (%s)": "Zug %d: %s (%s)",
    "turn %d: %s (%s), last round: %d turns left": "Zug %d: %s (%s), letzte Runde: noch %d Züge",
    "turn %d: %s (%s), last round: %d turn left": "Zug %d: %s (%s), letzte Runde: noch %d Zug",
    "beds": "Beete",
    "corners": "Ecken",
    "supply": "Vorrat",
    "pink": "rosa",
    "%s %d beds, %d left": "%s %d Beete, %d übrig",
    "a bed's majority is a team's, its two colours' flowers together":
        "die Mehrheit in einem Beet hat ein Team, die Blumen seiner beiden Farben zusammen",
    "a bed's majority is one colour's, as in the base game":
        "die Mehrheit in einem Beet hat eine Farbe, wie im Grundspiel",
    "Beds won over the game": "Gewonnene Beete im Lauf des Spiels",
    "Each colour's flowerbeds with sole majority after every turn; beds won after its "
    "flowerbed tiles ran out count too.": "Die Blumenbeete jeder Farbe mit alleiniger "
                                          "Mehrheit nach jedem Zug; Beete, die nach ihren "
                                          "letzten Beetplättchen gewonnen wurden, zählen mit.",
    "Corners used": "Verwendete Ecken",
    "The flowers of its own colour each colour put into the beds it won: the tie-break counts "
    "them (fewer wins).": "Die Blumen der eigenen Farbe, die jede Farbe in ihre gewonnenen "
                          "Beete gesetzt hat: Bei Gleichstand zählen sie (weniger gewinnt).",
    "turn (%d)": "Zug (%d)",
    "%d corners in %d beds": "%d Ecken in %d Beeten",
    # ---- Der Prestel Schlossgarten (schlossgarten-en.txt; German ours) ----------------------------
    "first to 21": "zuerst 21",
    "elements on the field": "Elemente auf dem Feld",
    "turn %d, %s to play": "Zug %d, %s ist am Zug",
    "turn %d, %s to play; draw pile empty: shuffle the %d discards first":
        "Zug %d, %s ist am Zug; Nachziehstapel leer: erst die %d abgelegten Karten mischen",
    "game over: %s reached %d points in turn %d": "Spiel vorbei: %s erreichte %d Punkte in Zug %d",
    "tiles": "Plättchen",
    "elements": "Elemente",
    "hedge1": "Hecke 1",
    "hedge2": "Hecke 2",
    "maze": "Irrgarten",
    "column": "Säule",
    "pool": "Becken",
    "terrace": "Terrasse",
    "a turn that reaches 21 counts whole, its element and tiles together":
        "ein Zug, der 21 erreicht, zählt ganz, sein Element und seine Plättchen zusammen",
    "the game ends at the tile that reaches 21": "das Spiel endet mit dem Plättchen, das 21 erreicht",
    "Points over turns": "Punkte nach Zügen",
    "Points after every turn: tiles taken and elements on the field. A line drops when an "
    "element of that player's is built over (it goes back to the supply), and rises again "
    "when it is placed again. The dashed line is %d: the game ends the moment a player "
    "reaches it.": "Punkte nach jedem Zug: genommene Plättchen und Elemente auf dem Feld. Eine "
                   "Linie fällt, wenn ein Element dieses Spielers überbaut wird (es geht in "
                   "den Vorrat zurück), und steigt wieder, wenn es neu gebaut wird. Die "
                   "gestrichelte Linie ist %d: Das Spiel endet, sobald ein Spieler sie "
                   "erreicht.",
    "points over turns": "Punkte nach Zügen",
    "turns played": "gespielte Züge",
    "tiles taken": "genommene Plättchen",
    "in the supply": "im Vorrat",
}

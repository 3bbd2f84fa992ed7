"""Issue 12, "Sanssouci at the table": a whole 4-player game through the simulated box's five
buttons on CPython, on the MicroPython unix port and from the .mpy build at the Pico's 192 KB,
its scores asserted from the game worked out by hand; then what a player sees along the way
(only legal cells, cards and noble moves offered, the points shown before confirming), undo
and a power cut.

The game is tests/shared/test_sanssouci_game.py's, scored there by hand from the rulebook
(/work/shared/rulebooks/adelsgarten-de.txt); at the box its four players are Orange (Ann),
Purple (Bob), Cyan (Cy) and Pink (Dee). Worked by hand, the final scoring ("Wenn jeder Spieler
seine letzte Handkarte gespielt hat, kommt es zur Wertung"):
  - the score track, nobles' points "sofort so viele Punkte, wie die Reihe angibt":
    Orange 19, Purple 39, Cyan 26, Pink 32;
  - "Fuer jede vollstaendige, waagrechte Reihe ... 10 Punkte minus dem Wert der entsprechenden
    Reihe": Orange white 8; Purple none; Cyan orange 6; Pink white 8 + turquoise 4 = 12;
  - "jede vollstaendige, senkrechte Reihe ... 5 Punkte": Orange Labyrinth 5; Purple Brunnen
    and Rosenbogen 10 (its white Rosenbogen a gardener); Cyan Statue 5; Pink Weinstock 5;
  - task cards, "so viele Punkte, wie die Reihe angibt, in der der Adlige des entsprechenden
    Motivs steht": Orange Labyrinth 6 + Statue 3; Purple Brunnen 6 + Labyrinth 1; Cyan
    Statue 6 + Pavillon 1; Pink Weinstock 6 + Labyrinth 1;
  - totals 41, 56, 44, 56: Purple and Pink tie, and "Bei Gleichstand gewinnt der Spieler, mit
    den meisten Gaertnern in seinem Garten": Purple 3 gardeners, Pink none. Purple wins."""

import pytest

from sanssouci_play import Player, turns_of
from shared_rules import games
from shared_rules.sanssouci.game import Game

from tablerig import box_journal, device
import test_sanssouci_game as worked  # tests/shared: the hand-worked game, turn by turn

RUNTIMES = ["cpython", "micropython", "micropython-mpy"]
NAMES = ["Orange", "Purple", "Cyan", "Pink"]


def worked_game():
    g = Game(NAMES, [list(c) for c in worked.PRINTED])
    worked.play_rounds(g, 0, 18)
    for p in range(4):
        g.reveal(p, worked.TASKS[p])
    return g


def journal(flash):
    s, ids = box_journal(flash)  # the firmware's own store, read on the desktop
    assert len(ids) == 1
    return s, ids[0]


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_a_whole_four_player_game_through_the_buttons_scores_as_worked_by_hand(
        tmp_path, runtime, request):
    plan = worked_game()
    flash = str(tmp_path / "flash")
    heap = []  # the live heap after a collection, after each turn (MicroPython)
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        p = Player(dev)
        p.play(plan.log, lambda kind, presses: heap.append(dev.stats()["alloc"]))
        assert p.names == NAMES
        texts = dev.screen()[1]
        assert texts[:3] == ["Game over", "Winner", "Purple"], texts
        dev.press("ok")  # the scoreboard: by total, the tie-break's winner first
        assert dev.screen()[1][2:6] == ["Purple        56", "Pink          56",
                                        "Cyan          44", "Orange        41"]
        dev.press("down")  # Purple's parts: track 39, no row, two columns, tasks 6 + 1
        assert dev.screen()[1][:6] == ["Purple 1/4", "nobles        39", "rows           0",
                                       "columns       10", "tasks          7",
                                       "total         56"]
        dev.press("up")
        dev.press("ok")
        texts = dev.screen()[1]
        assert texts[:5] == ["Winner", "Purple", "Tie: 56 points", "most gardeners:",
                             "Pur 3 Pin 0"], texts
        assert dev.stats()["clipped"] == 0  # every screen of the game was whole
        presses = dev.presses
    s, gid = journal(flash)
    assert s.finished(gid)
    events = s.events(gid)
    game = games.replay(events)
    assert game.totals() == [41, 56, 44, 56]
    assert game.scoreboard().rows == [[19, 8, 5, 9], [39, 0, 10, 7], [26, 6, 5, 7],
                                      [32, 12, 5, 7]]
    assert game.outcome.winners == [1] and game.outcome.tiebreak
    # exactly the plan's turns and task cards; the setup holds the gardens as entered
    assert turns_of(events) == turns_of(plan.log)
    assert events[0]["gardens"] == [sorted(c) for c in worked.PRINTED]
    assert presses < 800, presses  # bench/sanssouci_presses.py prints them
    if runtime == "micropython-mpy":
        # The Pico's 192 KB: the live heap never came near it (its least free room is
        # printed by bench/sanssouci_presses.py)
        assert max(heap) < 184 * 1024, max(heap)


def offered(dev, forward, read, most=60):
    # -> what a screen offers, read at each press of `forward` until it comes round again
    seen = []
    for _ in range(most):
        item = read()
        if seen and item == seen[0]:
            return seen
        seen.append(item)
        dev.press(forward)
    raise AssertionError("the offers never came round: %r" % seen)


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_the_box_offers_only_legal_cells_cards_and_noble_moves_and_undoes_and_resumes(
        tmp_path, runtime, request):
    from shared_rules.sanssouci.board import COLS
    flash = str(tmp_path / "flash")
    rules = Game(NAMES[:2], [[10], []])  # beside the box: Orange's white Statue is printed
    with device(flash, runtime, request) as dev:
        dev.wait(30)
        p = Player(dev)
        p.new_game(2, [[10], []])
        texts = dev.screen()[1]
        assert texts[0] == "Orange round 1" and texts[-1] == "ok:tile 18 rnds", texts
        px = dev.pixels()
        assert all(px[i] != (0, 0, 0) for i in range(6))  # 18 rounds left: six pixels of 3
        assert px[6] == (0, 0, 0) and px[7][0] == max(px[7])  # no noble open; Orange's turn
        dev.press("ok")
        p.to_cell(1, 1)  # the white Statue: printed, so the tile will be a gardener
        assert p.panel()[:4] == ["white", "Statue", "", "filled"], p.panel()
        dev.press("ok")
        # "Karte mit einem Motiv ... ein Gartenplaettchen mit diesem Motiv"; the two-colour
        # cards "von den vier Feldern ... in der Reihe mit der jeweiligen Farbe"; the joker;
        # another motif card "gilt ... als Joker" only when none of its motif lies there
        texts = dev.screen()[1]
        assert texts[:7] == ["Card played", "Statue card", "white/grey", "white/orange",
                             "white/violet", "white/turq.", "5-colour joker"], texts
        dev.press("ok")  # the Statue card
        # "einen Gaertner ... auf ein beliebiges waagrechtes oder senkrechtes Gartenfeld"
        cells = offered(dev, "down", p.cursor_cell)
        assert sorted(r * COLS + m for r, m in cells) == rules.legal_cells(1, 1, 0)
        assert p.panel()[3] == "1/%d" % len(cells)
        dev.press("down", 3)
        at = p.cursor_cell()
        dev.press("ok")
        rules.place(0, 1, 1, 1, at[0] * COLS + at[1])
        # the noble moves: only the legal ones, each with the row's points before ok
        texts = dev.screen()[1]
        assert texts[0] == "Move a noble?", texts
        moves = []
        for _ in range(COLS):
            stops = offered(dev, "down", lambda: (p.panel()[0], p.panel()[3], p.panel()[4]))
            moves += stops
            dev.press("next")
            if p.panel()[0] == moves[0][0]:
                break
        from shared_rules.sanssouci.board import COLOURS, MOTIFS
        from sanssouci_play import names
        want = [(m, r, "+%d pt" % pts) for m, r, pts in rules.noble_moves()]
        got = [([k for k in range(COLS) if names(mm, MOTIFS[k])][0],
                [k for k in range(6) if names(rr, COLOURS[k])][0], pts) for mm, rr, pts in moves]
        assert sorted(got) == sorted(want) and want, (got, want)
        dev.press("back")  # no noble now: the hub's > still may, until Purple's tile
        texts = dev.screen()[1]
        assert texts[0] == "Purple round 1" and texts[-1] == ">:noble 18 rnds", texts
        assert dev.pixels()[6][0] == max(dev.pixels()[6])  # px7: Orange may move a noble
        dev.press("next")
        for _ in range(COLS):  # to the Statue noble's stop on the printed white Statue
            if p.panel()[0] == "Statue":
                break
            dev.press("next")
        # the hint: the keys that do something here (> another noble, up/down another stop)
        nobles = len({w[0] for w in want})
        keys = ("^v" if nobles < len(want) else "") + (">" if nobles > 1 else "")
        assert p.panel()[3:5] == ["white", "+2 pt"] and dev.screen()[1][-1] == (
            keys + " ok:+2 <:none" if keys else "ok:+2 back:none"), (want, dev.screen()[1])
        dev.press("ok")
        assert dev.screen()[1][1:3] == ["Or   2", "Pu   0"]
        dev.long("back")  # undo: the noble goes back, and Orange may move one again
        texts = dev.screen()[1]
        assert "Undone: Orange's noble" in " ".join(texts), texts
        dev.wait(3000)
        texts = dev.screen()[1]
        assert texts[1:3] == ["Or   0", "Pu   0"] and texts[-1] == ">:noble 18 rnds", texts
        assert dev.stats()["clipped"] == 0
    with device(flash, runtime, request) as dev:  # a power cut, and back: where it was
        dev.wait(30)
        texts = dev.screen()[1]
        assert texts[0] == "Purple round 1" and texts[-1] == ">:noble 18 rnds", texts
        dev.press("next")
        assert dev.screen()[1][0] == "Move a noble?"
    s, gid = journal(flash)
    assert [ev["e"] for ev in s.events(gid)] == ["setup", "tile", "noble", "undo"]

"""Games a box holds, on the emulated Pico: the box's own image filled with games of the four
games until its store refuses one, then that refusal seen through the app's buttons.

    python bench/capacity_pico.py [--host-games N] [--distinct D] [--chunk K]
                                  [--flash-image PATH]

The box's own MicroPython image (image.build_uf2, cached) runs on the emulated RP2040
(rp2040js) and `lenotre flash` puts the app on it, as bench/image.py does. The games are
bench/capacity.py's (D of each game, default 3, Versailles 2-5 players, the others 2-4,
cycled by id: a quarter of each game), without the app's time stamps. N of them (default
2,950) are recorded first on the host by the firmware's own Store on CPython, each with its
Finished-menu row (labels.txt, app.core.row_words), and copied into the box's `data/` over
its USB serial (picorepl.push): on a full box a game recorded at the REPL takes some 5
emulated seconds, and 3,000 would take ten hours of this machine. The rest are recorded ON
the box by its own store at its raw REPL, as the app records a game: the Pico's store
(AheadStore on data/, as hal.pico builds it) takes the setup and each event, an idle step's
fold after each (the app settles after every press's frame), then the END, the game's row,
and the idle step's filing into a pack; K games (default 5) an exec. It stops at the first
record the store refuses (StoreFull): the figure is the finished games the box then holds.
Then the box is powered on again with its app and New game pressed through the buttons (a
game the refusal left running is first left, as the app offers; then a 2-player Versailles
set up and started, as versailles_play's player does): the screens are printed. --flash-image keeps
the box's flash. Deadlines count emulated time (epico); wall times are this machine's."""
import argparse
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "firmware"),
                os.path.join(ROOT, "tests", "host"), os.path.join(ROOT, "tests", "rigs"),
                os.path.join(ROOT, "host", "lenotre", "shims")]  # framebuf for app.core

import capacity  # noqa: E402  bench/capacity.py: the games of the unix port's fill
import picorepl  # noqa: E402  tests/rigs: files onto the box over its raw REPL
from lenotre.device import image, toolchain  # noqa: E402
from lenotre.device.epico import EmulatedPico, PicoDevice  # noqa: E402
from lenotre.games.versailles_play import PlayError, Player  # noqa: E402
from lenotre.link import flasher  # noqa: E402

HOST_GAMES = 2950  # the unix port's fill held 3,049 of these games
CHUNK = 5  # games a REPL exec records: well inside flasher's 60 emulated seconds an exec

# At the box's raw REPL: its store as the app builds it (hal.pico: AheadStore on data/), and
# record(k) playing the next k games into it as the app records them. PLANS and ROWS come after.
BOX = """import sys
if '/rom' in sys.path:
    sys.path[:] = ['/rom', '/rom/lib', '.frozen']  # as the image's main.py
import gc, os
from ahead import AheadStore
from flash import StoreFull
from labels import Labels
box = AheadStore('data')
PLANS = []
ROWS = []
refused = None


def record(k):
    # -> games finished here this call; stops at the store's first refusal (in `refused`)
    global refused
    done = 0
    try:
        for _ in range(k):
            i = box.top() % len(PLANS)  # the plan the next id gets, as the host's games
            log = PLANS[i]
            gid = box.new_game(log[0])
            for ev in log[1:]:
                box.append(gid, ev)
                box.settle(False)  # the idle step after a press's frame: the fold
            box.finish(gid)
            try:
                Labels(box.dir, box).add(gid, ROWS[i])
            except Exception:  # a full flash: the app's menu replays the game instead
                pass
            box.settle(True)  # the buttons at rest: the filing
            done += 1
            gc.collect()
    except StoreFull as exc:
        # a game begun and refused part-way stays on the box unfinished, as in the app
        refused = (str(exc), box.current())
    return done


def summary():
    held = finished = packed = logs = unsynced = 0
    for gid, fin, n in box.each():
        held += 1
        finished += fin
        unsynced += box.acked(gid) < n
    for name in os.listdir('data'):
        packed += name.endswith('.pak')
        logs += name.endswith('.log') and name[0] == 'g'
    st = os.statvfs('/')
    return {'held': held, 'finished': finished, 'unsynced': unsynced, 'packs': packed,
            'logs': logs, 'top': box.top(), 'free_blocks': st[3], 'blocks': st[2],
            'free_bytes': box.free_bytes(), 'problems': box.problems, 'refused': refused}
"""


def games(distinct):
    # -> [(game, its events, its Finished-menu row as the app writes it)], game id i being
    # the (i - 1) % len'th
    from app.core import row_words
    return [(name, g.log, row_words(g)) for name, g in capacity.simulated(distinct)]


def record_on_host(folder, cycle, n):
    # The first n games, recorded by the firmware's Store on CPython with their rows, as the
    # app leaves them: journal, filing, then the row (a Labels lives for one add in the app)
    import store
    from labels import Labels
    from linkrig import record_log
    box = store.Store(folder)
    for i in range(n):
        _, log, row = cycle[i % len(cycle)]
        Labels(box.dir, box).add(record_log(box, log), row)


def mix(cycle, ids):
    # -> "n versailles, ..." of the games ids
    counts = {}
    for gid in ids:
        name = cycle[(gid - 1) % len(cycle)][0]
        counts[name] = counts.get(name, 0) + 1
    return ", ".join("%d %s" % (counts.get(g, 0), g) for g, _ in capacity.GAMES)


def fill(pico, cycle, chunk, started):
    # The box's own store records the next games at its REPL until it refuses one -> (games
    # recorded, emulated s they took, the box's summary, the ids of its finished games)
    board = flasher.Board(pico.port)
    try:
        board.exec(BOX)
        for _, log, row in cycle:
            board.exec("PLANS.append(%r)\nROWS.append(%r)" % (log, row))
        total = 0
        emulated = 0.0
        while True:
            at = pico.emulated_ms
            done = int(board.exec("print(record(%d))" % chunk))
            emulated += (pico.emulated_ms - at) / 1000.0
            total += done
            print("  %d games recorded on the box, %.0f emulated s (%.0f s)"
                  % (total, emulated, time.time() - started), flush=True)
            if done < chunk:
                break
        s = flasher.eval_text(board.exec("print(repr(summary()))"))
        ids = flasher.eval_text(board.exec("print(repr([g for g, f, n in box.each() if f]))"))
        return total, emulated, s, ids
    finally:
        board.close()


def press_new_game(img, uf2):
    # Power on the full box (its app from the image) and press New game through the buttons
    # -> [(what was done, the screen's texts then)]. A game the refusal left running opens at
    # power-on: back to the menu, and New game leaves it (the app asks first; the game is
    # ended, kept unfinished), then back from its setup to a menu with no running game
    with EmulatedPico(img, uf2=uf2) as pico:
        seen = []

        def look(what, ms=300):
            pico.wait(ms)
            seen.append((what, pico.text()))

        for _ in range(120):  # the first frame, whichever screen
            if pico.screen()["texts"]:
                break
            pico.wait(500)
        look("powered on", 1000)
        for _ in range(3):
            if "New game" in pico.text():
                break
            pico.press("back")
        if "Resume game" in pico.text():
            pico.press("down")
            pico.press("ok")
            look("New game pressed, a game running")
            pico.press("ok")
            look("ok: leave the running game", 2000)
            pico.press("back")
            pico.press("up")  # the cursor stays on the second row, New game's before
            look("back to the menu")
        try:
            Player(PicoDevice(pico)).new_game(2)
            look("New game pressed, a 2-player Versailles set up and started", 1000)
        except PlayError as exc:
            seen.append(("the setup did not go as a player expects", str(exc)))
        return seen


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--host-games", type=int, default=HOST_GAMES, metavar="N",
                   help="games recorded on the host and copied in first (default %d)"
                   % HOST_GAMES)
    p.add_argument("--distinct", type=int, default=3, metavar="D",
                   help="games of each game simulated (default 3, as docs/FIRMWARE.md's run "
                   "of bench/capacity.py)")
    p.add_argument("--flash-image", metavar="PATH",
                   help="keep the emulated box's flash there, a new file (default: a temp file, "
                   "removed)")
    p.add_argument("--chunk", type=int, default=CHUNK, metavar="K",
                   help="games recorded on the box in one REPL exec (default %d)" % CHUNK)
    args = p.parse_args(argv)
    started = time.time()
    work = tempfile.mkdtemp(prefix="bench-capacity-pico-")
    try:
        build = os.path.join(work, "build")
        toolchain.build(build)
        files = toolchain.built_files(build)
        uf2 = image.build_uf2()  # in the cache, named by its contents
        cycle = games(args.distinct)
        local = os.path.join(work, "data")
        record_on_host(local, cycle, args.host_games)
        img = args.flash_image or os.path.join(work, "box.img")
        if os.path.exists(img):  # the emulator would boot the old flash
            sys.exit("%s exists: give --flash-image a new path" % img)
        print("games a box holds, the box's own image on the emulated Pico: %d games (%d "
              "distinct, cycled) recorded on the host and copied in, then the next recorded "
              "on the box by its own store until it refuses one"
              % (args.host_games, len(cycle)))
        with EmulatedPico(img, uf2=uf2) as pico:
            pico.wait_for("Language/Sprache", timeout_ms=60000)  # the UF2 just dragged
            pico.first_start()
            flasher.flash(pico.port, files)
            pico.wait_for("New game", timeout_ms=60000)
            try:
                picorepl.push(pico.port, local, "data")
            except Exception as exc:
                sys.exit("copying %d games onto the box failed (%s): too many for its flash? "
                         "try fewer --host-games" % (args.host_games, exc))
            print("  %d games copied in (%.0f s)" % (args.host_games, time.time() - started))
            on_box, emulated, s, ids = fill(pico, cycle, args.chunk, started)
        print("  refused: %s (%s)" % (s["refused"][0], "a record of game %d, begun: it stays "
                                      "unfinished" % s["refused"][1] if s["refused"][1] else
                                      "a new game"))
        print("  **%d finished games held** (%d copied in, %d recorded on the box in %.1f "
              "emulated s, %.2f s a game); %d games on the box, %d not synced; %d packs, "
              "%d journals; littlefs %d of %d blocks free, the store's free bytes %d"
              % (s["finished"], args.host_games, on_box, emulated, emulated / max(on_box, 1),
                 s["held"], s["unsynced"], s["packs"], s["logs"], s["free_blocks"],
                 s["blocks"], s["free_bytes"]))
        print("  the finished games: %s" % mix(cycle, ids))
        if s["problems"]:
            print("  the store's problems: %s" % "; ".join(s["problems"]))
        print("  the app on the full box:")
        for what, texts in press_new_game(img, uf2):
            print("    %s: %s" % (what, texts))
        print("  %.0f s in all (wall)" % (time.time() - started))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

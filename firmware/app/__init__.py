# The device app (docs/FIRMWARE.md, "App"): App (app.core) runs the screens of whichever game
# is played; each game brings a flow module (app/flows.py). Boot (main.py) preloads the code,
# then start() runs the app inside the guard.


def preload(root="data"):
    # The generic screens' modules and the flow and screens of the game New game opens
    # (app/flows.py: the one set up last, by the settings in `root`, the store's folder),
    # loaded at once while the heap is young, then one collection: the loaded code lies together instead of in the
    # holes a game leaves later, where it would break the free heap into pieces too small for
    # a 2 KB buffer (seen on the unix port with 900 games on the box). Boot (main.py) calls it
    # before the hal opens the store, whose scan of 1,300 games leaves the heap in small
    # pieces. Another game's flow loads when that game is chosen. The setup screens (4.4 KB
    # on the unix port) load at "New game" and leave once the game starts (flows.drop): a
    # box that boots into its running game beside 1,300 others never holds them (it did not
    # fit with them), and a long game has their room.
    import gc

    import guard  # noqa: F401  (start() runs the app inside it)

    from app import core, flows, home, results, settings  # noqa: F401
    flows.preload(settings.load(root)["game"])
    gc.collect()


def start(hal, forever=True):
    # Boot: a button held while the box starts skips the app and leaves the REPL to mpremote.
    # Then the app runs inside the guard (guard.py): no exception leaves the box frozen.
    if hal.keypad.any_down():
        print("Le Notre: a button is held, app skipped; the REPL is yours")
        return None
    from guard import Guard
    return Guard(hal, App).run(forever)


from app.core import TOAST_COLS, TOAST_LINES, App  # noqa: E402,F401  (the app's API)

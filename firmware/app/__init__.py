# The device app (docs/FIRMWARE.md, "App"): App (app.core) runs the screens of whichever game
# is played; each game brings a flow module (app/flows.py). Boot (main.py) preloads the code,
# then start() runs the app inside the guard.


def preload(root="data"):
    # The generic screens' modules and the flow and screens of the game New game opens (the
    # one set up last, by the settings in `root`, the store's folder), loaded at once while
    # the heap is young, then one collection: boot (main.py) calls it before the hal opens
    # the store, whose scan of 1,300 games leaves the heap in small pieces. Which games'
    # code stays in the heap afterwards: app/codeheap.py.
    import gc

    import guard  # noqa: F401  (start() runs the app inside it)

    from app import codeheap, core, home, results, settings  # noqa: F401
    codeheap.preload(settings.load(root)["game"])
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

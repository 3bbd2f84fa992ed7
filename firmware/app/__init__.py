# The device app (docs/FIRMWARE.md, "App"): App (app.core) runs the screens of whichever game
# is played; each game brings a flow module (app/flows.py). Boot (main.py) preloads the code,
# then start() runs the app inside the guard.


def preload(root="data"):
    # The generic screens' modules and the flow and screens of the game New game opens (the
    # one set up last, by the settings in `root`, the store's folder), loaded at once while
    # the heap is young, then one collection: boot (main.py) calls it before the hal opens
    # the store, whose scan of 1,300 games leaves the heap in small pieces. Which games'
    # code stays in the heap afterwards: app/codeheap.py. Code read in place from flash (the
    # box's own image) costs the heap only its objects: the game's flow then loads in the
    # app's first idle step, after the menu is drawn (100 ms sooner at power-on).
    import gc

    import guard  # noqa: F401  (start() runs the app inside it)

    from app import codeheap, core, home  # noqa: F401
    if not codeheap.IN_FLASH:
        from app import results  # noqa: F401  (a game's end needs it; young heap now)
    from app import settings
    codeheap.preload(settings.load(root)["game"], later=codeheap.IN_FLASH)
    if not codeheap.IN_FLASH:  # read in place, the code left no garbage to sweep (5-10 ms)
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

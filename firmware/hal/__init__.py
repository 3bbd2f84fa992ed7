"""The hardware bundle the app is given: every device behind a small object, so the same app
runs on the Pico (hal.pico), in the simulator and in tests (hal.sim)."""


class Hal:
    """Every device the app touches, each a small object with a few methods: clock, keypad,
    display (a framebuf), pixels, store; optional buzzer, entropy, wall clock, restart and
    watchdog (None: the board has none). Built by hal.pico, hal.circuitpython, hal.virtual or
    hal.sim; the app knows no other."""
    def __init__(self, board, clock, keypad, display, pixels, store, buzzer=None,
                 entropy=None, wall=None, restart=None, watchdog=None):
        self.board = board
        self.clock = clock  # ticks_ms, ticks_diff, sleep_ms
        self.keypad = keypad
        self.display = display
        self.pixels = pixels
        self.store = store
        self.buzzer = buzzer  # beep(freq_hz, ms), or None
        self.entropy = entropy  # -> a fresh seed, or None for os.urandom
        self.wall = wall  # the wall clock (wallclock.py): now() -> unix seconds or None
        # After a crash (guard.py): restart() boots afresh (machine.reset); None: the guard
        # makes the app again in-process. watchdog: start(ms), feed(), stop(), or None.
        self.restart = restart
        self.watchdog = watchdog

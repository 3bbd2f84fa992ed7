# The app: a stack of screens over one hal bundle. Every game action becomes an event that the
# rules core validates, the journal stores (flushed) and only then the screen acknowledges.
from shared_rules.errors import RulesError
from shared_rules.versailles.game import OVER, Game

from app import settings, ui
from app.colors import OFF, ROUND_COLORS, rgb_of, seed_from

TOAST_MS = 1500


def preload():
    # Every screen's module, loaded at once while the heap is young, then one collection: the
    # loaded code lies together instead of in the holes a game leaves later, where it would
    # break the free heap into pieces too small for a 2 KB buffer (seen on the unix port with
    # 900 games on the box). It costs nothing at the peak: a game loads them all anyway.
    import gc

    from app import entry, home, results, scoring, versailles  # noqa: F401
    gc.collect()


class App:
    def __init__(self, hal):
        preload()
        self.hal = hal
        self.display = hal.display
        self.clock = hal.clock
        self.keypad = hal.keypad
        self.pixels = hal.pixels
        self.store = hal.store
        self.stack = []  # type: list
        self.game = None
        self.gid = None
        self.toast = None
        self.toast_at = 0
        self.dirty = True
        self.settings = settings.load(self.store.root)
        px = hal.pixels
        self._token_px = [px.role(t) for t in ("green", "blue", "white", "red", "yellow")]
        self._round_px = px.role("round")
        self._ludwig_px = px.role("ludwig")
        self._status_px = px.role("status")
        from app.home import Home
        self.stack.append(Home(self))
        gid = self.store.current()
        if gid is not None:
            self.open_game(gid)

    # ---- the loop ------------------------------------------------------------------------
    def step(self):
        now = self.clock.ticks_ms()
        ev = self.keypad.poll(now)
        if ev:
            self.stack[-1].key(ev >> 2, ev & 3)
            self.dirty = True
        if self.toast is not None and self.clock.ticks_diff(now, self.toast_at) >= TOAST_MS:
            self.toast = None
            self.dirty = True
        if self.dirty:
            self.redraw()

    def redraw(self):
        d = self.display
        d.fill(0)
        top = self.stack[-1]
        top.draw(d)
        if self.toast is not None:
            d.fill_rect(0, 46, ui.W, 18, 0)
            d.rect(0, 46, ui.W, 18, 1)
            ui.center(d, self.toast, 51)
        d.show()
        self.update_pixels(top)
        self.dirty = False

    def update_pixels(self, top):
        px = self.pixels
        g = self.game
        for t in range(5):
            rgb = OFF  # unclaimed: dark
            if g is not None and g.holders[t] >= 0:
                rgb = rgb_of(g.players[g.holders[t]])
            self._set(self._token_px[t], rgb)
        stage_color = OFF
        if g is not None and g.phase != OVER:
            stage_color = ROUND_COLORS[g.stage - 1]
        self._set(self._round_px, stage_color)
        ludwig = getattr(top, "ludwig_color", None)
        self._set(self._ludwig_px, ludwig or OFF)
        self._set(self._status_px, rgb_of(top.status) if top.status else OFF)
        px.show()

    def _set(self, i, rgb):
        # The light setting dims in quarters, below the strip's brightness cap.
        q = self.settings["light"]
        self.pixels.set(i, (rgb[0] * q // 4, rgb[1] * q // 4, rgb[2] * q // 4))

    # ---- screens -------------------------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self.dirty = True

    def home(self):
        del self.stack[1:]
        self.dirty = True

    def say(self, text):
        self.toast = text[:ui.COLS]
        self.toast_at = self.clock.ticks_ms()
        self.dirty = True

    def error(self, exc):
        self.beep(220, 120)
        self.push(ui.Message(self, "Not allowed", str(exc)))

    def beep(self, freq, ms):
        b = self.hal.buzzer
        if b is not None and self.settings["sound"]:
            b.beep(freq, ms)

    def save_settings(self):
        settings.save(self.store.root, self.settings)
        self.dirty = True

    # ---- the game ------------------------------------------------------------------------
    def new_game(self, names):
        # Player names are their colours: the colour each one's pixels glow in.
        game = Game(names, seed_from(self.hal))
        try:
            self.gid = self.store.new_game(game.log[0])
        except Exception as exc:  # a full flash: say so, keep every game there is
            self.error(exc)
            return
        self.game = game
        self.show_game()

    def open_game(self, gid):
        events = self.store.events(gid)
        self.game = Game.replay(events)
        self.gid = gid
        self.show_game()

    def record(self, event):
        # Validate (the rules core), then journal (flushed), then show. -> True if recorded.
        g = self.game
        assert g is not None, "no game to record into"
        try:
            g.push(event)
        except RulesError as exc:
            self.error(exc)
            return False
        try:
            self.store.append(self.gid, event)
        except Exception as exc:  # full flash or a failing write: the journal is the truth
            self.game = g = None  # let the game go first: two at once may not fit the heap
            self.game = Game.replay(self.store.events(self.gid))
            self.error(exc)
            return False
        if g.phase == OVER:
            self.store.finish(self.gid)
        return True

    def undo(self):
        g = self.game
        if g is None or len(g.events) < 2:
            self.say("Nothing to undo")
            return
        if g.phase == OVER:  # finished and filed on flash: the journal takes nothing more
            self.say("Over: can't undo")
            return
        what = g.events[-1]["e"]
        if self.record({"e": "undo"}):
            self.say("Undone: " + what)
            self.show_game()

    def show_game(self):
        # The game screen follows from the game state alone: resume, undo and every action
        # land on the right screen.
        from app.versailles import Hub
        self.home()
        self.stack.append(Hub(self))
        self.dirty = True


def start(hal, forever=True):
    # Boot: a button held while the box starts skips the app and leaves the REPL to mpremote.
    # Then the app runs inside the guard (guard.py): no exception leaves the box frozen.
    if hal.keypad.any_down():
        print("Le Notre: a button is held, app skipped; the REPL is yours")
        return None
    from guard import Guard
    return Guard(hal, App).run(forever)

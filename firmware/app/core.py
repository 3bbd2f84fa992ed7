"""The app: a stack of screens over one hal bundle, for whichever game is played. Every game
action becomes an event that the rules core validates, the journal stores (flushed) and only
then the screen acknowledges. What is particular to a game (its hub, setup note, entry
screens, what its pixels mean, its undo words) is its flow module (app/flows.py)."""
from micropython import const
from shared_rules import games
from shared_rules.errors import RulesError

from app import codeheap, flows, settings, ui
from app.colors import OFF, rgb_of, seed_from
from wallclock import since_power

TOAST_MS = 1500  # a one-line toast; each further line adds half a second to read it
TOAST_LINES = 3
_CYCLE_MS = const(700)  # a screen's several status colours (a shared victory) take turns
TOAST_COLS = 14  # inside the toast's frame, a pixel's gap either side
_FILE_MS = const(1500)  # a finished game is filed once the buttons have rested this long


class App:
    """The box's app: a stack of screens over the hal bundle, the running game (its flow, its
    rules' game, its journal in the store) and the settings. step() is one turn of the
    device loop: buttons in, toasts and pixels, the screen redrawn when dirty; record()
    journals an event before the game shows it; push/pop/home move between screens."""
    def __init__(self, hal):
        from app import preload
        try:
            preload(hal.store.root)
        except MemoryError:  # a head start only: the game's code loads when it is shown, and
            codeheap.keep(None)  # a heap in pieces that has no room for it now boots all the same
        self.hal = hal
        self.display = hal.display
        self.clock = hal.clock
        self.keypad = hal.keypad
        self._stirred = hal.keypad.stirred  # bound once: the idle loop allocates nothing
        self.pixels = hal.pixels
        self.store = hal.store
        self.store.squeeze(codeheap.SQUEEZE)
        # the store's boot read its packs and acks with them
        codeheap.drop(("packix", "packscan", "packsum", "ackssum", "filecrc"), False)
        self.stack = []  # type: list
        self.game = None
        self.gid = None
        self.flow = None  # the game's flow module (app/flows.py): the game's, or the one set up
        self.toast = None
        self.toast_at = 0
        self.cycle = 0  # which of the top screen's statuses the status pixel shows
        self.cycle_at = 0
        self.dirty = True
        self.input_at = self.clock.ticks_ms()  # the last button event's time
        self.pressed = False  # a button event came since the last idle step
        # written when idle, off a press's way: True, the settings changed; (gid, words), a
        # finished game's row in Finished games (labels.txt)
        self.later = False  # type: object
        self.settings = settings.load(self.store.root)
        self.power_on = False  # which power-on this is (a time without a clock): counted once
        # the power-on is counted once the first frame is out: counting writes the flash (28 ms)
        # the pixels by position (board.PIXELS): the status pixel is every game's (whose
        # turn, whose colour); what the others mean is the game's flow's to say
        px = hal.pixels
        self._status_px = px.role("status")
        self._game_px = [i for i in range(len(px)) if i != self._status_px]
        from app.home import Home
        self.stack.append(Home(self))
        if not self.settings["language_code"]:  # the first start (app/settings.py): which language
            self.stack.append(__import__("app.languages", None, None, ("Menu",)).Menu(
                self, True))  # (loaded only then, named by a string as in Settings)
        gid = self.store.current()
        if gid is not None:
            self.open_game(gid)

    # ---- the loop ------------------------------------------------------------------------
    def step(self):
        """One turn of the device loop: a button event to the top screen, toasts timed out, the
        status pixel's cycle, the screen redrawn if anything changed; with the frame out and
        no key, the idle work (the journal's slow writes, a finished game's filing, the code
        preload)."""
        now = self.clock.ticks_ms()
        ev = self.keypad.poll(now)
        if ev:
            self.input_at = now
            self.pressed = True
            top = self.stack[-1]
            shown = self.toast if top.toast_ok else None
            top.key(ev >> 2, ev & 3)
            if shown is not None and self.toast is shown and ev & 3 != ui.REPEAT:
                # read, and the player has moved on: never over the next entry (a key still
                # held, repeating, is the press that made the toast)
                self.toast = None
            self.dirty = True
        if self.toast is not None:
            if not self.stack[-1].toast_ok:
                self.toast_at = now  # it waits, whole, until the message is acknowledged
            elif self.clock.ticks_diff(now, self.toast_at) >= TOAST_MS + 500 * (
                    len(self.toast) - 1):
                self.toast = None
                self.dirty = True
        top = self.stack[-1]
        if top.statuses is not None and self.clock.ticks_diff(now, self.cycle_at) >= _CYCLE_MS:
            self.cycle_at = now
            self.cycle += 1
            self._set(self._status_px, rgb_of(top.statuses[self.cycle % len(top.statuses)],
                                              getattr(self.flow, "COLOURS", ())))
            self.pixels.show()
        if self.dirty:
            self.redraw()
        elif not ev:
            # the frame is out: the journal's slow writes go now, a finished game's filing
            # (about 200 ms) once no button has been touched for _FILE_MS, giving way
            # to a button pressed meanwhile (keypad.stirred), then the code preload left for
            # later; a press latched meanwhile is taken at once
            quiet = self.clock.ticks_diff(now, self.input_at) >= _FILE_MS
            if self.power_on is False:
                self.power_on = _count(self.hal)
            else:
                pressed, self.pressed = self.pressed, False
                later, self.later = self.later, False
                if later is True:
                    try:
                        settings.save(self.store.root, self.settings)
                    except OSError:  # a full flash: only the default is not kept
                        pass
                elif later:
                    unload_labels(self.store, later)
                settle = self.store.settle(quiet, self._stirred)
                if settle | codeheap.idle(pressed, settle):
                    self.step()

    def redraw(self):
        """Draw the top screen (and a toast over it) and show the frame."""
        d = self.display
        d.fill(0)
        top = self.stack[-1]
        top.draw(d)
        toast = self.toast
        if toast is not None and top.toast_ok:
            # up to three lines in a frame over the bottom of the screen, never over a message
            y = ui.H - 10 - ui.LINE * len(toast)
            d.fill_rect(0, y, ui.W, ui.H - y, 0)
            d.rect(0, y, ui.W, ui.H - y, 1)
            for line in toast:
                y += ui.LINE
                ui.center(d, line, y - 3)
        d.show()
        self.update_pixels(top)
        self.dirty = False

    def update_pixels(self, top):
        """Light the pixels for the top screen: the game's flow's meaning for its own, the
        status pixel the colour the screen is about."""
        px = self.pixels
        g = self.game
        if g is None or self.flow is None or self.flow.GAME != g.GAME:
            # no game, or a new one being set up beside the last one's: only the status
            # pixel speaks (a flow's pixels read its own game's state)
            for i in self._game_px:
                self._set(i, OFF)
        else:
            self.flow.light(self, g, top)
        status = top.status
        if top.statuses is not None:
            status = top.statuses[self.cycle % len(top.statuses)]
        # a game's own colours (its flow's COLOURS: Gardens', Schlossgarten's), else the palette
        self._set(self._status_px, rgb_of(status, getattr(self.flow, "COLOURS", ())) if status
                  else OFF)
        px.show()

    def light(self, role, rgb):
        """A flow's pixel meaning: the pixel at position `role` (board.PIXELS) in rgb"""
        self._set(self.pixels.role(role), rgb)

    def _set(self, i, rgb):
        # The light setting dims in quarters, below the strip's brightness cap.
        q = self.settings["light"]
        self.pixels.set(i, (rgb[0] * q // 4, rgb[1] * q // 4, rgb[2] * q // 4))

    # ---- screens -------------------------------------------------------------------------
    def push(self, screen):
        """Show screen on top of the others."""
        self.stack.append(screen)
        self.dirty = True

    def pop(self):
        """Go back to the screen below (the menu stays)."""
        if len(self.stack) > 1:
            self.stack.pop()
        self.dirty = True

    def home(self):
        """Back to the menu, its cursor on Resume game while a game runs."""
        del self.stack[1:]
        if self.game is not None and self.game.outcome is None:
            self.stack[0].at = 0  # the menu's first row, "Resume game": back to the game
        self.dirty = True

    def say(self, text):
        """A toast: up to three lines of 14 columns; a longer text counts as clipped."""
        lines = ui.wrap(text, TOAST_COLS)
        if len(lines) > TOAST_LINES:
            ui.clipped += 1
        self.toast = lines[:TOAST_LINES]
        self.toast_at = self.clock.ticks_ms()
        self.dirty = True

    def error(self, exc):
        """Say why the rules refused something (exc's words), with a low beep."""
        self.beep(220, 120)
        self.push(ui.Message(self, u"Not allowed", str(exc)))

    def beep(self, freq, ms):
        """Sound the buzzer for ms at freq Hz, if the board has one and sound is on."""
        b = self.hal.buzzer
        if b is not None and self.settings["sound"]:
            b.beep(freq, ms)

    def wall_time(self):
        """Returns unix seconds, or [power-on number, seconds since power-on] while the clock
        was not set from a PC since power-on (the PC dates it by the power-on's clock mark,
        clockmarks.py), or None"""
        w = getattr(self.hal, "wall", None)
        if self.power_on is False:  # a game set up before the first frame was out (tests)
            self.power_on = _count(self.hal)
        try:
            t = w.now() if w is not None else None
            up = since_power(w) if t is None and self.power_on is not None else None
        except Exception:  # a clock that fails costs the time stamp, never the game
            return None
        return t if up is None else [self.power_on, up]

    def save_settings(self):
        """Write the settings to flash and redraw."""
        settings.save(self.store.root, self.settings)
        self.dirty = True

    # ---- the game ------------------------------------------------------------------------
    def new_game(self, names, people=None, game=None, extra=None):
        """Player names are their colours: the colour each one's pixels glow in. people: per
        seat, the roster person or None (a guest). The setup record keeps both, and the
        start time when the box's clock was set from a PC. game: its registry name
        (shared_rules.games), by default the one being set up (else the first installed).
        extra: the game's own setup fields (its flow's setup screens chose them)."""
        name = game or (self.flow.GAME if self.flow else flows.installed()[0][0])
        if self.game is not None and self.game.GAME != name:
            self.game = None  # over or left: the other game's rules may leave the heap
        codeheap.keep(name)
        setup = {"e": "setup", "game": name, "players": list(names), "seed": seed_from(self.hal)}
        if extra:
            setup.update(extra)
        # the setup screens leave first (the screens on the stack keep what they use): the
        # game's events list is one block (about 1 KB), and packing the game needs their room:
        # beside them, a fragmented 192 KB heap rarely has a free block of 944 bytes for a
        # 5-player game's packing beside a long Finished list, nor of 1 KB for the events of
        # a team game of Gardens
        codeheap.setup_over(flows.flow(name))
        codeheap.collect_if_tight()
        game = games.new_game(setup)
        setup = game.log[0]  # the game's own: the time and the people join it here
        t = self.wall_time()
        if t is not None:
            setup["t"] = t
        if people and [1 for p in people if p]:
            setup["people"] = list(people)
        try:
            self.gid = self.store.new_game(game.log[0])
        except Exception as exc:  # a full flash: say so, keep every game there is
            self.error(exc)
            return
        self.game = game.pack()  # its events packed from now on (shared_rules/packed.py)
        if self.settings["game"] != name:  # the next "New game" starts with this game
            # written at the next idle step: a file replaced is two littlefs commits in the
            # store's folder, whose metadata block, when full, is compacted into an erased one
            # (the press that started a game met 3 sector erases, 244 ms)
            self.settings["game"] = name
            self.later = True
        self.show_game()
        text = getattr(self.flow, "setup_text", None)
        if text:  # what the table lays out, before the first turn (ok: to the game)
            self.push(ui.Message(self, u"Set up", text(self.game)))

    def set_up(self, name):
        """The game chosen at Home ("which game", or the only one): its flow's setup. A game
        held that is over (filed, its scores in Finished games) is let go, and its code with
        it: it holds 23 KB of the heap a setup needs. The last end's screens go too (loaded
        again at the next end): kept, they set the setup's lowest free heap. Home has just
        collected; what they leave goes with the next collection."""
        self.flow = None
        if self.game is not None and self.game.outcome is not None:
            self.game = None
        codeheap.drop(("app.results", "app.scoreboard", "shared_rules.scoreboard"), False)
        self.flow = codeheap.enter(name, self.game.GAME if self.game is not None else None)
        self.flow.setup(self)

    def open_game(self, gid):
        """Open game gid from the store and show it."""
        self.game = load(self.store, gid)
        self.gid = gid
        self.show_game()

    def resume(self, old):
        """A game left unfinished goes on as a new game (resume.py): its journal, all but its
        end, becomes the new one's and the old game leaves the box, so Finished games no
        longer offers it (resumed again, it would go on a second time from the same point).
        The copy is made, and the old game taken out of its pack, before any game is read:
        the heap is at its freest then (beside the whole replay and the Finished list,
        rewriting the pack needs a 1 KB block that a 192 KB heap rarely has in one piece)."""
        import gc
        self.game = self.gid = None  # the caller filed the game held, if one ran
        self.home()  # and Finished games goes, its module with it (a refusal shows on the menu)
        unload_labels()
        codeheap.forget("app.finished")
        gc.collect()
        try:
            from resume import resume
            gid = resume(self.store, old)
        except Exception as exc:  # a full flash: say so; the game stays as it is
            self.error(exc)
            return
        finally:
            codeheap.drop(("resume",))  # the store's part that did it: the game needs the room
        self.open_game(gid)
        self.say(u"Game %d goes on as %d" % (old, gid))

    def record(self, event):
        """Validate (the rules core), then journal (flushed), then show. -> True if recorded."""
        g = self.game
        assert g is not None, "no game to record into"
        try:
            event = g.push(event)  # the game's own copy (a bot's card added, say)
        except RulesError as exc:
            self.error(exc)
            return False
        if g.outcome is not None:
            # The event that ended the game: its time is the game's end (an optional last
            # field of every game's end record, which the rules do not read)
            t = self.wall_time()
            if t is not None:
                event["t"] = t
                g.stamp(t)  # the game's own copy (kept packed) as the journal holds it
        try:
            self.store.append(self.gid, event)
        except Exception as exc:  # full flash or a failing write: the journal is the truth
            self.game = g = None  # let the game go first: two at once may not fit the heap
            self.game = load(self.store, self.gid)
            self.error(exc)
            return False
        if g.outcome is not None:
            self.file(self.gid, g)
        return True

    def file(self, gid, g):
        """A game ends, won or left for another: its journal closed and filed, and its row in
        Finished games written (labels.py) at the next idle step, so that menu shows it
        without replaying it (an append to labels.txt can cost the press a sector erase; a
        power cut before it costs only one replay, when the menu shows the game)"""
        self.store.finish(gid)
        if self.later:  # the settings or another row still waiting (seldom): this row now
            unload_labels(self.store, (gid, row_words(g)))
        else:
            self.later = (gid, row_words(g))

    def undo(self):
        """Take back the game's last event (journalled as an undo) and say what went; a game
        with only its setup has nothing to undo."""
        g = self.game
        if g is None or len(g.events) < 2:
            self.say(u"Nothing to undo")
            return
        if g.outcome is not None:  # finished and filed: the journal takes nothing more
            self.say(u"Over: no undo")
            return
        what = flows.flow(g.GAME).describe(g, g.events[-1])  # before it goes
        if self.record({"e": "undo"}):
            self.say(what)
            self.show_game()

    def show_game(self):
        """The game screen follows from the game state alone: resume, undo and every action
        land on the right screen."""
        g = self.game
        assert g is not None, "no game to show"
        self.flow = None
        self.flow = codeheap.enter(g.GAME, screens=True)
        self.home()
        self.stack.append(self.flow.Hub(self))
        self.dirty = True


class _Replay:
    # a journal's reader (store.events' `into`): each event pushed as it is read, the first
    # (the setup) making the game. No list of the decoded events beside the game's own: a
    # long game (4 players of Gardens, 90 turns) leaves no free 1 KB block in a 192 KB heap
    # for a second list to grow
    game = None

    def append(self, ev):
        if self.game is None:
            # its flow first, while the heap is whole (loaded after the replay, it may not
            # fit: a MemoryError)
            try:
                codeheap.enter(ev.get("game"))
            except ValueError:  # no flow for it here: the rules core says what is wrong
                pass
            self.game = games.new_game(ev).pack()
        else:
            self.game.push(ev)


def load(store, gid):
    """Returns the game of the journal of game gid, replayed as it is read"""
    r = _Replay()
    store.events(gid, r)
    return r.game


def replay(events):
    """Returns the game of a journal's events (games.replay), consuming the list: the game
    keeps the events that stand, the list goes as it is read (undone events with it)."""
    events.reverse()
    g = games.new_game(events.pop())
    while events:
        g.push(events.pop())
    return g


def row_words(g):
    """Returns a game's row in labels.txt: "W Ver 20623 44 Sophie" (won: the game's short name,
    its day, the winner's points and name, the first of a shared victory) or, with no
    winner, "L Ver 20623 S1R3" (left: where, by its flow). The day: days since 1970-01-01
    (UTC) of the game's time (unix seconds), "p7" for a time of power-on 7 with the clock
    unset ([7, seconds since power-on]), "-" for none. Rows of the older kind ("w 44
    Sophie", "l S1R3") lack the game and the day: the menu reads them as missing, replays
    the game once and writes its row again."""
    try:
        name = games.info(g.GAME)[1][:3]
    except Exception:  # a game this box's registry does not have
        name = g.GAME[:3]
    if g.keep:  # the game's time: its end's "t", else its setup's
        t = g.log[-1].get("t") or g.log[0].get("t")
    else:  # a game viewed keeps no events: the time as its journal was read
        t = g.when
    day = "%d" % (t // 86400) if type(t) is int else "p%d" % t[0] if t else "-"
    head = "%s " + name + " " + day + " "
    o = g.outcome
    if o is None:
        try:
            return head % "L" + flows.flow(g.GAME).where(g)
        except Exception:  # a game with no flow on this box
            return head % "L" + "?"
    w = o.winners[0]
    return head % "W" + "%d %s" % (g.totals()[w], g.players[w])


def unload_labels(store=None, row=None):
    """labels.py takes 2.6 KB of the heap: loaded to file a game or for Finished games, never
    held through the next game (it would lower a 5-player game's least free heap). `row`,
    (gid, words), is first added to `store`'s labels.txt (a full flash: the menu replays
    that game instead)."""
    if row is not None:
        try:
            from labels import Labels
            Labels(store.dir, store).add(row[0], row[1])
        except Exception:
            pass
    import sys
    sys.modules.pop("labels", None)


def _count(hal):
    # -> this power-on's number (clockmarks.count: the module loaded for it, then let go), or
    # None: a full flash, a failing clock or no heap cost the time stamps, never the games
    try:
        import clockmarks
        return clockmarks.count(hal)
    except Exception:
        return None
    finally:
        codeheap.drop(("clockmarks",))

# The simulated device: the real app on hal.sim, driven by a line protocol on stdin/stdout
# (docs/FIRMWARE.md, "The simulated device"). Runs on CPython and on MicroPython's unix port:
#
#   micropython -X heapsize=192k firmware/simdevice.py DIR [--path P]...
#   python firmware/simdevice.py DIR --path host/lenotre/shims [--path P]...
#
# DIR is the simulated flash; each --path P goes first on sys.path (tests put a fake app
# there; the client puts the box's language's tree there, DIR/lang/<code>, as main.py does; CPython needs MicroPython's framebuf and micropython from somewhere: the desktop's
# stand-ins, which lenotre's simclient passes). LENOTRE_SIM_SEED=N in its environment: the
# games' seeds N, N+1, ... instead of fresh ones, so the same presses make the same games (a
# game played again in another language). Every command is answered by zero or more lines, then `ok` or `error MESSAGE`.
import binascii
import json
import sys

STEP_MS = 10  # the app is stepped at every multiple of this many virtual ms
NO_ROOM = "error the device's heap had no room for this reply; the app goes on"
COMMANDS = ("down", "up", "wait", "screen", "pixels", "stats", "game", "quit")


def _setup_paths():
    f = __file__.replace("\\", "/")
    fw = f.rsplit("/", 1)[0] if "/" in f else "."
    root = fw + "/.."
    if sys.implementation.name != "micropython":
        import os

        fw = os.path.dirname(os.path.abspath(__file__))
        root = os.path.dirname(fw)
    sys.path.insert(0, root)  # shared_rules
    sys.path.insert(0, fw)


def _show_exc(e):
    if hasattr(sys, "print_exception"):
        sys.print_exception(e, sys.stderr)
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__)


def _ascii(s):
    # MicroPython's json.dumps writes non-ASCII as is, CPython's escapes it: escape here too,
    # so both runtimes print the same bytes
    for ch in s:
        if ord(ch) > 126:
            break
    else:
        return s
    out = []
    for ch in s:
        o = ord(ch)
        if o <= 126:
            out.append(ch)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    return "".join(out)


def log_crc(g):
    # -> the CRC32 of game g's log as records' texts, read from its packed runs in place (a
    # game's state made whole beside it does not fit a long game's heap); a plain log's
    # records are made one at a time
    from binascii import crc32
    log = g.log
    runs = getattr(log, "runs", None)
    crc = 0
    if runs is not None:
        for i in range(len(runs)):
            crc = crc32(memoryview(runs[i])[:log.used[i]], crc)
    else:
        from shared_rules.codec import encode
        from shared_rules.records import pack
        for ev in log:
            crc = crc32(encode(pack(ev, g.GAME)).encode() + b"\n", crc)
    return crc & 0xFFFFFFFF


class Device:
    def __init__(self, hal, guard, out):
        self.hal = hal
        self.guard = guard  # guard.Guard: it steps the app and catches what it raises
        self.reported = 0  # crashes told in an answer so far
        self.out = out  # called with each reply line (or a list of its pieces)
        self.next_step = hal.clock.ticks_ms() + STEP_MS
        self.until = 0  # the running wait's last virtual ms

    def wait(self, ms):
        c = self.hal.clock
        end = self.until = c.ticks_ms() + ms
        while self.next_step <= end:
            now = c.ticks_ms()
            if now < self.next_step:
                c.advance(self.next_step - now)
            self.next_step += STEP_MS
            self.guard.step()
        now = c.ticks_ms()
        if now < end:
            c.advance(end - now)

    def reset(self):
        # hal.restart, as a Pico's machine.reset(): this process ends and the client starts
        # the device again on the same flash, with a fresh heap (the in-process restart kept
        # the old heap's pieces: boot after boot met MemoryError in it), and waits out the
        # rest of the wait there. Said first: a crash no answer told yet, then `restart MS`.
        # (Its strings are over 10 characters, as are say()'s: MicroPython interns shorter
        # ones, and this simulated box has no room for another name: docs/FIRMWARE.md.)
        self.say("before the restart: ")
        self.out("restart %d ms left" % max(0, self.until - self.hal.clock.ticks_ms()))
        raise SystemExit(0)

    def say(self, text):
        # -> whether the guard caught a crash since the last answer that told one: then told,
        # after `text`
        if self.guard.crashes == self.reported:
            return False
        self.reported = self.guard.crashes
        c = self.guard.newest
        self.out(text + "%s (at %s; caught by the guard: in crash.log, the app restarts)"
                 % (c["err"], c["tb"]))
        return True

    def command(self, line):
        # -> False after quit; replies through self.out, always ending in ok / error
        words = line.split()
        if not words:
            self.out("error empty command; commands: " + ", ".join(COMMANDS))
            return True
        cmd, args = words[0], words[1:]
        if cmd not in COMMANDS:
            self.out("error unknown command %r; commands: %s" % (cmd, ", ".join(COMMANDS)))
            return True
        need = 1 if cmd in ("down", "up", "wait") else 0
        if len(args) != need:
            self.out("error %s takes %s" % (cmd, "one argument" if need else "no arguments"))
            return True
        h = self.hal
        if cmd == "down" or cmd == "up":
            pin = h.pins.get(args[0])
            if pin is None:
                self.out("error unknown button %r; buttons: %s"
                         % (args[0], ", ".join(sorted(h.pins))))
                return True
            pin.level = 0 if cmd == "down" else 1
        elif cmd == "wait":
            try:
                ms = int(args[0])
            except ValueError:
                ms = -1
            if ms < 0:
                self.out("error wait takes milliseconds >= 0, not %r" % args[0])
                return True
            try:
                self.wait(ms)
            except Exception as e:  # the guard's own failure: nothing should reach here
                _show_exc(e)
                self.out("error app: %s: %s" % (type(e).__name__, e))
                return True
            # the guard caught one since the last wait, or at boot (logged, shown, the app
            # restarts): a test still fails
            if self.say("error app: "):
                return True
        elif cmd == "screen":
            d = h.display
            # in pieces, made one at a time as they are written: a box full of games leaves
            # no 2 KB in one piece on the unix port's heap, and after a 5-player game, at its
            # Finished menu, not the 2.7 KB the whole list of them takes: this reply, the
            # simulator's cost that the box has not, must not be what fails
            self.out(_frame(d.shown))
            self.out("text " + _ascii(json.dumps(d.shown_texts)))
        elif cmd == "pixels":
            shown = h.strip.shown
            b = bytearray(3 * len(shown))
            for i in range(len(shown)):
                b[3 * i], b[3 * i + 1], b[3 * i + 2] = shown[i]
            self.out("pixels " + binascii.hexlify(bytes(b)).decode())
        elif cmd == "stats":
            # Texts cut at the screen's edge (0 on a good screen), frames shown, the live
            # heap after a collection (MicroPython; 0 on CPython), crashes the guard caught.
            import gc
            from app import ui
            gc.collect()
            alloc = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
            self.out("stats clipped %d frames %d alloc %d crashes %d"
                     % (ui.clipped, h.display.frames, alloc, self.guard.crashes))
        elif cmd == "game":
            # the game the app holds: `game GID OVER N CRC`: its id, 1 if it is over, the
            # events it took (its log, undos too) and the CRC32 of their records' texts, each
            # ended by "\n", as its journal must hold them; "game none" while it holds none
            app = self.guard.app
            g = app.game if app is not None else None
            if g is None:
                self.out("game none")
            else:
                self.out("game %d %d %d %d" % (app.gid, g.outcome is not None, len(g.log),
                                               log_crc(g)))
        self.out("ok")
        return cmd != "quit"


def _frame(shown):
    # the screen reply's pieces: "frame " and the frame in hex, 64 bytes a piece
    yield "frame "
    for i in range(0, len(shown), 64):
        yield binascii.hexlify(shown[i:i + 64]).decode()


def _reply(s):
    # s: a line, or its pieces (a list, or made as they are written)
    for piece in [s] if isinstance(s, str) else s:
        sys.stdout.write(piece)
    sys.stdout.write("\n")
    flush = getattr(sys.stdout, "flush", None)  # the rp2 port's stdout has none
    if flush:
        flush()


def main(argv):
    flash = None
    extra = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--path" and i + 1 < len(argv):
            extra.append(argv[i + 1])
            i += 2
            continue
        if flash is not None or a.startswith("-"):
            flash = None
            break
        flash = a
        i += 1
    if flash is None:
        sys.stderr.write("usage: simdevice.py FLASH_DIR [--path DIR]...\n")
        return 2
    _setup_paths()
    for p in reversed(extra):
        sys.path.insert(0, p)
    try:
        import framebuf  # noqa: F401
    except ImportError:
        sys.stderr.write("simdevice.py: no framebuf here: --path host/lenotre/shims\n")
        return 2

    from app import preload
    from hal import sim

    preload(flash.rstrip("/") + "/data")  # as main.py: the code before the store's scan
    hal = sim.build(flash)
    import os
    first = os.getenv("LENOTRE_SIM_SEED")  # the games' seeds N, N+1, ... (none: fresh ones)
    if first:
        seeds = iter(range(int(first), 1 << 30))
        hal.entropy = lambda: next(seeds)
    from app import App
    from guard import Guard

    guard = Guard(hal, App)
    guard.run(forever=False)
    guard.step()  # the first screen, before any command
    dev = Device(hal, guard, _reply)
    hal.restart = dev.reset  # (a restart comes after a crash's screen: in a wait, not before)
    while True:
        line = sys.stdin.readline()
        if not line:
            return 0
        try:
            go = dev.command(line.strip())
        except MemoryError:  # a reply the heap had no room for: said, and the box goes on
            import gc
            gc.collect()
            _reply(NO_ROOM)
            go = True
        if not go:
            return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

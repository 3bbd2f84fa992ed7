"""One progress bar for the commands that move bytes to or from the box (sync, flash,
test --port) or go through a big library (export, report: games replayed): one line on a
terminal (stderr), redrawn in place; nothing elsewhere (a pipe, a log, a test's capture)."""
import sys
import time


def size_text(n):
    return "%d bytes" % n if n < 10000 else "%.1f KB" % (n / 1000)


class Progress:
    """`label [#######       ]  50%  1000 bytes  note`, at most every 0.1 s (the end always)."""

    WIDTH = 30

    def __init__(self, stream=None, label="sync", unit=None):
        # unit: what is counted ("games"); None: bytes
        self.stream = stream or sys.stderr
        self.label = label
        self.unit = unit
        self.on = self.stream.isatty()
        self.total = self.done_bytes = 0
        self.last = 0.0

    def start(self, total):
        self.total = total

    def update(self, done, total):
        # done bytes of total (a flash: the total is known once the box said what differs)
        self.total = total
        self.show(done)

    def advance(self, n, gid):
        # the sync's: n more bytes, of the box's game gid
        self.show(self.done_bytes + n, "game %d" % gid)

    def show(self, done, note=""):
        # done bytes of the total so far; note: what is moving now (a game, a file)
        self.done_bytes = done
        now = time.monotonic()
        if self.on and (now - self.last > 0.1 or self.done_bytes >= self.total):
            self.last = now
            frac = min(1.0, self.done_bytes / self.total) if self.total else 1.0
            bar = "#" * int(frac * self.WIDTH)
            amount = size_text(self.done_bytes) if self.unit is None else \
                "%d %s" % (self.done_bytes, self.unit)
            self.stream.write("\r%s [%-*s] %3d%%  %s  %s " % (
                self.label, self.WIDTH, bar, frac * 100, amount, note))
            self.stream.flush()

    def done(self):
        # clears the line: what the command prints next starts at its left edge
        if self.on and self.done_bytes:
            self.stream.write("\r" + " " * (self.WIDTH + 40) + "\r")
            self.stream.flush()

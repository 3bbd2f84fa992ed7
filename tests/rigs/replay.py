"""A game played at the simulated box once, played again on a box that speaks another language:
the buttons mean the same in every language, so the presses of the first run, sent again in
order (their waits too), make the same game, which a journal compared byte for byte proves.

Only a message's pages depend on its words: a German text may wrap to more pages than its
English. So each press is recorded with the English screen's paging (its hint "ok:more i/n"),
and the second run pages the message through to its last page before the press that
acknowledges it, and leaves out a paging press its own shorter message does not need.

    with Recording(flash, seed=7) as dev:        # a SimDevice
        play(dev)                                # any rig, reading the English screens
    again = SimDevice(flash2, seed=7, language=("de", True))
    replay(dev.lines, again, at=lambda i: ...)   # at(i): before line i (a shot's moment)
"""
import re

from lenotre.device.simclient import SimDevice

# a paged message's hint (firmware/app/ui.py, Message): "ok:more 1/2" in English; any
# language's has its "i/n" after a word and a colon
PAGING = re.compile(r"^ok:\S+ (\d+)/(\d+)$")
QUERIES = ("screen", "pixels", "stats", "game", "quit")  # lines that only read (or end)


def _texts(dev):
    # the screen's strings; a reply the device's heap had no room for (its frame's 2 KB of
    # hex, the harness's, never the box's) is asked again once the device has collected
    try:
        return dev.texts()
    except dev.error as exc:
        if "no room for this reply" not in str(exc):
            raise
        dev.wait(10)
        return dev.texts()


def paging(texts):
    """-> (page, pages) of a message shown with more pages to come, else None."""
    for t in texts:
        m = PAGING.match(t)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


class Recording(SimDevice):
    """A SimDevice that keeps every line it sent (`lines`: (line, paging before it) for each
    button's down) and each moment marked (`marks`: name -> index into lines)."""

    def __init__(self, *args, **kwargs):
        self.lines = []
        self.marks = {}
        self._inside = False  # in a restart: its lines are the device's
        SimDevice.__init__(self, *args, **kwargs)

    def cmd(self, line):
        if self._inside or line.split()[0] in QUERIES:
            return SimDevice.cmd(self, line)
        before = paging(self.texts()) if line.startswith("down ") else None
        self.lines.append((line, before))
        return SimDevice.cmd(self, line)

    def _restarted(self, left):
        # a restart's own lines (the buttons still held, the rest of the wait) are the
        # device's: the second run's restart sends them itself
        self._inside = True
        try:
            return SimDevice._restarted(self, left)
        finally:
            self._inside = False

    def mark(self, name):
        self.marks[name] = len(self.lines)

    def wrote(self, rel, text):
        """Note a file the run wrote into the box's flash between two presses (a roster a
        sync would bring): the second run writes it at the same moment."""
        self.lines.append(("@write %s\n%s" % (rel, text), None))


def again(rec, code, shoot, seed, boot_ms=30):
    """`rec`'s presses (a Recording's) once more on a fresh simulated box speaking `code`, the
    same seed; shoot(dev, name) at each moment `rec` marked."""
    import tempfile
    at = {}
    for name, i in rec.marks.items():
        at.setdefault(i, []).append(name)
    with tempfile.TemporaryDirectory() as flash, \
            SimDevice(flash, seed=seed, language=(code, True)) as dev:
        dev.wait(boot_ms)
        replay(rec.lines, dev, lambda i: [shoot(dev, name) for name in at.get(i, ())], flash)


def replay(lines, dev, at=None, flash=None):
    """Send `lines` (Recording.lines) to `dev`, paging its messages as said above, and write
    the files the first run wrote into `flash` (dev's flash folder); `at(i)` before line i and
    at the end (i = len(lines)). -> the presses added (+) or left out (-)."""
    import os
    skip_up = False
    changed = 0
    for i, (line, english) in enumerate(lines):
        if at:
            at(i)
        if line.startswith("@write "):
            rel, text = line[7:].split("\n", 1)
            path = os.path.join(flash, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
            continue
        if line.startswith("down "):
            ours = paging(_texts(dev))
            if english is not None and ours is None:
                changed -= 1  # English pages on; our message has no more page: not pressed
                skip_up = True
                continue
            if english is None and ours is not None:
                for _ in range(ours[1] - ours[0]):  # pages the English never had
                    dev.press("ok")
                    changed += 1
        elif skip_up:
            if line.startswith("up "):
                skip_up = False
            continue
        dev.cmd(line)
    if at:
        at(len(lines))
    return changed

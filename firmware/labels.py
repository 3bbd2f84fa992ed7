# The Finished games menu's rows, written as each game is filed (docs/FIRMWARE.md, "Store"):
# one line a game in labels.txt beside the journals, "1297 W Ver 20606 44 Sophie|c4" (won: the
# game, its day, the winner's points and name) or "1298 L Ver p7 S1R3|5e" (left unfinished:
# where; app/core.py's row_words says what the words are), so the menu draws a row by
# reading its line, not by replaying the game (replaying six rows takes 1 s on the Pico with
# 1,000 games). Lines are only appended; the byte sum after "|" tells a whole line from one a
# power cut left short, and such a line, like a game filed with none, reads as missing:
# the menu then replays that game; so does a game older than the KEEP newest. Not
# synced: the PC replays every game itself.
from flash import CHUNK, size, write

NAME = "labels.txt"


def _check(b):
    s = 0
    for x in b:
        s += x
    return "|%02x" % (s & 0xFF)


KEEP = 256  # the newest games keep their line; a row deeper in the list is replayed


def keeps(store):
    # -> keep(gid): whether a game's line is worth its bytes: the game is on the box (not
    # deleted to make room) and among the KEEP newest. A line is 26 to 40 bytes: the lines
    # of all of 950 games, at 18 to 30 bytes each, take 20 KiB of the flash, 20 games'
    # room.
    def keep(gid):
        return gid > store.top() - KEEP and store.holds(gid)
    return keep


class Labels:
    # past it an add keeps only the lines `keep` wants: 256 lines of up to 40 bytes, 10 KB,
    # well under it, so the next compaction is 150 games away, not at every game's end (a
    # Labels lives for one add: its limit below starts from this again)
    MAX_BYTES = 16 * 1024
    NEAR = 2048  # a search starts this far past the last line found: rows come in order

    def __init__(self, folder, store=None):
        # store: the box's, for which lines stay at a compaction (keeps); None keeps all
        self.dir = folder
        self.path = folder + NAME
        self.keep = keeps(store) if store is not None else None
        self.mark = None  # where the last line found ended
        self.limit = self.MAX_BYTES  # twice what a compaction left: never one at every add

    def add(self, gid, words):
        # Appends the game's line; OSError or StoreFull on a full flash (the row is then
        # replayed).
        body = ("%d %s" % (gid, words)).encode()
        line = body + (_check(body) + "\n").encode()
        n = size(self.path)
        if self.keep is not None and n > self.limit:
            self._compact(self.keep)
            n = size(self.path)
            self.limit = max(self.MAX_BYTES, 2 * n)
        with open(self.path, "ab") as f:
            if n and self._last_byte() != b"\n":
                f.write(b"\n")  # a line cut short stays alone: this one starts clean
            f.write(line)
            f.flush()
        self.mark = None

    def _last_byte(self):
        with open(self.path, "rb") as f:
            f.seek(size(self.path) - 1)
            return f.read(1)

    def get(self, gid):
        # -> the game's line text ("w 44 Sophie"), or None
        n = size(self.path)
        if not n:
            return None
        key = ("%d " % gid).encode()
        if self.mark is not None and self.mark + self.NEAR < n:
            found = self._back(key, self.mark + self.NEAR)
            if found is not None:
                return found
        return self._back(key, n)

    def _back(self, key, pos):
        # The lines before pos, the latest first: the text of the first whole line of the game
        with open(self.path, "rb") as f:
            tail = b""
            while pos > 0:
                step = min(CHUNK, pos)
                pos -= step
                f.seek(pos)
                lines = (f.read(step) + tail).split(b"\n")
                end = pos + step + len(tail)  # where the last of them ends
                tail = lines[0] if pos else b""  # it may start before pos: read it whole next
                for i in range(len(lines) - 1, 0 if pos else -1, -1):
                    line = lines[i]
                    if line.startswith(key) and line[-3:] == _check(line[:-3]).encode():
                        self.mark = end
                        try:
                            return line[len(key):-3].decode()
                        except UnicodeError:
                            return None
                    end -= len(line) + 1
        return None

    def _compact(self, keep):
        # Rewrites the file with the lines `keep` wants (temp, then rename: a power cut leaves
        # the old file whole)
        def kept():
            with open(self.path, "rb") as f:
                for line in f:
                    gid = line.split(b" ", 1)[0]
                    if gid.isdigit() and keep(int(gid)) and line.endswith(b"\n"):
                        yield line
        write(self.dir, "labels", NAME, kept())
        self.mark = None

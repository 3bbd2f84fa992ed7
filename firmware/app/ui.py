# Drawing helpers and small widgets for a 128x64 screen in the built-in 8x8 font: 16 columns,
# 8 lines. Text is clipped at the edge, never wrapped by accident; `clipped` counts clips so
# tests can prove no screen overflows. The font is ASCII: German's letters (Jürgen, Björn) are
# drawn from shared_rules/glyphs.py, loaded by the first text that has one.
import framebuf
from micropython import const
from shared_rules.errors import local

W = const(128)
H = const(64)
COLS = const(16)
LINE = const(8)

UP = const(0)
DOWN = const(1)
BACK = const(2)
NEXT = const(3)
OK = const(4)
PRESS = const(1)
LONG = const(2)
REPEAT = const(3)

clipped = 0
_glyph = bytearray(8)
_gfb = framebuf.FrameBuffer(_glyph, 8, 8, framebuf.MONO_VLSB)


def put(d, s, x, y, c=1):
    global clipped
    room = (W - x) // 8
    if len(s) > room:
        clipped += 1
        s = s[:room]
    for ch in s:
        if ch > "~":  # a letter the font lacks: the string drawn glyph by glyph
            big(d, s, x, y, 1, c)
            return
    d.text(s, x, y, c)


def center(d, s, y, c=1):
    put(d, s, max(0, (W - 8 * len(s)) // 2), y, c)


def title(d, s):
    # An inverted bar: the line that says where you are.
    d.fill_rect(0, 0, W, 9, 1)
    center(d, s, 1, 0)


def big(d, s, x, y, scale=2, c=1):
    # The 8x8 font scaled up, for the numbers a player reads from across the table; at scale 1
    # the text with letters the font lacks.
    global clipped
    room = (W - x) // (8 * scale)
    if len(s) > room:
        clipped += 1
        s = s[:room]
    note = getattr(d, "note", None)  # the simulator's display records what it says
    if note is not None:
        note(s)
    for ch in s:
        own = None
        if ch > "~":
            from shared_rules.glyphs import glyph
            own = glyph(ch)
        if own:
            _glyph[:] = own
        else:  # the font's (a character it has not either: its box, glyph 127)
            _gfb.fill(0)
            _gfb.text(ch, 0, 0, 1)
        for gx in range(8):
            col = _glyph[gx]
            if col:
                for gy in range(8):
                    if col >> gy & 1:
                        d.fill_rect(x + gx * scale, y + gy * scale, scale, scale, c)
        x += 8 * scale


def big_center(d, s, y, scale=2):
    big(d, s, max(0, (W - 8 * scale * len(s)) // 2), y, scale)


def short(name):
    # A player's name where a row has room for 7 letters: a colour (a seat's name) in the box's
    # language, a person's as it is
    return local(name)[:7]


def wrap(text, width=COLS):
    # Word wrap for messages; a word longer than a line is cut into pieces.
    lines = []
    line = ""
    for word in text.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def hint(d, s):
    # The bottom line: what the buttons do here.
    put(d, s, 0, H - LINE)


def hub_back(app, button, kind):
    # Every game screen's back: long takes back the last action, short goes to the menu.
    # -> whether the key was one of those
    if button != BACK or kind not in (PRESS, LONG):
        return False
    if kind == LONG:
        app.undo()
    else:
        app.home()
    return True


class Screen:
    status = None  # type: str | None  # a player's colour for the status pixel
    statuses = None  # type: list | None  # colours the status pixel cycles through instead
    toast_ok = True  # a toast may cover the bottom lines

    def __init__(self, app):
        self.app = app

    def draw(self, d):
        pass

    def key(self, button, kind):
        pass


class Menu(Screen):
    # A vertical list; up/down move, ok chooses, back leaves. items: [(label, action)].
    rows = 6

    def __init__(self, app, heading, items, back=True):
        Screen.__init__(self, app)
        self.heading = heading
        self.items = items
        self.at = 0
        self.back = back

    def draw(self, d):
        title(d, self.heading)
        top = max(0, min(self.at - self.rows + 1, len(self.items) - self.rows))
        for i in range(top, min(len(self.items), top + self.rows)):
            y = 11 + (i - top) * 9
            if i == self.at:
                d.fill_rect(0, y - 1, W, 9, 1)
            put(d, self.items[i][0], 4, y, 0 if i == self.at else 1)

    def key(self, button, kind):
        n = len(self.items)
        if button == UP and kind != LONG:
            self.at = (self.at - 1) % n
        elif button == DOWN and kind != LONG:
            self.at = (self.at + 1) % n
        elif button == OK and kind == PRESS:
            self.items[self.at][1]()
        elif button == BACK and kind == PRESS and self.back:
            self.app.pop()


class Message(Screen):
    # A message the player acknowledges with ok (or back). Shown whole, never cut: six lines
    # fit; a longer text goes in pages of five over a hint that says there is more and where
    # you are ("ok:more 1/2"); ok and down page on, up pages back; ok on the last page
    # acknowledges, back leaves from any page.
    page = 0
    asks = False  # a Confirm: its bottom line is always the yes/no hint
    toast_ok = False  # a toast waits until the message is read

    def __init__(self, app, heading, text, then=None):
        Screen.__init__(self, app)
        self.heading = heading
        self.lines = wrap(text)
        self.then = then
        self.per = 6 if len(self.lines) <= 6 and not self.asks else 5
        self.pages = (len(self.lines) + self.per - 1) // self.per or 1

    def draw(self, d):
        title(d, self.heading)
        first = self.page * self.per
        for i in range(first, min(first + self.per, len(self.lines))):
            put(d, self.lines[i], 0, 11 + (i - first) * 8)
        if self.page < self.pages - 1:
            hint(d, u"ok:more %d/%d" % (self.page + 1, self.pages))
        else:
            self.last_hint(d)

    def last_hint(self, d):
        if self.pages > 1:
            hint(d, u"ok  %d/%d" % (self.pages, self.pages))

    def key(self, button, kind):
        if kind != PRESS:
            return
        more = self.page < self.pages - 1
        if more and button in (OK, DOWN):
            self.page += 1
        elif button == UP and self.page:
            self.page -= 1
        elif button in (OK, BACK):
            self.app.pop()
            if self.then and button == OK:
                self.then()


class Confirm(Message):
    # Before anything that cannot be taken back easily: ok does it, back does not.
    asks = True

    def last_hint(self, d):
        hint(d, u"ok:yes  back:no")

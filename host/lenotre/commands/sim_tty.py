"""`lenotre sim` played by hand in a terminal: the keys that press the box's buttons and the
loop that reads them and redraws the screen (sim_screen) whenever it changes or the terminal
is resized."""
import os
import select
import sys

from lenotre.commands.sim_screen import FULL, fit
from lenotre.device.simclient import SimError

KEYS = {  # key -> (button, long?)
    "\x1b[A": ("up", False), "\x1b[B": ("down", False), "\x1b[D": ("back", False),
    "\x1b[C": ("next", False), "w": ("up", False), "s": ("down", False), "a": ("back", False),
    "d": ("next", False), "\r": ("ok", False), "\n": ("ok", False), " ": ("ok", False),
    "W": ("up", True), "S": ("down", True), "A": ("back", True), "D": ("next", True),
    "O": ("ok", True), "u": ("back", True),
}
QUIT = ("q", "\x1b")
HELP = "arrows/wasd press  Enter ok  WASD/O long  u undo  q quit"
SHORT_HELP = "wasd/arrows Enter q"
IDLE_MS = 50  # the device's time that passes while no key comes (select's timeout too)


def terminal_size(fd):
    """-> (columns, rows) of the terminal on `fd`; the full-size picture's where it has none."""
    try:
        size = os.get_terminal_size(fd)
        return size.columns, size.lines
    except OSError:
        return FULL


def interactive(dev):
    """Play `dev` from this terminal's keys until q (-> 0) or the device dies (-> 1, saying
    so). The terminal is put back as it was whatever happens."""
    import termios
    import tty
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    shown = None
    try:
        tty.setcbreak(fd)
        sys.stdout.write("\x1b[2J\x1b[?25l")
        while True:
            ready, _, _ = select.select([fd], [], [], IDLE_MS / 1000)
            if ready:
                key = os.read(fd, 8).decode(errors="ignore")
                if key in QUIT:
                    return 0
                if key in KEYS:
                    button, long = KEYS[key]
                    dev.long(button) if long else dev.press(button)
            else:
                dev.wait(IDLE_MS)
            frame, texts = dev.screen()
            pixels = dev.pixels()
            size = terminal_size(sys.stdout.fileno())
            if (frame, pixels, size) != shown:
                if shown is None or size != shown[2]:
                    sys.stdout.write("\x1b[2J")  # a resized terminal: start clean
                shown = (frame, pixels, size)
                lines = fit(size[0], size[1], frame, texts, pixels, HELP, SHORT_HELP)
                # each line clears its rest, the screen below the last: a shorter picture
                # leaves nothing behind; no newline after the last so nothing scrolls
                sys.stdout.write("\x1b[H" + "\x1b[K\n".join(lines) + "\x1b[K\x1b[J")
                sys.stdout.flush()
    except SimError as exc:
        print("\nthe simulated device stopped: %s" % exc)
        return 1
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        sys.stdout.write("\x1b[?25h\x1b[0m\n")

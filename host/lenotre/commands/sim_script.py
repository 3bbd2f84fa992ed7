"""`lenotre sim --script FILE`: a button script (format: README, "The simulator"), read and
checked whole before the device starts, then run headless with its screenshots."""
import os

from lenotre.device import png
from lenotre.device.simclient import BUTTONS
from lenotre.errors import UsageError

STEPS = "BUTTON [N] (buttons: %s), long BUTTON [MS], wait MS, shot NAME, expect TEXT" % (
    ", ".join(BUTTONS))
LONG_MS = 650  # `long BUTTON` without MS: past buttons.py's long press (500 ms)


def load_script(path):
    """-> the steps of the script file at `path` (parse_script); UsageError when it cannot
    be read or a line is no step."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as exc:
        raise UsageError("cannot read the script %s: %s" % (path, exc.strerror))
    return parse_script(lines)


def parse_script(lines):
    """-> [(line number, verb, argument)], verb one of press, long, wait, shot, expect; a
    UsageError naming the first line that is no step and the steps there are. `#` starts a
    comment; blank lines are skipped."""
    steps = []
    for no, raw in enumerate(lines, 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        verb, rest = words[0], words[1:]
        try:
            if verb in BUTTONS:
                n = int(rest[0]) if rest else 1
                if len(rest) > 1 or n < 1:
                    raise ValueError
                steps.append((no, "press", (verb, n)))
            elif verb == "long" and rest and rest[0] in BUTTONS and len(rest) <= 2:
                steps.append((no, "long", (rest[0], int(rest[1]) if len(rest) > 1 else LONG_MS)))
            elif verb == "wait" and len(rest) == 1 and int(rest[0]) >= 0:
                steps.append((no, "wait", int(rest[0])))
            elif verb == "shot" and len(rest) == 1:
                steps.append((no, "shot", rest[0]))
            elif verb == "expect" and rest:
                steps.append((no, "expect", " ".join(rest)))
            else:
                raise ValueError
        except ValueError:
            raise UsageError("script line %d: %r is not a step; steps: %s"
                             % (no, raw.strip(), STEPS))
    return steps


def run_script(dev, steps, shots):
    """Run parse_script's `steps` on `dev`, writing each `shot NAME` as shots/NAME.png (none
    when `shots` is None), then print the last screen's texts and the presses. -> 0; a
    UsageError naming the line of the first `expect` the screen does not show."""
    if shots:
        os.makedirs(shots, exist_ok=True)
    dev.wait(30)
    for no, verb, arg in steps:
        if verb == "press":
            dev.press(*arg)
        elif verb == "long":
            dev.long(*arg)
        elif verb == "wait":
            dev.wait(arg)
        elif verb == "shot":
            if shots:
                frame, _ = dev.screen()
                png.write(os.path.join(shots, arg + ".png"), frame, pixels=dev.pixels(),
                          pixel_max=48)
        elif verb == "expect":
            texts = dev.screen()[1]
            if not any(arg in t for t in texts):
                raise UsageError("script line %d: expected %r on screen, it shows: %s"
                                 % (no, arg, " | ".join(texts)))
    frame, texts = dev.screen()
    print(" | ".join(texts))
    print("%d button presses; runtime %s" % (dev.presses, dev.runtime))
    return 0

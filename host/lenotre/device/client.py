"""What a person does with the box, the same whichever box runs the firmware: the simulator
(simclient.SimDevice: simulated time over a line protocol) or the virtual Pico
(tests/rigs/vpico_client.py's VirtualPico: real time over its control panel). Scripts, tests, `lenotre sim`
and scripted play (simplay.Player) press buttons through this one surface."""

BUTTONS = ("up", "down", "back", "next", "ok")  # the box's five, as firmware/board.py names them
PRESS_MS = 80  # held past the buttons' 20 ms debounce, far short of a long press (500 ms)
LONG_MS = 650  # past Button.long_ms (500)


class DeviceClient:
    """A box's buttons and screen. A client implements _hold(button, ms) (down, held ms, up,
    seen by the app) and texts() (the strings on the screen); `error` is its exception type."""

    error = Exception

    def __init__(self):
        self.presses = 0  # button presses (short or long) since start: the players' effort
        self.log = []  # (button, "press" or "long") in order

    def press(self, button, times=1):
        for _ in range(times):
            self._hold(self._check(button), PRESS_MS)
            self.presses += 1
            self.log.append((button, "press"))

    def long(self, button, ms=LONG_MS):
        self._hold(self._check(button), ms)
        self.presses += 1
        self.log.append((button, "long"))

    def text(self):
        # the screen's strings in one line, " | " between them
        return " | ".join(self.texts())

    def _check(self, button):
        if button not in BUTTONS:
            raise self.error("unknown button %r; buttons: %s" % (button, ", ".join(BUTTONS)))
        return button

    def _hold(self, button, ms):
        raise NotImplementedError

    def texts(self):
        raise NotImplementedError

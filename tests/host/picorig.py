# What the emulated Pico's tests of both editions share (tests/host/test_pico_emulated.py,
# test_circuitpython_emulated.py): the end of a whole 2-player game checked on the box's
# screen and pixels, and the box whose power goes at a chosen press.
from lenotre.device import epico
from lenotre.device.epico import PicoDevice


def capped(rgb, cap=48):
    # the strip's brightness cap (board.json's): the colour's largest channel at it
    return max(rgb) == cap


def check_the_end(plan, player, dev, pico):
    # The game of `plan` played through: its winner on screen (and the points, without a
    # tie-break), a pixel per garden type lit for its holder, back to the menu on ok, frames
    # and pixels drawn, no traceback on the serial port
    names = player.names
    texts = dev.screen()[1]
    winners = plan.outcome.winners
    assert texts[0] == ("Shared victory" if plan.outcome.shared else "Winner"), texts
    assert any(names[winners[0]][:7] in t for t in texts), texts
    if not plan.outcome.tiebreak:
        assert "%d points" % max(plan.totals()) in texts
    px = dev.pixels()
    for t in range(5):
        if plan.holders[t] < 0:
            assert px[t] == (0, 0, 0), (t, px)
        else:
            assert capped(px[t]), (t, px)
    dev.press("ok")
    assert "New game" in dev.screen()[1]
    shown = pico.screen()
    assert shown["pixel_writes"] > 0 and shown["frames"] > 50
    assert epico.tracebacks(pico.serial_log) == []


class PowerCut(Exception):
    pass


class CutDevice(PicoDevice):
    # The emulated Pico whose power goes at press number `at`: the button goes down and up,
    # then, a random fraction of a millisecond to 60 ms later (while the app may be writing
    # its journal, to littlefs or to FAT), the emulator is killed: the flash image stays as
    # it was at that instant.
    def __init__(self, pico, at, rnd):
        PicoDevice.__init__(self, pico)
        self.left = at
        self.rnd = rnd

    def _hold(self, button, ms):
        if self.left == 0:
            self.pico.down(button)
            self.pico.wait(ms)
            self.pico.up(button)
            self.pico.wait(self.rnd.uniform(0, 60))
            self.pico.kill()
            raise PowerCut()
        self.left -= 1

    def press(self, button, times=1):
        for _ in range(times):
            self._hold(button, epico.PRESS_MS)
            PicoDevice.press(self, button)

    def long(self, button, ms=epico.LONG_MS):
        self._hold(button, ms)
        PicoDevice.long(self, button, ms)

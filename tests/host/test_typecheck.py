"""The firmware and the rules core type-check against the Pico's MicroPython stubs
(micropython-rp2-rpi_pico-stubs, pinned to the firmware's MicroPython; installed by the
Makefile into .venv/typings). Catches calls into machine, neopixel, framebuf, time, os that
the Pico's MicroPython does not have."""
import os
import subprocess
import sys

from lenotre.device.toolchain import ROOT, tool

TYPINGS = os.path.join(sys.prefix, "typings")


def mypy(*targets, cwd=ROOT):
    assert os.path.isfile(os.path.join(TYPINGS, "machine.pyi")), (
        "no Pico stubs in %s: run make (it installs micropython-rp2-rpi_pico-stubs there)"
        % TYPINGS)
    env = dict(os.environ, MYPYPATH=os.pathsep.join([TYPINGS, os.path.join(ROOT, "firmware"),
                                                       ROOT]))
    out = subprocess.run([tool("mypy"), "--config-file", os.path.join(ROOT, "pyproject.toml"),
                          "--cache-dir", os.path.join(ROOT, "out", "mypy-cache")] + list(targets),
                         cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    return out.returncode, out.stdout + out.stderr


def test_firmware_and_rules_typecheck_against_the_pico_stubs():
    fw = os.path.join(ROOT, "firmware")
    # The CircuitPython edition (firmware/circuitpython/: its machine, framebuf; and
    # hal/circuitpython.py, on Adafruit's neopixel) is not checked against MicroPython's stubs,
    # which describe other modules of those names; firmware/lang/ holds the languages' tables
    targets = [f for f in sorted(os.listdir(fw)) if f.endswith(".py") or
               os.path.isdir(os.path.join(fw, f)) and f[0] not in "._" and f not in ("circuitpython", "lang")]
    code, out = mypy("--exclude", r"hal/circuitpython\.py$", *targets,
                     os.path.join(ROOT, "shared_rules"), cwd=fw)
    assert code == 0, out
    assert "Success" in out


def test_a_call_the_pico_lacks_is_caught(tmp_path):
    # The check has teeth: machine.Pin has no .toggle_twice, and I2C needs its pins.
    bad = tmp_path / "bad.py"
    bad.write_text("from machine import Pin\nPin(2).toggle_twice()\n")
    code, out = mypy(str(bad), cwd=str(tmp_path))
    assert code != 0 and "toggle_twice" in out, out

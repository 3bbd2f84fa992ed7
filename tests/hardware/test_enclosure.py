"""hardware/enclosure.scad has a hole for every button of the pinout and a window for every
pixel; OpenSCAD, where installed, renders it."""
import os
import re
import shutil
import subprocess

import board
import pytest

HW = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "hardware")


def scad():
    with open(os.path.join(HW, "enclosure.scad"), encoding="utf-8") as f:
        return f.read()


def test_buttons_and_pixels_are_the_pinout():
    b, text = board.load(os.path.join(HW, "pinout.json")), scad()
    roles = re.search(r"^buttons = \[(.*)\];$", text, re.M).group(1)
    assert sorted(re.findall(r'"(\w+)"', roles)) == sorted(b.buttons)
    assert int(re.search(r"^pixels = (\d+);$", text, re.M).group(1)) == b.pixel_count


def test_every_button_role_has_a_place_in_the_cross():
    for role in board.BUTTONS:
        assert 'role == "%s"' % role in scad(), role


def render(tmp_path, text, part):
    src = tmp_path / "enclosure.scad"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / (part + ".stl")
    r = subprocess.run(["openscad", "-D", 'part="%s"' % part, "-o", str(out), str(src)],
                       capture_output=True, text=True, timeout=300)
    return r.returncode == 0 and out.exists() and out.stat().st_size > 1000, r.stderr


@pytest.mark.skipif(not shutil.which("openscad"), reason="OpenSCAD not installed")
def test_it_renders(tmp_path):
    for part in ("base", "lid"):
        ok, err = render(tmp_path, scad(), part)
        assert ok, err
    bad = scad().replace('"ok"]', '"menu"]')
    assert bad != scad()
    ok, err = render(tmp_path, bad, "lid")
    assert not ok and "menu" in err

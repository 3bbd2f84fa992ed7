"""wiring.svg, wiring.png, the README's tables and the enclosure's button list are what
make_diagram.py makes of the pinout now; a change of the pinout makes them stale."""
import json
import os
import shutil

import board
import pytest
from hardware import make_diagram, wiring

HW = os.path.dirname(make_diagram.__file__)
FILES = ("pinout.json", "bom.csv", "README.md", "enclosure.scad", "wiring.svg", "wiring.png")


def committed(name):
    with open(os.path.join(HW, name), "rb") as f:
        return f.read()


def copy(tmp_path, names=FILES):
    for name in names:
        shutil.copy(os.path.join(HW, name), tmp_path / name)
    return tmp_path


def edit_pinout(folder, change):
    path = folder / "pinout.json"
    p = json.loads(path.read_text(encoding="utf-8"))
    change(p)
    path.write_text(json.dumps(p, ensure_ascii=False), encoding="utf-8")


def test_committed_files_are_fresh():
    assert make_diagram.update(HW, write=False) == [], "run: python hardware/make_diagram.py"


def test_regenerated_files_equal_the_committed(tmp_path):
    try:
        import cairosvg  # noqa: F401
    except (ImportError, OSError) as e:  # OSError: no libcairo on this machine
        pytest.skip("cannot render the PNG here: %s" % e)
    copy(tmp_path, ("pinout.json", "bom.csv", "README.md", "enclosure.scad"))
    assert make_diagram.update(str(tmp_path)) == ["wiring.png", "wiring.svg"]
    for name in ("wiring.svg", "README.md", "enclosure.scad"):
        assert (tmp_path / name).read_bytes() == committed(name), name
    new = make_diagram.png_svg_hash((tmp_path / "wiring.png").read_bytes())
    assert new == make_diagram.png_svg_hash(committed("wiring.png"))
    assert make_diagram.update(str(tmp_path), write=False) == []


ALL = ["README.md", "wiring.png", "wiring.svg"]


@pytest.mark.parametrize("change, stale", [
    (lambda p: p["buzzer"].update(pin=16), ALL),
    (lambda p: p["i2c"].update(id=1, sda=2, scl=3), ALL),
    (lambda p: p["oled"].update(address="0x3D"), ALL),
    (lambda p: p["pixels"]["roles"].reverse(), ["wiring.png", "wiring.svg"]),
    (lambda p: p["buttons"].update(up=16, ok=10), sorted(ALL + ["enclosure.scad"])),
    (lambda p: p["pixels"].update(brightness_cap=40), ["README.md"]),  # the power table
])
def test_a_pinout_change_makes_them_stale(tmp_path, change, stale):
    folder = copy(tmp_path)
    edit_pinout(folder, change)
    assert make_diagram.update(str(folder), write=False) == stale


def test_a_pinout_over_budget_is_not_drawn(tmp_path):
    folder = copy(tmp_path)
    edit_pinout(folder, lambda p: p["pixels"].update(brightness_cap=255))
    with pytest.raises(ValueError, match="power"):
        make_diagram.update(str(folder), write=False)


def test_a_png_of_another_svg_is_stale(tmp_path):
    folder = copy(tmp_path)
    png = (folder / "wiring.png").read_bytes()
    old = make_diagram.png_svg_hash(png).encode()
    (folder / "wiring.png").write_bytes(png.replace(old, b"0" * len(old)))
    assert make_diagram.update(str(folder), write=False) == ["wiring.png"]


def test_the_png_is_a_png_of_this_svg():
    png, svg = committed("wiring.png"), committed("wiring.svg").decode()
    assert png[12:16] == b"IHDR" and int.from_bytes(png[16:20], "big") == 1400
    assert make_diagram.png_svg_hash(png) == make_diagram.sha256(svg)


def test_the_diagram_shows_the_pinout():
    b = board.load(os.path.join(HW, "pinout.json"))
    svg = committed("wiring.svg").decode()
    for _, _, pins in wiring.parts(b):
        for _, h, _ in pins:
            assert ">%s<" % wiring.PINS[h] in svg and ">%d<" % h in svg
    for role in b.buttons:
        assert ">%s<" % role.upper() in svg
    for i, role in enumerate(b.pixel_roles):
        assert ">%d %s<" % (i, role) in svg

"""The image's overlay (lenotre.device.image): which of a build's modules a box's ROMFS must
hold over the app frozen into its firmware, the record of that frozen app (`appsums`), and the
manifest that freezes it. On CPython: no ARM compiler or emulator needed (the emulated box is
tests/host/test_image_emulated.py)."""
import os

import pytest

from lenotre.device import image, toolchain
from lenotre.link import flasher


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = str(tmp_path_factory.mktemp("build"))
    sources = toolchain.build(out)
    return out, sources, image.romfs_files(toolchain.built_files(out))


def test_a_unit_is_a_top_level_module_or_a_whole_top_level_package():
    assert image.unit_of("store.mpy") == "store.mpy"
    assert image.unit_of("app/core.mpy") == "app"
    assert image.unit_of("hal/pico.mpy") == "hal"
    assert image.unit_of("lib/shared_rules/versailles/rules.mpy") == "lib/shared_rules"
    assert image.unit_of("lib/shared_rules/games.mpy") == "lib/shared_rules"


def test_a_box_with_this_app_frozen_needs_only_the_pinout_in_its_romfs(built):
    _, _, files = built
    frozen = image.unit_sums(files)
    assert "pinout.json" not in frozen and "app" in frozen and "lib/shared_rules" in frozen
    # the wiring, and the languages' trees, which stay in the ROMFS whatever is frozen
    langs = {p for p in files if p.startswith("lang/")}
    assert "lang/names.txt" in langs and "lang/de/app/core.mpy" in langs
    assert set(image.overlay(files, frozen)) == {"pinout.json"} | langs
    assert image.overlay(files, {}) == files  # nothing frozen: the whole app


def test_a_changed_module_brings_its_whole_package_and_nothing_else(built):
    _, _, files = built
    frozen = image.unit_sums(files)
    changed = dict(files)
    changed["app/home.mpy"] = files["app/home.mpy"] + b"\0"
    changed["lenotre_probe.mpy"] = files["board.mpy"]
    over = image.overlay(changed, frozen)
    app = {p for p in files if p.startswith("app/")}
    langs = {p for p in files if p.startswith("lang/")}  # never frozen
    assert set(over) == app | {"lenotre_probe.mpy", "pinout.json"} | langs
    assert over["app/home.mpy"] == changed["app/home.mpy"]


def test_appsums_is_a_module_whose_string_reads_back_as_the_sums(built):
    _, _, files = built
    sums = image.unit_sums(files)
    scope = {}
    exec(image.appsums_source(sums), scope)
    assert set(scope) - {"__builtins__"} == {"SUMS"}  # one string: it stays in flash
    assert image.parse_sums(scope["SUMS"]) == sums
    assert image.parse_sums("") == {}


def test_the_frozen_manifest_freezes_every_romfs_module_from_its_source(built, tmp_path):
    out, sources, files = built
    gen = str(tmp_path / "gen")
    manifest = image._frozen_manifest(gen, out, sources, image.unit_sums(files))
    calls = []
    with open(manifest) as f:
        exec(f.read(), {"include": lambda path: calls.append(("include", path, None)),
                        "module": lambda name, base_path: calls.append(("module", name,
                                                                        base_path))})
    assert calls[0] == ("include", os.path.join(image.board_dir(), "manifest.py"), None)
    names = {}
    for kind, name, base in calls[1:]:
        assert kind == "module" and os.path.isfile(os.path.join(base, name)), (name, base)
        names[name] = base
    assert names.pop("appsums.py") == gen
    wanted = {(p[4:] if p.startswith("lib/") else p)[:-4] + ".py"
              for p in files if p.endswith(".mpy") and not p.startswith("lang/")}
    assert set(names) == wanted
    assert "main.py" not in names and "simdevice.py" not in names  # frozen by the board's


class FakeRomBoard:
    # flasher.Board's ROMFS side on a partition kept here: what deploy_romfs asks of a box
    def __init__(self, frozen, size):
        self.frozen, self.blocks = frozen, [b"\xff" * flasher.ROM_BLOCK] * (size // flasher.ROM_BLOCK)

    def frozen_sums(self):
        return image.parse_sums(self.frozen)

    def rom_hashes(self, n):
        import hashlib
        return [hashlib.sha256(b).hexdigest() for b in self.blocks[:n]]

    def exec(self, code):
        return b""

    def write_rom_block(self, n, data):
        self.blocks[n] = data


def frozen_text(files):
    # the box's appsums.SUMS for an image built from `files`
    return image.appsums_source(image.frozen_sums(files)).split("SUMS = ")[1].strip()


def test_flash_puts_a_changed_package_over_the_frozen_one_and_names_a_stale_main(built):
    out, _, _ = built
    files = toolchain.built_files(out)
    board = FakeRomBoard(eval(frozen_text(files)), image.ROMFS_BYTES)
    done = flasher.deploy_romfs(board, files, image.ROMFS_BYTES, lambda line: None, None)
    assert done["units"] == [] and done["stale"] == []
    changed = dict(files)
    changed["hal/pico.mpy"] = files["hal/pico.mpy"] + b"\0"
    changed["main.py"] = files["main.py"] + b"# newer\n"
    done = flasher.deploy_romfs(board, changed, image.ROMFS_BYTES, lambda line: None, None)
    assert done["units"] == ["hal"] and done["stale"] == ["main.py"] and done["blocks"] >= 1


def test_flash_refuses_an_update_bigger_than_the_romfs_and_says_how_to_put_it_on(built):
    out, _, _ = built
    files = toolchain.built_files(out)
    board = FakeRomBoard(eval(frozen_text(files)), image.ROMFS_BYTES)
    changed = {p: (data + b"\0" if p.endswith(".mpy") else data) for p, data in files.items()}
    with pytest.raises(flasher.FlashError) as err:
        flasher.deploy_romfs(board, changed, image.ROMFS_BYTES, lambda line: None, None)
    text = str(err.value)
    assert "more than its ROMFS holds" in text and "lenotre flash --uf2" in text, text
    assert "app" in text and "lib/shared_rules" in text, text
    assert all(b == b"\xff" * 4096 for b in board.blocks)  # nothing written

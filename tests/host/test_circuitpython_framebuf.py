"""firmware/circuitpython/framebuf.py (CircuitPython has no framebuf) draws exactly what
MicroPython's framebuf draws: one drawing script under the real `micropython` and under
CPython with that module (and MicroPython's font, as `lenotre flash --circuitpython` puts it
on the box); the buffers must agree byte for byte."""
import importlib.util
import os
import subprocess

from lenotre.device.toolchain import ROOT, tool
from lenotre.shims import framebuf as shim

MODULE = os.path.join(ROOT, "firmware", "circuitpython", "framebuf.py")

SCRIPT = r'''
import binascii
import framebuf

def draw(fb):
    fb.fill(0)
    fb.text("Le Notre 123", 0, 0, 1)        # on a page boundary
    fb.text("Wy{}~", 3, 13, 1)              # across two pages
    fb.text("clip", 100, 60, 1)             # off the right and bottom edges
    fb.text("neg", -5, -3, 1)
    fb.text("\xe9t\xe9", 10, 24, 1)         # non-ASCII: glyph 127 per byte
    fb.fill_rect(20, 30, 30, 20, 1)
    fb.text("inv", 22, 32, 0)               # dark on lit
    fb.text("inv", 22, 40, 0)
    fb.rect(60, 30, 40, 20, 1)
    fb.rect(0, 50, 128, 14, 1, True)
    fb.hline(-4, 20, 200, 1)
    fb.vline(127, -3, 80, 1)
    fb.pixel(5, 5, 1)
    fb.pixel(6, 6, 0)
    fb.pixel(200, 5, 1)
    return fb.pixel(5, 5)

buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
lit = draw(fb)
print(lit, binascii.hexlify(buf).decode())
fb.fill(1)
fb.text("Winner", 8, 8, 0)
print(binascii.hexlify(buf).decode())
'''


def test_circuitpython_framebuf_draws_as_micropythons(tmp_path, monkeypatch):
    want = subprocess.run([tool("micropython"), "-c", SCRIPT], capture_output=True, text=True,
                          check=True).stdout
    (tmp_path / "font8x8.bin").write_bytes(shim.load_font())
    monkeypatch.chdir(tmp_path)  # the box reads its font from the drive's root
    spec = importlib.util.spec_from_file_location("framebuf", MODULE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setitem(__import__("sys").modules, "framebuf", mod)
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(SCRIPT, "script", "exec"), {})
    assert out.getvalue() == want
    assert len(want.split()) == 3 and want.split()[0] == "1"

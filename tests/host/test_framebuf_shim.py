"""The CPython framebuf shim draws exactly what MicroPython's framebuf draws.

One drawing script runs under the real `micropython` and under CPython with the shim; each
scenario prints its buffer in hex and the two outputs must agree byte for byte."""
import importlib.util
import os
import subprocess
import sys

import pytest

from lenotre.device.toolchain import tool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHIMS = os.path.join(ROOT, "host", "lenotre", "shims")

# Runs on both runtimes: print("<scenario> <hex of the buffer>") per scenario.
SCRIPT = r'''
import binascii
import framebuf

V = framebuf.MONO_VLSB


def new(w=128, h=64, stride=None, fill=0):
    s = stride or w
    b = bytearray(((h + 7) // 8) * s)
    f = framebuf.FrameBuffer(b, w, h, V, s)
    if fill:
        f.fill(1)
    return b, f


def out(name, b):
    print(name, binascii.hexlify(b).decode())


def pattern(f, w, h):
    # an irregular picture to scroll and blit
    for i in range(0, w + h, 3):
        f.line(i, 0, i - h, h - 1, 1)
    f.text("Ab", 1, 2, 1)
    f.rect(w // 3, h // 4, w // 3, h // 2, 1, True)


# text: every glyph, positions off every edge, colour 0 on a lit screen, bytes and non-ASCII
b, f = new()
for i in range(96):
    f.text(chr(32 + i), (i % 16) * 8, (i // 16) * 10 + i % 3, 1)
out("text_all", b)
b, f = new()
f.text("".join(chr(c) for c in range(32, 128)), -300, 20)
f.text("Le Notre", -3, -5)
f.text("edge", 125, 60)
f.text("gone", -40, 10)
f.text("top", 10, -8)
f.text("bottom", 10, 64)
f.text("half", 30, -4)
f.text("N\xf4tre \xe4\u20ac", 0, 30)
f.text("\t\n\x01\x7f", 0, 40)
f.text(b"bytes", 60, 50)
out("text_clip", b)
b, f = new(fill=1)
f.text("dark on lit", 3, 3, 0)
f.text("x", 120, 59, 0)
out("text_col0", b)
b, f = new(30, 13)
f.text("odd", 2, 9)
f.text("hi", -2, -2)
out("text_odd", b)
b, f = new(20, 16, stride=27)
f.text("stride", 0, 4)
out("text_stride", b)

# lines: all slopes from the middle to the border, from corners, through and beside the screen
b, f = new()
for x in range(0, 128, 5):
    f.line(64, 32, x, 0, 1)
    f.line(64, 32, x, 63, 1)
for y in range(0, 64, 5):
    f.line(64, 32, 0, y, 1)
    f.line(64, 32, 127, y, 1)
out("line_star", b)
b, f = new()
for k in range(-20, 21, 3):
    f.line(0, 0, 127, 63 + k * 4, 1)
    f.line(127, 0, k * 7, 63, 1)
out("line_fan", b)
b, f = new()
f.line(-50, -20, 200, 90, 1)
f.line(130, -5, -10, 70, 1)
f.line(-5, 10, -1, 50, 1)
f.line(10, 10, 10, 10, 1)
f.line(5, 70, 100, 80, 1)
f.line(200, 3, 130, 3, 1)
f.line(20, 40, 20, -10, 1)
f.line(127, 63, 0, 63, 1)
f.line(0, 0, 0, 63, 1)
out("line_clip", b)
b, f = new(fill=1)
f.line(0, 0, 127, 63, 0)
f.line(0, 63, 127, 0, 0)
f.line(3, 5, 90, 6, 0)
out("line_col0", b)
b, f = new(23, 11)
f.line(-3, -3, 30, 14, 1)
f.line(22, 0, 0, 10, 1)
out("line_odd", b)

# rectangles, fill_rect, hline, vline: sizes 0 and negative, partly and wholly outside
b, f = new()
f.rect(0, 0, 128, 64, 1)
f.rect(5, 5, 10, 7, 1)
f.rect(20, 3, 1, 1, 1)
f.rect(25, 3, 2, 2, 1)
f.rect(30, 3, 0, 5, 1)
f.rect(35, 3, 5, 0, 1)
f.rect(40, 10, -5, 6, 1)
f.rect(50, 10, 6, -4, 1)
f.rect(-4, 20, 10, 10, 1)
f.rect(120, 58, 20, 20, 1)
f.rect(60, 20, 30, 17, 1, True)
f.rect(64, 24, 10, 9, 0, True)
f.rect(100, 10, 9, 9, 1, False)
f.rect(-10, -10, 300, 200, 1)
out("rect", b)
b, f = new()
f.fill_rect(3, 3, 5, 30, 1)
f.fill_rect(-5, 40, 20, 100, 1)
f.fill_rect(100, -3, 50, 9, 1)
f.fill_rect(10, 10, 0, 10, 1)
f.fill_rect(10, 10, 10, -1, 1)
f.fill_rect(128, 0, 5, 5, 1)
f.fill_rect(0, 64, 5, 5, 1)
f.fill_rect(-5, -5, 5, 5, 1)
f.fill_rect(20, 7, 30, 2, 1)
f.fill_rect(22, 1, 26, 15, 0)
f.hline(0, 50, 128, 1)
f.hline(-10, 52, 30, 1)
f.hline(120, 54, 30, 1)
f.hline(5, 56, -5, 1)
f.hline(5, 70, 10, 1)
f.vline(70, -5, 20, 1)
f.vline(72, 60, 20, 1)
f.vline(74, 5, -5, 1)
f.vline(130, 5, 5, 1)
out("fill_rect_lines", b)
b, f = new(19, 13, stride=21, fill=1)
f.fill_rect(2, 2, 30, 30, 0)
f.rect(0, 0, 19, 13, 1)
f.hline(-1, 6, 40, 0)
out("rect_odd_stride", b)
b, f = new(19, 13, stride=21)
f.fill(1)
out("fill_stride", b)

# pixel: set and get, in and out of range
b, f = new(16, 16)
for x, y in ((0, 0), (15, 15), (3, 9), (16, 0), (0, 16), (-1, 3), (3, -1), (8, 7), (8, 8)):
    f.pixel(x, y, 1)
f.pixel(3, 9, 0)
f.pixel(4, 4, 7)
print("pixel_get", [f.pixel(x, y) for x, y in ((0, 0), (3, 9), (4, 4), (15, 15), (16, 1),
                                                 (-1, 0), (8, 7), (9, 9))])
out("pixel", b)

# blit: a sprite at every kind of offset, with keys, a palette and the tuple form
sb, s = new(8, 8)
for i in range(8):
    s.pixel(i, i, 1)
    s.pixel(7 - i, i, 1)
s.rect(0, 0, 8, 8, 1)
s.pixel(3, 5, 0)
b, f = new()
f.fill_rect(0, 32, 128, 32, 1)
x = -9
for y in (-9, -7, -3, 0, 5, 28, 30, 59, 61, 63, 64):
    for key in (-1, 0, 1):
        f.blit(s, x, y, key)
        x += 5
f.blit(s, 128, 0)
f.blit(s, 0, 64)
f.blit(s, -8, 0)
f.blit(s, 0, -8)
out("blit", b)
pb, p = new(2, 1)
p.pixel(0, 0, 1)
b, f = new(32, 16)
f.fill_rect(0, 0, 16, 16, 1)
f.blit(s, 2, 2, -1, p)
f.blit(s, 20, 3, 0, p)
f.blit((sb, 8, 8, V), 10, 9)
ob, o = new(5, 11)
pattern(o, 5, 11)
f.blit(o, 27, 7)
f.blit(o, -2, 9, 0)
out("blit_palette_tuple", b)

# scroll: each direction, both together, by more than the screen
b, f = new()
pattern(f, 128, 64)
for dx, dy in ((3, 0), (-5, 0), (0, 4), (0, -9), (7, -3), (-2, 11), (130, 0), (-128, 0),
               (0, 64), (0, -64), (128, 1), (0, -70), (127, 63), (-127, -63)):
    f.scroll(dx, dy)
    out("scroll_%d_%d" % (dx, dy), b)
b, f = new(21, 13, stride=24)
pattern(f, 21, 13)
f.scroll(2, -3)
f.scroll(-4, 5)
out("scroll_odd_stride", b)
'''


def micropython():
    return tool("micropython")


def run(cmd, script, env=None):
    out = subprocess.run(cmd + [str(script)], capture_output=True, text=True, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    return dict(line.split(" ", 1) for line in lines)


def fresh_shim(name="framebuf_under_test"):
    # A private copy of the shim module: its font cache state is its own.
    spec = importlib.util.spec_from_file_location(name, os.path.join(SHIMS, "framebuf.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_shim_draws_like_micropython(tmp_path):
    script = tmp_path / "draw.py"
    script.write_text(SCRIPT)
    real = run([micropython()], script)
    env = dict(os.environ, PYTHONPATH=SHIMS)
    shim = run([sys.executable], script, env)
    assert len(real) >= 25
    assert sorted(shim) == sorted(real)
    # the scenarios draw something: an all-blank buffer would agree too easily
    assert real["text_all"].strip("0") and real["line_star"].strip("0")
    assert real["scroll_3_0"] != real["scroll_-5_0"]
    differ = [k for k in real if real[k] != shim[k]]
    assert not differ, "shim differs from MicroPython in: " + ", ".join(differ)


def test_shim_font_is_cached_atomically_and_reused(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    fb = fresh_shim()
    font = fb.load_font()
    assert len(font) == 768 and font[:8] == bytes(8)  # glyph 32 is blank
    cache = tmp_path / "lenotre"
    files = os.listdir(cache)
    assert len(files) == 1 and files[0].startswith("font8x8-1.") and files[0].endswith(".bin")
    assert (cache / files[0]).read_bytes() == font
    # A later process reads the cache (and only asks micropython for its version).
    (cache / files[0]).write_bytes(b"\x55" * 768)
    fb2 = fresh_shim()
    calls = []
    real_run = fb2._run
    monkeypatch.setattr(fb2, "_run", lambda exe, code: calls.append(code) or real_run(exe, code))
    assert fb2.load_font() == b"\x55" * 768
    assert calls == [fb2._VERSION]
    buf = bytearray(8)
    fb2.FrameBuffer(buf, 8, 8, fb2.MONO_VLSB).text("A", 0, 0)
    assert buf == b"\x55" * 8


def test_shim_without_micropython(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    fb = fresh_shim()
    monkeypatch.setattr(fb, "_find_micropython", lambda: None)
    f = fb.FrameBuffer(bytearray(8), 8, 8, fb.MONO_VLSB)
    f.pixel(1, 1, 1)  # everything but text works without it
    with pytest.raises(fb.FontError) as e:
        f.text("A", 0, 0)
    assert "micropython" in str(e.value) and "pip install" in str(e.value)
    # With a font cached by an earlier run, text() still works.
    os.makedirs(tmp_path / "lenotre")
    (tmp_path / "lenotre" / "font8x8-1.0.0.bin").write_bytes(bytes(range(256)) * 3)
    f.text("!", 0, 0)
    assert f.pixel(0, 0) == 0 and f.pixel(0, 3) == 1  # "!" = bytes 8..15: column 0 is 0x08


def test_shim_refuses_other_formats():
    fb = fresh_shim()
    with pytest.raises(ValueError) as e:
        fb.FrameBuffer(bytearray(64), 8, 8, fb.RGB565)
    assert "MONO_VLSB" in str(e.value) and "RGB565" in str(e.value)
    with pytest.raises(ValueError):
        fb.FrameBuffer(bytearray(7), 8, 8, fb.MONO_VLSB)
    with pytest.raises(TypeError):  # as MicroPython: no str() of other objects
        fb.FrameBuffer(bytearray(8), 8, 8, fb.MONO_VLSB).text(5, 0, 0)

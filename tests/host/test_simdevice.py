"""firmware/simdevice.py speaks the line protocol of docs/FIRMWARE.md on both runtimes.

A tiny fake app (put first on sys.path with --path) draws the last key event and lights the
pressed button's pixel, so the tests see exactly what the device did."""
import binascii
import json
import os
import shutil
import subprocess
import sys

import pytest

from lenotre.device.toolchain import tool

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIMDEVICE = os.path.join(ROOT, "firmware", "simdevice.py")
SHIMS = os.path.join(ROOT, "host", "lenotre", "shims")

FAKE_APP = '''
import board

KINDS = ("-", "press", "long", "repeat")


def preload(root=None):  # the boot calls it before the hal opens the store (app/__init__.py: preload)
    pass


class App:
    def __init__(self, hal):
        self.hal = hal
        self.last = "ready"
        self.dirty = True
        self.steps = 0

    def step(self):
        h = self.hal
        self.steps += 1
        ev = h.keypad.poll(h.clock.ticks_ms())
        if ev:
            b = board.BUTTONS[ev >> 2]
            if b == "back" and ev & 3 == 1:
                raise ValueError("back is broken")
            self.last = "%s %s @%d" % (b, KINDS[ev & 3], h.clock.ticks_ms())
            h.pixels.fill((0, 0, 0))
            h.pixels.set(ev >> 2, (255, 128, 0))
            self.dirty = True
        if self.dirty:
            d = h.display
            d.fill(0)
            d.text(self.last, 0, 0, 1)
            d.text("N\\xf4tre", 0, 20, 1)
            d.text("steps %d" % self.steps, 0, 40, 1)
            d.show()
            h.pixels.show()
            self.dirty = False
'''


def micropython():
    return tool("micropython")


class Dev:
    def __init__(self, runtime, tmp_path):
        app_dir = tmp_path / "fakeapp"
        app_dir.mkdir(exist_ok=True)
        (app_dir / "app.py").write_text(FAKE_APP)
        flash = str(tmp_path / ("flash-" + runtime))
        exe = [sys.executable] if runtime == "cpython" else [micropython(), "-X",
                                                             "heapsize=192k"]
        shims = ["--path", SHIMS] if runtime == "cpython" else []  # framebuf, micropython
        self.cmd = exe + [SIMDEVICE, flash] + shims + ["--path", str(app_dir)]
        self.restarts = []  # the ms left of the wait each restart came in
        self.start()

    def start(self):
        self.p = subprocess.Popen(self.cmd, cwd=ROOT, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def send(self, line):
        # -> (reply lines before the last, last line). A restart (the guard's, as a Pico's
        # machine.reset()): the process ends, a new one is started as the client does
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            r = self.p.stdout.readline()
            assert r, "device died: " + self.p.stderr.read()
            r = r.rstrip("\n")
            if r == "ok" or r.startswith("error "):
                return out, r
            if r.startswith("restart "):
                assert self.p.wait(timeout=30) == 0
                self.close()
                self.restarts.append(int(r.split()[1]))  # "restart 40 ms left"
                self.start()
                return out, "ok"
            out.append(r)

    def ok(self, line):
        out, end = self.send(line)
        assert end == "ok", (line, end)
        return out

    def screen(self):
        frame, text = self.ok("screen")
        assert frame.startswith("frame ") and text.startswith("text ")
        return binascii.unhexlify(frame[6:]), json.loads(text[5:]), text

    def close(self):
        if self.p.poll() is None:
            self.p.kill()
        self.p.wait()
        self.p.stdin.close()
        self.p.stdout.close()
        self.p.stderr.close()


@pytest.fixture(params=["cpython", "micropython"])
def dev(request, tmp_path):
    d = Dev(request.param, tmp_path)
    yield d
    d.close()


def test_first_screen_and_press(dev):
    frame, texts, _ = dev.screen()
    assert len(frame) == 1024 and any(frame)
    assert texts == ["ready", "N\xf4tre", "steps 1"]
    assert dev.ok("down ok") == []
    dev.ok("wait 30")
    dev.ok("up ok")
    dev.ok("wait 30")
    _, texts, _ = dev.screen()
    assert texts[0] == "ok press @40"  # released at 30, seen at the step at 40


def test_long_and_repeat_on_virtual_time(dev):
    dev.ok("down next")
    dev.ok("wait 505")
    assert dev.screen()[1][0] == "ready"  # pressed at the step at 10: not long yet
    dev.ok("wait 5")
    assert dev.screen()[1][0] == "next long @510"
    dev.ok("wait 150")
    assert dev.screen()[1][0] == "next repeat @660"
    dev.ok("up next")
    dev.ok("wait 100")
    assert dev.screen()[1][0] == "next repeat @660"  # a release after LONG is no PRESS


def test_waits_step_every_10_ms_whatever_the_chunks(dev):
    for _ in range(7):
        dev.ok("wait 3")  # 21 ms: steps at 10 and 20
    dev.ok("down up")
    dev.ok("wait 30")  # 51 ms: steps at 30 (the press is seen), 40, 50
    dev.ok("up up")
    dev.ok("wait 9")  # 60 ms: a step
    texts = dev.screen()[1]
    assert texts[0] == "up press @60"
    assert texts[2] == "steps 7"  # the first screen, then 10, 20, ... 60


def test_pixels_are_capped_rgb(dev):
    (line,) = dev.ok("pixels")
    assert line == "pixels " + "000000" * 8
    dev.ok("down down")
    dev.ok("wait 20")
    dev.ok("up down")
    dev.ok("wait 20")
    (line,) = dev.ok("pixels")
    px = binascii.unhexlify(line[7:])
    assert len(px) == 24
    assert px[3:6] == bytes((48, 24, 0))  # pinout brightness_cap 48, hue kept
    assert px[:3] == bytes(3) and px[6:] == bytes(18)


def test_errors_do_not_kill_the_device(dev):
    for bad, words in (("fly", "unknown command"), ("down", "one argument"),
                       ("down left", "unknown button"), ("wait soon", "milliseconds"),
                       ("wait -5", "milliseconds"), ("screen now", "no arguments"),
                       ("", "empty command")):
        out, end = dev.send(bad)
        assert out == [] and end.startswith("error ") and words in end, (bad, end)
    # an exception in the app: the guard catches it (firmware/guard.py), the device says
    # so, shows it, and restarts the app (ok: at once)
    dev.ok("down back")
    dev.ok("wait 30")
    dev.ok("up back")
    out, end = dev.send("wait 30")
    assert end.startswith("error app: ValueError: back is broken") and "guard" in end, end
    assert "app.py:" in end and " step" in end  # where it was raised
    texts = dev.screen()[1]
    assert texts[0] == "Restarting" and "ValueError: back" in texts, texts
    for cmd in ("down ok", "wait 60", "up ok", "wait 40"):
        dev.ok(cmd)
    # the restart is a new process on the same flash (a Pico's reset: a fresh heap), told
    # with the ms left of the wait it came in
    assert len(dev.restarts) == 1 and 0 <= dev.restarts[0] <= 40, dev.restarts
    assert dev.screen()[1][0] == "ready"
    dev.ok("down ok")
    dev.ok("wait 600")
    assert dev.screen()[1][0].startswith("ok long @")


def test_quit(dev):
    assert dev.ok("quit") == []
    assert dev.p.wait(timeout=10) == 0


def test_both_runtimes_show_the_same_bytes(tmp_path):
    # the shim's framebuf and font against MicroPython's own, through the whole device
    screens = []
    for runtime in ("cpython", "micropython"):
        d = Dev(runtime, tmp_path)
        try:
            d.ok("down ok")
            d.ok("wait 600")
            frame, texts, raw = d.screen()
            screens.append((frame, raw, d.ok("pixels")))
        finally:
            d.close()
    assert screens[0] == screens[1]
    assert "\\u00f4" in screens[0][1]  # JSON escaped alike on both


def test_usage_error():
    out = subprocess.run([sys.executable, SIMDEVICE], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 2 and "usage" in out.stderr


def test_on_cpython_without_the_stand_ins_it_says_where_they_are(tmp_path):
    # the firmware knows no desktop folder: CPython is given MicroPython's modules with --path
    out = subprocess.run([sys.executable, SIMDEVICE, str(tmp_path / "flash")], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert out.stderr == "simdevice.py: no framebuf here: --path host/lenotre/shims\n"


@pytest.mark.parametrize("runtime", ["cpython", "micropython"])
def test_a_crash_the_guard_caught_fails_a_script_and_not_a_person_at_the_sim(tmp_path,
                                                                               runtime):
    # The real firmware on a flash whose running game the rules reject: the app crashes at
    # every boot; the guard shows it and restarts. A strict client (tests, scripts) gets a
    # SimError; `lenotre sim` (strict=False) goes on, the error on the screen.
    import store
    from lenotre.device.simclient import SimDevice, SimError
    from shared_rules.versailles.simulate import play
    flash = str(tmp_path / "flash")
    (tmp_path / "flash").mkdir()
    st = store.Store(flash + "/data")  # the box's layout
    log = play(5, 2).log
    gid = st.new_game(log[0])
    st.append(gid, log[1])
    st.append(gid, {"e": "round", "cards": [99, 98]})
    shutil.copytree(flash, flash + "2")
    with SimDevice(flash, micropython=runtime == "micropython") as dev:
        with pytest.raises(SimError, match="caught by the guard"):
            dev.wait(6000)  # a restart, a crash again
    with SimDevice(flash + "2", micropython=runtime == "micropython", strict=False) as dev:
        dev.wait(6000)
        assert dev.crashes and "InvalidCard" in dev.crashes[0]
        assert dev.screen()[1][0] == "Restarting"
        assert dev.stats()["crashes"] == 1  # this process's guard's: a restart is a reset
        # each restart a new process (a Pico's reset), the first boot's crash told before
        # it; the crash log counts the crashes at boot across them: the third, the safe screen
        assert dev.restarts == 1 and len(dev.crashes) == 2, dev.crashes
        dev.wait(12000)
        assert dev.restarts == 2 and len(dev.crashes) == 3, dev.crashes
        assert dev.screen()[1][0] == "Le Notre stopped"

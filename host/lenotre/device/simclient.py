"""Drive the simulated device (firmware/simdevice.py) over its line protocol.

The same client runs the firmware under CPython or under the MicroPython unix port with the
Pico's heap; tests, `lenotre sim` and the benchmarks all press buttons through it."""
import json
import os
import subprocess
import sys

from lenotre.device.client import BUTTONS, DeviceClient  # noqa: F401  (lenotre sim's)
from lenotre.device.toolchain import PACKAGE, device_tree, tool

GAP_MS = 40  # simulated time between two presses
# MicroPython's framebuf and micropython as CPython stand-ins, given to simdevice with --path:
# an installed lenotre's simdevice (lenotre/box_sources/firmware) has no host/ beside it, where
# a checkout's finds them by itself
SHIMS = os.path.join(PACKAGE, "shims")


# simdevice's restart (a Pico's machine.reset()): the crash that caused it if no answer told
# it yet, `BEFORE_RESTART` and the crash, then `restart N ms left` (of the wait it came in),
# and the process ends; the client starts a new one on the same flash
BEFORE_RESTART = "before the restart: "


class SimError(Exception):
    pass


# The box's heap on the unix port: the Pico's 192 KB where the firmware is loaded as the Pico
# loads it (.mpy); from source, MicroPython compiles every module at boot in the same heap, a
# cost the Pico never has: the compiler's pieces broke a 192 KB heap at boot (a 2.7 KB block
# for store.py, with some flash paths and not others), so those runs get what run_mpy.py
# gives a test harness beside the box. With four games installed, a game's screens compiled
# at its end (the scoreboard's module) met no 1.3-1.8 KB in one piece at 232 KB: 256 KB.
# Once app/core.py grew by the loop's idle step (2026-12-02), Sanssouci's scoreboard compiled
# at a 4-player game's end met no 1,280 bytes in one piece at 256, 272 and 288 KB under
# pytest's longer temporary paths (tests/host/test_sanssouci_table.py, two workers; with
# core.py as before, 256 KB passed): 320 KB.
HEAP = "192k"
SOURCE_HEAP = "320k"


class SimDevice(DeviceClient):
    error = SimError

    def __init__(self, flash_dir, micropython=False, heap=None, compiled=None,
                 strict=True, launch=None, language=None, seed=None):
        # compiled: a folder built by toolchain.build() - MicroPython then loads the .mpy
        # files as the Pico does, instead of compiling the sources at boot.
        # launch(flash_dir, compiled, heap) -> (cmd, cwd, env): another way to start the
        # simulator on MicroPython, the caller's (the tests' box with its code in a ROMFS)
        # language: None, English alone (no trees); else (code, chosen): the languages'
        # trees in the flash, and the box's language as `lenotre flash` sets it
        # seed: the games' seeds from it (simdevice's LENOTRE_SIM_SEED), else fresh ones
        if heap is None:
            heap = HEAP if compiled else SOURCE_HEAP
        DeviceClient.__init__(self)
        os.makedirs(flash_dir, exist_ok=True)
        flash_dir = os.path.abspath(flash_dir)
        if language is not None:
            from lenotre.device import languages
            languages.install(flash_dir, compiled)
            languages.settle(flash_dir, *language)
        tree = device_tree()
        script = os.path.join(tree, "firmware", "simdevice.py")
        env = None
        if launch:
            cmd, compiled, env = launch(flash_dir, compiled, _bytes(heap))
        elif compiled:
            # the build's root and its lib/, as a Pico's sys.path has '' and /lib; relative to
            # the build, the device's working folder: every module's __file__ is interned in
            # the heap, and a long temporary folder's name cost 2 KB of the box's 192 KB that a
            # Pico's "app/core.mpy" does not. The flash too, as a Pico's "data".
            env = dict(os.environ, MICROPYPATH=os.pathsep.join(("", "lib")))
            cmd = [tool("micropython"), "-X", "heapsize=" + heap, "-m", "simdevice",
                   os.path.relpath(flash_dir, compiled)]
        elif micropython:
            cmd = [tool("micropython"), "-X", "heapsize=" + heap, script, flash_dir]
        else:
            cmd = [sys.executable, script, flash_dir, "--path", SHIMS]
        if seed is not None:  # simdevice's LENOTRE_SIM_SEED
            env = dict(env or os.environ, LENOTRE_SIM_SEED=str(seed))
        self.flash = flash_dir
        self._launch = launch
        self.runtime = "micropython" if micropython or compiled or launch else "cpython"
        self._spawn = (cmd, compiled or tree, env)
        self.proc = self._start()
        # A crash the firmware's guard caught (it shows it and restarts the app): strict, a
        # SimError (tests, scripts); else noted in `crashes` and the device goes on (a person
        # at `lenotre sim` sees the error screen, as at the table).
        self.strict = strict
        self.crashes = []
        self.restarts = 0  # the guard's restarts: each a new process (a Pico's reset)
        self.held = set()  # the buttons down: still down after a restart

    def _start(self):
        cmd, cwd, env = self._spawn
        tree = self._language_tree(cwd)
        if tree:  # at every start: a new language restarts the box
            cmd = cmd + ["--path", tree]
        return subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True, bufsize=1)

    def _language_tree(self, cwd):
        # -> the box's language's tree, which main.py puts first on a box's path: a compiled
        # build's own (lang/<code> in the device's folder, named as on a box: the heap keeps
        # its modules' names), else the flash's (DIR/lang/<code>); None for English or a tree
        # neither has
        from lenotre.device import languages
        code = languages.chosen(self.flash)
        if code == languages.BASE:
            return None
        rom = getattr(self._launch, "trees", None)  # a box whose trees are in its ROMFS
        if rom:
            return rom + "/" + code
        for tree in (os.path.join(cwd, languages.FOLDER, code),
                     os.path.join(self.flash, languages.FOLDER, code)):
            if os.path.isdir(tree):
                return os.path.relpath(tree, cwd)
        return None

    def _restarted(self, left):
        # The device ended its process to restart (simdevice's Device.reset): a new one on
        # the same flash, the buttons held as they were, then the rest of the wait -> its
        # answer's lines
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:  # it said so and hangs: a reset does not wait
            self.proc.kill()
            self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            f.close()
        self.restarts += 1
        self.proc = self._start()
        for button in sorted(self.held):
            self.cmd("down " + button)
        return self.cmd("wait %d" % left)

    def cmd(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            raise SimError("the simulated device died: " + self._stderr())
        out = []
        crashed = None
        while True:
            reply = self.proc.stdout.readline()
            if not reply:  # MicroPython's unix port prints a fatal traceback on stdout
                raise SimError("the simulated device died during %r: %s"
                               % (line, "\n".join(out + [self._stderr()]).strip()))
            reply = reply.rstrip("\n")
            if reply == "ok":
                self._track(line)
                return out
            if reply.startswith(BEFORE_RESTART):  # a crash no answer told yet
                crashed = "error app: " + reply[len(BEFORE_RESTART):]
                continue
            if reply.startswith("restart "):  # "restart 40 ms left"
                out += self._restarted(int(reply.split()[1]))
                if crashed is None:
                    return out
                reply = crashed
            if reply.startswith("error app: ") and "caught by the guard" in reply \
                    and not self.strict:
                self.crashes.append(reply[11:])
                return out  # the device ended the command there, and goes on
            if reply.startswith("error "):
                raise SimError("%s: %s" % (line, reply[6:]))
            out.append(reply)

    def _track(self, line):
        w = line.split()
        if len(w) == 2 and w[0] == "down":
            self.held.add(w[1])
        elif len(w) == 2 and w[0] == "up":
            self.held.discard(w[1])

    def _stderr(self):
        try:
            self.proc.kill()
            return self.proc.stderr.read()[-3000:]
        except Exception:
            return "(no stderr)"

    def _hold(self, button, ms):
        self.cmd("down " + button)
        self.cmd("wait %d" % ms)
        self.cmd("up " + button)
        self.cmd("wait %d" % GAP_MS)

    def wait(self, ms):
        self.cmd("wait %d" % ms)

    def screen(self):
        # -> (framebuffer bytes, [strings on screen])
        frame, texts = b"", []
        for line in self.cmd("screen"):
            if line.startswith("frame "):
                frame = bytes.fromhex(line[6:])
            elif line.startswith("text "):
                texts = json.loads(line[5:])
        return frame, texts

    def texts(self):
        return self.screen()[1]

    def pixels(self):
        for line in self.cmd("pixels"):
            if line.startswith("pixels "):
                raw = bytes.fromhex(line[7:])
                return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)]
        raise SimError("no pixels reply")

    def stats(self):
        # -> {"clipped": n, "frames": n, "alloc": n}
        for line in self.cmd("stats"):
            if line.startswith("stats "):
                w = line.split()[1:]
                return {w[i]: int(w[i + 1]) for i in range(0, len(w), 2)}
        raise SimError("no stats reply")

    def close(self):
        if self.proc.poll() is None:
            try:
                self.cmd("quit")
            except SimError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            f.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _bytes(heap):
    # "192k" -> 196608
    return int(heap[:-1]) * 1024 if heap.endswith("k") else int(heap)

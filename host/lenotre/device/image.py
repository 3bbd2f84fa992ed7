"""The box's own firmware image: MicroPython for the Pico built for Le Nôtre's board
(hardware/micropython-board/LENOTRE_PICO) with the app frozen into it, so its code runs in
place from flash and the heap is the games'. The ROMFS partition beside it takes what a later
`lenotre flash` brings over USB that differs from the frozen app (its overlay: `/rom` comes
before `.frozen` on sys.path), and the pinout.

    uf2 = image.build_uf2()            # cached: built again only when an input changed
    image.overlay(files, sums)         # what of a build goes into the ROMFS of a box

The MicroPython sources are MicroPython 1.28.0 with its submodules and picotool: on this
project's machines the archive in shared/micropython/ beside the repository (or any folder
above it), on a user's machine a checkout of the same tag (`git clone --recurse-submodules -b
v1.28.0 https://github.com/micropython/micropython`, passed as `micropython=DIR`). Building
needs Debian's gcc-arm-none-eabi, libnewlib-arm-none-eabi, cmake, g++ and make.

Flash layout (2 MiB): the firmware from 0 (about 490 KiB with the app), the ROMFS partition
below 0xA0000 (128 KiB; the board's `romfs` variant, the app in the ROMFS alone: 256 KiB),
littlefs from 0xA0000 to the end, where the official RPI_PICO image keeps it too, so a box
moved from one image to the other keeps its games."""
import fcntl
import hashlib
import os
import shutil
import struct
import subprocess
import tarfile
import tempfile

from lenotre.device import toolchain
from lenotre.device.toolchain import ROOT

MICROPYTHON_VERSION = (1, 28, 0)
ARCHIVE = "micropython-1.28.0-rp2-src.tar.xz"
ARCHIVE_SHA256 = "d4de11bb97e8b56eb86576c739817ad5516bf80848f341a3064eef7d0a4375b0"
FLASH_BASE = 0x10000000  # where the RP2040 maps its flash (XIP)
STORAGE_OFFSET = 0xA0000
# The ROMFS partition's size (mpconfigboard.h; the variant's .cmake), just below the littlefs
# (rp2_flash.c): the product (None) has the app frozen and 128 KiB for updates; the `romfs`
# variant keeps only main.py frozen and the whole app in 256 KiB (bench/image.py compares them)
ROMFS_SIZES = {None: 128 * 1024, "romfs": 256 * 1024}
ROMFS_BYTES = ROMFS_SIZES[None]
ROMFS_OFFSET = STORAGE_OFFSET - ROMFS_BYTES
# UF2 (Microsoft's USB flashing format): 512-byte blocks carrying 256 bytes of flash each
UF2_MAGIC = (0x0A324655, 0x9E5D5157)
UF2_END = 0x0AB16F30
UF2_FAMILY_FLAG = 0x2000
RP2040_FAMILY = 0xE48BFF56
# Not in the ROMFS: main.py is frozen into the image (it runs at boot before any file)
NOT_IN_ROMFS = ("main.py",)
# Never frozen: the pinout is the maker's wiring, read from the ROMFS (board.load); the
# languages' trees (lang/, device/languages.py), which the box reads from its ROMFS when one is
# chosen: frozen beside the English app they would outgrow the firmware's room below the ROMFS
NEVER_FROZEN = ("pinout.json",)
LANGUAGES = "lang/"


def never_frozen(path):
    """Whether a ROMFS path stays in the ROMFS whatever is frozen."""
    return path in NEVER_FROZEN or path.startswith(LANGUAGES)
APPSUMS = "appsums"  # the frozen module naming the frozen app's units and their sums
TOOLS = ("arm-none-eabi-gcc", "cmake", "make", "g++")


class ImageError(Exception):
    """Why the image could not be built; the message says what to install or pass."""


def board_dir():
    """-> Le Nôtre's MicroPython board folder (LENOTRE_PICO) beside the sources the image
    freezes (toolchain.device_tree(): a checkout's, or an installed lenotre's)."""
    return os.path.join(toolchain.device_tree(), "hardware", "micropython-board", "LENOTRE_PICO")


def cache_dir():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "lenotre", "image")


def find_archive():
    # shared/micropython/ARCHIVE beside the repository or in any folder above it
    here = os.path.dirname(ROOT)
    while True:
        path = os.path.join(here, "shared", "micropython", ARCHIVE)
        if os.path.isfile(path):
            return path
        up = os.path.dirname(here)
        if up == here:
            return None
        here = up


def _sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def checkout_version(tree):
    # -> (major, minor, micro) of a MicroPython source tree, read from py/mpconfig.h
    try:
        with open(os.path.join(tree, "py", "mpconfig.h")) as f:
            text = f.read()
    except OSError:
        return None
    found = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) == 3 and words[0] == "#define" and words[1].startswith("MICROPY_VERSION_"):
            found[words[1][len("MICROPY_VERSION_"):]] = words[2]
    try:
        return tuple(int(found[k]) for k in ("MAJOR", "MINOR", "MICRO"))
    except (KeyError, ValueError):
        return None


def sources(micropython=None):
    """-> (MicroPython tree, picotool source or None, an id of those sources for the cache).
    `micropython`: a checkout of v1.28.0; else the archive, unpacked once into the cache."""
    if micropython:
        tree = os.path.abspath(micropython)
        if checkout_version(tree) != MICROPYTHON_VERSION:
            raise ImageError("%s is not a MicroPython %s checkout (its py/mpconfig.h says %s): "
                             "git clone --recurse-submodules -b v1.28.0 "
                             "https://github.com/micropython/micropython"
                             % (tree, "%d.%d.%d" % MICROPYTHON_VERSION,
                                checkout_version(tree) or "nothing"))
        if not os.path.isfile(os.path.join(tree, "lib", "pico-sdk", "pico_sdk_init.cmake")):
            raise ImageError("%s has no lib/pico-sdk: run `git submodule update --init "
                             "lib/pico-sdk lib/tinyusb lib/mbedtls lib/micropython-lib` "
                             "there" % tree)
        return tree, None, "checkout:" + tree
    archive = find_archive()
    if not archive:
        raise ImageError("the MicroPython sources were not found (shared/micropython/%s beside "
                         "the repository): pass a MicroPython 1.28.0 checkout instead "
                         "(--micropython DIR)" % ARCHIVE)
    if _sha256(archive) != ARCHIVE_SHA256:
        raise ImageError("%s is not the archive this build expects (sha256 %s)"
                         % (archive, ARCHIVE_SHA256))
    top = os.path.join(cache_dir(), "src-" + ARCHIVE_SHA256[:12])
    if not os.path.isdir(top):
        os.makedirs(cache_dir(), exist_ok=True)
        part = tempfile.mkdtemp(prefix="src-", dir=cache_dir())
        with tarfile.open(archive) as tar:
            tar.extractall(part, filter="data")
        os.rename(part, top)  # whole or not at all: a cut unpack is never taken for sources
    tree = os.path.join(top, "micropython-1.28.0")
    return tree, os.path.join(top, "picotool-2.2.0"), "archive:" + ARCHIVE_SHA256


def inputs_id(source_id, variant, sums):
    # What the image depends on besides the sources: the board folder and what it freezes
    # (its units' sums, main.py's among them: a comment's edit builds nothing)
    h = hashlib.sha256((source_id + repr(variant)).encode())
    board = board_dir()
    for folder, _, names in sorted(os.walk(board)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            h.update(os.path.relpath(path, board).encode() + b"\0")
            with open(path, "rb") as f:
                h.update(f.read() + b"\0")
    h.update(appsums_source(sums).encode())
    return h.hexdigest()[:16]


def _run(cmd, log, env=None, cwd=None):
    with open(log, "ab") as out:
        done = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=cwd)
    if done.returncode != 0:
        with open(log, "rb") as f:
            tail = f.read()[-1500:].decode("utf-8", "replace")
        raise ImageError("%s failed (exit %d); the end of its log (%s):\n%s"
                         % (" ".join(cmd[:3]), done.returncode, log, tail))


def _picotool(source, pico_sdk, log):
    # pico-sdk 2.x writes the UF2 with picotool, and clones it from the network when none is
    # found: build the one the archive carries (no USB access needed: PICOTOOL_NO_LIBUSB)
    prefix = os.path.join(cache_dir(), "picotool")
    if os.path.isdir(os.path.join(prefix, "lib", "cmake", "picotool")) or not source:
        return prefix if source else None
    build = os.path.join(cache_dir(), "picotool-build")
    shutil.rmtree(build, ignore_errors=True)
    _run(["cmake", "-S", source, "-B", build, "-DPICO_SDK_PATH=" + pico_sdk,
          "-DCMAKE_INSTALL_PREFIX=" + prefix, "-DPICOTOOL_NO_LIBUSB=1"], log)
    _run(["make", "-j%d" % (os.cpu_count() or 2), "-C", build, "install"], log)
    shutil.rmtree(build, ignore_errors=True)
    return prefix


def build_firmware(folder, built, micropython=None, log=print, variant=None):
    """MicroPython for Le Nôtre's board -> the path of its firmware.uf2 (no ROMFS content):
    the product (variant None) with the app compiled into `folder` (toolchain.build, which
    answered `built`) frozen in and `appsums`; the `romfs` variant with main.py alone frozen.
    Built once per set of inputs into the cache."""
    missing = [t for t in TOOLS if not shutil.which(t)]
    if missing:
        raise ImageError("building the image needs %s: on Debian, apt-get install "
                         "gcc-arm-none-eabi libnewlib-arm-none-eabi cmake g++ make"
                         % ", ".join(missing))
    os.makedirs(cache_dir(), exist_ok=True)
    with open(os.path.join(cache_dir(), "lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time: they share the sources' tools
        return _build_firmware(folder, built, micropython, log, variant)


def _build_firmware(folder, built, micropython, log, variant):
    tree, picotool_src, source_id = sources(micropython)
    sums = frozen_sums(toolchain.built_files(folder), variant)
    key = inputs_id(source_id, variant, sums)
    out = os.path.join(cache_dir(), "firmware-%s.uf2" % key)
    if os.path.isfile(out):
        return out
    logfile = os.path.join(cache_dir(), "build-%s.log" % key)
    log("building MicroPython %s for the box (a few minutes, once; log: %s)"
        % ("%d.%d.%d" % MICROPYTHON_VERSION, logfile))
    build = os.path.join(cache_dir(), "build-" + key)
    manifest = os.path.join(board_dir(), "manifest.py")
    if variant is None:
        manifest = _frozen_manifest(os.path.join(build, "lenotre"), folder, built, sums)
    env = dict(os.environ)
    # CMAKE_ARGS on make's command line would replace the port's own (board, board folder):
    # the picotool goes through the environment
    prefix = _picotool(picotool_src, os.path.join(tree, "lib", "pico-sdk"), logfile)
    if prefix:
        env["CMAKE_PREFIX_PATH"] = prefix
    jobs = "-j%d" % (os.cpu_count() or 2)
    _run(["make", jobs, "-C", os.path.join(tree, "mpy-cross")], logfile, env)
    _run(["make", jobs, "-C", os.path.join(tree, "ports", "rp2"), "BOARD_DIR=" + board_dir(),
          "BUILD=" + build, "FROZEN_MANIFEST=" + manifest]
         + (["BOARD_VARIANT=" + variant] if variant else []), logfile, env)
    with open(os.path.join(build, "firmware.uf2"), "rb") as f:
        end = max(off + len(b) for off, b in uf2_payloads(f.read()))
    limit = STORAGE_OFFSET - ROMFS_SIZES[variant]
    if end > limit:
        raise ImageError("the firmware ends at 0x%X, inside the ROMFS partition at 0x%X: the "
                         "app frozen into it has outgrown its %d KiB"
                         % (end, limit, limit // 1024))
    shutil.copyfile(os.path.join(build, "firmware.uf2"), out + ".tmp")
    os.replace(out + ".tmp", out)
    shutil.rmtree(build, ignore_errors=True)  # 60 MB of objects; the UF2 is what is kept
    return out


def _frozen_manifest(gen, folder, built, sums):
    # The product's manifest, written into `gen` (in the build's folder) with `appsums`,
    # which tells a later `lenotre flash` what is frozen: the board's manifest (the port's
    # modules, main.py) and every module the ROMFS would hold of the app compiled into
    # `folder`, frozen from its source under the same name
    os.makedirs(gen, exist_ok=True)
    with open(os.path.join(gen, APPSUMS + ".py"), "w") as f:
        f.write(appsums_source(sums))
    lines = ["include(%r)" % os.path.join(board_dir(), "manifest.py"),
             "module(%r, base_path=%r)" % (APPSUMS + ".py", gen)]
    for src, dst in built:
        path = os.path.relpath(dst, folder).replace(os.sep, "/")
        if (not path.endswith(".mpy") or path not in romfs_files({path: b""})
                or never_frozen(path)):
            continue
        name = path[len(toolchain.LIB) + 1:] if path.startswith(toolchain.LIB + "/") else path
        name = name[:-4] + ".py"
        lines.append("module(%r, base_path=%r)" % (name, src[:-len(name)]))
    manifest = os.path.join(gen, "manifest.py")
    with open(manifest, "w") as f:
        f.write("\n".join(lines) + "\n")
    return manifest


# ---- the ROMFS partition --------------------------------------------------------------------
def romfs_files(files):
    """Of a build's files ({device path: bytes}, toolchain.built_files), those the ROMFS
    holds: what a Pico runs, but main.py (frozen into the image)."""
    return {p: data for p, data in toolchain.for_platform(files, "rp2").items()
            if p not in NOT_IN_ROMFS}


def unit_of(path):
    """The unit a ROMFS path is replaced in: a top-level module, or a top-level package whole
    ("app", "lib/shared_rules"): MicroPython looks for a package's submodules only in the
    folder it found the package in, so a package is frozen or in the ROMFS, never split."""
    parts = path.split("/")
    return "/".join(parts[:2 if parts[0] == toolchain.LIB else 1])


def unit_sums(files):
    """{unit: sha256 of its compiled files, 16 hex digits} of ROMFS files (the pinout left
    out: never frozen). The same sources compile to the same bytes with the pinned mpy-cross,
    so equal sums mean the frozen unit is the one this build would put in the ROMFS."""
    units = {}
    for path in sorted(files):
        if not never_frozen(path):
            units.setdefault(unit_of(path), hashlib.sha256()).update(
                path.encode() + b"\0" + files[path] + b"\0")
    return {u: h.hexdigest()[:16] for u, h in units.items()}


def frozen_sums(files, variant=None):
    """unit_sums of what the firmware freezes of a build's files: main.py whatever the
    variant, and the app in the product (variant None)."""
    frozen = {p: files[p] for p in NOT_IN_ROMFS if p in files}
    if variant is None:
        frozen.update(romfs_files(files))
    return unit_sums(frozen)


def appsums_source(sums):
    # The frozen `appsums` module: one string constant (kept in flash, no heap at import)
    text = "".join("%s %s\n" % (u, sums[u]) for u in sorted(sums))
    return ("# What this image froze of the app: each unit and its sum (device/image.py)\n"
            "SUMS = %r\n" % text)


def parse_sums(text):
    """`appsums.SUMS` as a box holds it -> {unit: sum}."""
    return dict(line.split(" ", 1) for line in text.splitlines() if " " in line)


def overlay(files, frozen):
    """Of ROMFS files, those a box whose frozen app has the sums `frozen` ({unit: sum}; {}:
    nothing frozen) needs in its ROMFS: the pinout, and every unit that is not frozen as is."""
    sums = unit_sums(files)
    return {p: data for p, data in files.items()
            if never_frozen(p) or frozen.get(unit_of(p)) != sums[unit_of(p)]}


def romfs_image(files, size=ROMFS_BYTES):
    """The ROMFS partition's bytes holding `files` ({device path: bytes}); paths are kept as
    they are below /rom (the app at /rom, the rules in /rom/lib). ImageError when bigger
    than `size`."""
    from mpremote.romfs import VfsRomWriter  # mpremote's writer of MicroPython's ROMFS format
    tree = {}
    for path, data in files.items():
        node = tree
        *dirs, name = path.split("/")
        for d in dirs:
            node = node.setdefault(d, {})
        node[name] = data
    writer = VfsRomWriter()

    def put(node):
        for name in sorted(node):
            if isinstance(node[name], dict):
                writer.opendir(name)
                put(node[name])
                writer.closedir()
            else:
                writer.mkfile(name, node[name])
    put(tree)
    image = writer.finalise()
    if len(image) > size:
        raise ImageError("the app's ROMFS is %d bytes, more than the partition's %d"
                         % (len(image), size))
    return image


# ---- UF2 ------------------------------------------------------------------------------------
def uf2_payloads(data):
    """-> [(flash offset, bytes)] of a UF2 file's blocks; ImageError if it is not one."""
    blocks = []
    for at in range(0, len(data) - 511, 512):
        m0, m1, flags, addr, size = struct.unpack_from("<IIIII", data, at)
        if (m0, m1) != UF2_MAGIC:
            raise ImageError("not a UF2 file: block %d has no UF2 magic" % (at // 512))
        blocks.append((addr - FLASH_BASE, bytes(data[at + 32:at + 32 + size])))
    return blocks


def uf2(payloads):
    """UF2 bytes writing each (flash offset, bytes) in 256-byte blocks for the RP2040."""
    pieces = []
    for offset, data in payloads:
        for at in range(0, len(data), 256):
            pieces.append((offset + at, data[at:at + 256]))
    out = bytearray()
    for n, (offset, chunk) in enumerate(pieces):
        head = struct.pack("<IIIIIIII", UF2_MAGIC[0], UF2_MAGIC[1], UF2_FAMILY_FLAG,
                           FLASH_BASE + offset, len(chunk), n, len(pieces), RP2040_FAMILY)
        out += head + chunk.ljust(476, b"\0") + struct.pack("<I", UF2_END)
    return bytes(out)


def build_uf2(out=None, micropython=None, log=print, variant=None):
    """The whole box in one UF2: the firmware and its ROMFS (the pinout; for the `romfs`
    variant the whole app too) -> its path (`out`, or one in the cache named by its
    contents). What a maker drags onto a Pico in BOOTSEL mode."""
    with tempfile.TemporaryDirectory(prefix="lenotre-image-") as folder:
        built = toolchain.build(folder)  # once: the firmware freezes it, the ROMFS holds it
        firmware = build_firmware(folder, built, micropython, log, variant)
        files = toolchain.built_files(folder)
    size = ROMFS_SIZES[variant]
    frozen = frozen_sums(files) if variant is None else {}
    rom = romfs_image(overlay(romfs_files(files), frozen), size)
    with open(firmware, "rb") as f:
        payloads = uf2_payloads(f.read())
    data = uf2([(off, b) for off, b in payloads] + [(STORAGE_OFFSET - size, rom)])
    if out is None:
        out = os.path.join(cache_dir(), "lenotre-pico-%s.uf2"
                           % hashlib.sha256(data).hexdigest()[:16])
    tmp = out + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, out)
    return out

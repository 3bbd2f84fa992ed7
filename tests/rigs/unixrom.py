"""The box's own image on MicroPython's unix port: the app's ROMFS (image.romfs_image, the
partition the image's `romfs` variant holds the app in) read into one bytes object at the
bottom of the heap and mounted at /rom (vfs.VfsRom, which the unix port has), so its modules
run in place from it as they run in place from the Pico's flash, and the heap beside it holds
only their objects. The product image freezes the app, which costs the heap less still
(docs/FIRMWARE.md, "ROMFS or frozen modules"): what fits here fits there.

    romfs = unixrom.build(folder)               # the ROMFS's bytes, built from this checkout
    heap = unixrom.heapsize(len(romfs))         # -X heapsize= for the box's 192 KB beside it
    script = unixrom.PRELUDE + "import app ..."  # argv[1]: the ROMFS file
    SimDevice(flash, compiled=build, launch=unixrom.launcher(rom_file))  # the simulated box

The heap is made larger by exactly what the blob takes (its bytes and the allocation table
that grows with them): after the blob is read, what is free is what a plain 192 KB heap has
free, to 128 bytes and never more (heapsize() measures both and checks it)."""
import os
import subprocess

from lenotre.device import image, languages, toolchain

HEAP = 192 * 1024  # the box's heap the tests hold the app to, as on the unix port elsewhere

# Runs first on the unix port: the blob read before anything else is allocated (one piece at
# the heap's bottom, never moved), mounted, and the ROMFS first on the path, as main.py puts it.
PRELUDE = """\
import gc, os, sys, vfs
with open(sys.argv[1], "rb") as _f:
    _rom = _f.read(os.stat(sys.argv[1])[6])  # its size: read in one allocation, not grown
vfs.mount(vfs.VfsRom(_rom), "/rom")
sys.path[:0] = ["/rom", "/rom/lib"]
del _f
gc.collect()
"""


def build(folder, root=None):
    """-> the ROMFS bytes of the app as a unix-port box runs it: `root`'s modules (default:
    toolchain.device_tree()'s) compiled into `folder` (toolchain.build), the simulated
    hardware kept (hal.sim), main.py left out as the image leaves it out (frozen)."""
    toolchain.build(folder, root)
    files = toolchain.for_platform(toolchain.built_files(folder), "linux")
    return image.romfs_image({p: data for p, data in files.items()
                              if p not in image.NOT_IN_ROMFS}, image.ROMFS_SIZES["romfs"])


def _free(heapsize, blob):
    # -> gc.mem_free() on a fresh unix port of this heap size, after `blob` bytes are held
    code = ("import gc\nb = bytes(%d)\ngc.collect()\nprint(gc.mem_free())" % blob)
    out = subprocess.run([toolchain.tool("micropython"), "-X", "heapsize=%d" % heapsize,
                          "-c", code], capture_output=True, text=True, timeout=60)
    return int(out.stdout.split()[-1])


def heapsize(blob, heap=HEAP):
    """-> the -X heapsize= under which a `blob`-byte ROMFS, once read, leaves free what `heap`
    leaves free with nothing read (up to 128 bytes less, never more). The allocation table
    takes about 3/128 of a heap and grows in steps, so the size is corrected until it is."""
    want = _free(heap, 0)
    size = heap + blob + blob * 3 // 128
    for _ in range(8):
        got = _free(size, blob)
        if want - 128 <= got <= want:
            return size
        size -= (got - want) * 128 // 125 + (16 if got > want else -16)
    raise RuntimeError("the unix port's heap beside a %d-byte ROMFS frees %d bytes, not %d"
                       % (blob, got, want))


def write(path, romfs):
    """Writes the ROMFS bytes to `path` (a script's argv[1]) -> path."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "wb") as f:
        f.write(romfs)
    return path


def launcher(rom):
    """-> a simclient.SimDevice `launch`: the simulator on the unix port with the app's code
    read in place from the ROMFS file `rom` (build, write), as the box's own image reads it
    from flash, beside a heap as free as the `heap` bytes SimDevice is given. Its language,
    when the box never chose one, English, as `lenotre flash` leaves a box flashed from an
    English desktop (the ROMFS holds the languages' trees: else the box would ask)."""
    def launch(flash_dir, compiled, heap):
        languages.settle(flash_dir, languages.BASE)
        size = heapsize(os.path.getsize(rom), heap)
        run = os.path.join(os.path.dirname(rom), "simrom.py")
        with open(run, "w") as f:  # the simulator's own module (never in a box's ROMFS)
            # simdevice's own paths (the firmware's folder first) left out: the app from the
            # ROMFS, first on the path as on the box's image
            f.write(PRELUDE + "sys.path.append(%r)\nimport simdevice\n"
                    "simdevice._setup_paths = lambda: None\n"
                    "simdevice.main(sys.argv[2:])\n" % compiled)
        cwd = os.path.dirname(flash_dir)
        return ([toolchain.tool("micropython"), "-X", "heapsize=%d" % size, run, rom,
                 os.path.relpath(flash_dir, cwd)], cwd, None)
    launch.trees = "/rom/" + languages.FOLDER  # the languages' trees, in the ROMFS as on the box
    return launch

"""CircuitPython's CIRCUITPY drive as a file: the FAT filesystem at flash 0x100000 of a Pico
(1 MiB, 512-byte sectors, no partition table), made and read on the host with mtools, as a PC
sees the drive over USB. The emulated Pico (kind="circuitpython") keeps its flash's FAT part in
such a file.

    fatimage.make("box.img", {"boot.py": b"...", "lib/neopixel.py": b"..."})
    fatimage.read("box.img", "data/journal.txt")   # -> bytes, or None when there is no such file
    fatimage.check("box.img")                       # -> fsck.fat's complaints, "" when clean

mtools (Debian: mtools) and fsck.fat (dosfstools) are needed; Missing says so."""
import os
import shutil
import subprocess
import tempfile

SIZE = 0x100000  # bytes: flash 0x100000..0x200000
SECTORS = SIZE // 512


class Missing(Exception):
    """A tool this needs is not installed; the message names its package."""


def _tool(name, package):
    path = shutil.which(name)
    if not path:
        raise Missing("%s is not installed (Debian/Ubuntu: apt-get install %s)" % (name, package))
    return path


def _run(cmd):
    out = subprocess.run(cmd, capture_output=True, text=True,
                         env=dict(os.environ, MTOOLS_SKIP_CHECK="1"))
    if out.returncode:
        raise OSError("%s failed: %s" % (" ".join(cmd), (out.stderr or out.stdout).strip()))
    return out.stdout


def make(image, files=None, label="CIRCUITPY"):
    # A fresh FAT12 drive as CircuitPython formats an erased one, holding `files`
    # ({drive path: bytes}); folders are made as needed.
    mformat = _tool("mformat", "mtools")
    with open(image, "wb") as f:
        f.truncate(SIZE)
    # -T sectors, -h/-s geometry of a partitionless 1 MiB drive, -v label, one sector a cluster
    _run([mformat, "-i", image, "-T", str(SECTORS), "-h", "2", "-s", "16", "-c", "1",
          "-v", label, "::"])
    if files:
        put(image, files)


def put(image, files):
    # writes `files` ({drive path: bytes}) into the drive, replacing what is there
    mcopy = _tool("mcopy", "mtools")
    mmd = _tool("mmd", "mtools")
    made = set(ls_dirs(image))
    with tempfile.TemporaryDirectory() as tmp:
        for path in sorted(files):
            parts = path.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                d = "/".join(parts[:i])
                if d not in made:
                    _run([mmd, "-i", image, "::" + d])
                    made.add(d)
            local = os.path.join(tmp, "f")
            with open(local, "wb") as f:
                f.write(files[path])
            _run([mcopy, "-o", "-i", image, local, "::" + path])


def _entries(image):
    # -> every entry on the drive, as mdir -b names them: "::/lib/", "::/code.py"
    out = subprocess.run([_tool("mdir", "mtools"), "-/", "-b", "-i", image, "::"],
                         capture_output=True, text=True,
                         env=dict(os.environ, MTOOLS_SKIP_CHECK="1"))
    if out.returncode and "not found" in out.stderr:  # an empty drive: mdir finds nothing
        return []
    if out.returncode:
        raise OSError("mdir %s failed: %s" % (image, out.stderr.strip()))
    return [line for line in out.stdout.splitlines() if line.startswith("::/")]


def ls_dirs(image):
    # -> every folder on the drive ("lib", "data/old"), the root excepted
    return [e[3:].rstrip("/") for e in _entries(image) if e.endswith("/")]


def listing(image):
    # -> every file on the drive, as drive paths
    return [e[3:] for e in _entries(image) if not e.endswith("/")]


def read(image, path):
    # -> the file's bytes, or None when the drive has no such file
    if path not in listing(image):
        return None
    return subprocess.run([_tool("mtype", "mtools"), "-i", image, "::" + path],
                          capture_output=True, check=True,
                          env=dict(os.environ, MTOOLS_SKIP_CHECK="1")).stdout


def check(image):
    # -> what fsck.fat finds wrong with the drive (read-only check), "" when it is clean
    fsck = _tool("fsck.fat", "dosfstools")
    out = subprocess.run([fsck, "-n", image], capture_output=True, text=True)
    return "" if out.returncode == 0 else (out.stdout + out.stderr).strip()


def remove(image, path):
    # deletes the file `path` from the drive
    _run([_tool("mdel", "mtools"), "-i", image, "::" + path])

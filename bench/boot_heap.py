"""The smallest heap a full box boots in: the `.mpy` firmware as `lenotre flash` builds it, on a
flash of GAMES finished games (all synced, as a sync leaves them) and a running 3-player game,
booted as the virtual Pico boots it (main.py: the screens preloaded, the store's scan, the
app resumed into the running game) under MicroPython's unix port at decreasing heaps.

Run: .venv/bin/python bench/boot_heap.py [GAMES]   (default 1050: tests/host/test_end_to_end's
full box). Printed: each heap tried (KB, a step of 2) and whether the box showed its game with
no crash (none printed, none in its crash log), then the smallest that did. The flash folder's
path is as long as a pytest temporary one: it is kept in the heap."""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "host"), ROOT, os.path.join(ROOT, "firmware"),
                os.path.join(ROOT, "tests", "host")]

import store  # noqa: E402
from lenotre.device import toolchain  # noqa: E402
from lenotre.link import flasher  # noqa: E402
from linkrig import install_firmware, record_log  # noqa: E402
from shared_rules.versailles.simulate import play  # noqa: E402

# Mounted as `/`, as the virtual Pico does, then main.py as a Pico runs it
RUN = """import os, sys
os.umount('/')
os.mount(os.VfsPosix(%r), '/')
os.chdir('/')
sys.path[:] = ['', '.frozen', '/lib']
exec(compile(open('main.py').read(), 'main.py', 'exec'))
"""
SECONDS = 6  # the app runs on: booted by then


def boots(flash, heap):
    # -> whether the box on this flash shows its game at this heap (no crash printed or logged)
    work = flash + ".try"
    shutil.rmtree(work, ignore_errors=True)
    shutil.copytree(flash, work)
    try:
        out = subprocess.run([toolchain.tool("micropython"), "-X", "heapsize=%dk" % heap, "-c",
                              RUN % work], capture_output=True, timeout=SECONDS)
        printed = out.stdout + out.stderr
    except subprocess.TimeoutExpired as exc:
        printed = (exc.stdout or b"") + (exc.stderr or b"")
    crashed = os.path.exists(os.path.join(work, "data", "crash.log"))
    return b"Error" not in printed and not crashed


def main(argv):
    games = int(argv[0]) if argv else 1050
    tmp = tempfile.mkdtemp()
    flash = os.path.join(tmp, "pytest-of-root", "pytest-123", "test_a_full_box_with_its_app_r0",
                         "flash")
    os.makedirs(os.path.join(flash, "data"))
    st = store.Store(os.path.join(flash, "data"))
    logs = [play(seed, 2 + seed % 4).log for seed in range(20)]
    for i in range(games):
        st.mark_synced(record_log(st, logs[i % 20]))
    record_log(st, play(99, 3).log[:12], finish=False)
    build = os.path.join(tmp, "build")
    toolchain.build(build)
    install_firmware(flash, flasher.local_files(build))
    least = None
    for heap in range(208, 170, -2):
        ok = boots(flash, heap)
        print("%d KB: %s" % (heap, "boots into its game" if ok else "does not"))
        if not ok:
            break
        least = heap
    print("%d games (synced) and a running one: the box boots at %s KB and above"
          % (games, least))
    shutil.rmtree(tmp)


if __name__ == "__main__":
    main(sys.argv[1:])

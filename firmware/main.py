# Boot: hold any button while the box starts to skip the app and keep the REPL free for
# mpremote; otherwise resume the unfinished game or show the menu. MicroPython's unix port is
# the virtual Pico (lenotre sim --serial): simulated hardware, driven over its control panel.
# CircuitPython runs this file too (it has no code.py to prefer), with its own hardware layer.
# The box's own image freezes this file and keeps the app in its ROMFS (/rom, /rom/lib): those
# go first on the path, so no module a file-by-file flash once left on littlefs shadows them.
import sys

if "/rom" in sys.path:
    sys.path.remove("/rom")
    sys.path.remove("/rom/lib")
    sys.path[:0] = ["/rom", "/rom/lib"]

if sys.platform == "linux":
    from hal.virtual import build
elif sys.implementation.name == "circuitpython":
    from hal.circuitpython import build
else:
    from hal.pico import build

import app

# The screens' code first, while the heap is empty: loaded after the journal's boot it lands in
# the holes that boot's garbage leaves, and with 1,300 games synced (their acks read back) no
# hole was left big enough (MemoryError at boot).
app.preload()
app.start(build())

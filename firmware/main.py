# Boot: hold any button while the box starts to skip the app and keep the REPL free for
# mpremote; otherwise resume the unfinished game or show the menu. MicroPython's unix port is
# the virtual Pico (lenotre sim --serial): simulated hardware, driven over its control panel.
# CircuitPython runs this file too (it has no code.py to prefer), with its own hardware layer.
# The box's own image freezes this file and keeps the app in its ROMFS (/rom, /rom/lib); its
# littlefs holds only the games, so it leaves the path: no module a file-by-file flash once left
# there shadows the app, and no import searches it. An import of a built-in such as `time`
# looks for a time.py in every path entry first, and each miss on littlefs costs about 0.3 ms
# (37 ms of the power-on).
import sys

if "/rom" in sys.path:
    sys.path[:] = ["/rom", "/rom/lib", ".frozen"]

# The box's language (Settings, docs/LANGUAGES.md): its tree first on the path, before any of
# the app loads (firmware/language.py: compiled, it costs the boot no compiling)
import language  # noqa: E402

del sys.modules["language"], language
import gc  # noqa: E402

gc.collect()  # its pieces gone before the app's code loads into the young heap

if sys.platform == "linux":
    from hal.virtual import build
elif sys.implementation.name == "circuitpython":
    from hal.circuitpython import build
else:
    from hal.pico import build

import app

# The screens' code first, while the heap is empty: loaded after the journal's boot it lands in
# the holes that boot's garbage leaves, and with 1,300 games synced (their acks read back) no
# hole is left big enough for it.
app.preload()
app.start(build())

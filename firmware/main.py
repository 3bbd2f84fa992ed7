# Boot: hold any button while the box starts to skip the app and keep the REPL free for
# mpremote; otherwise resume the unfinished game or show the menu. MicroPython's unix port is
# the virtual Pico (lenotre sim --serial): simulated hardware, driven over its control panel.
import sys

if sys.platform == "linux":
    from hal.virtual import build
else:
    from hal.pico import build

import app

app.preload()  # the screens' code first, below what opening the store leaves in pieces
app.start(build())

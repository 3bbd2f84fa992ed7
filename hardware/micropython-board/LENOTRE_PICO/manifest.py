# What the box's image freezes: the port's own boot modules, the NeoPixel driver the box lights
# its strip with, and the box's main.py (it runs before any littlefs main.py, so a maker who
# drags the UF2 gets the app without copying a file). `lenotre image` (device/image.py) builds
# with a manifest that includes this one and freezes the whole app beside it, with `appsums`
# (what was frozen, for `lenotre flash`); the `romfs` variant builds with this one alone and
# keeps the app in its ROMFS.
freeze("$(PORT_DIR)/modules")
require("neopixel")
module("main.py", base_path="$(FIRMWARE_DIR)")

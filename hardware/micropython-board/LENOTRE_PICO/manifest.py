# What the box's image freezes: the port's own boot modules, the NeoPixel driver the box lights
# its strip with, and the box's main.py (it runs before any littlefs main.py, so a maker who
# drags the UF2 gets the app without copying a file). The app itself is in the ROMFS partition.
freeze("$(PORT_DIR)/modules")
require("neopixel")
module("main.py", base_path="$(FIRMWARE_DIR)")

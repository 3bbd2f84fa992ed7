# The other way to keep the app's code out of the heap, measured against the ROMFS
# (bench/image.py, docs/FIRMWARE.md): the whole app frozen into the firmware. Every change of
# the app then needs a new UF2 (BOOTSEL, a drag); the ROMFS is rewritten over USB instead.
include("$(BOARD_DIR)/manifest.py")
for name in ("acks", "ahead", "board", "buttons", "clockmarks", "crashlog", "flash", "guard",
             "journal", "labels", "latch", "link", "mirror", "packs", "picoclock", "pixels",
             "roster", "store", "wallclock", "zfiling"):
    module(name + ".py", base_path="$(FIRMWARE_DIR)")
package("app", base_path="$(FIRMWARE_DIR)")
package("drivers", base_path="$(FIRMWARE_DIR)")
package("hal", files=("__init__.py", "pico.py"), base_path="$(FIRMWARE_DIR)")
package("shared_rules", base_path="$(FIRMWARE_DIR)/..")

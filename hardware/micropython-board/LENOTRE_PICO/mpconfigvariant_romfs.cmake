# The app in the ROMFS alone (only main.py frozen, the manifest.py beside): 256 KiB from
# 0x60000, where the smaller firmware leaves room. bench/image.py measures it against the
# product, the app frozen.
list(APPEND MICROPY_DEF_BOARD MICROPY_HW_ROMFS_BYTES=262144)

# Le Nôtre's box: the Pico's chip and flash, with this folder's manifest.
set(PICO_BOARD "pico")
set(PICO_PLATFORM "rp2040")
set(MICROPY_FROZEN_MANIFEST ${MICROPY_BOARD_DIR}/manifest.py)
# The project's firmware/ folder, for the manifests ($(FIRMWARE_DIR)).
set(MICROPY_MANIFEST_FIRMWARE_DIR ${MICROPY_BOARD_DIR}/../../../firmware)

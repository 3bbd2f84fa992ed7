// Le Nôtre's box: a Raspberry Pi Pico (RP2040, 2 MiB flash) with the app in flash.
#define MICROPY_HW_BOARD_NAME                   "Le Notre box (Raspberry Pi Pico)"

// The games' littlefs where the official RPI_PICO image keeps it (flash 0xA0000 to the end):
// a box moved from the official UF2 to this one keeps every game it holds.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)

// The app's compiled modules, read in place: a ROMFS partition just below the littlefs, in
// flash the firmware (about 332 KiB from 0) leaves unused. `lenotre flash` rewrites it over USB.
#define MICROPY_HW_ROMFS_BYTES                  (256 * 1024)

// Le Nôtre's box: a Raspberry Pi Pico (RP2040, 2 MiB flash) with the app in flash.
#define MICROPY_HW_BOARD_NAME                   "Le Notre box (Raspberry Pi Pico)"

// The games' littlefs where the official RPI_PICO image keeps it (flash 0xA0000 to the end):
// a box moved from the official UF2 to this one keeps every game it holds.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)

// A ROMFS partition just below the littlefs. With the app frozen into the firmware (about
// 490 KiB from 0), it holds the pinout and what a `lenotre flash` over USB brings that differs
// from the frozen app; the `romfs` variant (mpconfigvariant_romfs.cmake) holds the whole app.
#ifndef MICROPY_HW_ROMFS_BYTES
#define MICROPY_HW_ROMFS_BYTES                  (128 * 1024)
#endif

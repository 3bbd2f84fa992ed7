// Le Nôtre's emulated Pico: the official MicroPython (or, with --kind circuitpython, the official
// CircuitPython) UF2 on rp2040js, with the box's hardware
// (hardware/pinout.json) around it. Spawned by host/lenotre/epico.py, which owns the
// pseudo-terminal and the control socket; this program speaks JSON lines on stdin/stdout:
//
//   in   {"op":"serial","data":B64}            bytes from the USB host (queued, any length)
//        {"op":"down"|"up","button":B}         drive a button's GPIO low (pressed) / high
//        {"op":"press","button":B,"ms":M,"gap":G,"id":N}  hold M emulated ms, release, wait
//                                              G ms more and until the CPU sleeps 5 ms in
//                                              one stretch (the app has acted), then answer
//                                              (the last frame's time, the filesystem's
//                                              bytes programmed and erases, the I2C bytes)
//        {"op":"wait","ms":M,"id":N}           let M emulated ms pass, then answer
//        {"op":"screen","id":N}                the OLED, the strip, the buzzer, the clock
//        {"op":"pace","on":bool}               emulated time follows wall time (default on)
//        {"op":"cut_at_erase","n":N,"at":A,"id":N}  exit (a power cut) right after the N-th
//                                              erase of a filesystem (or nvm) sector from now,
//                                              before its program: what a cut in that window
//                                              leaves; with "at", only erases of the sector
//                                              holding byte A of the image file count
//   out  {"ev":"ready"} once running; {"ev":"serial","data":B64}; {"ev":"reset","why":W};
//        {"ev":"clock","ms":M} the emulated clock, every 20 wall ms or less often;
//        {"id":N,...} answers.
//
// What rp2040js leaves to the host (../shared/pico/README.md) and is done here:
// - flash writes: the boot ROM's flash_range_erase / flash_range_program (ROM offsets
//   0x237c / 0x23c4 in B1) become `bkpt; bx lr`; the host does them on mcu.flash with NOR
//   semantics (erase -> 0xFF, program ANDs) and writes the filesystem's part through to the
//   image file at once, so a kill at any instant leaves the image as the flash was.
// - USB: rp2040js answers every OUT poll at once, with 0 bytes when the host has nothing;
//   here the poll is held until the host has data (a real host NAKs), and host data beyond
//   rp2040js's 512-byte FIFO waits in a queue here.
// - resets: machine.reset() and the watchdog only call onWatchdogTrigger: the MCU is built
//   again from the UF2 and the boot ROM, with the flash kept.
// - time: idle (WFI/WFE) jumps to the next alarm; with pacing on, never ahead of wall time
//   (mpremote expects a device in real time), and never jumping to catch up wall time lost
//   while busy, except while a press or wait is being served, whose idle time is skipped.
// - what the box's parts cost in time (--costs, on for MicroPython, where the bench's
//   latencies are measured): rp2040js completes an I2C byte, a flash erase or a program at
//   once. Here an I2C byte completes 9 bit times (8 data and the acknowledge) at the
//   pinout's bus clock after it started, a start and a stop one bit time each, so a blocking
//   writeto spins as long as on the wire; the boot ROM's erase and program stall the core for
//   the flash chip's typical times (XIP is off while they run).
// - the clock: {"ev":"clock","ms":M}, the emulated ms, at most every 20 wall ms, so that
//   the host's deadlines can count emulated time.
'use strict';
const fs = require('fs');
const readline = require('readline');
const { RP2040, USBCDC } = require('rp2040js');

const FLASH_BASE = 0x10000000;
// The filesystem's part of the flash, the part kept in the image file:
// MicroPython's littlefs: flash 0xA0000..0x200000 (352 x 4 KiB blocks);
// CircuitPython's FAT (CIRCUITPY): flash 0x100000..0x200000 (512-byte sectors, no partitions).
// CircuitPython's microcontroller.nvm: the 4 KiB just below CIRCUITPY (measured: writing it
// programs flash 0xff000), kept in a file of its own beside the image: IMAGE.nvm.
// MicroPython: the ROMFS partition of Le Nôtre's own image (hardware/micropython-board), the
// 256 KiB below the littlefs, kept in IMAGE.romfs: taken from the UF2 when that file is new (the
// UF2 dragged onto a blank Pico), from the file after that (what `lenotre flash` wrote).
const ROMFS = { romfsOffset: 0x60000, romfsSize: 0x40000 };
const KINDS = {
  micropython: { fsOffset: 0xa0000, fsSize: 0x200000 - 0xa0000, nvmOffset: 0, nvmSize: 0,
    ...ROMFS },
  circuitpython: { fsOffset: 0x100000, fsSize: 0x100000, nvmOffset: 0xff000, nvmSize: 0x1000,
    romfsOffset: 0, romfsSize: 0 },
};
const CHIP_RESET = 0x8; // VREG_AND_CHIP_RESET + 8 (RP2040 datasheet 2.10.6)
const HAD_PSM_RESTART = 1 << 20;
const ROM_ERASE = 0x237c; // B1 boot ROM: flash_range_erase(addr, count, block, cmd)
const ROM_PROGRAM = 0x23c4; // flash_range_program(addr, data, count)
const BKPT_ERASE = 0x10;
const BKPT_PROGRAM = 0x11;
const CYCLE_NS = 8; // 125 MHz
const SLICE_MS = 15; // wall time per run slice before Node's event loop gets a turn
const PIXEL_RESET_NS = 50000; // WS2812: low this long ends a frame
const PIXEL_ONE_NS = 600; // high time: 408 ns a 0, 792 ns a 1 (CPU-timed machine.bitstream)
const PIXEL_STALE_NS = 20e6; // PIO-driven: a part frame this old is no frame
const BUZZER_POLL_NS = 1e6;
const GPIO_FUNC_PWM = 4;
const SETTLE_NS = 5e6; // a press is done once the CPU has slept this long in one stretch
const SETTLE_MAX_NS = 5e9;
// The Pico's flash chip, Winbond W25Q16JV (datasheet, AC electrical characteristics, typical
// values): sector erase (4 KB) tSE 45 ms, page program (256 B) tPP 0.4 ms.
const SECTOR = 4096;
const SECTOR_ERASE_NS = 45e6;
const PAGE = 256;
const PAGE_PROGRAM_NS = 0.4e6;
const I2C_BYTE_BITS = 9; // 8 data bits and the acknowledge
const I2C_POLLED = new Set([0x34, 0x70, 0x74, 0x78]); // IC_RAW_INTR_STAT, STATUS, TXFLR, RXFLR

function arg(name, fallback) {
  const i = process.argv.indexOf('--' + name);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

function send(obj) {
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function die(msg) {
  process.stderr.write('emulated Pico: ' + msg + '\n');
  process.exit(2);
}

// ---- the inputs: UF2, boot ROM, flash image, pinout ----------------------------------------
function loadUF2(path) {
  // -> [[flash offset, Uint8Array]] of every block (UF2: 512-byte blocks, payload at 32)
  const data = fs.readFileSync(path);
  const blocks = [];
  for (let at = 0; at + 512 <= data.length; at += 512) {
    const magic0 = data.readUInt32LE(at);
    const magic1 = data.readUInt32LE(at + 4);
    if (magic0 !== 0x0a324655 || magic1 !== 0x9e5d5157) die(path + ' is not a UF2 file');
    const target = data.readUInt32LE(at + 12);
    const size = data.readUInt32LE(at + 16);
    blocks.push([target - FLASH_BASE, data.subarray(at + 32, at + 32 + size)]);
  }
  return blocks;
}

const uf2Path = arg('uf2');
const romPath = arg('bootrom');
const imagePath = arg('flash');
const pinoutPath = arg('pinout');
const kind = arg('kind', 'micropython');
if (!uf2Path || !romPath || !imagePath || !pinoutPath || !KINDS[kind]) {
  die('usage: node pico.js --uf2 FILE --bootrom FILE --flash IMAGE --pinout pinout.json ' +
      '[--kind micropython|circuitpython] [--costs on|off]');
}
const FS_OFFSET = KINDS[kind].fsOffset;
const FS_SIZE = KINDS[kind].fsSize;
const NVM_OFFSET = KINDS[kind].nvmOffset;
const NVM_SIZE = KINDS[kind].nvmSize;
const ROMFS_OFFSET = KINDS[kind].romfsOffset;
const ROMFS_SIZE = KINDS[kind].romfsSize;
const circuitpython = kind === 'circuitpython';
// CircuitPython's edition keeps the free bus and flash its figures were measured with
const costs = arg('costs', circuitpython ? 'off' : 'on') === 'on';
const uf2 = loadUF2(uf2Path);
const romBytes = fs.readFileSync(romPath);
const rom = new Uint32Array(romBytes.buffer, romBytes.byteOffset, romBytes.length / 4).slice();
// `bkpt #n` then `bx lr`, little-endian halfwords in one word (both offsets are word-aligned)
rom[ROM_ERASE / 4] = 0x4770be00 | BKPT_ERASE;
rom[ROM_PROGRAM / 4] = 0x4770be00 | BKPT_PROGRAM;
const pinout = JSON.parse(fs.readFileSync(pinoutPath, 'utf8'));
const BUTTONS = pinout.buttons;
const OLED_ADDR = parseInt(pinout.oled.address, 16);
const PIXEL_PIN = pinout.pixels.pin;
const PIXEL_COUNT = pinout.pixels.count;
const PIXEL_ORDER = pinout.pixels.order;
const BUZZER_PIN = pinout.buzzer ? pinout.buzzer.pin : null;
const I2C_BIT_NS = 1e9 / pinout.i2c.freq;

// The filesystem part of the flash, kept in the image file (created erased).
if (!fs.existsSync(imagePath) || fs.statSync(imagePath).size !== FS_SIZE) {
  fs.writeFileSync(imagePath, Buffer.alloc(FS_SIZE, 0xff));
}
const imageFd = fs.openSync(imagePath, 'r+');
const fsImage = Buffer.alloc(FS_SIZE);
fs.readSync(imageFd, fsImage, 0, FS_SIZE, 0);
const nvmPath = imagePath + '.nvm';
if (NVM_SIZE && (!fs.existsSync(nvmPath) || fs.statSync(nvmPath).size !== NVM_SIZE)) {
  fs.writeFileSync(nvmPath, Buffer.alloc(NVM_SIZE, 0xff));
}
const nvmFd = NVM_SIZE ? fs.openSync(nvmPath, 'r+') : null;
const nvmImage = Buffer.alloc(NVM_SIZE);
if (NVM_SIZE) fs.readSync(nvmFd, nvmImage, 0, NVM_SIZE, 0);
const romfsPath = imagePath + '.romfs';
const romfsImage = Buffer.alloc(ROMFS_SIZE, 0xff);
if (ROMFS_SIZE && fs.existsSync(romfsPath) && fs.statSync(romfsPath).size === ROMFS_SIZE) {
  romfsImage.set(fs.readFileSync(romfsPath));
} else if (ROMFS_SIZE) {
  for (const [off, bytes] of uf2) {
    if (off >= ROMFS_OFFSET && off + bytes.length <= ROMFS_OFFSET + ROMFS_SIZE) {
      romfsImage.set(bytes, off - ROMFS_OFFSET);
    }
  }
  fs.writeFileSync(romfsPath, romfsImage);
}
const romfsFd = ROMFS_SIZE ? fs.openSync(romfsPath, 'r+') : null;

function writeThrough(offset, length) {
  // the changed flash bytes that lie in the filesystem's (or the nvm's) region, to their
  // file now
  for (const [fd, base, size] of [[imageFd, FS_OFFSET, FS_SIZE], [nvmFd, NVM_OFFSET, NVM_SIZE],
    [romfsFd, ROMFS_OFFSET, ROMFS_SIZE]]) {
    const lo = Math.max(offset, base);
    const hi = Math.min(offset + length, base + size);
    if (hi > lo) fs.writeSync(fd, mcu.flash, lo, hi - lo, lo - base);
  }
}

function kept(addr) {
  // a sector of the filesystem or the nvm: what outlives a power cut
  return addr >= FS_OFFSET || (NVM_SIZE && addr >= NVM_OFFSET && addr < NVM_OFFSET + NVM_SIZE);
}

// ---- the box's hardware ---------------------------------------------------------------------
class SSD1306 {
  // Keeps display RAM as MONO_VLSB pages (the layout framebuf draws); a frame is counted when
  // a transfer that wrote display RAM ends.
  constructor() {
    this.ram = new Uint8Array(1024);
    this.col0 = 0; this.col1 = 127; this.page0 = 0; this.page1 = 7;
    this.col = 0; this.page = 0;
    this.mode = 2; // page addressing after reset
    this.on = false; this.contrast = 0x7f; this.inverted = false;
    this.frames = 0; this.frameNs = 0; this.cmd = []; this.wroteData = false;
    this.firstInkNs = -1; // the first frame with anything lit: boot to the first screen
  }

  transfer(bytes, nowNs) {
    // one I2C write: control byte(s), then commands or display data
    let i = 0;
    while (i < bytes.length) {
      const control = bytes[i++];
      const cont = control & 0x80; // Co: one byte, then another control byte
      const data = control & 0x40; // D/C#
      const end = cont ? Math.min(i + 1, bytes.length) : bytes.length;
      for (; i < end; i++) data ? this.data(bytes[i]) : this.command(bytes[i]);
    }
    if (this.wroteData) {
      this.wroteData = false;
      this.frames++;
      this.frameNs = nowNs;
      if (this.firstInkNs < 0 && this.ram.some((b) => b !== 0)) this.firstInkNs = nowNs;
    }
  }

  data(b) {
    this.ram[this.page * 128 + this.col] = b;
    this.wroteData = true;
    if (this.mode === 2) { // page mode: the column wraps within the page
      this.col = this.col >= 127 ? this.col0 : this.col + 1;
      return;
    }
    if (this.col < this.col1) { this.col++; return; }
    this.col = this.col0;
    this.page = this.page < this.page1 ? this.page + 1 : this.page0;
  }

  command(b) {
    const c = this.cmd;
    c.push(b);
    const args = { 0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xa8: 1, 0xd3: 1, 0xd5: 1, 0xd9: 1,
      0xda: 1, 0xdb: 1, 0x8d: 1, 0xa3: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5 }[c[0]] || 0;
    if (c.length <= args) return;
    this.cmd = [];
    const op = c[0];
    if (op === 0xae || op === 0xaf) this.on = op === 0xaf;
    else if (op === 0xa6 || op === 0xa7) this.inverted = op === 0xa7;
    else if (op === 0x81) this.contrast = c[1];
    else if (op === 0x20) this.mode = c[1] & 3;
    else if (op === 0x21) { this.col0 = c[1] & 127; this.col1 = c[2] & 127; this.col = this.col0; }
    else if (op === 0x22) { this.page0 = c[1] & 7; this.page1 = c[2] & 7; this.page = this.page0; }
    else if (op >= 0xb0 && op <= 0xb7) this.page = op & 7;
    else if (op <= 0x0f) this.col = (this.col & 0xf0) | op;
    else if (op >= 0x10 && op <= 0x1f) this.col = (this.col & 0x0f) | ((op & 0x0f) << 4);
  }
}

class Strip {
  // WS2812 on a GPIO: a high time > 600 ns is a 1; 24 bits a pixel in the wire order; a low
  // of 50 us ends the frame. `shown` is RGB, as the firmware meant it.
  constructor() {
    this.shown = new Uint8Array(3 * PIXEL_COUNT);
    this.writes = 0;
    this.bytes = [];
    this.bits = 0; this.nbits = 0;
    this.roseNs = -1; this.fellNs = 0;
  }

  edge(high, nowNs) {
    // CircuitPython drives the strip from a PIO, whose delays rp2040js does not model: there
    // a bit is told by the PIO steps the pin stayed high (its WS2812 program: 1 step a 0,
    // 2 a 1), and a frame ends with its last byte (or a stale part of one is dropped).
    const t = circuitpython ? pioSteps : nowNs;
    if (high) {
      if (circuitpython ? nowNs - this.fellNs > PIXEL_STALE_NS : nowNs - this.fellNs > PIXEL_RESET_NS) {
        this.latch();
      }
      this.roseNs = t;
      return;
    }
    if (this.roseNs < 0) return;
    const one = circuitpython ? t - this.roseNs > 1 : nowNs - this.roseNs > PIXEL_ONE_NS;
    this.bits = (this.bits << 1) | (one ? 1 : 0);
    this.roseNs = -1;
    this.fellNs = nowNs;  // CPU time: a frame's bits all come within a few ms of it
    if (++this.nbits === 8) {
      this.bytes.push(this.bits & 0xff);
      this.bits = 0; this.nbits = 0;
      if (this.bytes.length === 3 * PIXEL_COUNT) this.latch();
    }
  }

  latch() {
    const b = this.bytes;
    if (b.length >= 3) {
      for (let p = 0; 3 * p + 2 < b.length && p < PIXEL_COUNT; p++) {
        for (let k = 0; k < 3; k++) this.shown[3 * p + 'RGB'.indexOf(PIXEL_ORDER[k])] = b[3 * p + k];
      }
      this.writes++;
    }
    this.bytes = []; this.bits = 0; this.nbits = 0;
  }
}

const oled = new SSD1306();
const strip = new Strip();
const levels = {}; // button -> 1 released, 0 pressed (kept across resets)
for (const b of Object.keys(BUTTONS)) levels[b] = 1;
const beeps = []; // [start ms, freq Hz, length ms]
let tone = null; // [start ms, freq] while the buzzer sounds
const flashStats = { erases: 0, erasedBytes: 0, programmedBytes: 0 }; // filesystem region
const i2cStats = { transfers: 0, bytes: 0, lastBytes: 0, lastNs: 0 };

// ---- the MCU, built again at every reset ----------------------------------------------------
let mcu = null;
let cdc = null;
let epochNs = 0; // emulated ns of the MCUs before this one: the host's clock never goes back
let resetWhy = null;
let heldRead = -1;
let cutAtErase = 0; // > 0: the power goes right after that many more filesystem erases
let cutOnly = -1; // >= 0: of the erases, only those covering this flash offset count
let pioSteps = 0; // PIO steps so far, both blocks (CircuitPython's NeoPixel clock)
let stallNs = 0; // a flash operation done, an I2C step awaited: the core waits this long next
const hostQueue = [];

function nowNs() {
  return epochNs + mcu.clock.nanos;
}

const quiet = {
  debug() {}, info() {}, warn() {},
  error(source, message) { process.stderr.write('rp2040js ' + source + ': ' + message + '\n'); },
};

function build() {
  if (mcu) epochNs += mcu.clock.nanos;
  // A reset keeps the whole flash (the ROMFS a flash rewrote too); the first start is the UF2
  // dragged on, with the filesystem (nvm, ROMFS) the image files kept.
  const before = mcu ? mcu.flash.slice() : null;
  mcu = new RP2040();
  mcu.logger = quiet; // its notes go to stdout, which is the JSON channel
  mcu.loadBootrom(rom); // resets the MCU, erasing its flash: the flash is filled after
  if (before) {
    mcu.flash.set(before);
  } else {
    for (const [off, bytes] of uf2) mcu.flash.set(bytes, off);
    mcu.flash.set(fsImage, FS_OFFSET);
    if (NVM_SIZE) mcu.flash.set(nvmImage, NVM_OFFSET);
    if (ROMFS_SIZE) mcu.flash.set(romfsImage, ROMFS_OFFSET);
  }
  // Start at boot2 (flash 0x100), as the boot ROM does once it has found flash: rp2040js
  // does not model the SSI reads with which the ROM checks boot2's CRC.
  mcu.core.PC = 0x10000000;
  mcu.onBreak = onBreak;
  const watchdog = findWatchdog();
  watchdog.onWatchdogTrigger = () => {
    resetWhy = 'watchdog';
    // rp2040js re-arms a fired watchdog alarm 0 ns on (the counter is 0: a whole period
    // computes as 0), so its clock would fire it forever; the chip is reset next anyway
    watchdog.alarm.enable = false;
  };
  for (const b of Object.keys(BUTTONS)) mcu.gpio[BUTTONS[b]].setInputValue(levels[b] === 1);
  mcu.gpio[PIXEL_PIN].addListener(() => strip.edge(mcu.gpio[PIXEL_PIN].outputValue, nowNs()));
  wireI2C(mcu.i2c[pinout.i2c.id]);
  wireUSB();
  if (circuitpython) circuitpythonDuties();
}

function circuitpythonDuties() {
  // the NeoPixel's PIO: its steps counted, the clock its bits are told by (Strip.edge)
  for (const pio of mcu.pio) {
    const step = pio.step.bind(pio);
    pio.step = () => { pioSteps++; step(); };
  }
  // BOOTSEL not pressed: the QSPI_SS pad reads high whatever its pad register says
  Object.defineProperty(mcu.qspi[1], 'inputValue', { get: () => true });
  // every reset a PSM restart (as after a soft reset), not power-on: no safe-mode wait
  const vreg = mcu.peripherals[0x40064];
  const read = vreg.readUint32.bind(vreg);
  vreg.readUint32 = (offset) => (offset === CHIP_RESET ? HAD_PSM_RESTART : read(offset));
  // busio.I2C checks for pull-ups before it starts: SDA and SCL idle high
  mcu.gpio[pinout.i2c.sda].setInputValue(true);
  mcu.gpio[pinout.i2c.scl].setInputValue(true);
}

function findWatchdog() {
  for (const p of Object.values(mcu.peripherals)) {
    if (p && 'onWatchdogTrigger' in p) return p;
  }
  die('no watchdog in this rp2040js');
  return null;
}

function onBreak(code) {
  const r = mcu.core.registers;
  if (code === BKPT_ERASE) {
    const addr = r[0] >>> 0, count = r[1] >>> 0;
    if (addr >= FS_OFFSET) { flashStats.erases++; flashStats.erasedBytes += count; }
    if (costs) stallNs += Math.ceil(count / SECTOR) * SECTOR_ERASE_NS;
    mcu.flash.fill(0xff, addr, addr + count);
    writeThrough(addr, count);
    const counted = cutOnly < 0 || (cutOnly >= addr && cutOnly < addr + count);
    if (kept(addr) && counted && cutAtErase > 0 && --cutAtErase === 0) {
      // the power goes between a sector's erase and its program: the image keeps the erased
      // sector
      fs.closeSync(imageFd);
      if (nvmFd !== null) fs.closeSync(nvmFd);
      if (romfsFd !== null) fs.closeSync(romfsFd);
      process.exit(3);
    }
  } else if (code === BKPT_PROGRAM) {
    const addr = r[0] >>> 0, src = r[1] >>> 0, count = r[2] >>> 0;
    if (addr >= FS_OFFSET) flashStats.programmedBytes += count;
    if (costs && count) {
      stallNs += (Math.floor((addr + count - 1) / PAGE) - Math.floor(addr / PAGE) + 1) * PAGE_PROGRAM_NS;
    }
    for (let i = 0; i < count; i++) mcu.flash[addr + i] &= mcu.readUint8(src + i);
    writeThrough(addr, count);
  } else {
    resetWhy = 'breakpoint ' + code; // a hard fault of the firmware: restart, as a watchdog would
  }
}

function wireI2C(i2c) {
  let bytes = null;
  const clock = mcu.clock;
  let due = -1; // emulated ns when the bus's step under way completes; -1: none
  // fn once `bits` bit times of the bus have passed (at once without --costs)
  const after = (bits, fn) => {
    if (!costs) { fn(); return; }
    due = clock.nanos + bits * I2C_BIT_NS;
    clock.createAlarm(() => { due = -1; fn(); }).schedule(bits * I2C_BIT_NS);
  };
  // The SDK's blocking transfer polls these registers until the step completes: the core
  // is stalled there instead, to the same instant, so that emulating the spin costs no host
  // time (interrupts wait for the end of a byte's 22 us at most).
  const read = i2c.readUint32.bind(i2c);
  i2c.readUint32 = (offset) => {
    if (due >= 0 && I2C_POLLED.has(offset)) stallNs = Math.max(stallNs, due - clock.nanos);
    return read(offset);
  };
  i2c.onStart = () => after(1, () => i2c.completeStart());
  i2c.onConnect = (address, mode) => {
    const ack = address === OLED_ADDR;
    bytes = ack && mode === 0 ? [] : null;
    after(I2C_BYTE_BITS, () => i2c.completeConnect(ack));
  };
  i2c.onWriteByte = (value) => {
    if (bytes) bytes.push(value);
    const ack = bytes !== null;
    after(I2C_BYTE_BITS, () => i2c.completeWrite(ack));
  };
  i2c.onReadByte = () => {
    const status = oled.on ? 0x03 : 0x43; // status: display on/off
    after(I2C_BYTE_BITS, () => i2c.completeRead(status));
  };
  i2c.onStop = () => {
    const got = bytes;
    bytes = null;
    after(1, () => {
      if (got && got.length) { // on the display once the stop is on the wire
        i2cStats.transfers++;
        i2cStats.bytes += got.length;
        i2cStats.lastBytes = got.length;
        i2cStats.lastNs = nowNs();
        oled.transfer(got, nowNs());
      }
      i2c.completeStop();
    });
  };
}

function wireUSB() {
  heldRead = -1;
  hostQueue.length = 0; // what the host sent before a reset is gone with the old device
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (buf) => send({ ev: 'serial', data: Buffer.from(buf).toString('base64') });
  const usb = mcu.usbCtrl;
  usb.onEndpointRead = (endpoint, size) => {
    if (endpoint !== cdc.outEndpoint) return;
    heldRead = size;
    answerRead();
  };
}

function answerRead() {
  // One packet from the head of the queue, never merged across host writes: a host's
  // separate writes reach a real Pico as separate transfers.
  if (heldRead < 0 || !hostQueue.length) return;
  const head = hostQueue[0];
  const take = Math.min(heldRead, 64, head.length);
  if (take === head.length) hostQueue.shift(); else hostQueue[0] = head.subarray(take);
  heldRead = -1;
  mcu.usbCtrl.endpointReadDone(cdc.outEndpoint, head.subarray(0, take));
}

function pollBuzzer() {
  // The buzzer pin's PWM slice: sounding while the pin is in the PWM function, the slice is
  // enabled and its duty is not 0.
  if (BUZZER_PIN === null) return;
  const pin = mcu.gpio[BUZZER_PIN];
  const ch = mcu.pwm.channels[(BUZZER_PIN >> 1) & 7];
  const duty = BUZZER_PIN & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
  const on = pin.functionSelect === GPIO_FUNC_PWM && (ch.csr & 1) && duty > 0;
  const ms = nowNs() / 1e6;
  if (on) {
    const div = (ch.div >> 4) + (ch.div & 15) / 16 || 1;
    const freq = Math.round(mcu.clkSys / div / (ch.top + 1));
    if (!tone || tone[1] !== freq) {
      if (tone) beeps.push([tone[0], tone[1], Math.round(ms - tone[0])]);
      tone = [Math.round(ms), freq];
    }
  } else if (tone) {
    beeps.push([tone[0], tone[1], Math.round(ms - tone[0])]);
    tone = null;
  }
  if (beeps.length > 200) beeps.splice(0, beeps.length - 200);
}

// ---- host events and the run loop -----------------------------------------------------------
const events = []; // [due ns, fast?, fn], sorted by due
let pace = true;
let wallBase = performance.now();
let emuBase = 0;
let nextBuzzerNs = 0;
let lastBusyNs = 0; // when the CPU last ran an instruction
let clockSentAt = -Infinity; // wall ms of the last clock event
const CLOCK_EVERY_MS = 20;
const CATCH_UP_NS = 50e6; // paced: the most emulated time may lag wall time and catch up

function at(dueNs, fast, fn) {
  events.push([dueNs, fast, fn]);
  events.sort((a, b) => a[0] - b[0]);
}

function fastForward() {
  return events.some((e) => e[1]);
}

function rebase() {
  wallBase = performance.now();
  emuBase = nowNs();
}

function setButton(name, level) {
  levels[name] = level;
  mcu.gpio[BUTTONS[name]].setInputValue(level === 1);
}

function settled(fn, startNs = nowNs()) {
  // fn once the CPU has slept SETTLE_NS in one stretch: the app has done what a press asked
  // (journal written, screen sent) and is back to polling the buttons every 10 ms
  if (nowNs() - lastBusyNs >= SETTLE_NS || nowNs() - startNs > SETTLE_MAX_NS) fn();
  else at(nowNs() + 1e6, true, () => settled(fn, startNs));
}

function handle(msg) {
  const op = msg.op;
  if (op === 'serial') {
    hostQueue.push(Buffer.from(msg.data, 'base64'));
    answerRead();
  } else if (op === 'down' || op === 'up') {
    setButton(msg.button, op === 'down' ? 0 : 1);
    send({ id: msg.id, ms: nowNs() / 1e6 });
  } else if (op === 'press') {
    setButton(msg.button, 0);
    const pressedNs = nowNs();
    const frames = oled.frames;
    const programmed = flashStats.programmedBytes;
    const erases = flashStats.erases;
    const i2cBytes = i2cStats.bytes;
    at(pressedNs + msg.ms * 1e6, true, () => {
      setButton(msg.button, 1);
      at(nowNs() + (msg.gap || 0) * 1e6, true, () => settled(() => {
        // the first frame after the release (a long press acts at release or while held)
        const reply = { id: msg.id, pressed_ms: pressedNs / 1e6, released_ms: (pressedNs + msg.ms * 1e6) / 1e6 };
        if (oled.frames > frames) reply.frame_ms = oled.frameNs / 1e6;
        reply.settled_ms = nowNs() / 1e6;
        reply.programmed = flashStats.programmedBytes - programmed; // by the press, to settled
        reply.erases = flashStats.erases - erases;
        reply.i2c_bytes = i2cStats.bytes - i2cBytes;
        send(reply);
      }));
    });
  } else if (op === 'wait') {
    at(nowNs() + msg.ms * 1e6, true, () => send({ id: msg.id, ms: nowNs() / 1e6 }));
  } else if (op === 'screen') {
    send({
      id: msg.id, frame: Buffer.from(oled.ram).toString('hex'),
      pixels: Buffer.from(strip.shown).toString('hex'), on: oled.on, inverted: oled.inverted,
      contrast: oled.contrast, frames: oled.frames, frame_ms: oled.frameNs / 1e6,
      first_ink_ms: oled.firstInkNs / 1e6,
      pixel_writes: strip.writes, beeps, ms: nowNs() / 1e6, i2c: i2cStats,
      i2c_freq: pinout.i2c.freq, flash: flashStats, costs,
    });
  } else if (op === 'cut_at_erase') {
    cutAtErase = msg.n; // the n-th filesystem sector erase from now is the last thing done
    cutOnly = msg.at === undefined ? -1 : FS_OFFSET + msg.at;
    send({ id: msg.id });
  } else if (op === 'pace') {
    pace = !!msg.on;
    rebase();
    send({ id: msg.id });
  } else {
    send({ id: msg.id, error: 'unknown op ' + JSON.stringify(op) });
  }
}

function run() {
  const wallEnd = performance.now() + SLICE_MS;
  const clock = () => mcu.clock;
  let sleepMs = 0;
  outer:
  while (performance.now() < wallEnd) {
    for (let i = 0; i < 20000; i++) {
      if (resetWhy) {
        send({ ev: 'reset', why: resetWhy });
        resetWhy = null;
        build();
        continue outer;
      }
      const now = nowNs();
      if (events.length && events[0][0] <= now) {
        events.shift()[2]();
        if (!fastForward()) rebase();
        continue;
      }
      if (now >= nextBuzzerNs) {
        pollBuzzer();
        nextBuzzerNs = now + BUZZER_POLL_NS;
      }
      const core = mcu.core;
      if (!core.waiting) {
        const ns = core.executeInstruction() * CYCLE_NS + stallNs;
        stallNs = 0;
        clock().tick(ns);
        lastBusyNs = nowNs(); // a flash stall is busy time to its end
        continue;
      }
      // Idle: jump to the next alarm, the next host event, or (paced) wall time.
      let limit = Infinity;
      if (events.length) limit = events[0][0] - now;
      if (pace && !fastForward()) {
        let behind = emuBase + (performance.now() - wallBase) * 1e6 - now;
        // Time the emulator fell behind while busy (it runs slower than a Pico) is not made
        // up by skipping idle time: the host's deadlines count emulated time, and a jump
        // would spend them before the device could answer.
        if (behind > CATCH_UP_NS) { rebase(); behind = 0; }
        limit = Math.min(limit, behind);
      }
      limit = Math.min(limit, nextBuzzerNs - now);
      const alarm = clock().nanosToNextAlarm;
      const step = alarm > 0 ? Math.min(alarm, limit) : limit;
      if (step === Infinity) { sleepMs = 5; break outer; } // nothing will ever wake it: wait for the host
      if (step <= 0) { sleepMs = 1; break outer; } // ahead of wall time
      clock().tick(step);
    }
  }
  if (performance.now() - clockSentAt >= CLOCK_EVERY_MS) {
    clockSentAt = performance.now();
    send({ ev: 'clock', ms: nowNs() / 1e6 });
  }
  if (sleepMs) setTimeout(run, sleepMs); else setImmediate(run);
}

build();
rebase();
const rl = readline.createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try { msg = JSON.parse(line); } catch (e) { send({ error: 'not JSON: ' + line.slice(0, 80) }); return; }
  handle(msg);
});
rl.on('close', () => { fs.closeSync(imageFd); process.exit(0); });
send({ ev: 'ready' });
run();

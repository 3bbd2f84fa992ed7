# SSD1306 OLED over I2C, as a framebuf.FrameBuffer: draw with the framebuf API, then show().
#
#   oled = SSD1306(I2C(0, sda=Pin(4), scl=Pin(5)), 0x3C)
#   oled.fill(0); oled.text("Le Notre", 0, 0); oled.show()
#
# Every I2C transfer starts with a control byte: 0x00 = the rest are commands, 0x40 = the
# rest is display RAM. show() sends only the pages (8-pixel rows) that differ from the last
# frame sent, known by a CRC-32 of each (30 bits kept: a small int everywhere; a copy of the
# frame sent would take 1 KB of the Pico's heap): at 400 kHz a whole frame holds the bus 23 ms, a
# changed line of text 3 ms. Each page goes in one transfer straight out of the framebuffer,
# its 0x40 prefix written into the byte before it (the last byte of the page above, put back
# at once), so drawing and sending allocate nothing but, on a 32-bit port, the CRC's own
# result (16 bytes a page, garbage at once).
from array import array
from binascii import crc32

import framebuf
from micropython import const

_CMD = const(0x00)  # control byte: command stream
_DATA = const(0x40)  # control byte: data stream

_OFF = const(0xAE)  # display off (sleep)
_ON = const(0xAF)  # display on
_CONTRAST = const(0x81)  # + 1 byte, 0..255
_NORMAL = const(0xA6)  # RAM bit 1 = pixel lit
_INVERSE = const(0xA7)  # RAM bit 1 = pixel dark
_COLUMNS = const(0x21)  # + start, end column (horizontal addressing)
_PAGES = const(0x22)  # + start, end page


class SSD1306(framebuf.FrameBuffer):
    def __init__(self, i2c, addr=0x3C, width=128, height=64):
        self.i2c = i2c
        self.addr = addr
        self.width = width
        self.height = height
        pages = height // 8
        self._buf = bytearray(1 + width * pages)
        self._buf[0] = _DATA
        mv = memoryview(self._buf)
        # one view a page, made once
        self._new = [mv[1 + p * width:1 + (p + 1) * width] for p in range(pages)]
        self._out = [mv[p * width:1 + (p + 1) * width] for p in range(pages)]  # + prefix slot
        self._sent = array("I", bytes(4 * pages))  # each page's sum, as last sent
        self._now = array("I", bytes(4 * pages))  # each page's sum, as drawn
        self._stale = True  # the display's RAM unknown: send every page
        super().__init__(mv[1:], width, height, framebuf.MONO_VLSB)
        # Panels narrower than the controller's 128 columns sit in the middle of them.
        x0 = (128 - width) // 2
        self._win = bytearray((_CMD, _COLUMNS, x0, x0 + width - 1, _PAGES, 0, pages - 1))
        self._c1 = bytearray(2)  # control byte + 1 command
        self._c2 = bytearray(3)  # control byte + command + argument
        self.i2c.writeto(self.addr, bytes((
            _CMD,
            _OFF,  # sleep while configuring
            0xD5, 0x80,  # clock: divide ratio 1, oscillator frequency mid-range (reset value)
            0xA8, height - 1,  # multiplex ratio: one COM line per row
            0xD3, 0x00,  # display offset: none
            0x40,  # display start line 0
            0x8D, 0x14,  # charge pump on: the module makes its own panel voltage from 3.3 V
            0x20, 0x00,  # horizontal addressing: the column pointer wraps into the next page
            0xA1,  # segment remap: column 127 is SEG0 (module mounted that way round)
            0xC8,  # COM scan from COM[N-1] to COM0: with A1, the image is upright
            # COM pins: alternative layout for 64-row panels, sequential for 32-row ones
            0xDA, 0x12 if height > 32 else 0x02,
            _CONTRAST, 0xFF,
            0xD9, 0xF1,  # pre-charge: phase 1 = 1 clock, phase 2 = 15 (internal charge pump)
            0xDB, 0x30,  # VCOMH deselect level ~0.83 x Vcc
            0xA4,  # output follows RAM (0xA5 would light every pixel)
            _NORMAL,
            _ON,
        )))
        self.fill(0)
        self.show()

    def _cmd(self, c):
        b = self._c1
        b[0] = _CMD
        b[1] = c
        self.i2c.writeto(self.addr, b)

    def show(self):
        # Sends the pages that changed since the last show(): each run of them after a RAM
        # window of its own (whatever window was set before), a page a transfer.
        new = self._new  # (one name a line: a 5-tuple assignment allocates a tuple)
        sent = self._sent
        now = self._now
        out = self._out
        buf = self._buf
        win = self._win
        n = len(new)
        for p in range(n):
            now[p] = crc32(new[p]) & 0x3FFFFFFF
        p = 0
        while p < n:
            if not self._stale and now[p] == sent[p]:
                p += 1
                continue
            q = p + 1
            while q < n and (self._stale or now[q] != sent[q]):
                q += 1
            win[5] = p
            win[6] = q - 1
            self.i2c.writeto(self.addr, win)
            for r in range(p, q):
                a = r * self.width
                keep = buf[a]
                buf[a] = _DATA
                try:
                    self.i2c.writeto(self.addr, out[r])
                finally:
                    buf[a] = keep
                sent[r] = now[r]
            p = q
        self._stale = False

    def contrast(self, v):
        b = self._c2
        b[0] = _CMD
        b[1] = _CONTRAST
        b[2] = v
        self.i2c.writeto(self.addr, b)

    def invert(self, v):
        self._cmd(_INVERSE if v else _NORMAL)

    def poweroff(self):
        self._cmd(_OFF)

    def poweron(self):
        self._cmd(_ON)

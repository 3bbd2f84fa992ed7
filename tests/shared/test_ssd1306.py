# Our SSD1306 driver against a fake I2C bus that records every transfer.
import gc

import framebuf
from drivers.ssd1306 import SSD1306
from support import micropython_only


class I2C:
    def __init__(self):
        self.log = []  # (addr, bytes)

    def writeto(self, addr, buf):
        self.log.append((addr, bytes(buf)))


class NullI2C:
    def __init__(self):
        self.n = 0

    def writeto(self, addr, buf):
        self.n += 1


def pairs(cmds):
    # the (command, next byte) pairs of a command stream, to look for two-byte commands
    return [(cmds[i], cmds[i + 1]) for i in range(len(cmds) - 1)]


class Panel:
    # An SSD1306's display RAM as its datasheet says it fills in horizontal addressing mode
    # (10.1.3, 10.1.4): a window (0x21 columns, 0x22 pages) sets the pointer at its top left;
    # each data byte goes to the pointer, which moves right, then to the window's next page.
    def __init__(self):
        self.ram = bytearray(1024)
        self.c0, self.c1, self.p0, self.p1 = 0, 127, 0, 7
        self.col = self.page = 0

    def take(self, log):
        for _, data in log:
            if data[0] == 0x40:
                for b in data[1:]:
                    self.ram[self.page * 128 + self.col] = b
                    if self.col < self.c1:
                        self.col += 1
                    else:
                        self.col = self.c0
                        self.page = self.page + 1 if self.page < self.p1 else self.p0
            elif data[1] == 0x21 and len(data) == 7:
                self.c0, self.c1, self.p0, self.p1 = data[2], data[3], data[5], data[6]
                self.col, self.page = self.c0, self.p0


def fresh(*args):
    bus = I2C()
    o = SSD1306(bus, *args)
    del bus.log[:]
    return bus, o


def test_init_sequence():
    bus = I2C()
    SSD1306(bus)
    assert [a for a, _ in bus.log] == [0x3C] * 10
    init = bus.log[0][1]
    assert init[0] == 0x00  # control byte: commands
    cmds = init[1:]
    assert cmds[0] == 0xAE and cmds[-1] == 0xAF  # configure asleep, wake last
    p = pairs(cmds)
    for want in ((0xA8, 63), (0x8D, 0x14), (0x20, 0x00), (0xDA, 0x12), (0xD9, 0xF1),
                 (0xD5, 0x80), (0xD3, 0x00), (0x81, 0xFF), (0xDB, 0x30)):
        assert want in p, want
    for c in (0xA1, 0xC8, 0xA4, 0xA6, 0x40):
        assert c in cmds, c
    assert cmds.index(0x8D) < cmds.index(0xAF)  # charge pump before the panel goes on
    # then a blank frame, every page, so no RAM garbage shows
    assert bus.log[1][1] == bytes((0x00, 0x21, 0, 127, 0x22, 0, 7))
    assert [d for _, d in bus.log[2:]] == [b"\x40" + bytes(128)] * 8


def test_show_sends_only_the_pages_that_changed():
    bus, o = fresh()
    assert isinstance(o, framebuf.FrameBuffer)
    assert (o.width, o.height) == (128, 64)
    o.show()
    assert bus.log == []  # nothing changed: nothing sent
    o.pixel(5, 10, 1)  # page 1
    o.show()
    assert bus.log == [(0x3C, bytes((0x00, 0x21, 0, 127, 0x22, 1, 1))),
                       (0x3C, b"\x40" + bytes(5) + b"\x04" + bytes(122))]
    del bus.log[:]
    o.pixel(0, 0, 1)  # page 0
    o.pixel(127, 63, 1)  # page 7
    o.pixel(3, 30, 1)  # page 3
    o.pixel(3, 33, 1)  # page 4
    o.show()
    windows = [d[5:] for _, d in bus.log if d[0] == 0x00]
    assert windows == [b"\x00\x00", b"\x03\x04", b"\x07\x07"]  # one a run of pages
    assert len(bus.log) == 3 + 4 and all(len(d) == 129 for _, d in bus.log if d[0] == 0x40)


def test_the_pages_sent_make_the_frame_drawn():
    # on a panel that fills its RAM as the datasheet says, whatever was drawn in between
    bus, o = fresh()
    panel = Panel()
    ref = bytearray(1024)
    f = framebuf.FrameBuffer(ref, 128, 64, framebuf.MONO_VLSB)
    for i, (x, y, w, h) in enumerate(((0, 0, 128, 8), (3, 9, 50, 20), (120, 50, 8, 14),
                                      (0, 7, 128, 2), (60, 30, 1, 1), (0, 0, 128, 64))):
        for fb in (o, f):
            fb.fill_rect(x, y, w, h, i % 2 == 0)
            fb.text("Le Notre", x, y + 1, 1)
        o.show()
        panel.take(bus.log)
        del bus.log[:]
        assert panel.ram == ref, i
    # the prefix written before each page is put back: the page above keeps its last byte
    o.fill(0)
    o.pixel(127, 7, 1)
    o.show()
    o.pixel(0, 8, 1)
    o.show()
    assert o.pixel(127, 7) == 1 and bus.log[-1][1][:2] == b"\x40\x01"


def test_drawing_goes_into_the_sent_frame():
    bus, o = fresh()
    o.text("Le Notre", 3, 12)
    o.rect(0, 40, 128, 24, 1, True)
    o.show()
    ref = bytearray(1024)
    f = framebuf.FrameBuffer(ref, 128, 64, framebuf.MONO_VLSB)
    f.text("Le Notre", 3, 12)
    f.rect(0, 40, 128, 24, 1, True)
    sent = b"".join(d[1:] for _, d in bus.log if d[0] == 0x40)
    assert sent == ref[128:3 * 128] + ref[5 * 128:]  # pages 1-2 and 5-7
    del bus.log[:]
    o.fill(0)
    o.show()
    assert b"".join(d[1:] for _, d in bus.log if d[0] == 0x40) == bytes(5 * 128)


def test_commands():
    bus = I2C()
    o = SSD1306(bus, 0x3D)
    del bus.log[:]
    o.contrast(0x7F)
    o.invert(1)
    o.invert(0)
    o.poweroff()
    o.poweron()
    assert bus.log == [(0x3D, b"\x00\x81\x7f"), (0x3D, b"\x00\xa7"), (0x3D, b"\x00\xa6"),
                       (0x3D, b"\x00\xae"), (0x3D, b"\x00\xaf")]


def test_smaller_panels():
    bus = I2C()
    o = SSD1306(bus, 0x3C, 128, 32)
    p = pairs(bus.log[0][1][1:])
    assert (0xA8, 31) in p and (0xDA, 0x02) in p
    assert bus.log[1][1] == bytes((0x00, 0x21, 0, 127, 0x22, 0, 3))
    assert [len(d) for _, d in bus.log[2:]] == [1 + 128] * 4
    bus = I2C()
    o = SSD1306(bus, 0x3C, 64, 48)  # sits in columns 32..95 of the controller
    assert bus.log[1][1] == bytes((0x00, 0x21, 32, 95, 0x22, 0, 5))
    assert [len(d) for _, d in bus.log[2:]] == [1 + 64] * 6
    del bus.log[:]
    o.pixel(63, 47, 1)
    o.show()
    assert bus.log == [(0x3C, bytes((0x00, 0x21, 32, 95, 0x22, 5, 5))),
                       (0x3C, b"\x40" + bytes(63) + b"\x80")]


def _shows(o, n):
    gc.collect()
    a = gc.mem_alloc()
    for i in range(n):
        o.pixel(5, 20, (i + 1) % 2)  # page 2 changes at every show
        o.show()
    return gc.mem_alloc() - a


def test_show_allocates_nothing():
    # (the unix port's 64-bit ints hold a CRC-32 without the heap; a 32-bit port's make one
    # 16-byte int a page, garbage at once: drivers/ssd1306.py)
    micropython_only("gc.mem_alloc counts the heap's allocations")
    bus = NullI2C()
    o = SSD1306(bus)
    o.show()
    assert _shows(o, 200) == 0
    assert bus.n == 1 + 1 + 8 + 200 * 2  # init, blank frame, then a window and a page a show

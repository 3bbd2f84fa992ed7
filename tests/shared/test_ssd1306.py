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


def test_init_sequence():
    bus = I2C()
    SSD1306(bus)
    assert [a for a, _ in bus.log] == [0x3C] * 3
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
    # then a blank frame, so no RAM garbage shows
    assert bus.log[2][1] == b"\x40" + bytes(1024)


def test_show_sends_window_then_1024_bytes():
    bus = I2C()
    o = SSD1306(bus)
    assert isinstance(o, framebuf.FrameBuffer)
    assert (o.width, o.height) == (128, 64)
    del bus.log[:]
    o.pixel(0, 0, 1)
    o.pixel(127, 63, 1)
    o.pixel(5, 10, 1)
    o.show()
    assert len(bus.log) == 2
    assert bus.log[0] == (0x3C, bytes((0x00, 0x21, 0, 127, 0x22, 0, 7)))
    addr, data = bus.log[1]
    assert addr == 0x3C and len(data) == 1 + 1024 and data[0] == 0x40
    assert data[1 + 0] == 0x01
    assert data[1 + 7 * 128 + 127] == 0x80
    assert data[1 + 128 + 5] == 1 << 2
    assert sum(1 for v in data[1:] if v) == 3


def test_drawing_goes_into_the_sent_frame():
    bus = I2C()
    o = SSD1306(bus)
    o.text("Le Notre", 3, 9)
    o.rect(0, 40, 128, 24, 1, True)
    o.show()
    ref = bytearray(1024)
    f = framebuf.FrameBuffer(ref, 128, 64, framebuf.MONO_VLSB)
    f.text("Le Notre", 3, 9)
    f.rect(0, 40, 128, 24, 1, True)
    assert bus.log[-1][1] == b"\x40" + ref
    o.fill(0)
    o.show()
    assert bus.log[-1][1] == b"\x40" + bytes(1024)


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
    del bus.log[:]
    o.show()
    assert bus.log[0][1] == bytes((0x00, 0x21, 0, 127, 0x22, 0, 3))
    assert len(bus.log[1][1]) == 1 + 512
    bus = I2C()
    o = SSD1306(bus, 0x3C, 64, 48)  # sits in columns 32..95 of the controller
    del bus.log[:]
    o.show()
    assert bus.log[0][1] == bytes((0x00, 0x21, 32, 95, 0x22, 0, 5))
    assert len(bus.log[1][1]) == 1 + 64 * 6


def _shows(o, n):
    gc.collect()
    a = gc.mem_alloc()
    for _ in range(n):
        o.show()
    return gc.mem_alloc() - a


def test_show_allocates_nothing():
    micropython_only("gc.mem_alloc counts the heap's allocations")
    bus = NullI2C()
    o = SSD1306(bus)
    o.show()
    assert _shows(o, 200) == 0
    assert bus.n == 3 + 400 + 2

# Pixels: brightness cap keeping the hue, roles, fill, write only on change.
import gc

from pixels import Pixels
from support import mentions, micropython_only, raises

ROLES = ("px1", "px2", "px3", "px4", "px5", "px6", "px7", "status")  # the pinout's


class Strip:
    # what a NeoPixel looks like to Pixels; remembers each write
    def __init__(self, n):
        self.buf = [(0, 0, 0)] * n
        self.writes = []

    def __len__(self):
        return len(self.buf)

    def __setitem__(self, i, rgb):
        self.buf[i] = rgb

    def write(self):
        self.writes.append(list(self.buf))


def make(cap=48):
    s = Strip(8)
    return s, Pixels(s, ROLES, cap)


def test_cap_scales_proportionally():
    s, px = make(48)
    px.set(0, (255, 0, 0))
    px.set(1, (255, 128, 0))  # orange stays orange: green is ~half of red
    px.set(2, (40, 20, 10))  # under the cap: untouched
    px.set(3, (48, 48, 48))
    px.set(4, (10, 200, 100))
    assert px.show()
    got = s.writes[-1]
    assert got[0] == (48, 0, 0)
    assert got[1] == (48, 24, 0)
    assert got[2] == (40, 20, 10)
    assert got[3] == (48, 48, 48)
    assert got[4] == (2, 48, 24)
    assert got[5:] == [(0, 0, 0)] * 3
    for c in got:
        assert max(c) <= 48


def test_cap_full_and_zero():
    s, px = make(255)
    px.set(0, (255, 7, 1))
    assert px.get(0) == (255, 7, 1)
    s, px = make(0)
    px.set(0, (255, 255, 255))
    assert px.get(0) == (0, 0, 0)


def test_roles_and_fill():
    s, px = make()
    assert px.role("px1") == 0 and px.role("status") == 7 and px.role("px7") == 6
    e = raises(ValueError, px.role, "green")  # a game's meaning, not a position
    mentions(e, "green", "px7")
    px.fill((0, 0, 200))
    px.set(px.role("px4"), (100, 0, 0))
    px.show()
    assert s.writes[-1] == [(0, 0, 48)] * 3 + [(48, 0, 0)] + [(0, 0, 48)] * 4
    assert len(px) == 8


def test_bad_values_are_refused():
    s, px = make()
    mentions(raises(ValueError, px.set, 0, (256, 0, 0)), "0..255")
    raises(ValueError, px.set, 0, (0, -1, 0))
    raises(IndexError, px.set, 8, (1, 1, 1))
    raises(IndexError, px.set, -1, (1, 1, 1))
    mentions(raises(ValueError, Pixels, Strip(3), ROLES, 48), "8 roles", "3 pixels")


def test_show_writes_only_on_change():
    s, px = make()
    assert px.show()  # the first show clears whatever the LEDs held at power-up
    assert len(s.writes) == 1
    assert not px.show()
    px.set(2, (0, 0, 0))  # no change
    assert not px.show()
    px.set(2, (9, 9, 9))
    assert px.show()
    assert not px.show()
    px.set(2, (255, 0, 0))
    px.set(2, (9, 9, 9))  # changed and back before show(): nothing to write
    assert not px.show()
    px.set(2, (255, 255, 255))
    px.set(2, (200, 200, 200))  # both cap to (48, 48, 48): the same colour on the strip
    assert px.show()
    px.set(2, (250, 250, 250))
    assert not px.show()
    assert len(s.writes) == 3
    assert s.writes[-1][2] == (48, 48, 48)


def _idle(px, n):
    gc.collect()
    a = gc.mem_alloc()
    for _ in range(n):
        px.show()
    return gc.mem_alloc() - a


def test_unchanged_show_allocates_nothing():
    micropython_only("gc.mem_alloc counts the heap's allocations")
    s, px = make()
    px.show()
    assert _idle(px, 500) == 0
    px.set(0, (1, 2, 3))
    assert _idle(px, 1) > 0  # a real write builds tuples: the check sees allocation

# The WS2812B strip behind a brightness cap, named roles and write-on-change.
#
#   px = Pixels(neopixel.NeoPixel(pin, 8), board.pixel_roles, board.pixel_cap)
#   px.set(px.role("red"), (255, 0, 0))   # stored as (cap, 0, 0)
#   px.show()                             # writes the strip only if a colour changed
#
# The strip is anything with __setitem__(i, (r, g, b)), __len__ and write(): NeoPixel puts
# the bytes in the wire order (GRB) itself, so colours here are always RGB.


class Pixels:
    def __init__(self, strip, roles, cap=255):
        self._strip = strip
        self._n = n = len(strip)
        self._roles = tuple(roles)
        if len(self._roles) != n:
            raise ValueError("pixels: %d roles for %d pixels" % (len(self._roles), n))
        if not 0 <= cap <= 255:
            raise ValueError("pixels: cap must be 0..255, not %r" % (cap,))
        self._cap = cap
        self._want = bytearray(3 * n)  # RGB after the cap, what show() should display
        self._sent = bytearray(3 * n)  # what the strip was last given
        self._fresh = True  # the strip's state is unknown until the first write

    def __len__(self):
        return self._n

    def role(self, name):
        try:
            return self._roles.index(name)
        except ValueError:
            raise ValueError("pixels: no pixel for role %r (roles: %s)"
                             % (name, ", ".join(self._roles)))

    def _put(self, i, rgb):
        r, g, b = rgb
        if not (0 <= r <= 255 and 0 <= g <= 255 and 0 <= b <= 255):
            raise ValueError("pixels: colour channels are 0..255, not %r" % (rgb,))
        c = self._cap
        m = r if r > g else g
        if b > m:
            m = b
        if m > c:  # scale all three by cap/max, rounded, so the hue stays
            h = m >> 1
            r = (r * c + h) // m
            g = (g * c + h) // m
            b = (b * c + h) // m
        w = self._want
        j = 3 * i
        w[j] = r
        w[j + 1] = g
        w[j + 2] = b

    def set(self, i, rgb):
        if not 0 <= i < self._n:
            raise IndexError("pixels: no pixel %d (0..%d)" % (i, self._n - 1))
        self._put(i, rgb)

    def get(self, i):
        # -> the colour show() will display, after the cap
        j = 3 * i
        w = self._want
        return (w[j], w[j + 1], w[j + 2])

    def fill(self, rgb):
        self._put(0, rgb)
        w = self._want
        for j in range(3, 3 * self._n):
            w[j] = w[j - 3]

    def show(self):
        # -> True if the strip was written
        w = self._want
        s = self._sent
        if not self._fresh and w == s:
            return False
        self._fresh = False
        strip = self._strip
        for i in range(self._n):
            j = 3 * i
            strip[i] = (w[j], w[j + 1], w[j + 2])
            s[j] = w[j]
            s[j + 1] = w[j + 1]
            s[j + 2] = w[j + 2]
        strip.write()
        return True

# Deterministic PRNG of our own: xorshift32 (Marsaglia, 2003).
# CPython's and MicroPython's `random` give different streams, but a game log synced to the
# desktop must replay to the very same Ludwig draws, so both runtimes use this one.

MASK = 0xFFFFFFFF


def derive(seed, stream):
    # One independent-looking stream per purpose (stage 1 deck, stage 2 deck, ...) from one seed.
    x = (seed * 0x9E3779B1 + stream * 0x85EBCA77 + 0x165667B1) & MASK
    x ^= x >> 15
    x = (x * 0x2C1B3C6D) & MASK
    x ^= x >> 12
    return x


class Rng:
    def __init__(self, seed):
        # xorshift has one fixed point, 0; any other state walks the full 2**32 - 1 cycle.
        self.state = (seed & MASK) or 0x6D2B79F5

    def next32(self):
        x = self.state
        x ^= (x << 13) & MASK
        x ^= x >> 17
        x ^= (x << 5) & MASK
        self.state = x
        return x

    def below(self, n):
        # Uniform in [0, n): reject the top sliver that would bias `% n`.
        if n <= 0:
            raise ValueError("below() needs n >= 1, got %d" % n)
        limit = 0x100000000 - 0x100000000 % n
        while True:
            r = self.next32()
            if r < limit:
                return r % n

    def shuffle(self, items):
        # Fisher-Yates, in place; works on lists and bytearrays alike.
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items

    def choice(self, items):
        return items[self.below(len(items))]

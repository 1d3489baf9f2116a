# SPDX-License-Identifier: MIT
"""Deterministic PRNG: two 16-bit multiply-with-carry generators.

Every intermediate value stays below 2**30, so the sequence is the same on CPython and on
MicroPython and no step allocates a big integer. The state is two small ints that are saved
with the game.
"""

_A1 = 16380  # a * 2**16 - 1 and (a * 2**16 - 2) / 2 are both prime: period ~2**29
_A2 = 16365


class Rng:
    def __init__(self, seed=1):
        self.seed(seed)

    def seed(self, seed):
        seed &= 0x3FFFFFFF
        self.z = 1 + (seed & 0x7FFF)
        self.w = 1 + ((seed >> 15) ^ 0x2C5A)
        for _ in range(8):
            self.next16()

    def next16(self):
        z = self.z
        z = _A1 * (z & 0xFFFF) + (z >> 16)
        self.z = z
        w = self.w
        w = _A2 * (w & 0xFFFF) + (w >> 16)
        self.w = w
        return ((z >> 5) ^ w) & 0xFFFF

    def below(self, n):
        """A uniform int in range(n), 1 <= n <= 65536 (rejection sampling, no bias)."""
        limit = 65536 - 65536 % n
        r = self.next16()
        while r >= limit:
            r = self.next16()
        return r % n

    def d6(self):
        return self.below(6) + 1

    def weighted(self, weights):
        """Index into ``weights`` (small non-negative ints) chosen in proportion to them."""
        total = 0
        for x in weights:
            total += x
        r = self.below(total)
        i = 0
        for x in weights:
            if r < x:
                return i
            r -= x
            i += 1
        raise ValueError("weights are all zero")

    def peek16(self):
        """The value the next ``next16()`` will return, without advancing."""
        z = self.z
        z = _A1 * (z & 0xFFFF) + (z >> 16)
        w = self.w
        w = _A2 * (w & 0xFFFF) + (w >> 16)
        return ((z >> 5) ^ w) & 0xFFFF

    def get_state(self):
        return (self.z, self.w)

    def set_state(self, z, w):
        if not (0 < z < 0x40000000 and 0 < w < 0x40000000):
            raise ValueError("bad PRNG state")
        self.z = z
        self.w = w

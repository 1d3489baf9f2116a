# SPDX-License-Identifier: MIT
"""Fake ``neopixel``: records constructor arguments and every show()."""
instances = []


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.pin = pin
        self.n = n
        self.brightness = brightness
        self.auto_write = auto_write
        self._c = [0] * n
        self.shows = []  # the colours at each show()
        instances.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, color):
        self._c[i] = color

    def __getitem__(self, i):
        return self._c[i]

    def fill(self, color):
        self._c = [color] * self.n

    def show(self):
        self.shows.append(tuple(self._c))

# SPDX-License-Identifier: MIT
"""Stand-in for the ``neopixel`` library over CircuitPython's native ``adafruit_pixelbuf``:
the pixel buffer (3 bytes a pixel, GRB) and, when brightness is below 1, the second buffer
the C code keeps the unscaled colours in."""


class NeoPixel:
    def __init__(self, pin, n, *, bpp=3, brightness=1.0, auto_write=True, pixel_order=None):
        self.n = n
        self._bpp = bpp
        self._buf = bytearray(n * bpp)
        self._pre = bytearray(n * bpp) if brightness < 1.0 else None
        self.brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return self.n

    def __setitem__(self, i, color):
        buf = self._pre if self._pre is not None else self._buf
        j = i * self._bpp
        buf[j] = (color >> 8) & 0xFF
        buf[j + 1] = (color >> 16) & 0xFF
        buf[j + 2] = color & 0xFF

    def fill(self, color):
        for i in range(self.n):
            self[i] = color

    def show(self):
        pass

    def deinit(self):
        pass

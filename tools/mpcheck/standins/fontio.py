# SPDX-License-Identifier: MIT
"""Stand-in for CircuitPython's native ``fontio`` in the MicroPython check: the built-in
font (``terminalio.FONT``) and its Glyph named tuple.

On the device the font and its glyph sheet (a 1-bit Bitmap, one row of 6 x 12 cells) are
const data in flash and cost no heap; ``get_glyph`` builds a new 8-field Glyph tuple on the
heap at each call and ``get_bounding_box`` a new 2-tuple. The stand-in's sheet stores no
pixels at all: a pixel is computed from its position (a fixed pattern, blank for the
space), so the sheet costs one small object, as the const data costs nothing.
"""
try:
    from ucollections import namedtuple  # the interpreter's own: costs no heap to import
except ImportError:
    from collections import namedtuple

from displayio import Bitmap

Glyph = namedtuple("Glyph", ("bitmap", "tile_index", "width", "height", "dx", "dy",
                             "shift_x", "shift_y"))


class GlyphSheet(Bitmap):
    """Read-only 1-bit bitmap of ``count`` glyph cells of ``w`` x ``h`` pixels (a Bitmap, as
    the device's font bitmap is, so TileGrids can use it; it stores no pixels)."""

    def __init__(self, count, w, h):  # no Bitmap.__init__: nothing to allocate
        self.width = count * w
        self.height = h
        self.bits_per_value = 1
        self._w = w

    def _get(self, x, y):
        w = self._w
        g = x // w
        c = x - g * w
        if g == 0 or c == w - 1 or y < 2 or y > self.height - 3:
            return 0  # the space, the gap column, the rows above and below the glyphs
        return 1 if (c + y + g) % 3 == 0 else 0


class BuiltinFont:
    def __init__(self, count, w, h):
        self.bitmap = GlyphSheet(count, w, h)
        self._w = w
        self._h = h

    def get_bounding_box(self):
        return (self._w, self._h)

    def get_glyph(self, codepoint):
        if not 0x20 <= codepoint <= 0x7E:
            return None
        w = self._w
        return Glyph(self.bitmap, codepoint - 0x20, w, self._h, 0, 0, w, 0)

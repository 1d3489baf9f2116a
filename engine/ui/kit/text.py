# SPDX-License-Identifier: MIT
"""Text as TileGrids over the built-in font: one tile index per character.

A line of 26 characters costs a TileGrid of 26 one-byte indices (about 100 bytes) instead
of a label object with its own bitmap; the glyphs stay in the font's bitmap, which on the
device lives in flash. Printable ASCII only (the data compiler refuses anything else)."""
import displayio
import terminalio

GLYPH_W = 6
GLYPH_H = 12
_FIRST = 32  # the built-in font's bitmap starts with ASCII from the space
_COUNT = 95


def font_sheet():
    """The glyph sheet: tile ``ord(c) - 32`` is character ``c``. On CircuitPython it is the
    built-in font's own bitmap; where the font keeps one bitmap per glyph (Blinka on a
    desktop), the glyphs are copied once into a sheet."""
    font = terminalio.FONT
    bmp = getattr(font, "bitmap", None)
    if isinstance(bmp, displayio.Bitmap):
        g = font.get_glyph(ord("A"))
        if g is not None and g.tile_index == ord("A") - _FIRST:
            return bmp
    sheet = displayio.Bitmap(GLYPH_W * _COUNT, GLYPH_H, 2)
    for i in range(_COUNT):
        g = font.get_glyph(_FIRST + i)
        if g is None:
            continue
        src = g.bitmap
        # glyph rows sit on the baseline: dy is the offset from the bottom of the box
        top = GLYPH_H - g.height - (g.dy + 2)
        for y in range(g.height):
            ty = top + y
            if not 0 <= ty < GLYPH_H:
                continue
            for x in range(min(g.width, GLYPH_W)):
                if src[x, y]:
                    sheet[i * GLYPH_W + x, ty] = 1
    return sheet


def text_palette(color):
    p = displayio.Palette(2)
    p[0] = 0
    p[1] = color
    p.make_transparent(0)
    return p


class Line:
    """One line of text of at most ``width`` characters at (x, y)."""

    def __init__(self, sheet, pal, x, y, width):
        self.grid = displayio.TileGrid(sheet, pixel_shader=pal, width=width, height=1,
                                       tile_width=GLYPH_W, tile_height=GLYPH_H, default_tile=0,
                                       x=x, y=y)
        self.width = width
        self.text = ""

    def set(self, text, pal=None):
        """Show ``text`` (cut to the width); only changed characters are written."""
        if pal is not None and self.grid.pixel_shader is not pal:
            self.grid.pixel_shader = pal
        if text == self.text:
            return
        self.text = text
        g = self.grid
        # the text's bytes, not its characters: text[i] is a one-character string, which
        # the interpreter interns, so a character first shown late grew the table of
        # names by a 1,280-byte block in a crowded heap (docs/PERFORMANCE.md)
        data = text.encode()
        n = len(data)
        for i in range(self.width):
            c = data[i] - _FIRST if i < n else 0
            if not 0 <= c < _COUNT:
                c = ord("?") - _FIRST
            if g[i] != c:
                g[i] = c


def wrap(text, width=25):
    """``text`` cut into lines of at most ``width`` characters, at spaces."""
    out = []
    line = ""
    for word in text.split(" "):
        if line and len(line) + 1 + len(word) > width:
            out.append(line)
            line = ""
        line = (line + " " + word) if line else word[:width]
    out.append(line)
    return out

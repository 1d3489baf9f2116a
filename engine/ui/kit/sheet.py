# SPDX-License-Identifier: MIT
"""Draws the panel's sprite sheet (layout in sprites.py) once at start-up, and the hex
shapes the maps' sheets are drawn with (engine/ui/pt/sheet.py, engine/ui/hex/sheet.py).
The UI loads this module for that and lets it go afterwards (lazy.moment): its code is not
needed again."""
import displayio

from .sprites import C_DIE, C_PANEL, C_PIP, C_SIDE_A, C_SIDE_B, CELL, N_CELLS, S_BAR, S_DIE, \
    S_SOLID

# Half-widths of the hex masks, row by row: a 16-pixel hex (the panel's cells, Tactical
# Hex's map), whose points take 4 rows top and bottom, and the 20-pixel hex of the
# Pocket-Tactics map (points of 5 rows). A point's row and the facing point of the next row
# of hexes add up to the full half-width, so rows of hexes interlock without a gap.
HALF16 = (1, 3, 5, 7, 8, 8, 8, 8, 8, 8, 8, 8, 7, 5, 3, 1)
HALF20 = (1, 3, 5, 7, 9) + (10,) * 10 + (9, 7, 5, 3, 1)
_PIPS = ((), (4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8), (0, 2, 3, 5, 6, 8))


def in_hex(x, y, half=HALF16):
    """Pixel (x, y) of a cell lies in the hex of mask ``half`` (its cell is len(half)
    pixels square)."""
    n = len(half)
    if not (0 <= x < n and 0 <= y < n):
        return False
    h = half[y]
    return n // 2 - h <= x < n // 2 + h


def on_edge(x, y, thick, half=HALF16):
    """A hex pixel within ``thick`` pixels of the outside (4-neighbourhood)."""
    for d in range(1, thick + 1):
        if not (in_hex(x + d, y, half) and in_hex(x - d, y, half) and in_hex(x, y + d, half)
                and in_hex(x, y - d, half)):
            return True
    return False


# Pixels are set by linear index (y * width + x): an (x, y) key would allocate a tuple per
# pixel while the sheet is drawn.

def draw_hex(bmp, cell, color, outline_only=False, thick=1, edge=0, half=HALF16, inset=0):
    """A hex in ``cell`` (cells as wide as ``half`` is long): filled with ``color`` inside
    an ``edge`` outline, or only its outline, ``thick`` pixels wide, in ``color``;
    ``inset`` pixels inside the cell's hex (an outline that leaves a mark around it
    visible)."""
    w = bmp.width
    n = len(half)
    ox = cell * n
    for y in range(n):
        row = y * w + ox
        for x in range(n):
            if not in_hex(x, y, half) or inset and on_edge(x, y, inset, half):
                continue
            if on_edge(x, y, thick + inset, half):
                bmp[row + x] = color if outline_only else edge
            elif not outline_only:
                bmp[row + x] = color


def _die(bmp, cell, face):
    w = bmp.width
    ox = cell * CELL
    for y in range(2, 14):
        for x in range(2, 14):
            if not ((x == 2 or x == 13) and (y == 2 or y == 13)):  # round the corners
                bmp[y * w + ox + x] = C_DIE
    for p in _PIPS[face]:
        px = ox + 4 + (p % 3) * 3
        py = 4 + (p // 3) * 3
        for dy in (0, 1):
            for dx in (0, 1):
                bmp[(py + dy) * w + px + dx] = C_PIP


def _fill(bmp, cell, color, rows):
    w = bmp.width
    ox = cell * CELL
    for y in range(rows):
        for x in range(CELL):
            bmp[y * w + ox + x] = color


def make_sheet():
    """Draw the panel's sprites into one Bitmap (N_CELLS cells of 16 x 16, 2 bits a
    pixel: slots of the panel's palette or of a die's, kit/sprites.py)."""
    bmp = displayio.Bitmap(CELL * N_CELLS, CELL, 4)
    for face in range(1, 7):
        _die(bmp, S_DIE + face - 1, face)
    _fill(bmp, S_SOLID, C_PANEL, CELL)
    _fill(bmp, S_BAR, C_SIDE_A, 12)
    _fill(bmp, S_BAR + 1, C_SIDE_B, 12)
    return bmp

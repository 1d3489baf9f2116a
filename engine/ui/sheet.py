# SPDX-License-Identifier: MIT
"""Draws the sprite sheet (layout in sprites.py) once at start-up. The UI loads this module
for that and lets it go afterwards (lazy.forget): its code is not needed again."""
import displayio

from .sprites import (C_EDGE, C_INK, C_PANEL, C_SIDE_A, C_SIDE_B, C_TERRAIN, C_WHITE, CELL,
                      C_CURSOR, C_MOVE, C_TARGET, N_CELLS, ROLE_FLYER, ROLE_MAGE,
                      ROLE_RANGED, S_BAR, S_CURSOR, S_DIE_DEF, S_DIE_OFF, S_FEATURE, S_MOVE,
                      S_SOLID, S_TARGET, S_TERRAIN, S_UNIT)

# Half-widths of the hex mask, row by row (16 rows): the points take 4 rows top and bottom.
_HALF = (1, 3, 5, 7, 8, 8, 8, 8, 8, 8, 8, 8, 7, 5, 3, 1)

# Feature icons, 7 x 6, one string per row ("#" = ink).
_FEATURE_ICONS = (
    ("...#...", "..###..", ".#####.", "#######", "...#...", "...#..."),  # forest
    ("...#...", "..###..", ".##.##.", "##...##", "#.....#", "......."),  # highlands
    ("...#...", "..#.#..", ".#...#.", "#######", "#.#.#.#", "#######"),  # village
    ("#.#.#.#", "#######", "#.....#", "#..#..#", "#..#..#", "#######"),  # fortress
    ("#...#..", "#...#.#", "#.#.#.#", "#.#...#", "#.#.#.#", "#######"),  # ruins
    ("..#.#..", "..###..", "..#.#..", "..###..", "..#.#..", ".#####."),  # tower
)
_PIPS = ((), (4,), (0, 8), (0, 4, 8), (0, 2, 6, 8), (0, 2, 4, 6, 8), (0, 2, 3, 5, 6, 8))


def _in_hex(x, y):
    if not (0 <= x < CELL and 0 <= y < CELL):
        return False
    h = _HALF[y]
    return 8 - h <= x < 8 + h


def _edge(x, y, thick):
    """A hex pixel within ``thick`` pixels of the outside (4-neighbourhood)."""
    for d in range(1, thick + 1):
        if not (_in_hex(x + d, y) and _in_hex(x - d, y) and _in_hex(x, y + d)
                and _in_hex(x, y - d)):
            return True
    return False


# Pixels are set by linear index (y * width + x): an (x, y) key would allocate a tuple per
# pixel while the sheet is drawn.

def _hex(bmp, cell, color, outline_only=False, thick=1, edge=C_EDGE):
    """A hex in ``cell``: filled with ``color`` inside an ``edge`` outline, or only its
    outline, ``thick`` pixels wide, in ``color`` (Tactical Hex's sheet draws with it too)."""
    w = bmp.width
    ox = cell * CELL
    for y in range(CELL):
        row = y * w + ox
        for x in range(CELL):
            if not _in_hex(x, y):
                continue
            if _edge(x, y, thick):
                bmp[row + x] = color if outline_only else edge
            elif not outline_only:
                bmp[row + x] = color


def _icon(bmp, cell, rows, x0, y0, color):
    w = bmp.width
    ox = cell * CELL + x0
    for y in range(len(rows)):
        row = rows[y]
        base = (y0 + y) * w + ox
        for x in range(len(row)):
            if row[x] == "#":
                bmp[base + x] = color


def _unit(bmp, cell, side_color, role):
    w = bmp.width
    ox = cell * CELL
    # a disc of radius 4 at (8, 10) with a white rim, a role mark inside
    for y in range(5, 16):
        for x in range(3, 13):
            d = (x - 8) * (x - 8) + (y - 10) * (y - 10)
            if d <= 13:
                bmp[y * w + ox + x] = side_color
            elif d <= 22:
                bmp[y * w + ox + x] = C_WHITE
    if role == ROLE_RANGED:
        for x in range(6, 11):
            bmp[10 * w + ox + x] = C_WHITE
    elif role == ROLE_MAGE:
        for d in range(-2, 3):
            bmp[10 * w + ox + 8 + d] = C_WHITE
            bmp[(10 + d) * w + ox + 8] = C_WHITE
    elif role == ROLE_FLYER:
        for d in range(0, 3):
            bmp[(9 + d) * w + ox + 8 - d] = C_WHITE
            bmp[(9 + d) * w + ox + 8 + d] = C_WHITE


def _die(bmp, cell, body, face):
    w = bmp.width
    ox = cell * CELL
    for y in range(2, 14):
        for x in range(2, 14):
            if not ((x == 2 or x == 13) and (y == 2 or y == 13)):  # round the corners
                bmp[y * w + ox + x] = body
    for p in _PIPS[face]:
        px = ox + 4 + (p % 3) * 3
        py = 4 + (p // 3) * 3
        for dy in (0, 1):
            for dx in (0, 1):
                bmp[(py + dy) * w + px + dx] = C_WHITE


def make_sheet():
    """Draw every sprite into one Bitmap (N_CELLS cells of 16 x 16, 4 bits a pixel)."""
    bmp = displayio.Bitmap(CELL * N_CELLS, CELL, 16)
    for t in range(6):
        _hex(bmp, S_TERRAIN + t, C_TERRAIN + t)
    for f in range(6):
        _icon(bmp, S_FEATURE + f, _FEATURE_ICONS[f], 5, 1, C_INK)
    for side in (0, 1):
        for role in range(4):
            _unit(bmp, S_UNIT + side * 4 + role, C_SIDE_A + side, role)
    _hex(bmp, S_MOVE, C_MOVE, True)
    _hex(bmp, S_TARGET, C_TARGET, True, 2)
    _hex(bmp, S_CURSOR, C_CURSOR, True, 2)
    for face in range(1, 7):
        _die(bmp, S_DIE_OFF + face - 1, C_SIDE_B, face)
        _die(bmp, S_DIE_DEF + face - 1, C_SIDE_A, face)
    _fill(bmp, S_SOLID, C_PANEL, CELL)
    _fill(bmp, S_BAR, C_SIDE_A, 12)
    _fill(bmp, S_BAR + 1, C_SIDE_B, 12)
    return bmp


def _fill(bmp, cell, color, rows):
    w = bmp.width
    ox = cell * CELL
    for y in range(rows):
        for x in range(CELL):
            bmp[y * w + ox + x] = color

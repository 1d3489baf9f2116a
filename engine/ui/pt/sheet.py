# SPDX-License-Identifier: MIT
"""Draws the Pocket-Tactics map's sprite sheet (layout in sprites.py) when a map is first
made. The UI loads this module for that and lets it go afterwards (lazy.moment)."""
import displayio

from engine.ui.kit.sheet import draw_hex

from .sprites import (C_CURSOR, C_EDGE, C_INK, C_MOVE, C_SIDE_A, C_TARGET, C_TERRAIN,
                      C_WHITE, N_CELLS, ROLE_FLYER, ROLE_MAGE, ROLE_RANGED, S_CURSOR, S_FEATURE,
                      S_MOVE, S_TARGET, S_TERRAIN, S_UNIT)

CELL = 16

# Feature icons, 7 x 6, one string per row ("#" = ink).
_FEATURE_ICONS = (
    ("...#...", "..###..", ".#####.", "#######", "...#...", "...#..."),  # forest
    ("...#...", "..###..", ".##.##.", "##...##", "#.....#", "......."),  # highlands
    ("...#...", "..#.#..", ".#...#.", "#######", "#.#.#.#", "#######"),  # village
    ("#.#.#.#", "#######", "#.....#", "#..#..#", "#..#..#", "#######"),  # fortress
    ("#...#..", "#...#.#", "#.#.#.#", "#.#...#", "#.#.#.#", "#######"),  # ruins
    ("..#.#..", "..###..", "..#.#..", "..###..", "..#.#..", ".#####."),  # tower
)


# Pixels are set by linear index (y * width + x): an (x, y) key would allocate a tuple per
# pixel while the sheet is drawn.

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


def make_sheet():
    """Draw every map sprite into one Bitmap (N_CELLS cells of 16 x 16, 4 bits a pixel)."""
    bmp = displayio.Bitmap(CELL * N_CELLS, CELL, 16)
    for t in range(6):
        draw_hex(bmp, S_TERRAIN + t, C_TERRAIN + t, edge=C_EDGE)
    for f in range(6):
        _icon(bmp, S_FEATURE + f, _FEATURE_ICONS[f], 5, 1, C_INK)
    for side in (0, 1):
        for role in range(4):
            _unit(bmp, S_UNIT + side * 4 + role, C_SIDE_A + side, role)
    draw_hex(bmp, S_MOVE, C_MOVE, True)
    draw_hex(bmp, S_TARGET, C_TARGET, True, 2)
    draw_hex(bmp, S_CURSOR, C_CURSOR, True, 2)
    return bmp

# SPDX-License-Identifier: MIT
"""Draws Tactical Hex's sprite sheet once (cells of 16 x 16, pointy-topped hexes; no image
files): plain and river hexes, the cursor and marks, and one counter face for every
(side, type, strength, move, damaged) the scenario has (a spent counter is the same face
drawn through a greyed palette: hex_sprites.make_palette).
The map view loads this module (and sheet.py, whose hex mask it shares) for that and lets
them go afterwards (engine/core/lazy.py moment)."""
import displayio

from engine.tactical_hex import tables as T
from engine.tactical_hex.counters import is_special, kind, move, side_of, strength

from engine.ui.kit.sheet import draw_hex, in_hex, on_edge  # the hex mask of the shared sheet
from .sprites import (C_CURSOR, C_EDGE, C_INK, C_MOVE, C_PLAIN, C_RIVER, C_RIVER_EDGE,
                          C_SIDE, C_TARGET, CELL, FIXED, S_CURSOR, S_MOVE, S_PLAIN, S_RIVER,
                          S_TARGET)

# Type marks, 5 x 3 (NATO-like): infantry a cross, MG a gun over a bar, cavalry a slash.
_TYPES = (("#...#", ".#.#.", "#...#"), ("####.", "..#..", "#####"), ("....#", "..#..", "#...."))
# Digits 3 x 5.
_DIGITS = ("###", "#.#", "#.#", "#.#", "###"), (".#.", "##.", ".#.", ".#.", "###"), \
    ("##.", "..#", ".#.", "#..", "###"), ("##.", "..#", ".#.", "..#", "##."), \
    ("#.#", "#.#", "###", "..#", "..#"), ("###", "#..", "##.", "..#", "##."), \
    (".##", "#..", "###", "#.#", "###"), ("###", "..#", ".#.", ".#.", ".#."), \
    ("###", "#.#", "###", "#.#", "###"), ("###", "#.#", "###", "..#", "##.")


def _glyph(bmp, cell, rows, x0, y0, color):
    w = bmp.width
    ox = cell * CELL + x0
    for y in range(len(rows)):
        r = rows[y]
        for x in range(len(r)):
            if r[x] == "#":
                bmp[(y0 + y) * w + ox + x] = color


def _counter(bmp, cell, body, damaged, typ, s, m):
    """A counter: the hex shrunk by two pixels in the side's colour, the type mark on top,
    strength bottom left and move bottom right; a damaged counter has a dark cap."""
    w = bmp.width
    ox = cell * CELL
    for y in range(2, 14):
        for x in range(CELL):
            if in_hex(x, y) and not on_edge(x, y, 2):
                bmp[y * w + ox + x] = C_INK if damaged and y < 5 else body
    _glyph(bmp, cell, _TYPES[typ], 6, 5, C_INK)
    _glyph(bmp, cell, _DIGITS[s % 10], 3, 9, C_INK)
    _glyph(bmp, cell, _DIGITS[m % 10], 10, 9, C_INK)


def faces():
    """The distinct counter faces, in a fixed order: (side, type, strength, move, damaged),
    and per counter and side the index of its face (``index[2 * u + face]``)."""
    out = []
    index = bytearray(2 * T.N_COUNTERS)
    for u in range(T.N_COUNTERS):
        for f in (0, 1):
            if f and T.COUNTERS[u * T.COUNTER_SIZE + 5] == 255:
                index[2 * u + 1] = index[2 * u]  # a blank back is never shown
                continue
            key = (side_of(u), kind(u, f), strength(u, f), move(u, f),
                   1 if f and not is_special(u) else 0)
            if key not in out:
                out.append(key)
            index[2 * u + f] = out.index(key)
    return out, index


def make_sheet():
    """The sheet: FIXED cells, then every face; and the face index."""
    keys, index = faces()
    n = FIXED + len(keys)
    bmp = displayio.Bitmap(CELL * n, CELL, 16)
    draw_hex(bmp, S_PLAIN, C_PLAIN, edge=C_EDGE)
    draw_hex(bmp, S_RIVER, C_RIVER, edge=C_RIVER_EDGE)
    draw_hex(bmp, S_MOVE, C_MOVE, True)
    draw_hex(bmp, S_TARGET, C_TARGET, True, 2)
    draw_hex(bmp, S_CURSOR, C_CURSOR, True, 2)
    for i in range(len(keys)):
        side, typ, s, m, damaged = keys[i]
        _counter(bmp, FIXED + i, C_SIDE + 2 * side, damaged, typ, s, m)
    return bmp, index

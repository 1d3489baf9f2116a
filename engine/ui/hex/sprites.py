# SPDX-License-Identifier: MIT
"""Tactical Hex's sprite sheet layout and palette (the sheet is drawn by hex_sheet.py).
Hexes are pointy-topped cells of 16 x 16: 16 px apart in a row, rows 12 px apart, odd rows
shifted 8 px right (the "odd-r" map of engine/tactical_hex/geometry.py)."""
import displayio

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL = const(16)

# Palette slots.
C_PLAIN = const(1)
C_EDGE = const(2)
C_RIVER = const(3)
C_RIVER_EDGE = const(4)
C_SIDE = const(5)  # 5 Japan, 7 Russia; 6 and 8 their spent colours (make_palette)
C_INK = const(9)
C_CURSOR = const(10)
C_MOVE = const(11)
C_TARGET = const(12)
C_PANEL = const(13)
C_WHITE = const(14)

# RULES part B: light plains, blue rivers, Japan's counters white and Russia's red.
COLORS = (0x000000, 0xD8D8A8, 0xA8A878, 0x3C78D8, 0x2A5AB0, 0xF4F4F0, 0x9C9C98, 0xD83828,
          0x7C3C34, 0x101010, 0xFFE020, 0x58D0FF, 0xFF2828, 0x182028, 0xFFFFFF, 0x000000)

# Sprite cells.
S_EMPTY = const(0)
S_PLAIN = const(1)
S_RIVER = const(2)
S_MOVE = const(3)
S_TARGET = const(4)
S_CURSOR = const(5)
FIXED = const(6)  # then the counter faces


def make_palette(spent=False):
    """The palette; ``spent``: the counters' colours greyed (a spent counter's TileGrid
    draws through it, so each face is drawn once)."""
    pal = displayio.Palette(16)
    for i in range(16):
        pal[i] = COLORS[i]
    if spent:
        pal[C_SIDE] = COLORS[C_SIDE + 1]
        pal[C_SIDE + 2] = COLORS[C_SIDE + 3]
    pal.make_transparent(0)
    return pal


def map_sheet(config=None):
    """(the map's sprite sheet and the counters' faces, drawn by sheet.py, whose code is
    needed only for that; the palette; the spent counters' palette). A Tactical Hex game
    has no ``config``: one map, one order of battle."""
    from engine.core.lazy import moment

    sheet, face = moment("engine.ui.hex.sheet", "make_sheet")
    return sheet, face, make_palette(), make_palette(True)

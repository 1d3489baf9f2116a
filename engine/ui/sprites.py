# SPDX-License-Identifier: MIT
"""The one sprite sheet's layout (cells of 16 x 16) and its palette. The sheet itself is drawn
at start-up by sheet.py (no image files). Hexes are pointy-topped; neighbours sit 16 px apart
in a row and rows 12 px apart, shifted 8 px (see mapview.py)."""
import displayio

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL = const(16)

# Palette slots.
_C_CLEAR = const(0)  # transparent
C_TERRAIN = const(1)  # 1..6: terrain colours by terrain id
C_INK = const(7)  # feature icons, pips
C_SIDE_A = const(8)
C_SIDE_B = const(9)
C_MOVE = const(10)
C_TARGET = const(11)
C_CURSOR = const(12)
C_WHITE = const(13)
C_EDGE = const(14)
C_PANEL = const(15)

SIDE_COLORS = (0x3C8CFF, 0xFF4A3C)  # player A blue, player B red
_COLORS = (0x000000, 0, 0, 0, 0, 0, 0, 0x202020, SIDE_COLORS[0], SIDE_COLORS[1], 0x58D0FF,
           0xFF2828, 0xFFE020, 0xFFFFFF, 0x101418, 0x182028)

# Sprite cells.
S_EMPTY = const(0)
S_TERRAIN = const(1)  # 1..6
S_FEATURE = const(7)  # 7..12
S_UNIT = const(13)  # 13..16 side A roles, 17..20 side B roles
S_MOVE = const(21)
S_TARGET = const(22)
S_CURSOR = const(23)
S_DIE_OFF = const(24)  # 24..29: red OFF die faces 1-6
S_DIE_DEF = const(30)  # 30..35: blue DEF die faces 1-6
S_SOLID = const(36)  # panel background
S_BAR = const(37)  # 37, 38: selection bar (rows 0-11) in side A / side B colour
N_CELLS = const(39)

# Unit roles (icon shapes).
ROLE_MELEE = const(0)
ROLE_RANGED = const(1)
ROLE_MAGE = const(2)
ROLE_FLYER = const(3)

def make_palette(terrain_colors):
    pal = displayio.Palette(16)
    for i in range(16):
        pal[i] = _COLORS[i]
    for i in range(len(terrain_colors)):
        if i < 6:
            pal[C_TERRAIN + i] = terrain_colors[i]
    pal.make_transparent(_C_CLEAR)
    return pal


def draw_sheet():
    """The sprite sheet, drawn by sheet.py, which is let go afterwards."""
    import engine.ui

    from . import sheet
    from .lazy import forget

    bmp = sheet.make_sheet()
    forget(engine.ui, "sheet")
    return bmp

# SPDX-License-Identifier: MIT
"""The Pocket-Tactics map's sprite sheet layout (cells of 16 x 16) and its palette. The sheet
is drawn when a map is first made, by sheet.py (no image files). Hexes are pointy-topped;
neighbours sit 16 px apart in a row and rows 12 px apart, shifted 8 px (mapview.py)."""
import displayio

from engine.ui.kit.sprites import SIDE_COLORS

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


# Palette slots.
_C_CLEAR = const(0)  # transparent
C_TERRAIN = const(1)  # 1..6: terrain colours by terrain id
C_INK = const(7)  # feature icons
C_SIDE_A = const(8)
C_SIDE_B = const(9)
C_MOVE = const(10)
C_TARGET = const(11)
C_CURSOR = const(12)
C_WHITE = const(13)
C_EDGE = const(14)

_COLORS = (0x000000, 0, 0, 0, 0, 0, 0, 0x202020, SIDE_COLORS[0], SIDE_COLORS[1], 0x58D0FF,
           0xFF2828, 0xFFE020, 0xFFFFFF, 0x101418)

# Sprite cells.
S_EMPTY = const(0)
S_TERRAIN = const(1)  # 1..6
S_FEATURE = const(7)  # 7..12
S_UNIT = const(13)  # 13..16 side A roles, 17..20 side B roles
S_MOVE = const(21)
S_TARGET = const(22)
S_CURSOR = const(23)
N_CELLS = const(24)

# Unit roles (icon shapes).
ROLE_MELEE = const(0)
ROLE_RANGED = const(1)
ROLE_MAGE = const(2)
ROLE_FLYER = const(3)


def make_palette(terrain_colors):
    pal = displayio.Palette(len(_COLORS))
    for i in range(len(_COLORS)):
        pal[i] = _COLORS[i]
    for i in range(len(terrain_colors)):
        if i < 6:
            pal[C_TERRAIN + i] = terrain_colors[i]
    pal.make_transparent(_C_CLEAR)
    return pal


def map_sheet():
    """(the map's sheet, drawn by sheet.py, whose code is needed only for that; its
    palette)."""
    from engine.core.lazy import moment
    from engine.pocket_tactics.names import T_COLOR

    return moment("engine.ui.pt.sheet", "make_sheet"), make_palette(T_COLOR)

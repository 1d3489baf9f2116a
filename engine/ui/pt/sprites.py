# SPDX-License-Identifier: MIT
"""The Pocket-Tactics map's sprite sheet layout (cells of 20 x 20) and its palettes. The
sheet is drawn when a program that shows a map starts, by sheet.py (no image files; the
units' figures are read from sprites.bin). Hexes are pointy-topped; neighbours sit 20 px apart in a row and
rows 15 px apart, shifted 10 px (mapview.py), so a 12-tile map fills the view.

Three kinds of palette: the map's (terrain, features, the cursor), one per side for the
units (the faction's colours on a base in the side's colour: docs/PLAYERS_GUIDE.md), and
one per kind of mark (the ring cell in the mark's colour)."""
import displayio

from engine.ui.kit.sprites import SIDE_COLORS

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL = const(20)

# The map palette's slots.
_C_CLEAR = const(0)  # transparent
C_TERRAIN = const(1)  # 1..6: terrain colours by terrain id
C_INK = const(7)  # feature icons, outlines
C_CURSOR = const(8)
C_WHITE = const(9)
C_EDGE = const(10)
_COLORS = (0x000000, 0, 0, 0, 0, 0, 0, 0x202020, 0xFFE020, 0xFFFFFF, 0x101418)

# A unit's palette (one per side): the slots of the figures in sprites.bin, then the base.
U_OUTLINE = const(1)
U_MAIN = const(2)
U_ACCENT = const(3)
U_LIGHT = const(4)
U_BASE = const(5)
_UNIT_COLORS = (0x000000, 0x141414, 0, 0, 0xF0F0E8)

# Marks: the ring's colour by kind, in slot C_MARK of the mark's palette of two colours
# (the ring's cell is drawn with no other slot)
C_MARK = const(1)
MARK_MOVE = const(0)  # a hex to move to, deploy or cast at
MARK_TARGET = const(1)  # a unit to assault
MARK_SELECT = const(2)  # the selected unit
MARK_COLORS = (0x58D0FF, 0xFF2828, 0xFFFFFF)

# Sprite cells: the same in every game, then the cells of the game's features and unit
# types (sheet.py make_sheet: only those its config has, each once; a unit type's figure
# serves both sides, whose palettes colour it). No cell is empty: a sprite with nothing
# to show is hidden.
S_TERRAIN = const(0)  # 0..5
S_MARK = const(6)
S_CURSOR = const(7)
S_GAME = const(8)  # the first of the game's cells


def make_palette(terrain_colors):
    pal = displayio.Palette(len(_COLORS))
    for i in range(len(_COLORS)):
        pal[i] = _COLORS[i]
    for i in range(len(terrain_colors)):
        if i < 6:
            pal[C_TERRAIN + i] = terrain_colors[i]
    pal.make_transparent(_C_CLEAR)
    return pal


def unit_palette(side, main, accent):
    """Side ``side``'s units: its faction's ``main`` and ``accent`` colours, its own colour
    on the base."""
    pal = displayio.Palette(U_BASE + 1)
    for i in range(len(_UNIT_COLORS)):
        pal[i] = _UNIT_COLORS[i]
    pal[U_MAIN] = main
    pal[U_ACCENT] = accent
    pal[U_BASE] = SIDE_COLORS[side]
    pal.make_transparent(_C_CLEAR)
    return pal


def mark_palettes():
    """One palette a kind of mark: the ring cell in its colour."""
    out = []
    for color in MARK_COLORS:
        pal = displayio.Palette(C_MARK + 1)
        pal[C_MARK] = color
        pal.make_transparent(_C_CLEAR)
        out.append(pal)
    return out


def map_sheet(config, features=()):
    """(the map's sheet, drawn by sheet.py, whose code is needed only for that, with the
    figures of the armies of the game of ``config`` bytes, the features it has and those
    of ``features``; its palette; the sides' unit palettes; the cells of the features and
    unit types it has: feature ``f``'s is ``cells[f]``, unit type ``ty``'s
    ``cells[N_FEATURES + ty]``, 255 for those it has not)."""
    from engine.core.lazy import moment
    from engine.pocket_tactics.tables import T_COLOR

    sheet, colors, cells = moment("engine.ui.pt.sheet", "make_sheet", config, features)
    return (sheet, make_palette(T_COLOR), (unit_palette(0, colors[0], colors[1]),
                                           unit_palette(1, colors[2], colors[3])), cells)


def unit_figure(ty):
    """(a 20 x 20 Bitmap of unit type ``ty``'s figure, in rows 2-13; its palette: the
    faction's colours), drawn by sheet.py for the moment (the unit browser)."""
    from engine.core.lazy import moment

    bmp, main, accent = moment("engine.ui.pt.sheet", "figure_sheet", ty)
    return bmp, unit_palette(0, main, accent)

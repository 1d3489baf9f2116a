# SPDX-License-Identifier: MIT
"""The one sprite sheet: a 4-bit Bitmap of 16 x 16 cells drawn at start-up (no image files),
and its palette. Hexes are pointy-topped; neighbours sit 16 px apart in a row and rows 12 px
apart, shifted 8 px (see mapview.py)."""
import displayio

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL = const(16)

# Palette slots.
C_CLEAR = const(0)  # transparent
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


def make_palette(terrain_colors):
    pal = displayio.Palette(16)
    for i in range(16):
        pal[i] = _COLORS[i]
    for i in range(len(terrain_colors)):
        if i < 6:
            pal[C_TERRAIN + i] = terrain_colors[i]
    pal.make_transparent(C_CLEAR)
    return pal


def _in_hex(x, y):
    h = _HALF[y]
    return 8 - h <= x < 8 + h


def _hex(bmp, cell, color, outline_only=False, thick=1):
    ox = cell * CELL
    for y in range(CELL):
        for x in range(CELL):
            if not _in_hex(x, y):
                continue
            edge = False
            for d in range(1, thick + 1):
                for dx, dy in ((d, 0), (-d, 0), (0, d), (0, -d)):
                    nx = x + dx
                    ny = y + dy
                    if not (0 <= nx < CELL and 0 <= ny < CELL and _in_hex(nx, ny)):
                        edge = True
            if edge:
                bmp[ox + x, y] = C_EDGE if not outline_only else color
            elif not outline_only:
                bmp[ox + x, y] = color


def _icon(bmp, cell, rows, x0, y0, color):
    ox = cell * CELL
    for y in range(len(rows)):
        row = rows[y]
        for x in range(len(row)):
            if row[x] == "#":
                bmp[ox + x0 + x, y0 + y] = color


def _unit(bmp, cell, side_color, role):
    ox = cell * CELL
    # a disc of radius 4 at (8, 10) with a white rim, a role mark inside
    for y in range(5, 16):
        for x in range(3, 13):
            d = (x - 8) * (x - 8) + (y - 10) * (y - 10)
            if d <= 13:
                bmp[ox + x, y] = side_color
            elif d <= 22:
                bmp[ox + x, y] = C_WHITE
    if role == ROLE_RANGED:
        for x in range(6, 11):
            bmp[ox + x, 10] = C_WHITE
    elif role == ROLE_MAGE:
        for d in range(-2, 3):
            bmp[ox + 8 + d, 10] = C_WHITE
            bmp[ox + 8, 10 + d] = C_WHITE
    elif role == ROLE_FLYER:
        for d in range(0, 3):
            bmp[ox + 8 - d, 9 + d] = C_WHITE
            bmp[ox + 8 + d, 9 + d] = C_WHITE


def _die(bmp, cell, body, face):
    ox = cell * CELL
    for y in range(2, 14):
        for x in range(2, 14):
            corner = (x in (2, 13)) and (y in (2, 13))
            if not corner:
                bmp[ox + x, y] = body
    for p in _PIPS[face]:
        px = 4 + (p % 3) * 3
        py = 4 + (p // 3) * 3
        for dy in (0, 1):
            for dx in (0, 1):
                bmp[ox + px + dx, py + dy] = C_WHITE


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
    ox = cell * CELL
    for y in range(rows):
        for x in range(CELL):
            bmp[ox + x, y] = color

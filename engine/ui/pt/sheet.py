# SPDX-License-Identifier: MIT
"""Draws the Pocket-Tactics map's sprite sheet (layout in sprites.py) when a map is first
made, and the units' cells when the armies are known. The UI loads this module for that and
lets it go afterwards (lazy.moment).

The units' figures come from sprites.bin beside the rules (tools/build_data.py writes it
from data/pocket_tactics/sprites.json; docs/DATA.md):

  "SP" | version | factions F | unit types N | width W | height H |
  F x (first unit type, types, main colour RGB, accent colour RGB) |
  N x the figure, W x H pixels, two a byte (the high nibble first), row by row

A pixel is 0 (clear), 1 (outline), 2 (the faction's main colour), 3 (its accent) or 4
(light): the slots of a unit palette (sprites.py)."""
import displayio

from engine.ui.kit.sheet import HALF20, draw_hex

from engine.pocket_tactics.names import PATH as _NAMES_PATH
from engine.pocket_tactics.tables import N_FEATURES, N_UNITS

from .sprites import (C_CURSOR, C_EDGE, C_INK, C_MARK, C_TERRAIN, C_WHITE, CELL, S_CURSOR,
                      S_GAME, S_MARK, S_TERRAIN, U_BASE, U_OUTLINE)

MAGIC = b"SP"
VERSION = 1
# sprites.bin beside names.bin (the rules' folder, whatever the device build names it;
# names.py is loaded wherever a Pocket-Tactics screen is)
PATH = _NAMES_PATH.rsplit("/", 1)[0] + "/sprites.bin"

# Feature icons, 7 x 6, one string per row ("#" = ink).
_FEATURE_ICONS = (
    ("...#...", "..###..", ".#####.", "#######", "...#...", "...#..."),  # forest
    ("...#...", "..###..", ".##.##.", "##...##", "#.....#", "......."),  # highlands
    ("...#...", "..#.#..", ".#...#.", "#######", "#.#.#.#", "#######"),  # village
    ("#.#.#.#", "#######", "#.....#", "#..#..#", "#..#..#", "#######"),  # fortress
    ("#...#..", "#...#.#", "#.#.#.#", "#.#...#", "#.#.#.#", "#######"),  # ruins
    ("..#.#..", "..###..", "..#.#..", "..###..", "..#.#..", ".#####."),  # tower
)
# A figure stands right of the cell's middle, on its base; a feature's icon sits on a light
# plate at the hex's left, drawn over the unit layer, so that a unit never hides it.
_FIGURE_X = 7
_FIGURE_Y = 2
_PLATE = (5, 7, 9, 9, 9, 9, 7, 5)  # the plate's row widths from x 0, rows 5-12
_PLATE_Y = 5


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


def make_sheet(config, features=()):
    """The map's sprites in one Bitmap (cells of 20 x 20, 4 bits a pixel): terrain hexes,
    the mark ring, the cursor (a ring inside the hex, so that a mark under it stays in
    sight), then the icons of the features of the game of ``config`` bytes (the central
    one and the sides') and of ``features`` (a scenario's own), and the figures of the unit
    types of its armies: only those, each once (a figure serves both sides: their palettes
    colour it). Returns (the sheet, draw_armies' colours, the cells: feature ``f``'s at
    ``f``, unit type ``ty``'s at N_FEATURES + ``ty``, 255 for those it has not)."""
    from engine.core.codec import Reader
    from engine.pocket_tactics.config_check import decode_config

    cfg = decode_config(Reader(config))
    cells = bytearray(b"\xff" * (N_FEATURES + N_UNITS))
    n = S_GAME
    for f in (cfg.central,) + cfg.features + tuple(features):
        if 0 <= f < N_FEATURES and cells[f] == 255:
            cells[f] = n
            n += 1
    for p in (0, 1):
        for ty in cfg.units[p]:
            if 0 <= ty < N_UNITS and cells[N_FEATURES + ty] == 255:
                cells[N_FEATURES + ty] = n
                n += 1
    bmp = displayio.Bitmap(CELL * n, CELL, 16)
    for t in range(6):
        draw_hex(bmp, S_TERRAIN + t, C_TERRAIN + t, edge=C_EDGE, half=HALF20)
    draw_hex(bmp, S_MARK, C_MARK, True, 2, half=HALF20)
    draw_hex(bmp, S_CURSOR, C_CURSOR, True, 2, half=HALF20, inset=2)
    for f in range(N_FEATURES):
        if cells[f] != 255:
            _plate(bmp, cells[f])
            _icon(bmp, cells[f], _FEATURE_ICONS[f], 1, _PLATE_Y + 1, C_INK)
    colors = draw_armies(bmp, cfg.factions, cells)
    return bmp, colors, bytes(cells)


def figure_sheet(ty):
    """Unit type ``ty``'s figure alone (a cell's Bitmap, as the map draws it but with no
    side's base: the unit browser's card) and its faction's main and accent colours."""
    sp = Sprites()
    try:
        fid = 0
        first, n, main, accent = sp.faction(fid)
        while not first <= ty < first + n:
            fid += 1
            first, n, main, accent = sp.faction(fid)
        bmp = displayio.Bitmap(CELL, CELL, 16)
        sp.figure(bmp, 0, ty)
    finally:
        sp.close()
    return bmp, main, accent


class Sprites:
    """sprites.bin, open and checked (ValueError when it is not this build's)."""

    def __init__(self, path=PATH):
        f = open(path, "rb")
        head = f.read(7)
        if len(head) != 7 or head[0:2] != MAGIC or head[2] != VERSION:
            f.close()
            raise ValueError("%s is not a sprites file of this build" % path)
        self.f = f
        self.factions = head[3]
        self.types = head[4]
        self.w = head[5]
        self.h = head[6]
        self.buf = bytearray((self.w * self.h + 1) // 2)

    def faction(self, fid):
        """(first unit type, unit types, main colour, accent colour) of faction ``fid``."""
        self.f.seek(7 + 8 * fid)
        r = self.f.read(8)
        return r[0], r[1], (r[2] << 16) | (r[3] << 8) | r[4], (r[5] << 16) | (r[6] << 8) | r[7]

    def figure(self, bmp, cell, ty):
        """Unit type ``ty``'s figure drawn into ``cell`` of ``bmp``."""
        self.f.seek(7 + 8 * self.factions + len(self.buf) * ty)
        self.f.readinto(self.buf)
        _figure(bmp, cell, self.buf, self.w, self.h)

    def close(self):
        self.f.close()


def draw_armies(bmp, factions, cells):
    """The unit types' figures, each on a base, in their cells (``cells[N_FEATURES + ty]``,
    255: not drawn); returns [side A's main and accent colours, side B's]."""
    sp = Sprites()
    try:
        out = []
        for p in range(2):
            first, n, main, accent = sp.faction(factions[p])
            out.append(main)
            out.append(accent)
        for ty in range(N_UNITS):
            cell = cells[N_FEATURES + ty]
            if cell != 255:
                _base(bmp, cell)
                sp.figure(bmp, cell, ty)
        return out
    finally:
        sp.close()


def _plate(bmp, cell):
    """The light plate under a feature's icon, so that it shows on any terrain."""
    w = bmp.width
    ox = cell * CELL
    for y in range(len(_PLATE)):
        for x in range(_PLATE[y]):
            bmp[(_PLATE_Y + y) * w + ox + x] = C_WHITE


def _base(bmp, cell):
    """The base a figure stands on: an ellipse in the side's colour, outlined."""
    w = bmp.width
    ox = cell * CELL
    for y in range(12, 18):
        for x in range(4, 20):
            d = (x * 2 - 25) * (x * 2 - 25) * 9 + (y * 2 - 29) * (y * 2 - 29) * 49
            if d <= 2300:
                bmp[y * w + ox + x] = U_BASE
            elif d <= 3600:
                bmp[y * w + ox + x] = U_OUTLINE


def _figure(bmp, cell, buf, fw, fh):
    w = bmp.width
    ox = cell * CELL + _FIGURE_X
    for y in range(fh):
        row = (_FIGURE_Y + y) * w + ox
        for x in range(fw):
            i = y * fw + x
            v = buf[i >> 1]
            v = v >> 4 if i & 1 == 0 else v & 15
            if v:
                bmp[row + x] = v

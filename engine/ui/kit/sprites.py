# SPDX-License-Identifier: MIT
"""The panel's sprite sheet (cells of 16 x 16) and its palette, which every screen shares
through the Kit: the panel's background, the selection bar and the assault dice. The sheet
is drawn at start-up by sheet.py (no image files); each ruleset's map has a sheet of its
own (engine/ui/pt/sprites.py, engine/ui/hex/sprites.py)."""
import displayio

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


CELL = const(16)

# Palette slots.
_C_CLEAR = const(0)  # transparent
C_SIDE_A = const(1)
C_SIDE_B = const(2)
C_WHITE = const(3)
C_PANEL = const(4)
C_DIE_OFF = const(5)  # the dice's bodies: neither side's colour (the sides are Blue and Red)
C_DIE_DEF = const(6)

SIDE_COLORS = (0x3C8CFF, 0xFF4A3C)  # player A blue, player B red
# The sides' names on screen, by their colours: never "A"/"B", which name buttons
# (the notation of the CLIs and records keeps A and B)
SIDES = ("Blue", "Red")
DIE_COLORS = (0xF2B632, 0xD8DEE6)  # OFF dice gold, DEF dice silver, with dark pips
_COLORS = (0x000000, SIDE_COLORS[0], SIDE_COLORS[1], 0xFFFFFF, 0x182028) + DIE_COLORS

# Sprite cells.
S_EMPTY = const(0)
S_DIE_OFF = const(1)  # 1..6: gold OFF die faces 1-6
S_DIE_DEF = const(7)  # 7..12: silver DEF die faces 1-6
S_SOLID = const(13)  # panel background
S_BAR = const(14)  # 14, 15: selection bar (rows 0-11) in side A / side B colour
N_CELLS = const(16)


def make_palette():
    pal = displayio.Palette(len(_COLORS))
    for i in range(len(_COLORS)):
        pal[i] = _COLORS[i]
    pal.make_transparent(_C_CLEAR)
    return pal


def draw_sheet():
    """The panel's sheet, drawn by sheet.py, whose code is needed only for that."""
    from engine.core.lazy import moment

    return moment("engine.ui.kit.sheet", "make_sheet")

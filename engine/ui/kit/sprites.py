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

# The sheet has 2 bits a pixel: its values are slots of the palette a TileGrid draws it
# with, the panel's (its background and the selection bar) or a die's (a die's body and
# pips: the attacker's and the defender's OFF dice and DEF dice are their own TileGrids).
_C_CLEAR = const(0)  # transparent, in every palette
C_SIDE_A = const(1)  # the panel's palette
C_SIDE_B = const(2)
C_PANEL = const(3)
C_DIE = const(1)  # a die's palette: its body, its pips
C_PIP = const(2)

SIDE_COLORS = (0x3C8CFF, 0xFF4A3C)  # player A blue, player B red
# The sides' names on screen, by their colours: never "A"/"B", which name buttons
# (the notation of the CLIs and records keeps A and B)
SIDES = ("Blue", "Red")
DIE_COLORS = (0xF2B632, 0xD8DEE6)  # OFF dice gold, DEF dice silver, with dark pips
PANEL_COLOR = 0x182028  # the panel's background and the dice's pips
_COLORS = (0x000000, SIDE_COLORS[0], SIDE_COLORS[1], PANEL_COLOR)

# Sprite cells.
S_EMPTY = const(0)
S_DIE = const(1)  # 1..6: die faces 1-6 (gold through an OFF die's palette, silver a DEF's)
S_SOLID = const(7)  # panel background
S_BAR = const(8)  # 8, 9: selection bar (rows 0-11) in side A / side B colour
N_CELLS = const(10)


def _palette(colors):
    pal = displayio.Palette(len(colors))
    for i in range(len(colors)):
        pal[i] = colors[i]
    pal.make_transparent(_C_CLEAR)
    return pal


def make_palette():
    """The panel's palette: its background, the selection bar."""
    return _palette(_COLORS)


def die_palette(kind):
    """The palette of the dice of ``kind`` (0 OFF: gold, 1 DEF: silver)."""
    return _palette((0, DIE_COLORS[kind], PANEL_COLOR))


def draw_sheet():
    """The panel's sheet, drawn by sheet.py, whose code is needed only for that."""
    from engine.core.lazy import moment

    return moment("engine.ui.kit.sheet", "make_sheet")

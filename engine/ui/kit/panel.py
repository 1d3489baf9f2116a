# SPDX-License-Identifier: MIT
"""Full-screen text panels (menus, cards, the assault screen, hand-over, game over): a solid
background, ten 12-px text lines, a selection bar, and two rows of dice sprites. The lines
are created once and only their characters change."""
import displayio

from .sprites import CELL, S_BAR, S_DIE, S_EMPTY, S_SOLID, die_palette
from .text import Line, text_palette

LINES = 10
LINE_H = 12
WHITE = 0xFFFFFF
YELLOW = 0xFFE020
_DICE_X = (22, 38, 54, 78, 94, 110)  # OFF 1-3, DEF 1-3 (16 px apart: one TileGrid a group)
_DICE_Y = (12, 24)  # attacker row (beside line 1), defender row (beside line 2)


class Panel:
    def __init__(self, sheet, palette, font, width=160, height=128):
        self.group = displayio.Group()
        self.group.hidden = True
        self.bg = displayio.TileGrid(sheet, pixel_shader=palette, width=width // CELL,
                                     height=height // CELL, tile_width=CELL, tile_height=CELL,
                                     default_tile=S_SOLID)
        self.group.append(self.bg)
        self.bar = displayio.TileGrid(sheet, pixel_shader=palette, width=width // CELL,
                                      height=1, tile_width=CELL, tile_height=CELL,
                                      default_tile=S_BAR)
        self.bar.hidden = True
        self.group.append(self.bar)
        self.white = text_palette(WHITE)
        self.yellow = text_palette(YELLOW)
        self.lines = []
        for i in range(LINES):
            line = Line(font, self.white, 3, i * LINE_H + 1, width // 6)
            self.lines.append(line)
            self.group.append(line.grid)
        self.dice = []  # one 3 x 1 TileGrid per group: attacker OFF, DEF, defender OFF, DEF
        dice_palettes = (die_palette(0), die_palette(1))
        for g in range(4):
            grid = displayio.TileGrid(sheet, pixel_shader=dice_palettes[g % 2], width=3,
                                      height=1, tile_width=CELL, tile_height=CELL,
                                      default_tile=S_EMPTY)
            grid.x = _DICE_X[3 * (g % 2)]
            grid.y = _DICE_Y[g // 2]
            grid.hidden = True
            self.dice.append(grid)
            self.group.append(grid)

    @property
    def shown(self):
        return not self.group.hidden

    @property
    def text(self):
        """The lines as shown."""
        return [line.text for line in self.lines]

    def show(self, lines, bar_line=-1, bar_side=0, title=True):
        """Lines of text (at most ten; the first in yellow when ``title``), and the selection
        bar on ``bar_line`` (-1: none) in the colour of ``bar_side``. Dice are hidden: call
        show_dice() afterwards to show them."""
        self.show_dice(None, None)
        for i in range(LINES):
            self.lines[i].set(lines[i] if i < len(lines) else "",
                              self.yellow if (i == 0 and title) else self.white)
        if bar_line < 0:
            self.bar.hidden = True
        else:
            y = bar_line * LINE_H + 1
            if self.bar.y != y:
                self.bar.y = y
            for x in range(self.bar.width):
                if self.bar[x, 0] != S_BAR + bar_side:
                    self.bar[x, 0] = S_BAR + bar_side
            self.bar.hidden = False
        if self.group.hidden:
            self.group.hidden = False

    def show_dice(self, dice, ndice):
        """The twelve assault dice (attacker OFF, DEF, defender OFF, DEF; 0 = not rolled
        yet) of ``dice`` with the counts ``ndice``; hides them all when ``dice`` is None."""
        for g in range(4):
            grid = self.dice[g]
            if dice is None or not ndice[g]:
                if not grid.hidden:
                    grid.hidden = True
                continue
            for i in range(3):
                face = dice[3 * g + i] if i < ndice[g] else 0
                cell = S_DIE + face - 1 if face else S_EMPTY
                if grid[i] != cell:
                    grid[i] = cell
            if grid.hidden:
                grid.hidden = False

    def hide(self):
        if not self.group.hidden:
            self.group.hidden = True
        self.show_dice(None, None)

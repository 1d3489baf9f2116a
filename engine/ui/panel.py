# SPDX-License-Identifier: MIT
"""Full-screen text panels (menus, cards, the assault screen, hand-over, game over): a solid
background, ten 12-px text lines, a selection bar, and two rows of dice sprites. Labels are
created once and only their text changes."""
import displayio
import terminalio
from adafruit_display_text import bitmap_label

from .sprites import CELL, S_BAR, S_DIE_DEF, S_DIE_OFF, S_EMPTY, S_SOLID

LINES = 10
LINE_H = 12
WHITE = 0xFFFFFF
YELLOW = 0xFFE020
_DICE_X = (22, 38, 54, 78, 94, 110)  # OFF 1-3, DEF 1-3
_DICE_Y = (13, 31)  # attacker row (lines 1-2), defender row (lines 2-3)


class Panel:
    def __init__(self, sheet, palette, width=160, height=128):
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
        self.labels = []
        for i in range(LINES):
            lab = bitmap_label.Label(terminalio.FONT, text="", color=WHITE,
                                     anchor_point=(0, 0), anchored_position=(3, i * LINE_H + 2))
            self.labels.append(lab)
            self.group.append(lab)
        self.dice = []
        for row in range(2):
            for col in range(6):
                g = displayio.TileGrid(sheet, pixel_shader=palette, tile_width=CELL,
                                       tile_height=CELL, default_tile=S_EMPTY)
                g.x = _DICE_X[col]
                g.y = _DICE_Y[row]
                g.hidden = True
                self.dice.append(g)
                self.group.append(g)
        self.text = [""] * LINES

    @property
    def shown(self):
        return not self.group.hidden

    def show(self, lines, bar_line=-1, bar_side=0, title=True):
        """Lines of text (at most ten; the first in yellow when ``title``), and the selection
        bar on ``bar_line`` (-1: none) in the colour of ``bar_side``. Dice are hidden: call
        show_dice() afterwards to show them."""
        self.show_dice(None, None)
        for i in range(LINES):
            t = lines[i] if i < len(lines) else ""
            if self.text[i] != t:
                self.labels[i].text = t
                self.text[i] = t
            c = YELLOW if (i == 0 and title) else WHITE
            if self.labels[i].color != c:
                self.labels[i].color = c
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
        for slot in range(12):
            g = self.dice[slot]
            if dice is None or slot % 3 >= ndice[slot // 3]:
                if not g.hidden:
                    g.hidden = True
                continue
            face = dice[slot]
            base = S_DIE_DEF if (slot // 3) % 2 else S_DIE_OFF
            cell = base + face - 1 if face else S_EMPTY
            if g[0] != cell:
                g[0] = cell
            if g.hidden:
                g.hidden = False

    def hide(self):
        if not self.group.hidden:
            self.group.hidden = True
        self.show_dice(None, None)

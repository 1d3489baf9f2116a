# SPDX-License-Identifier: MIT
"""What every screen draws with, made once and handed from screen to screen: the sprite
sheet, its palette, the font's glyph sheet and the full-screen panel. Making them once
keeps the heap from fragmenting when the title gives way to a battle."""
from engine.pocket_tactics import names as N

from .panel import Panel
from .sprites import draw_sheet, make_palette
from .text import font_sheet


class Kit:
    def __init__(self, board):
        self.sheet = draw_sheet()
        self.palette = make_palette(N.T_COLOR)
        self.font = font_sheet()
        self.panel = Panel(self.sheet, self.palette, self.font, board.width, board.height)
        self.parents = []  # groups the panel has been put in

    def take_panel(self):
        """The panel, out of whatever group showed it before (a displayio item can be in
        one group only), hidden."""
        g = self.panel.group
        for parent in self.parents:
            try:
                parent.remove(g)
            except ValueError:
                pass
        self.parents = []
        self.panel.hide()
        return self.panel

    def shown_in(self, group):
        self.parents.append(group)

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

    def frame(self, board, map_group):
        """The frame of a battle screen, shown on the display: the map's group, the status
        bar and its line, the panel (taken from the last screen, hidden) over them. Returns
        (root group, status Line, panel)."""
        import displayio

        from .sprites import CELL, S_SOLID
        from .text import Line

        panel = self.take_panel()  # out of the last screen's groups: they can go
        root = displayio.Group()
        root.append(map_group)
        root.append(displayio.TileGrid(self.sheet, pixel_shader=self.palette,
                                       width=board.width // CELL, height=1, tile_width=CELL,
                                       tile_height=CELL, default_tile=S_SOLID,
                                       y=board.height - 16))
        status = Line(self.font, panel.white, 2, board.height - 14, board.width // 6)
        root.append(status.grid)
        root.append(panel.group)
        self.shown_in(root)
        board.display.root_group = root
        return root, status, panel

# SPDX-License-Identifier: MIT
"""What every screen draws with, made once and handed from screen to screen: the panel's
sprite sheet, its palette, the font's glyph sheet and the full-screen panel; and for a
program that shows a ruleset's map, that map's sprite sheet. They are the program's largest
blocks, so they are made first, before its code is loaded: the heap is never compacted, and
a large block made late may find no room in a heap of many small pieces."""
from .panel import Panel
from .sprites import draw_sheet, make_palette
from .text import font_sheet


class Kit:
    def __init__(self, board, ruleset=None, config=None):
        """``ruleset``: the id of the game whose map the program shows (None: no map), and
        its ``config`` bytes (the armies a map's figures are drawn for)."""
        self.sheet = draw_sheet()
        self.palette = make_palette()
        self.font = font_sheet()
        self.panel = Panel(self.sheet, self.palette, self.font, board.width, board.height)
        self.parents = []  # groups the panel has been put in
        self.map_sheet = None  # what a ruleset's map view is drawn with: map_for()
        if ruleset is not None:
            self.map_for(ruleset, config)

    def map_for(self, ruleset, config):
        """What the map view of ``ruleset`` is drawn with for the game of ``config`` bytes
        (its screens' sprites.map_sheet(config)), drawn now if this kit has none yet."""
        if self.map_sheet is None:
            from engine import rulesets

            self.map_sheet = rulesets.screens(ruleset, "sprites").map_sheet(config)
        return self.map_sheet

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


class Page:
    """A screen of one page of text on the kit's panel (a notice: why a saved game cannot
    be played), until A, B or Start is pressed."""

    def __init__(self, board, kit, lines):
        import displayio

        self.quit = False
        self.dirty = True
        self.panel = kit.take_panel()
        self.root = displayio.Group()
        self.root.append(self.panel.group)
        kit.shown_in(self.root)
        board.display.root_group = self.root
        self.panel.show(lines)

    def on_event(self, ev):
        from . import keys as K

        if K.is_press(ev) and K.key_of(ev) in (K.A, K.B, K.START):
            self.quit = True

    def tick(self, now):
        pass

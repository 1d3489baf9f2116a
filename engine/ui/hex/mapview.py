# SPDX-License-Identifier: MIT
"""Tactical Hex's map on the screen: one TileGrid a map row (plains and rivers; rows overlap
by the hexes' points, which are transparent), one a row of marks over them (hexes to go
to, targets), one 1 x 1 TileGrid a counter (its face; greyed
through a second palette when spent, a dark cap when damaged: RULES B1, B3), and the cursor. The map is 200 px wide:
the view scrolls sideways to keep the cursor in sight. Only sprites whose face or place
changed are touched, so displayio refreshes just those areas."""
import displayio

from engine.tactical_hex import tables as T
from engine.tactical_hex.consts import F_SPENT, OFF
from engine.tactical_hex.movement import is_river

from .sprites import CELL, FIXED, S_CURSOR, S_EMPTY, S_PLAIN, S_RIVER, map_sheet

MAP_PX = 16 * T.MAP_W + 8  # the map's width in pixels
_NOWHERE = 255


def hex_x(h):
    """Map pixel x of the cell of hex ``h`` (odd rows half a hex to the right)."""
    row = h // T.MAP_W
    return 16 * (h % T.MAP_W) + 8 * (row & 1)


def hex_y(h):
    return 12 * (h // T.MAP_W)


class HexMapView:
    def __init__(self, width=160, height=112, sheet=None):
        """``sheet``: sprites.map_sheet()'s (made here when None)."""
        self.width = width
        self.height = height
        self.sheet, self.face, self.palette, self.spent_palette = sheet or map_sheet()
        self.group = displayio.Group()
        self.cam_x = 0
        rows = displayio.Group()
        marks = displayio.Group()
        self.marks = []  # one row of marks a map row, over the map and under the counters
        for r in range(T.MAP_H):
            tg = self._row(r)
            for c in range(T.MAP_W):
                tg[c] = S_RIVER if is_river(r * T.MAP_W + c) else S_PLAIN
            rows.append(tg)
            tg = self._row(r)
            self.marks.append(tg)
            marks.append(tg)
        self.group.append(rows)
        self.group.append(marks)
        self.marked = bytearray(T.MAP_W * T.MAP_H)  # the mark shown on each hex
        self.counters = []
        units = displayio.Group()
        for _ in range(T.N_COUNTERS):
            tg = self._sprite(0)
            tg.hidden = True
            self.counters.append(tg)
            units.append(tg)
        self.group.append(units)
        self.cursor = self._sprite(S_CURSOR)
        self.cursor.hidden = True
        self.group.append(self.cursor)
        self._at = bytearray(b"\xff" * T.N_COUNTERS)  # the hex each sprite shows, or 255
        self._tile = bytearray(T.N_COUNTERS)

    def _row(self, r):
        return displayio.TileGrid(self.sheet, pixel_shader=self.palette, width=T.MAP_W,
                                  height=1, tile_width=CELL, tile_height=CELL,
                                  default_tile=S_EMPTY, x=8 * (r & 1), y=12 * r)

    def mark(self, h, tile):
        """Show sprite ``tile`` (S_MOVE, S_TARGET or S_EMPTY) over hex ``h``; True if it
        changed."""
        if self.marked[h] == tile:
            return False
        self.marked[h] = tile
        self.marks[h // T.MAP_W][h % T.MAP_W] = tile
        return True

    def _sprite(self, tile):
        return displayio.TileGrid(self.sheet, pixel_shader=self.palette, width=1, height=1,
                                  tile_width=CELL, tile_height=CELL, default_tile=tile)

    def tile_of(self, st, u):
        """The sheet cell of counter ``u`` as it stands now."""
        return FIXED + self.face[2 * u + st.u_face[u]]

    def show(self, st):
        """Bring every counter sprite in line with ``st`` (touching only what changed)."""
        for u in range(T.N_COUNTERS):
            tg = self.counters[u]
            h = st.u_hex[u]
            if h >= OFF:
                if self._at[u] != _NOWHERE:
                    tg.hidden = True
                    self._at[u] = _NOWHERE
                continue
            t = self.tile_of(st, u)
            if self._at[u] != h:
                tg.x = hex_x(h)
                tg.y = hex_y(h)
                if self._at[u] == _NOWHERE:
                    tg.hidden = False
                self._at[u] = h
            if self._tile[u] != t:
                tg[0] = t
                self._tile[u] = t
            pal = self.spent_palette if st.u_flag[u] & F_SPENT else self.palette
            if tg.pixel_shader is not pal:
                tg.pixel_shader = pal

    def set_cursor(self, h):
        """Put the cursor on hex ``h`` (or hide it: -1) and scroll to keep it in sight."""
        c = self.cursor
        if h < 0:
            c.hidden = True
            return
        x = hex_x(h)
        c.x = x
        c.y = hex_y(h)
        c.hidden = False
        cam = self.cam_x
        if x + cam < CELL:
            cam = min(0, CELL - x)
        elif x + cam > self.width - 2 * CELL:
            cam = max(self.width - MAP_PX, self.width - 2 * CELL - x)
        if cam != self.cam_x:
            self.cam_x = cam
            self.group.x = cam

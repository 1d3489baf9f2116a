# SPDX-License-Identifier: MIT
"""The hex map: one 1 x 1 TileGrid per layer and tile (terrain, feature, unit) over the
sprite sheet, a pool of mark sprites made as needed (reachable hexes, targets, open hexes in
the draft, the selected unit) and the cursor. Only sprites whose content or place changes
are touched, so displayio refreshes just those areas; scrolling moves the whole map (rare:
a 12-tile map fits the view).

Hex (q, r) relative to the centre sits at x = 20 q + 10 r, y = 15 r (pointy tops). A unit's
sprite is drawn with its side's palette (sprites.py unit_palette), a mark's with its kind's."""
import displayio

from engine.pocket_tactics.consts import CENTRE, GRID_W, MAX_TILES, NONE

from .sprites import CELL, S_CURSOR, S_EMPTY, S_FEATURE, S_MARK, S_TERRAIN, mark_palettes

_C = CENTRE % GRID_W
MARKS = 24  # mark sprites: the most open hexes a 12-tile draft can offer (a line: 2n + 2)


def hex_x(h):
    """Map pixel x (relative to the centre hex) of grid hex ``h``."""
    return 20 * (h % GRID_W - _C) + 10 * (h // GRID_W - _C)


def hex_y(h):
    """Map pixel y (relative to the centre hex) of grid hex ``h``."""
    return 15 * (h // GRID_W - _C)


def hex_px(h):
    """(x, y) of grid hex ``h`` (a tuple: for tools and tests; the view uses hex_x/hex_y,
    which allocate nothing)."""
    return hex_x(h), hex_y(h)


class MapView:
    def __init__(self, sheet, palette, width=160, height=112, unit_palettes=None):
        """``unit_palettes``: side A's and side B's (None: the map's palette for both)."""
        self.width = width
        self.height = height
        self.sheet = sheet
        self.palette = palette
        self.unit_palettes = unit_palettes or (palette, palette)
        self._mark_palettes = mark_palettes()
        self.group = displayio.Group()
        self.tiles = displayio.Group()
        self.group.append(self.tiles)
        self.cam_x = 0  # screen x of the centre hex's top-left corner
        self.cam_y = 0
        # One sprite per tile and layer, made when first needed: terrain for every tile,
        # features only where there is one (three in a game), units where one has stood.
        # The features' icons are drawn over the units and the marks (at the hex's left:
        # never hidden), the cursor over everything.
        self._layers = [displayio.Group(), displayio.Group(), displayio.Group()]
        self.tiles.append(self._layers[0])
        self.tiles.append(self._layers[2])
        self._terrain = [None] * MAX_TILES
        self._feature = [None] * MAX_TILES
        self._unit = [None] * MAX_TILES
        self._by_layer = (self._terrain, self._feature, self._unit)  # made once: no garbage
        # Mark sprites, made when first needed (a CPU-only game makes none) in a group of
        # their own, under the features' icons and the cursor.
        self._marks = []
        self._mark_layer = displayio.Group()
        self.tiles.append(self._mark_layer)
        self.tiles.append(self._layers[1])
        self.mark_hex = []  # grid hex of each visible mark, in pool order
        self.mark_kind = []  # and its kind (sprites.MARK_*)
        self.cursor = displayio.TileGrid(sheet, pixel_shader=palette, tile_width=CELL,
                                         tile_height=CELL, default_tile=S_CURSOR)
        self.tiles.append(self.cursor)
        self.cursor_hex = CENTRE
        self._shown = 0  # tiles drawn so far

    # --- placing sprites -----------------------------------------------------------------

    def _place(self, g, h):
        x = hex_x(h) + self.cam_x
        y = hex_y(h) + self.cam_y
        if g.x != x:
            g.x = x
        if g.y != y:
            g.y = y

    def _sprite(self, layer, t):
        """The sprite of tile ``t`` in ``layer`` (0 terrain, 1 feature, 2 unit), made and
        added on first use."""
        sprites = self._by_layer[layer]
        g = sprites[t]
        if g is None:
            g = displayio.TileGrid(self.sheet, pixel_shader=self.palette, tile_width=CELL,
                                   tile_height=CELL, default_tile=S_EMPTY)
            sprites[t] = g
            self._layers[layer].append(g)
        return g

    def _place_all(self, st):
        b = st.board
        for t in range(b.n):
            h = b.t_hex[t]
            if self._terrain[t] is not None:
                self._place(self._terrain[t], h)
            if self._feature[t] is not None:
                self._place(self._feature[t], h)
            if self._unit[t] is not None:
                self._place(self._unit[t], h)
        for i in range(len(self.mark_hex)):
            self._place(self._marks[i], self.mark_hex[i])
        self._place(self.cursor, self.cursor_hex)

    def centre_on(self, st):
        """Camera so that the map's bounding box is centred on the view."""
        b = st.board
        if not b.n:
            xs = [0]
            ys = [0]
        else:
            xs = []
            ys = []
            for t in range(b.n):
                xs.append(hex_x(b.t_hex[t]))
                ys.append(hex_y(b.t_hex[t]))
        self.cam_x = (self.width - (max(xs) + min(xs)) - CELL) // 2
        self.cam_y = (self.height - (max(ys) + min(ys)) - CELL) // 2
        self._place_all(st)

    def keep_visible(self, st, h):
        """Scroll (in 20/15 px steps) until hex ``h`` is on the view; True if it scrolled."""
        x = hex_x(h)
        y = hex_y(h)
        moved = False
        while x + self.cam_x < 0:
            self.cam_x += 20
            moved = True
        while x + self.cam_x > self.width - CELL:
            self.cam_x -= 20
            moved = True
        while y + self.cam_y < 0:
            self.cam_y += 15
            moved = True
        while y + self.cam_y > self.height - CELL:
            self.cam_y -= 15
            moved = True
        if moved:
            self._place_all(st)
        return moved

    # --- content -------------------------------------------------------------------------

    def draw_tile(self, st, t, unit_sprite):
        """Terrain, feature and unit sprites of tile ``t``; ``unit_sprite(u)`` picks the
        unit's cell (drawn with the palette of the unit's side)."""
        b = st.board
        h = b.t_hex[t]
        g = self._sprite(0, t)
        _set(g, S_TERRAIN + b.t_terrain[t])
        self._place(g, h)
        f = b.t_feature[t]
        if f != NONE or self._feature[t] is not None:
            g = self._sprite(1, t)
            _set(g, S_EMPTY if f == NONE else S_FEATURE + f)
            self._place(g, h)
        u = b.t_unit[t]
        if u != NONE or self._unit[t] is not None:
            g = self._sprite(2, t)
            _set(g, S_EMPTY if u == NONE else unit_sprite(u))
            if u != NONE:
                pal = self.unit_palettes[st.u_owner[u]]
                if g.pixel_shader is not pal:
                    g.pixel_shader = pal
            self._place(g, h)

    def sync(self, st, unit_sprite):
        """Bring every tile sprite up to date (only changed sprites are touched)."""
        b = st.board
        new_tiles = b.n != self._shown
        for t in range(b.n):
            self.draw_tile(st, t, unit_sprite)
        self._shown = b.n
        if new_tiles:
            self.centre_on(st)  # the draft grew the map: frame it again

    def set_marks(self, hexes, kinds):
        """Show a mark of kind ``kinds[i]`` (sprites.MARK_*) on grid hex ``hexes[i]``; hide
        the rest."""
        n = min(len(hexes), MARKS)
        old = self.mark_hex
        self.mark_hex = list(hexes[:n])
        self.mark_kind = list(kinds[:n])
        while len(self._marks) < n:
            g = displayio.TileGrid(self.sheet, pixel_shader=self._mark_palettes[0],
                                   tile_width=CELL, tile_height=CELL, default_tile=S_MARK)
            g.hidden = True
            self._marks.append(g)
            self._mark_layer.append(g)
        for i in range(len(self._marks)):
            g = self._marks[i]
            if i < n:
                pal = self._mark_palettes[kinds[i]]
                if g.pixel_shader is not pal:
                    g.pixel_shader = pal
                x = hex_x(hexes[i]) + self.cam_x
                y = hex_y(hexes[i]) + self.cam_y
                if g.x != x:
                    g.x = x
                if g.y != y:
                    g.y = y
                if g.hidden:
                    g.hidden = False
            elif i < len(old) and not g.hidden:
                g.hidden = True

    def move_cursor(self, st, h):
        self.cursor_hex = h
        if not self.keep_visible(st, h):
            self._place(self.cursor, h)

    def show_cursor(self, on):
        if self.cursor.hidden == on:
            self.cursor.hidden = not on


def _set(g, cell):
    if g[0] != cell:
        g[0] = cell


# --- cursor navigation --------------------------------------------------------------------

_DIRS = ((0, -1), (0, 1), (-1, 0), (1, 0))  # UP, DOWN, LEFT, RIGHT as screen vectors


def step_cursor(h, key, candidates):
    """The candidate hex nearest to ``h`` in the direction of ``key`` (0..3), or ``h``.

    Nearest means the smallest distance along the direction plus twice the distance across
    it, among candidates that lie ahead (spatial navigation: works for any map shape)."""
    dx, dy = _DIRS[key]
    x0 = hex_x(h)
    y0 = hex_y(h)
    best = h
    best_cost = 1 << 20
    for c in candidates:
        if c == h:
            continue
        x = hex_x(c)
        y = hex_y(c)
        ax = (x - x0) * dx + (y - y0) * dy  # along
        if ax <= 0:
            continue
        across = (x - x0) * dy - (y - y0) * dx
        if across < 0:
            across = -across
        cost = ax + 2 * across
        if cost < best_cost:
            best_cost = cost
            best = c
    return best

# SPDX-License-Identifier: MIT
"""The hex map: one 1 x 1 TileGrid per layer and tile (terrain, feature, unit) over the
sprite sheet, made when the tile first has something to show in that layer (hidden when it
has nothing any more), one mark sprite per mark on the map (reachable hexes, targets, open
hexes in the draft, the selected unit: made and let go as the marks come and go) and the
cursor. Only sprites whose content or place changes are touched, so displayio refreshes
just those areas; scrolling moves the whole map (rare: a 12-tile map fits the view).

Hex (q, r) relative to the centre sits at x = 20 q + 10 r, y = 15 r (pointy tops). A unit's
sprite is drawn with its side's palette (sprites.py unit_palette), a mark's with its kind's."""
import displayio

from engine.pocket_tactics.consts import CENTRE, GRID_W, MAX_TILES, NONE

from .sprites import CELL, S_CURSOR, S_MARK, S_TERRAIN, mark_palettes

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


_C = CENTRE % GRID_W
# the runs of the map group's sprites, from the bottom up (the cursor after them)
_Z_TERRAIN = const(0)
_Z_UNIT = const(1)
_Z_MARK = const(2)
_Z_FEATURE = const(3)
_Z_OF = (_Z_TERRAIN, _Z_FEATURE, _Z_UNIT)  # the run of each tile layer (0, 1, 2)
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
    def __init__(self, sheet, palette, cells, width=160, height=112, unit_palettes=None):
        """``cells``: the sheet's cell of each feature (``cells[f]``: sprites.map_sheet);
        ``unit_palettes``: side A's and side B's (None: the map's palette for both)."""
        self.width = width
        self.height = height
        self.sheet = sheet
        self.palette = palette
        self.cells = cells
        self.unit_palettes = unit_palettes or (palette, palette)
        self._mark_palettes = mark_palettes()
        self.group = displayio.Group()
        self.cam_x = 0  # screen x of the centre hex's top-left corner
        self.cam_y = 0
        # One sprite per tile and layer, made when first needed: terrain for every tile,
        # features only where there is one (three in a game), units where one has stood;
        # and one per mark shown (a CPU-only game makes none). All are the group's, in
        # layers from the bottom up: the terrain, the units, the marks, the features'
        # icons (at the hex's left: never hidden), then the cursor over everything. A
        # layer is a run of the group's items (no group of its own): ``_n`` counts them.
        self._terrain = [None] * MAX_TILES
        self._feature = [None] * MAX_TILES
        self._unit = [None] * MAX_TILES
        self._by_layer = (self._terrain, self._feature, self._unit)  # made once: no garbage
        self._n = bytearray(4)  # the sprites of each run: _Z_TERRAIN .. _Z_FEATURE
        self.mark_hex = []  # grid hex of each visible mark, in the marks' run's order
        self.mark_kind = []  # and its kind (sprites.MARK_*)
        self.cursor = displayio.TileGrid(sheet, pixel_shader=palette, tile_width=CELL,
                                         tile_height=CELL, default_tile=S_CURSOR)
        self.group.append(self.cursor)
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

    def _sprite(self, layer, t, cell):
        """The sprite of tile ``t`` in ``layer`` (0 terrain, 1 feature, 2 unit), showing
        ``cell``: made and added on first use."""
        sprites = self._by_layer[layer]
        g = sprites[t]
        if g is None:
            g = displayio.TileGrid(self.sheet, pixel_shader=self.palette, tile_width=CELL,
                                   tile_height=CELL, default_tile=cell)
            sprites[t] = g
            self._add(_Z_OF[layer], g)
        else:
            _set(g, cell)
            if g.hidden:
                g.hidden = False
        return g

    def _start(self, z):
        """The group's index of the first sprite of run ``z``."""
        n = self._n
        i = 0
        for k in range(z):
            i += n[k]
        return i

    def _add(self, z, g):
        """Sprite ``g`` into the group, at the end of run ``z``."""
        self.group.insert(self._start(z + 1), g)
        self._n[z] += 1

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
        first = self._start(_Z_MARK)
        for i in range(len(self.mark_hex)):
            self._place(self.group[first + i], self.mark_hex[i])
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
        self._place(self._sprite(0, t, S_TERRAIN + b.t_terrain[t]), h)
        f = b.t_feature[t]
        if f != NONE:
            self._place(self._sprite(1, t, self.cells[f]), h)
        else:
            _hide(self._feature[t])
        u = b.t_unit[t]
        if u != NONE:
            g = self._sprite(2, t, unit_sprite(u))
            pal = self.unit_palettes[st.u_owner[u]]
            if g.pixel_shader is not pal:
                g.pixel_shader = pal
            self._place(g, h)
        else:
            _hide(self._unit[t])

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
        """Show a mark of kind ``kinds[i]`` (sprites.MARK_*) on grid hex ``hexes[i]``, and
        no other: the sprites of marks no longer shown are let go."""
        n = min(len(hexes), MARKS)
        self.mark_hex = list(hexes[:n])
        self.mark_kind = list(kinds[:n])
        first = self._start(_Z_MARK)
        while self._n[_Z_MARK] > n:
            self._n[_Z_MARK] -= 1
            self.group.pop(first + self._n[_Z_MARK])
        for i in range(n):
            pal = self._mark_palettes[kinds[i]]
            if i < self._n[_Z_MARK]:
                g = self.group[first + i]
                if g.pixel_shader is not pal:
                    g.pixel_shader = pal
            else:
                g = displayio.TileGrid(self.sheet, pixel_shader=pal, tile_width=CELL,
                                       tile_height=CELL, default_tile=S_MARK)
                self._add(_Z_MARK, g)
            self._place(g, hexes[i])

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


def _hide(g):
    if g is not None and not g.hidden:
        g.hidden = True


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

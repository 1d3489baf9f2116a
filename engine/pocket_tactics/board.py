# SPDX-License-Identifier: MIT
"""The drafted map: up to 12 tiles inside an axial grid, plus who stands where.

Tiles are numbered in the order they were placed (tile 0 is the centre, RULES A2.4); every
per-hex array is indexed by tile number, so the whole board is a handful of small
bytearrays. Routes (A6) and line of sight (A6) are computed over tiles.
"""
from engine.core.hexgrid import HexGrid
from .consts import CENTRE, GRID_W, MAX_TILES, NONE

_FAR = 99


class Board:
    def __init__(self, fixed=None):
        """An empty map; or, with ``fixed`` (a drafted Board), one that shares its map: the
        tiles, terrain, features, adjacency and routes, which never change once the battle
        begins (a search's scratch state), and has its own units."""
        self.t_unit = bytearray(b"\xff" * MAX_TILES)
        if fixed is not None:
            self.grid = fixed.grid
            self.cell = fixed.cell
            self.t_hex = fixed.t_hex
            self.t_terrain = fixed.t_terrain
            self.t_feature = fixed.t_feature
            self.adj = fixed.adj
            self.dist = fixed.dist
            return
        self.grid = HexGrid(GRID_W, GRID_W)
        self.cell = bytearray(GRID_W * GRID_W)  # tile number + 1 per grid hex; 0 = no tile
        self.t_hex = []  # grid hex of each tile
        self.t_terrain = bytearray(MAX_TILES)
        self.t_feature = bytearray(b"\xff" * MAX_TILES)
        self.adj = bytearray(b"\xff" * (MAX_TILES * 6))  # neighbour tile per direction
        self.dist = bytearray(MAX_TILES * MAX_TILES)  # shortest route over tiles

    @property
    def n(self):
        return len(self.t_hex)

    def tile_at(self, h):
        """Tile number at grid hex ``h``, or NONE (also for off-grid hexes)."""
        if h < 0:
            return NONE
        c = self.cell[h]
        return c - 1 if c else NONE

    def add_tile(self, h, terrain):
        t = len(self.t_hex)
        self.t_hex.append(h)
        self.cell[h] = t + 1
        self.t_terrain[t] = terrain
        self._link()
        return t

    def open_hexes(self):
        """Grid hexes without a tile next to a tile: where a drawn tile may go (A2.6)."""
        if not self.t_hex:
            return [CENTRE]
        out = []
        g = self.grid
        for h in self.t_hex:
            for d in range(6):
                nb = g.neighbour(h, d)
                if nb >= 0 and not self.cell[nb] and nb not in out:
                    out.append(nb)
        out.sort()
        return out

    def _link(self):
        n = len(self.t_hex)
        g = self.grid
        adj = self.adj
        for t in range(n):
            h = self.t_hex[t]
            for d in range(6):
                adj[t * 6 + d] = self.tile_at(g.neighbour(h, d))
        dist = self.dist
        queue = bytearray(MAX_TILES)  # one breadth-first queue for every tile's routes:
        # the only allocation (lists per ring made kilobytes of garbage per tile placed)
        for a in range(n):
            row = a * MAX_TILES
            for b in range(MAX_TILES):
                dist[row + b] = _FAR
            dist[row + a] = 0
            queue[0] = a
            head = 0
            tail = 1
            while head < tail:
                t = queue[head]
                head += 1
                k = dist[row + t] + 1
                for d in range(6):
                    nb = adj[t * 6 + d]
                    if nb != NONE and dist[row + nb] == _FAR:
                        dist[row + nb] = k
                        queue[tail] = nb
                        tail += 1

    def adjacent(self, a, b):
        adj = self.adj
        for d in range(6):
            if adj[a * 6 + d] == b:
                return True
        return False

    def route(self, a, b):
        return self.dist[a * MAX_TILES + b]

    def los(self, a, b, st, p, mode):
        """Line of sight from tile ``a`` to tile ``b`` (RULES A6 and its edge ruling).

        Hexes with no tile always block; ``mode`` says what else does: 0 nothing, 1
        features, 2 features and the units of ``st`` not owned by player ``p``. Where the
        line runs along an edge, the step is clear if either side is. Allocates nothing
        (the CPU's play-outs ask it at every assault they weigh)."""
        g = self.grid
        ha = self.t_hex[a]
        hb = self.t_hex[b]
        n = g.distance(ha, hb)
        for i in range(1, n):
            if (self._blocked(g.line_at(ha, hb, n, i, 1), st, p, mode)
                    and self._blocked(g.line_at(ha, hb, n, i, -1), st, p, mode)):
                return False
        return True

    def _blocked(self, h, st, p, mode):
        t = self.tile_at(h)
        if t == NONE:
            return True
        if mode and self.t_feature[t] != NONE:
            return True
        if mode < 2:
            return False
        w = self.t_unit[t]
        return w != NONE and st.u_owner[w] != p

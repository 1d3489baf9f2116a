# SPDX-License-Identifier: MIT
"""Axial hex grid on a width x height rhombus, each hex packed into one small int.

A hex (q, r) is stored as ``r * width + q``. Off-grid lookups return -1 instead of raising,
so callers can treat them like a hex with no tile.
"""

# Axial direction vectors, counter-clockwise from east.
DQ = (1, 1, 0, -1, -1, 0)
DR = (0, -1, -1, 0, 1, 1)


class HexGrid:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.size = width * height

    def pack(self, q, r):
        if 0 <= q < self.width and 0 <= r < self.height:
            return r * self.width + q
        return -1

    def neighbour(self, h, d):
        """The hex next to ``h`` in direction ``d`` (0..5), or -1 off the grid."""
        w = self.width
        return self.pack(h % w + DQ[d], h // w + DR[d])

    def distance(self, a, b):
        w = self.width
        dq = a % w - b % w
        dr = a // w - b // w
        ds = dq + dr
        if dq < 0:
            dq = -dq
        if dr < 0:
            dr = -dr
        if ds < 0:
            ds = -ds
        return (dq + dr + ds) >> 1

    def line_at(self, a, b, n, i, side):
        """Hex ``i`` of the straight hex line from ``a`` (hex 0) to ``b`` (hex n), for
        n = distance(a, b) >= 1 and 1 <= i <= n. ``side`` (+1 or -1) nudges the line
        a hair to one side, so where it runs exactly along a hex edge the two sides give the
        hexes on either side of that edge. Integer arithmetic only: identical on every
        interpreter; one hex at a time, no list (line of sight asks it in the CPU's
        play-outs)."""
        w = self.width
        ax = a % w
        az = a // w
        bx = b % w
        bz = b // w
        # Cube point scaled by 6n, nudged by (+1, +1, -2) * side: the nudge is smaller
        # than any distance to a rounding boundary that is not an exact tie.
        x = 6 * (ax * n + (bx - ax) * i) + side
        y = 6 * ((-ax - az) * n + (ax + az - bx - bz) * i) + side
        z = 6 * (az * n + (bz - az) * i) - 2 * side
        k = cube_round(x, y, z, 6 * n)
        return self.pack((k >> 10) - 512, (k & 1023) - 512)


def cube_round(x, y, z, s):
    """(x, z) of the hex nearest to the cube point (x, y, z) / s, in integers (x + y + z = 0
    scaled by s): each coordinate rounded, the one that moved most set from the other two.
    Packed in one small int, ``(x + 512) * 1024 + z + 512`` (no tuple to allocate: the
    CPU's line-of-sight checks run it thousands of times): x = (k >> 10) - 512,
    z = (k & 1023) - 512.
    Used by HexGrid.line_at and by Tactical Hex's map (engine/tactical_hex/geometry.py)."""
    rx = (2 * x + s) // (2 * s)
    ry = (2 * y + s) // (2 * s)
    rz = (2 * z + s) // (2 * s)
    ex = abs(x - rx * s)
    ey = abs(y - ry * s)
    ez = abs(z - rz * s)
    if ex > ey and ex > ez:
        rx = -ry - rz
    elif ey > ez:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (rx + 512) * 1024 + rz + 512

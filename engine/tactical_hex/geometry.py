# SPDX-License-Identifier: MIT
"""The Tactical Hex map's geometry: hexes of a MAP_W x MAP_H "odd-r" map (pointy tops, odd
rows half a hex to the right), each packed as ``row * MAP_W + col``; neighbours, distance,
and the hexes a line of sight crosses (RULES B6). Integers only, so CPython and MicroPython
(whose floats are single precision on the device) agree exactly."""
from engine.core.hexgrid import cube_round

from .consts import ALONG
from .tables import MAP_H, MAP_W

# Neighbour offsets (col, row) for even and odd rows, east first, counter-clockwise.
_EVEN = ((1, 0), (0, -1), (-1, -1), (-1, 0), (-1, 1), (0, 1))
_ODD = ((1, 0), (1, -1), (0, -1), (-1, 0), (0, 1), (1, 1))
_NUDGE = 1000  # line points are nudged by 1/1000 of a step to either side of a hex edge


def pack(col, row):
    """The hex at (col, row), or -1 off the map."""
    if 0 <= col < MAP_W and 0 <= row < MAP_H:
        return row * MAP_W + col
    return -1


def _table():
    t = bytearray(b"\xff" * (6 * MAP_W * MAP_H))
    for h in range(MAP_W * MAP_H):
        col = h % MAP_W
        row = h // MAP_W
        i = 6 * h
        for dc, dr in (_ODD if row & 1 else _EVEN):
            n = pack(col + dc, row + dr)
            if n >= 0:
                t[i] = n
                i += 1
    return bytes(t)


# NEXT[6 * h:6 * h + 6]: the hexes next to h, then 255s (made once: 648 bytes)
NEXT = _table()


def mark_next(marks, h):
    """Set ``marks[n] = 1`` for every hex ``n`` next to ``h`` (nothing allocated)."""
    for i in range(6 * h, 6 * h + 6):
        n = NEXT[i]
        if n == 255:
            break
        marks[n] = 1


def neighbours(h):
    """The hexes next to ``h`` on the map (up to six)."""
    out = []
    for i in range(6 * h, 6 * h + 6):
        n = NEXT[i]
        if n == 255:
            break
        out.append(n)
    return out


def _cube_x(h):
    row = h // MAP_W
    return h % MAP_W - (row - (row & 1)) // 2


def distance(a, b):
    """Hexes between ``a`` and ``b`` counted as steps (adjacent: 1)."""
    dx = _cube_x(a) - _cube_x(b)
    dz = a // MAP_W - b // MAP_W
    dy = -dx - dz
    return max(abs(dx), abs(dy), abs(dz))


def _round(xs, ys, zs, d):
    """The map hex nearest to the cube point (xs, ys, zs) / d, or -1 off the map."""
    k = cube_round(xs, ys, zs, d)
    rz = (k & 1023) - 512
    return pack((k >> 10) - 512 + (rz - (rz & 1)) // 2, rz)  # cube (x, z) to (col, row)


def crossing(a, b, n, i):
    """The ``i``-th crossing (1 <= i < n, n = distance(a, b)) of the line from the centre of
    ``a`` to the centre of ``b``, as ``h * 256 + other``: ``other`` is 255 when the line's
    point ``i / n`` lies inside hex ``h``. When the point lies on the edge of two hexes,
    ``other`` is the second: plus ALONG when the line runs along that edge (RULINGS.md,
    B6: blocked only when both hexes are; along the map's border, where the other side is
    off the map, the hex on the map counts alone), without it when the line crosses the
    edge, so that it passes through both hexes (RULES B6: either blocks). One small int:
    nothing allocated."""
    ax = _cube_x(a)
    az = a // MAP_W
    bx = _cube_x(b)
    bz = b // MAP_W
    d = n * _NUDGE
    x = (ax * (n - i) + bx * i) * _NUDGE
    z = (az * (n - i) + bz * i) * _NUDGE
    y = -x - z
    h1 = _round(x + 1, y + 2, z - 3, d)
    h2 = _round(x - 1, y - 2, z + 3, d)
    if h2 == h1:
        return h1 * 256 + 255
    dx = bx - ax
    dz = bz - az
    dy = -dx - dz
    if dx != dy and dy != dz and dz != dx:  # no edge lies along this line: it crosses
        return h1 * 256 + h2
    if h1 < 0:  # along the map's border: the hex on the map alone
        return h2 * 256 + 255
    if h2 < 0:
        return h1 * 256 + 255
    return ALONG + h1 * 256 + h2


def between(a, b):
    """Every hex the line from ``a`` to ``b`` passes between them, in order, as a list of
    (hex, other): ``other`` is -1, or the hex across the edge the line runs along (both
    needed to block it). Tests and tools only; the rules ask ``crossing``."""
    n = distance(a, b)
    dx = _cube_x(b) - _cube_x(a)
    dz = b // MAP_W - a // MAP_W
    out = []
    for i in range(1, n):
        c = crossing(a, b, n, i)
        h = (c >> 8) & 255
        o = c & 255
        if c & ALONG:
            out.append((h, o))
            continue
        if o != 255:  # crossing an edge: the hex on a's side of it first
            ex = _cube_x(o) - _cube_x(h)
            ez = o // MAP_W - h // MAP_W
            if ex * dx + ez * dz + (ex + ez) * (dx + dz) < 0:
                h, o = o, h
            out.append((h, -1))
            h = o
        out.append((h, -1))
    return out

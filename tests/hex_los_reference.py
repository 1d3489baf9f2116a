# SPDX-License-Identifier: MIT
"""An independent line of sight for Tactical Hex (RULES B6 and its edge ruling), to check
the engine's against: exact rational geometry (fractions), no rounding and nothing shared
with engine/tactical_hex/geometry.py but the map's size.

A hex is the set of points nearer its centre than any other centre. In cube coordinates
(x + y + z = 0) the hex of centre c is the points p with |dx - dy|, |dy - dz|, |dz - dx| all
at most 1, d = p - c (the six neighbours are the unit vectors (1, -1, 0) and its kin, and
each border is half-way to one). The line from a to b is a + t (b - a), 0 <= t <= 1; each
of the three conditions keeps an interval of t, so the part of the line inside a hex is
one interval, found exactly:

- a hex whose open inside the line meets (an interval of positive length of strict
  inequalities) is crossed: a unit there blocks alone (RULES B6);
- a hex the line only runs along (a positive length on its border, none inside) shares
  that stretch with the hex across the edge: the two block together only (RULINGS.md B6);
  where the hex across is off the map, the hex on the map blocks alone;
- a hex the line touches at one point (a corner) does not block.
"""
from fractions import Fraction

from engine.tactical_hex.tables import MAP_H, MAP_W

RANGE = 5  # RULES B6


def cube(h):
    col = h % MAP_W
    row = h // MAP_W
    x = col - (row - (row & 1)) // 2  # odd-r: odd rows half a hex to the right
    return x, -x - row, row


def hex_at(c):
    """The map hex of cube point c, or None off the map."""
    row = c[2]
    col = c[0] + (row - (row & 1)) // 2
    return row * MAP_W + col if 0 <= col < MAP_W and 0 <= row < MAP_H else None


def distance(a, b):
    ca = cube(a)
    cb = cube(b)
    return max(abs(ca[k] - cb[k]) for k in range(3))


def _inside(a, b, c, strict):
    """The interval of t where a + t (b - a) is in the hex of centre c (its open inside if
    ``strict``), as (lo, hi), or None."""
    lo = Fraction(0)
    hi = Fraction(1)
    for i, j in ((0, 1), (1, 2), (2, 0)):
        k0 = (a[i] - c[i]) - (a[j] - c[j])  # -1 <= k0 + t * k1 <= 1
        k1 = (b[i] - a[i]) - (b[j] - a[j])
        if k1 == 0:
            if abs(k0) > 1 or strict and abs(k0) == 1:
                return None
            continue
        t1 = Fraction(-1 - k0, k1)
        t2 = Fraction(1 - k0, k1)
        lo = max(lo, min(t1, t2))
        hi = min(hi, max(t1, t2))
    if lo < hi or not strict and lo == hi:
        return lo, hi
    return None


def reference(a, b):
    """(hexes that block alone, frozensets of two hexes that block together) of the line
    from map hex ``a`` to map hex ``b``; the ends never block."""
    ca = cube(a)
    cb = cube(b)
    alone = set()
    edge = {}  # the stretch of t -> the hexes the line runs along there
    for x in range(min(ca[0], cb[0]) - 1, max(ca[0], cb[0]) + 2):
        for z in range(min(ca[2], cb[2]) - 1, max(ca[2], cb[2]) + 2):
            c = (x, -x - z, z)
            if c == ca or c == cb:
                continue
            if _inside(ca, cb, c, True):
                alone.add(hex_at(c))
                continue
            stretch = _inside(ca, cb, c, False)
            if stretch and stretch[0] < stretch[1]:
                edge.setdefault(stretch, []).append(hex_at(c))
    assert None not in alone, "a line between map hexes passes off the map"
    together = set()
    for hexes in edge.values():
        assert len(hexes) == 2, hexes  # an edge has two sides
        if None in hexes:
            alone.add(hexes[0] if hexes[1] is None else hexes[1])
        else:
            together.add(frozenset(hexes))
    return alone, together


def pairs():
    """Every (firer, target) pair of map hexes within fire range, in order."""
    n = MAP_W * MAP_H
    return [(a, b) for a in range(n) for b in range(n) if 1 <= distance(a, b) <= RANGE]


def signature(a, b, sees, hexes):
    """What blocks the sight from ``a`` to ``b`` by ``sees(a, b, occupied)`` (the engine's
    line_of_sight): the hexes of ``hexes`` whose unit alone blocks it, and the pairs of
    next-door hexes of ``hexes`` (neither blocking alone) whose units block it together."""
    alone = set()
    for k in hexes:
        if not sees(a, b, lambda h: h == k):
            alone.add(k)
    together = set()
    rest = sorted(set(hexes) - alone)
    for i, k in enumerate(rest):
        for m in rest[i + 1:]:
            if distance(k, m) == 1 and not sees(a, b, lambda h: h == k or h == m):
                together.add(frozenset((k, m)))
    return alone, together

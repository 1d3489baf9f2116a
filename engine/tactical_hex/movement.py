# SPDX-License-Identifier: MIT
"""Movement in Tactical Hex (RULES B4), one hex at a time: what entering a hex costs, where
a unit must stop, and every hex it can end its move in. ``side_at(h)`` is the side of the
unit on hex ``h`` (0 Japan, 1 Russia) or -1 when it is empty; rivers come from the tables.

``zoc`` (optional everywhere) is ``enemy_next(side, side_at)``: one byte a hex, 1 next to an
enemy of ``side``. It depends only on where the enemies stand, so a caller that asks about
many steps makes it once."""
from . import tables as T
from .geometry import NEXT, mark_next

_N_HEX = T.MAP_W * T.MAP_H
_RIVER = bytearray(_N_HEX)
for _h in T.RIVERS:
    _RIVER[_h] = 1


def is_river(h):
    return _RIVER[h] == 1


def enemy_next(side, side_at):
    """A byte per hex: 1 when a unit of the other side stands next to it."""
    z = bytearray(_N_HEX)
    for h in range(_N_HEX):
        s = side_at(h)
        if s >= 0 and s != side:
            mark_next(z, h)
    return z


def next_to_enemy(h, side, side_at):
    """True when a unit of the other side stands next to ``h``."""
    for i in range(6 * h, 6 * h + 6):
        n = NEXT[i]
        if n == 255:
            break
        s = side_at(n)
        if s >= 0 and s != side:
            return True
    return False


def step(frm, to, mp, side, side_at, zoc=None):
    """``cost * 2 + stop`` of moving from ``frm`` into the neighbouring hex ``to`` with
    ``mp`` movement points left (one small int: nothing allocated), or -1 when RULES B4
    forbids it: a river, an enemy's hex, too few points, or a hex next to an enemy without
    1 MP left after entering it. ``stop`` (1): the unit must end its move there (next to an
    enemy)."""
    if _RIVER[to]:
        return -1
    s = side_at(to)
    if s >= 0 and s != side:
        return -1  # enemies are neither entered nor passed
    cost = 1
    if s == side:
        cost += 1  # passing through a friend
    if zoc is None:
        zoc = enemy_next(side, side_at)
    if zoc[frm]:
        cost += 2  # leaving a hex next to an enemy
    stop = zoc[to]
    if cost > mp or (stop and (mp - cost < 1 or s == side)):
        return -1  # next to an enemy: stop there, 1 MP left for the attack, alone
    return cost * 2 + stop


def destinations(start, mp, side, side_at, zoc=None):
    """{hex: movement points left} of every hex a unit on ``start`` with ``mp`` points can
    end its move in (an empty hex; ``start`` itself left out), the most points left for
    each. The unit on ``start`` does not count as standing there."""
    def at(h):
        return -1 if h == start else side_at(h)

    if zoc is None:
        zoc = enemy_next(side, at)
    best = {start: mp}
    todo = [start]
    out = {}
    while todo:
        h = todo.pop()
        left = best[h]
        for i in range(6 * h, 6 * h + 6):
            n = NEXT[i]
            if n == 255:
                break
            r = step(h, n, left, side, at, zoc)
            if r < 0:
                continue
            rest = left - (r >> 1)
            if at(n) < 0 and n != start and out.get(n, -1) < rest:
                out[n] = rest
            if not r & 1 and best.get(n, -1) < rest:
                best[n] = rest
                todo.append(n)
    return out


def can_go_on(h, mp, side, side_at, zoc):
    """A unit passing a friend on ``h`` with ``mp`` points left can still end its move on
    an empty hex (RULES B1: one counter per hex at the end of a move)."""
    for i in range(6 * h, 6 * h + 6):
        n = NEXT[i]
        if n == 255:
            break
        if side_at(n) < 0 and step(h, n, mp, side, side_at, zoc) >= 0:
            return True  # the common case: an empty hex right next to it
    return len(destinations(h, mp, side, side_at, zoc)) > 0

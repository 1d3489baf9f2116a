# SPDX-License-Identifier: MIT
"""Fire and melee arithmetic of Tactical Hex (RULES B6-B8): line of sight, fire strength
by distance, the odds column of the combat results table and the hits of a result. Pure
functions over the generated tables; the game state uses them."""
from . import tables as T
from .consts import ALONG
from .geometry import crossing, distance

FIRE_RANGE = 5  # RULES B6 (and the B5 ruling for infantry)
N_COLUMNS = len(T.ODDS) // 2


def fire_strength(strength, dist):
    """RULES B6: the firer's strength less 1 per hex of distance (adjacent: 1); 0 or less
    cannot fire."""
    s = strength - dist
    return s if s > 0 else 0


def line_of_sight(a, b, occupied):
    """RULES B6: ``b`` is within FIRE_RANGE of ``a`` and no unit (``occupied(h)`` true)
    stands on a hex the line between them passes through; where the line crosses an edge
    it passes through both hexes, where it runs along an edge it is blocked only when both
    hold a unit (RULINGS.md, B6)."""
    n = distance(a, b)
    if n > FIRE_RANGE:
        return False
    for i in range(1, n):
        c = crossing(a, b, n, i)
        h = (c >> 8) & 255
        o = c & 255
        if c & ALONG:
            if occupied(h) and occupied(o):
                return False
        elif occupied(h) or o != 255 and occupied(o):
            return False
    return True


def odds_column(att, dfd):
    """The CRT column for attack strength ``att`` against ``dfd`` (both > 0): the highest
    column whose odds the attacker reaches, i.e. rounded in the defender's favour (RULES
    B7); odds below the first column use the first (RULINGS.md, B7: melee is mandatory, so
    it is always resolved)."""
    col = 0
    for c in range(1, N_COLUMNS):
        if att * T.ODDS[2 * c + 1] >= dfd * T.ODDS[2 * c]:
            col = c
    return col


def result(col, die):
    """The result id of column ``col`` and a die of 1..6 (names.RESULT_NAMES)."""
    return T.CRT[(die - 1) * N_COLUMNS + col]


def hits(res):
    """(attacker hits, defender hits) of result ``res`` (RULES B8)."""
    return T.RESULT_HITS[2 * res], T.RESULT_HITS[2 * res + 1]

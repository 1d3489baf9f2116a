# SPDX-License-Identifier: MIT
"""A counter's values on the side it shows (RULES B1, B8), from tables.COUNTERS."""
from . import tables as T

SPECIAL_DEFENCE = 3  # RULES B8: an MG/cavalry counter defends with 3, whichever side is up
BLANK = 255
INFANTRY = 0
MG = 1
CAVALRY = 2


def side_of(u):
    return T.COUNTERS[u * T.COUNTER_SIZE]


def is_special(u):
    return T.COUNTERS[u * T.COUNTER_SIZE + 1] == 1


def kind(u, face):
    """The unit type (INFANTRY, MG, CAVALRY) on side ``face`` (0 front, 1 back)."""
    return T.COUNTERS[u * T.COUNTER_SIZE + 2 + 3 * face]


def strength(u, face):
    return T.COUNTERS[u * T.COUNTER_SIZE + 3 + 3 * face]


def move(u, face):
    return T.COUNTERS[u * T.COUNTER_SIZE + 4 + 3 * face]


def defence(u, face):
    """The strength ``u`` defends with (B8: an MG/cavalry counter always 3)."""
    return SPECIAL_DEFENCE if is_special(u) else strength(u, face)


def dies_of_hit(u, face):
    """B8: a hit eliminates an MG/cavalry counter, a counter on its back, or one whose back
    is blank; otherwise it flips the counter."""
    return is_special(u) or face == 1 or T.COUNTERS[u * T.COUNTER_SIZE + 5] == BLANK


def first_of(side):
    """The first counter of ``side`` (each side's counters follow one another)."""
    u = 0
    while side_of(u) != side:
        u += 1
    return u

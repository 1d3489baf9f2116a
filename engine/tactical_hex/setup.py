# SPDX-License-Identifier: MIT
"""Tactical Hex set-up and the start of a turn: the deployment zones (RULES B2) and the
initiative roll (B3.1)."""
from . import tables as T
from .geometry import distance, pack
from .movement import is_river

JAPAN = 0
RUSSIA = 1
_CORNER = (pack(0, 0), pack(T.MAP_W - 1, T.MAP_H - 1))  # B2: Japan top left, Russia bottom right


def deploy_zone(side):
    """The hexes ``side`` may deploy in: within DEPLOY_RANGE of its corner, rivers left out
    (B1, B2), in map order."""
    corner = _CORNER[side]
    return [h for h in range(T.MAP_W * T.MAP_H)
            if distance(h, corner) <= T.DEPLOY_RANGE and not is_river(h)]


def deploy_hexes(side, side_at):
    """The hexes of ``side``'s zone still free (B2: one unit per hex)."""
    return [h for h in deploy_zone(side) if side_at(h) < 0]


def deploys_first():
    """B2: Japan deploys first, then Russia."""
    return JAPAN


def initiative(die_japan, die_russia):
    """B3.1: the side with the higher die is the first player this turn; -1 on a tie (both
    roll again)."""
    if die_japan == die_russia:
        return -1
    return JAPAN if die_japan > die_russia else RUSSIA

# SPDX-License-Identifier: MIT
"""The CPU's decisions taken without a search (engine/pocket_tactics/cpu.py ``quick``): the
dice of an assault by the greedy dice policy of forecast.py (A5.2, A5.3), and the setup's
by fixed rules (a compact map, room around the own feature, the costliest units first). The
CPU loads this code for the moment of such a decision (engine/core/lazy.py), so a search's
decision goes without it."""
from .consts import (K_BUMP, K_REROLL, K_STOP, NONE, PH_BUMP, PH_FEATURE, PH_PLACE_TILE, PH_REROLL,
                     PH_SETUP_DEPLOY, SU_OWN, U_POINTS, action, kind_of, x_of, y_of)
from .forecast import best_bump, best_reroll
from .units import stat


def quick_action(st):
    """The action of the player to act when the phase needs no search (an assault's bump
    or re-roll, the setup's deployment, tile or feature), else None."""
    ph = st.phase
    if ph == PH_BUMP or ph == PH_REROLL:
        return _dice_action(st)
    if ph == PH_SETUP_DEPLOY:
        return _setup_deploy(st)
    if ph == PH_PLACE_TILE:
        return _place_tile(st)
    if ph == PH_FEATURE:
        return _feature(st)
    return None


def _dice_action(st):
    """The greedy dice policy's bump or re-roll (or stop) for the side to act."""
    pa = stat(st, st.att, U_POINTS)
    pd = stat(st, st.dfd, U_POINTS)
    side = st.side
    if st.phase == PH_BUMP:
        b = best_bump(st.dice, st.ndice, st.bumps, side, pa, pd)
        return action(K_STOP) if b < 0 else action(K_BUMP, b >> 4, b & 15)
    s = best_reroll(st.dice, st.ndice, side, pa, pd) if st.rerolls[side] else -1
    return action(K_STOP) if s < 0 else action(K_REROLL, s)


def _setup_deploy(st):
    """A2.8: the costliest unit first, onto a feature if one is in reach (the other
    player's above all: it cannot deploy from a feature it does not hold), else as near
    the centre as possible."""
    b = st.board
    best = action(K_STOP)
    best_v = -1
    for a in st.legal_actions():
        if kind_of(a) == K_STOP:
            continue
        u = x_of(a)
        t = y_of(a)
        v = 100 * stat(st, u, U_POINTS) - 10 * b.route(t, 0)
        if b.t_feature[t] != NONE:
            v += 5000 if t != st.setup[SU_OWN + st.player] else 3000
        if v > best_v:
            best = a
            best_v = v
    return best


def _place_tile(st):
    """A2.6: the drawn tile where it touches the most placed tiles, nearest the centre on a
    tie. A compact map leaves room around each feature for the setup deployment (A2.8);
    a long arm can put the two own features side by side (A2.7)."""
    b = st.board
    g = b.grid
    best = None
    best_v = -1
    for a in st.legal_actions():
        h = x_of(a)
        v = 0
        for d in range(6):
            nb = g.neighbour(h, d)
            if nb >= 0 and b.cell[nb]:
                v += 16
        v -= g.distance(h, b.t_hex[0]) if b.t_hex else 0
        if v > best_v:
            best = a
            best_v = v
    return best


def _feature(st):
    """A2.7: among the tiles the rule leaves, the one with the most free tiles around it
    (room to deploy, A2.8), then the farthest from the other player's feature."""
    b = st.board
    other = st.setup[SU_OWN + 1 - st.player]
    best = None
    best_v = -1
    for a in st.legal_actions():
        t = x_of(a)
        v = 0
        for u in range(b.n):
            if b.route(t, u) == 1 and b.t_feature[u] == NONE:
                v += 16
        if other != NONE:
            v += b.route(t, other)
        if v > best_v:
            best = a
            best_v = v
    return best

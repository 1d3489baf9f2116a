# SPDX-License-Identifier: MIT
"""Moving a unit (RULES A4): steps, hops, Swift, Flying, feature stops, hazards on the way.

A move is chosen by its destination. The engine takes the route that enters the fewest
hazard hexes (RULINGS: move routes), so a move is one action and its hazard tests follow
as chance nodes.
"""
from . import tables as T
from .consts import AB_INFILTRATE, K_MOVE, MAX_TILES, NONE, U_FLYING, U_SWIFT, action
from .units import ability, hazard_dv, stat

_NO = 255
_LAYERS = 8  # 1 + Swift 3 + Flying 3 steps at most, plus the start layer
# Scratch of search(), reused by every call (no allocation per move generation).
_cost = bytearray(_LAYERS * MAX_TILES)
_parent = bytearray(_LAYERS * MAX_TILES)
_buf = []


def allowance(st, u):
    return 1 + stat(st, u, U_SWIFT) + stat(st, u, U_FLYING)


def _stops(b, t):
    f = b.t_feature[t]
    return f != NONE and T.F_STOPS[f]


def _steps(st, u, start, t, out):
    """Tiles one move step from ``t`` reaches for unit ``u`` that began at ``start``."""
    b = st.board
    adj = b.adj
    tu = b.t_unit
    p = st.u_owner[u]
    hop_enemies = stat(st, u, U_FLYING) > 0 or ability(st, u) == AB_INFILTRATE
    del out[:]
    for d in range(6):
        nb = adj[t * 6 + d]
        if nb == NONE:
            continue  # no tile: never entered, never hopped into (A4)
        v = tu[nb]
        if v == NONE or nb == start:
            if nb not in out:
                out.append(nb)
        elif v != u and (st.u_owner[v] == p or hop_enemies):
            # Hop (A4): over the unit to any empty tile next to it, not the start hex.
            for d2 in range(6):
                land = adj[nb * 6 + d2]
                if land != NONE and land != start and land != t and tu[land] == NONE:
                    if land not in out:
                        out.append(land)
    return out


def search(st, u):
    """Layered search over the move allowance; returns the number of layers k_max. In the
    module's scratch arrays (valid until the next call), with n = the map's tile count,
    _cost[k * n + t] is the fewest hazards to stand on tile t after k steps (255: not
    reachable) and _parent[k * n + t] the tile before it. Returning one int, not a tuple,
    keeps a call free of allocation."""
    b = st.board
    n = b.n
    k_max = allowance(st, u)
    if k_max >= _LAYERS:
        k_max = _LAYERS - 1
    start = st.u_tile[u]
    cost = _cost
    parent = _parent
    for i in range((k_max + 1) * n):
        cost[i] = _NO
        parent[i] = _NO
    cost[start] = 0
    buf = _buf
    for k in range(1, k_max + 1):
        base = (k - 1) * n
        for t in range(n):
            c = cost[base + t]
            if c == _NO or (k > 1 and _stops(b, t)):
                continue
            for nt in _steps(st, u, start, t, buf):
                nc = c + (1 if hazard_dv(st, u, nt) else 0)
                if nc < cost[k * n + nt]:
                    cost[k * n + nt] = nc
                    parent[k * n + nt] = t
    return k_max


def add_moves(st, u, out):
    """Append to ``out`` the move actions of unit ``u`` (A4): K_MOVE to each tile it can
    end a move on, in tile order; builds no list of its own. With ``out`` None: whether
    there is any (True at the first one found)."""
    k_max = search(st, u)
    cost = _cost
    n = st.board.n
    start = st.u_tile[u]
    for t in range(n):
        if t == start:
            continue
        for k in range(1, k_max + 1):
            if cost[k * n + t] != _NO:
                if out is None:
                    return True
                out.append(action(K_MOVE, u, t))
                break
    return False


def route_hazards(st, u, dest, out):
    """DVs of the hazards entered on the least-hazard route to ``dest``, written into
    ``out`` (8 bytes at least) the last entered first (a stack: the first test is on top,
    at the end); their count."""
    k_max = search(st, u)
    cost = _cost
    parent = _parent
    n = st.board.n
    best_k = 0
    best = _NO
    for k in range(1, k_max + 1):
        c = cost[k * n + dest]
        if c < best:
            best = c
            best_k = k
    # the route's tiles, walked from the destination back (k = best_k .. 1), give the
    # hazards last first
    c = 0
    t = dest
    for k in range(best_k, 0, -1):
        dv = hazard_dv(st, u, t)
        if dv:
            out[c] = dv
            c += 1
        t = parent[k * n + t]
    return c

# SPDX-License-Identifier: MIT
"""The turn (RULES A3): move, assault, deploy, return, cast; hazard tests (A8); haste."""
from . import assault, movement, spells
from .consts import (K_ASSAULT, K_CAST, K_DEPLOY, K_MOVE, K_PASS, K_RETURN, K_STOP,
                     DESTROYED, MAP, NONE, PH_HAZARD, RESERVE, ST_WARD_MASK, U_DEF,
                     U_DEF_BUMPS, U_OFF, action, kind_of, x_of, y_of)
from .units import bump_sum, can_strike, stat


def deploy_tiles(st, p, out):
    """A7: empty hexes in or next to a feature the player controls, sorted, into ``out``
    (emptied first); returns ``out``."""
    b = st.board
    adj = b.adj
    del out[:]
    for f in range(b.n):
        if b.t_feature[f] == NONE:
            continue
        u = b.t_unit[f]
        if u == NONE or st.u_owner[u] != p:
            continue  # not controlled (A7 ruling: occupied by one of the player's units)
        for d in range(6):
            nb = adj[f * 6 + d]
            if nb != NONE and b.t_unit[nb] == NONE and nb not in out:
                out.append(nb)
    out.sort()
    return out


def can_return(st, u):
    """A7: on a feature, or next to a feature an ally occupies."""
    b = st.board
    t = st.u_tile[u]
    if b.t_feature[t] != NONE:
        return True
    p = st.u_owner[u]
    adj = b.adj
    for d in range(6):
        nb = adj[t * 6 + d]
        if nb != NONE and b.t_feature[nb] != NONE:
            v = b.t_unit[nb]
            if v != NONE and st.u_owner[v] == p:
                return True
    return False


_tiles = []  # legal()'s deploy tiles, reused


def legal(st, out):
    p = st.player
    for u in range(st.cfg.n_units):
        if st.u_owner[u] != p or st.u_where[u] != MAP:
            continue
        movement.add_moves(st, u, out)
        if stat(st, u, U_OFF):  # RULINGS: no OFF dice, no assault
            for v in range(st.cfg.n_units):
                if st.u_owner[v] != p and st.u_where[v] == MAP and can_strike(st, u, v):
                    out.append(action(K_ASSAULT, u, v))
        if can_return(st, u):
            out.append(action(K_RETURN, u))
    tiles = deploy_tiles(st, p, _tiles)
    if tiles:
        for u in range(st.cfg.n_units):
            if st.u_owner[u] == p and st.u_where[u] == RESERVE:
                for t in tiles:
                    out.append(action(K_DEPLOY, u, t))
    spells.legal(st, p, out)
    if not out:
        out.append(action(K_PASS))


def apply(st, a):
    k = kind_of(a)
    x = x_of(a)
    y = y_of(a)
    if k == K_PASS:
        st.passes += 1
        st.end_action()
        return
    st.passes = 0
    if k == K_MOVE:
        start_move(st, x, y)
    elif k == K_ASSAULT:
        assault.start(st, x, y)
    elif k == K_DEPLOY:
        st.place(x, y)  # deployed units ignore hazards (A7)
        st.u_where[x] = MAP
        st.end_action()
    elif k == K_RETURN:
        st.lift(x)
        st.u_where[x] = RESERVE
        st.end_action()
    elif k == K_CAST:
        spells.cast(st, x, y >> 6, y & 0x3F)


def start_move(st, u, t):
    st.hz_n = movement.route_hazards(st, u, t, st.hz)
    st.place(u, t)
    st.att = u
    _next_test(st)


def _next_test(st):
    """A8: each hazard entered is a DV test on the unit's DEF dice, one die per node, in
    the order entered (st.hz is their stack: the next on top)."""
    if st.hz_n == 0:
        st.end_action()
        return
    u = st.att
    n = stat(st, u, U_DEF)
    if n == 0:
        _fail(st)  # no DEF dice: the test fails (A8 ruling)
        return
    nd = st.ndice
    nd[0] = 0
    nd[1] = n
    nd[2] = 0
    nd[3] = 0
    for i in range(12):
        st.dice[i] = 0
    st.pos = -1
    st.pos = assault.next_slot(st)
    st.phase = PH_HAZARD


def test_passes(st, u, dice, n, dv):
    """A8 ruling: pass if any die reaches the DV after the DEF bumps (stacked on the best
    die, never above 6)."""
    best = 0
    for i in range(n):
        if dice[i] > best:
            best = dice[i]
    best += bump_sum(st, u, U_DEF_BUMPS)
    best += st.u_status[u] & ST_WARD_MASK
    if best > 6:
        best = 6
    return best >= dv


def apply_hazard_die(st, face):
    st.dice[st.pos] = face
    s = assault.next_slot(st)
    if s < 12:
        st.pos = s
        return
    u = st.att
    if test_passes(st, u, st.dice[3:6], st.ndice[1], st.hz[st.hz_n - 1]):
        st.hz_n -= 1
        _next_test(st)
    else:
        _fail(st)


def _fail(st):
    u = st.att
    st.lift(u)
    st.u_where[u] = DESTROYED  # nobody's captive (A8)
    st.outcome = 2
    st.end_action()


def legal_haste(st, out):
    u = st.haste
    movement.add_moves(st, u, out)
    out.append(action(K_STOP))


def apply_haste(st, a):
    u = st.haste
    st.haste = NONE
    if kind_of(a) == K_STOP:
        st.end_action()
    else:
        start_move(st, u, y_of(a))

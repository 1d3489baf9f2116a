# SPDX-License-Identifier: MIT
"""Setting up (RULES A2.4-A2.9): centre tile, roll-off, the map draft, own features,
deployment, and who takes the first turn. state.py's phase table reaches the setup's phases
through ``legal`` and ``apply`` (and ``bag_outcomes``), which pick by the phase from the
tables at the end (this module is loaded only while a game is set up)."""
from . import tables as T
from .consts import (K_DEPLOY, K_FEATURE, K_PLACE, K_STOP, MAP, NONE, PH_DRAW_TILE,
                     PH_FEATURE, PH_PLACE_TILE, PH_ROLLOFF, PH_SETUP_DEPLOY, RESERVE, SU_COUNT,
                     SU_DRAWN, SU_FIRST, SU_LAST, SU_OWN, SU_ROLL, action, kind_of, x_of, y_of)

SETUP_DEPLOY_MAX = 3  # A2.8: up to three units each


def bag_outcomes(st):
    out = []
    for t in range(T.N_TERRAINS):
        if st.bag[t]:
            out.append((t, st.bag[t]))
    return out


def apply_centre(st, terrain):
    """A2.4: the first tile drawn holds the central feature."""
    st.bag[terrain] -= 1
    b = st.board
    t = b.add_tile(b.open_hexes()[0], terrain)
    b.t_feature[t] = st.cfg.central
    st.phase = PH_ROLLOFF
    st.pos = 0


def apply_rolloff(st, face):
    """A2.5: each rolls a die, ties re-roll; the higher roll goes first in setup."""
    su = st.setup
    su[SU_ROLL + st.pos] = face
    if st.pos == 0:
        st.pos = 1
        return
    a = su[SU_ROLL]
    b = su[SU_ROLL + 1]
    if a == b:
        st.pos = 0
        return
    su[SU_FIRST] = 0 if a > b else 1
    st.player = su[SU_FIRST]
    st.phase = PH_DRAW_TILE


def apply_draw_tile(st, terrain):
    st.bag[terrain] -= 1
    st.setup[SU_DRAWN] = terrain
    st.phase = PH_PLACE_TILE


def legal_place(st, out):
    for h in st.board.open_hexes():
        out.append(action(K_PLACE, h))


def apply_place(st, a):
    """A2.6: the drawn tile goes next to any placed tile; players alternate."""
    st.board.add_tile(x_of(a), st.setup[SU_DRAWN])
    st.setup[SU_DRAWN] = NONE
    st.player = 1 - st.player
    for c in st.bag:
        if c:
            st.phase = PH_DRAW_TILE
            return
    st.phase = PH_FEATURE
    st.player = st.setup[SU_FIRST]


def feature_tiles(st, p):
    """A2.7 and its ruling: the free tiles farthest (over the map) from the centre, then
    farthest from the other players' features already placed."""
    b = st.board
    other = st.setup[SU_OWN + 1 - p]
    best = None
    out = []
    for t in range(b.n):
        if b.t_feature[t] != NONE:
            continue
        key = (b.route(0, t), b.route(other, t) if other != NONE else 0)
        if best is None or key > best:
            best = key
            out = [t]
        elif key == best:
            out.append(t)
    return out


def legal_feature(st, out):
    for t in feature_tiles(st, st.player):
        out.append(action(K_FEATURE, t))


def apply_feature(st, a):
    t = x_of(a)
    p = st.player
    st.board.t_feature[t] = st.cfg.features[p]
    st.setup[SU_OWN + p] = t
    first = st.setup[SU_FIRST]
    if p == first:
        st.player = 1 - p
    else:
        _begin_deploy(st, first)


def deploy_tiles(st, p):
    """A2.8: empty tiles in or next to the player's own feature."""
    b = st.board
    f = st.setup[SU_OWN + p]
    out = []
    if b.t_unit[f] == NONE:
        out.append(f)
    for d in range(6):
        nb = b.adj[f * 6 + d]
        if nb != NONE and b.t_unit[nb] == NONE:
            out.append(nb)
    out.sort()
    return out


def _can_deploy(st, p):
    if st.setup[SU_COUNT] >= SETUP_DEPLOY_MAX or not deploy_tiles(st, p):
        return False
    for u in range(st.cfg.n_units):
        if st.u_owner[u] == p and st.u_where[u] == RESERVE:
            return True
    return False


def _begin_deploy(st, p):
    st.phase = PH_SETUP_DEPLOY
    st.player = p
    st.setup[SU_COUNT] = 0
    if not _can_deploy(st, p):
        _deploy_done(st)


def _deploy_done(st):
    su = st.setup
    first = su[SU_FIRST]
    if st.player == first:
        _begin_deploy(st, 1 - first)
        return
    # A2.9: the player who placed units last takes the first turn (RULINGS when nobody did).
    start = su[SU_LAST] if su[SU_LAST] != NONE else 1 - first
    st.start_battle(start)


def legal_deploy(st, out):
    p = st.player
    tiles = deploy_tiles(st, p)
    for u in range(st.cfg.n_units):
        if st.u_owner[u] == p and st.u_where[u] == RESERVE:
            for t in tiles:
                out.append(action(K_DEPLOY, u, t))
    out.append(action(K_STOP))


def apply_deploy(st, a):
    if kind_of(a) == K_STOP:
        _deploy_done(st)
        return
    u = x_of(a)
    st.place(u, y_of(a))
    st.u_where[u] = MAP
    st.setup[SU_COUNT] += 1
    st.setup[SU_LAST] = st.player
    if not _can_deploy(st, st.player):
        _deploy_done(st)


# the setup's phases (PH_CENTRE .. PH_SETUP_DEPLOY: 0 .. 5) -> their legal(st, out) (None:
# a chance node, whose outcomes state.py gives) and apply(st, action)
_LEGAL = (None, None, None, legal_place, legal_feature, legal_deploy)
_APPLY = (apply_centre, apply_rolloff, apply_draw_tile, apply_place, apply_feature, apply_deploy)


def legal(st, out):
    _LEGAL[st.phase](st, out)


def apply(st, a):
    _APPLY[st.phase](st, a)

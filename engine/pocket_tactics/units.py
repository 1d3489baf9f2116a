# SPDX-License-Identifier: MIT
"""Read-only questions about units: card values from the packed tables, abilities,
adjacency, hazards, reach, line of sight. Shared by movement, assault, spells and players."""
from . import tables as T
from .consts import (AB_AMPHIBIOUS, AB_DREAD, AB_SHARPSHOOTER, FAVORED_FEATURE, NONE,
                     SPELL_SIZE, U_ABILITY, U_ABILITY_N, U_ABILITY_TYPE, U_FAVORED, U_FLYING,
                     U_RANGED, U_TYPES, UNIT_SIZE)


def type_stat(ty, field):
    """Field ``field`` (a U_* offset) of unit type ``ty``."""
    return T.UNITS[ty * UNIT_SIZE + field]


def stat(st, u, field):
    """Field ``field`` of the card of unit ``u`` (the game's cards: Config.cards)."""
    return st.cfg.cards[st.u_type[u] * UNIT_SIZE + field]


def type_mask(ty):
    i = ty * UNIT_SIZE + U_TYPES
    return T.UNITS[i] | (T.UNITS[i + 1] << 8)


def unit_mask(st, u):
    """The types mask of the card of unit ``u``."""
    c = st.cfg.cards
    i = st.u_type[u] * UNIT_SIZE + U_TYPES
    return c[i] | (c[i + 1] << 8)


def bump_sum(st, u, field):
    """The bumps (U_OFF_BUMPS or U_DEF_BUMPS) of the card of unit ``u`` added up (what a
    bonus stacked on one die gets)."""
    c = st.cfg.cards
    i = st.u_type[u] * UNIT_SIZE + field
    total = 0
    for k in range(i, i + 3):
        v = c[k]
        if not v:
            break
        total += v
    return total


def spell_stat(s, field):
    """Field ``field`` (an S_* offset) of spell ``s``."""
    return T.SPELLS[s * SPELL_SIZE + field]


def ability(st, u):
    return stat(st, u, U_ABILITY)


def ability_n(st, u):
    return stat(st, u, U_ABILITY_N)


def has_type(st, u, type_plus_one):
    """Whether unit ``u`` has the type stored as ``type id + 1`` (0 means any type)."""
    if not type_plus_one:
        return True
    return bool(unit_mask(st, u) & (1 << (type_plus_one - 1)))


def ability_type(st, u):
    return stat(st, u, U_ABILITY_TYPE)


def flying(st, u):
    return stat(st, u, U_FLYING)


def on_favored(st, u):
    """RULES A5.3: the unit stands on its favored terrain or feature (a feature hex counts
    as the feature, A1)."""
    fav = stat(st, u, U_FAVORED)
    if not fav:
        return False
    b = st.board
    t = st.u_tile[u]
    f = b.t_feature[t]
    if f != NONE:
        return fav == FAVORED_FEATURE + f
    return fav == b.t_terrain[t] + 1


def hazard_dv(st, u, t):
    """The DV of the hazard unit ``u`` would trigger moving into tile ``t`` (0: none). RULES
    A8: a feature hex is no hazard; favored terrain and the Amphibious ability are immune."""
    b = st.board
    if b.t_feature[t] != NONE:
        return 0
    terrain = b.t_terrain[t]
    dv = T.T_HAZARD[terrain]
    if not dv:
        return 0
    if stat(st, u, U_FAVORED) == terrain + 1 or stat(st, u, U_ABILITY) == AB_AMPHIBIOUS:
        return 0
    return dv


def reach(st, u):
    """How far unit ``u`` can assault: 1 + Ranged + the range bonus of its feature (A6)."""
    r = 1 + stat(st, u, U_RANGED)
    f = st.board.t_feature[st.u_tile[u]]
    if f != NONE:
        r += T.F_RANGE[f]
    return r


def enemy_adjacent_with(st, u, ab):
    """Whether an enemy of ``u`` with ability ``ab`` stands next to it."""
    b = st.board
    p = st.u_owner[u]
    adj = b.adj
    t = st.u_tile[u]
    for d in range(6):
        nb = adj[t * 6 + d]
        if nb != NONE:
            v = b.t_unit[nb]
            if v != NONE and st.u_owner[v] != p and ability(st, v) == ab:
                return True
    return False


def dreaded(st, u):
    """RULES A5.3 + Dread: a unit next to an enemy with Dread gives no support."""
    return enemy_adjacent_with(st, u, AB_DREAD)


def sees(st, u, v):
    """Line of sight from unit ``u`` to unit ``v`` (RULES A6): features and units hostile to
    ``u`` block, unless either unit flies; Sharpshooters ignore units; no tile blocks."""
    if flying(st, u) or flying(st, v):
        mode = 0
    else:
        mode = 1 if ability(st, u) == AB_SHARPSHOOTER else 2
    return st.board.los(st.u_tile[u], st.u_tile[v], st, st.u_owner[u], mode)


def can_strike(st, u, v):
    """Unit ``u`` (on the map) can reach enemy ``v`` with its range and sight (A5, A6)."""
    d = st.board.route(st.u_tile[u], st.u_tile[v])
    if d > reach(st, u):
        return False
    return d == 1 or sees(st, u, v)
# SPDX-License-Identifier: MIT
"""Checks that must hold after every action of any Pocket-Tactics game."""
from engine.core.protocol import IllegalAction
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.config_check import force_points
from engine.pocket_tactics.consts import DESTROYED, K_MOVE, MAP, NONE, action
from engine.pocket_tactics.spells import count


def check(st):
    b = st.board
    seen = set()
    for t in range(b.n):
        u = b.t_unit[t]
        if u != NONE:
            assert u not in seen, "unit %d on two hexes" % u
            seen.add(u)
            assert st.u_where[u] == MAP and st.u_tile[u] == t
    for u in range(st.cfg.n_units):
        w = st.u_where[u]
        assert 0 <= w <= DESTROYED, "unit %d in no place" % u
        if w == MAP:
            assert u in seen, "unit %d on the map but on no hex" % u
        else:
            assert st.u_tile[u] == NONE
    for p in (0, 1):
        assert force_points(st.cfg.units[p], st.cfg.spells[p]) <= st.cfg.limit
        assert count(st.hand, p) <= 5
        # every spell card is in exactly one of deck, hand, discard
        ns = T.N_SPELLS
        for s in range(ns):
            i = p * ns + s
            assert st.deck[i] + st.hand[i] + st.discard[i] == list(st.cfg.spells[p]).count(s)


def illegal_example(st, legal):
    """An action that is not legal now (a move of a unit to a hex it cannot reach, or a
    chance outcome out of range)."""
    for a in (0, 7, 99, action(K_MOVE, 0, 11), action(K_MOVE, st.cfg.n_units - 1, 0), -1):
        if a not in legal:
            return a
    return None


def check_illegal_refused(st, legal):
    a = illegal_example(st, legal)
    if a is None:
        return
    before = st.encode()
    try:
        st.apply(a)
    except IllegalAction:
        pass
    else:
        raise AssertionError("illegal action %r was accepted" % a)
    assert st.encode() == before, "an illegal action changed the state"

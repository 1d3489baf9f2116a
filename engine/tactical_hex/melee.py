# SPDX-License-Identifier: MIT
"""The combat step (RULES B7, B8): every enemy next to one of the phasing side's attackers
must be attacked. The phasing side forms one engagement at a time (defenders, then
attackers next to them), rolls, and each owner places the hits. Attackers are the phasing
side's unspent units and those that moved in this impulse; a unit attacks, or is attacked,
once per combat step (RULINGS.md B7)."""
from . import combat as C
from .consts import (F_ATT, F_DEF, F_FOUGHT, F_MOVED, F_SPENT, K_ATT, K_CLEAR, K_DEF, K_HIT,
                     K_RESOLVE, NONE, OFF, PH_COMBAT, PH_HITS, PH_MELEE, action, kind_of, x_of)
from .counters import defence, side_of, strength
from .geometry import NEXT


def _attacker(st, u):
    """``u`` may attack in this combat step (in the engagement being formed or not)."""
    f = st.u_flag[u]
    return st.u_hex[u] < OFF and side_of(u) == st.phasing and not f & F_FOUGHT and (
        not f & F_SPENT or f & F_MOVED)


def _next_to(st, u, flag, free):
    """True when a unit next to ``u`` has ``flag`` set (an attacker when ``flag`` is 0;
    ``free``: an attacker not in the engagement being formed). Combat happens with every
    unit at rest on its hex."""
    h = st.u_hex[u]
    for i in range(6 * h, 6 * h + 6):
        n = NEXT[i]
        if n == 255:
            break
        v = st.cell[n]
        if v == NONE:
            continue
        if flag:
            if st.u_flag[v] & flag:
                return True
        elif _attacker(st, v) and not (free and st.u_flag[v] & F_ATT):
            return True
    return False


def _open(st, e):
    """``e`` is an enemy that must still be attacked in this step and is not yet in the
    engagement being formed."""
    return st.u_hex[e] < OFF and side_of(e) != st.phasing and not st.u_flag[e] & (
        F_FOUGHT | F_DEF) and _next_to(st, e, 0, False)


def begin(st):
    """The combat step, or the end of the impulse when no enemy must be attacked."""
    for e in range(len(st.u_hex)):
        if _open(st, e):
            st.phase = PH_COMBAT
            st.player = st.phasing
            return
    for u in range(len(st.u_hex)):
        st.u_flag[u] &= ~F_FOUGHT
    st.end_impulse()


def _resolvable(st):
    """The engagement has attackers and defenders, each defender next to an attacker of
    it, and every enemy left can still be attacked by an attacker not in it."""
    n_att = 0
    n_def = 0
    for u in range(len(st.u_hex)):
        f = st.u_flag[u]
        if f & F_ATT:
            n_att += 1
        elif f & F_DEF:
            n_def += 1
            if not _next_to(st, u, F_ATT, False):
                return False
        elif _open(st, u) and not _next_to(st, u, 0, True):
            return False
    return n_att > 0 and n_def > 0


def legal_combat(st, out):
    forming = False
    for u in range(len(st.u_hex)):
        f = st.u_flag[u]
        if f & (F_ATT | F_DEF):
            forming = True
        elif _open(st, u):
            out.append(action(K_DEF, u))
        elif _attacker(st, u) and _next_to(st, u, F_DEF, False):
            out.append(action(K_ATT, u))
    if forming:
        if _resolvable(st):
            out.append(action(K_RESOLVE))
        out.append(action(K_CLEAR))


def apply_combat(st, a):
    k = kind_of(a)
    if k == K_DEF:
        st.u_flag[x_of(a)] |= F_DEF
    elif k == K_ATT:
        st.u_flag[x_of(a)] |= F_ATT
    elif k == K_CLEAR:
        for u in range(len(st.u_hex)):
            st.u_flag[u] &= ~(F_ATT | F_DEF)
    else:  # K_RESOLVE: RULES B7, odds of the summed strengths
        att = 0
        dfd = 0
        for u in range(len(st.u_hex)):
            f = st.u_flag[u]
            if f & F_ATT:
                att += strength(u, st.u_face[u])
            elif f & F_DEF:
                dfd += defence(u, st.u_face[u])
            else:
                continue
            st.u_flag[u] = f | F_FOUGHT | F_SPENT
        st.fire_str = C.odds_column(att, dfd)  # the engagement's CRT column
        st.phase = PH_MELEE


def apply_melee_die(st, d):
    st.hits_att, st.hits_def = C.hits(C.result(st.fire_str, d))
    _place_hits(st)


def _side_units(st, side, out):
    flag = F_DEF if side else F_ATT
    for u in range(len(st.u_hex)):
        if st.u_hex[u] < OFF and st.u_flag[u] & flag:
            out.append(u)


def _place_hits(st):
    """RULES B8: the attackers' hits, then the defenders'; a side with one unit left takes
    them on it, otherwise its owner chooses (PH_HITS). Then victory, and the next
    engagement."""
    for side in (0, 1):
        while (st.hits_def if side else st.hits_att) > 0:
            us = []
            _side_units(st, side, us)
            if len(us) > 1:
                st.hit_side = side
                st.player = 1 - st.phasing if side else st.phasing
                st.phase = PH_HITS
                return
            if us:
                st.hit(us[0])
            _take(st, side, len(us))
    for u in range(len(st.u_hex)):
        st.u_flag[u] &= ~(F_ATT | F_DEF)
    if st.check_victory():
        return
    begin(st)


def _take(st, side, n):
    """One hit placed (n = 1), or none possible (n = 0: the rest are lost)."""
    if side:
        st.hits_def = st.hits_def - 1 if n else 0
    else:
        st.hits_att = st.hits_att - 1 if n else 0


def legal_hits(st, out):
    us = []
    _side_units(st, st.hit_side, us)
    for u in us:
        out.append(action(K_HIT, u))


def apply_hit(st, a):
    st.hit(x_of(a))
    _take(st, st.hit_side, 1)
    _place_hits(st)

# SPDX-License-Identifier: MIT
"""Activations (RULES B3.2, B4-B6): the phasing side activates up to two unspent counters;
each moves one hex at a time or, if infantry, fires (alone or with the second activation at
the same target). Each hex a Russian unit enters may draw opportunity fire from Japan's
MGs, with sustained fire after each shot."""
from . import combat as C
from .consts import (F_MOVED, F_SPENT, JAPAN, K_END, K_FIRE, K_HOLD, K_OPFIRE, K_STEP,
                     K_STOP, NONE, OFF, PH_ACT, PH_FIRE, PH_MOVE, PH_OPFIRE, PH_SUSTAIN,
                     RUSSIA, action, kind_of, x_of, y_of, z_of)
from .counters import INFANTRY, MG, defence, is_special, kind, move, side_of, strength
from .geometry import distance, neighbours
from .movement import can_go_on, step

MAX_ACTS = 2  # RULES B3.2: up to 2 activations an impulse
SUSTAIN_MAX = 3  # RULES B6: 1-3 on the sustained-fire die, the MG may fire again


def begin(st):
    """The phasing side's next activation, or its combat step when it has none left."""
    from . import melee

    p = st.phasing
    if st.acts < MAX_ACTS:
        for u in range(len(st.u_hex)):
            if st.u_hex[u] < OFF and side_of(u) == p and not st.u_flag[u] & F_SPENT:
                st.phase = PH_ACT
                st.player = p
                return
    melee.begin(st)


def _step(st, u, frm, to, mp, zoc):
    """RULES B4: movement.step's ``cost * 2 + stop`` of ``u`` stepping from ``frm`` into
    ``to``, or -1; a
    friend's hex is entered only when the move can go on from it to an empty hex. ``zoc``:
    movement.enemy_next for ``u``'s side."""
    side = side_of(u)
    r = step(frm, to, mp, side, st.side_at, zoc)
    if r < 0 or st.cell[to] == NONE:
        return r
    return r if can_go_on(to, mp - (r >> 1), side, st.side_at, zoc) else -1


def _targets(st, u, out):
    """Add to ``out`` every enemy ``u`` can fire at (RULES B5, B6: range, line of sight, a
    fire strength above 0)."""
    h = st.u_hex[u]
    s = strength(u, st.u_face[u])
    side = side_of(u)
    for e in range(len(st.u_hex)):
        eh = st.u_hex[e]
        if eh < OFF and side_of(e) != side and C.fire_strength(s, distance(h, eh)) > 0 \
                and C.line_of_sight(h, eh, st.occupied):
            out.append(e)


def _ready(st, u):
    return st.u_hex[u] < OFF and side_of(u) == st.phasing and not st.u_flag[u] & F_SPENT


def legal_act(st, out):
    fire = []
    zoc = st.enemy_next(st.phasing)
    for u in range(len(st.u_hex)):
        if not _ready(st, u):
            continue
        h = st.u_hex[u]
        face = st.u_face[u]
        st.cell[h] = NONE  # the unit does not stand in its own way
        mp = move(u, face)
        for n in neighbours(h):
            if _step(st, u, h, n, mp, zoc) >= 0:
                out.append(action(K_STEP, u, n))
        st.cell[h] = u
        if kind(u, face) == INFANTRY:
            ts = []
            _targets(st, u, ts)
            for t in ts:
                out.append(action(K_FIRE, u, t, NONE))
            if st.acts == 0 and ts:
                fire.append((u, ts))
    # RULES B5: two activated infantry units may fire together at one target
    for i in range(len(fire)):
        for j in range(i + 1, len(fire)):
            for t in fire[i][1]:
                if t in fire[j][1]:
                    out.append(action(K_FIRE, fire[i][0], t, fire[j][0]))
    out.append(action(K_END))


def apply_act(st, a):
    k = kind_of(a)
    u = x_of(a)
    if k == K_STEP:
        st.acts += 1
        st.u_flag[u] |= F_SPENT | F_MOVED
        st.mover = u
        st.mp = move(u, st.u_face[u])
        st.cell[st.u_hex[u]] = NONE  # lifted: put back where its move ends
        _enter(st, y_of(a))
    elif k == K_FIRE:
        t = y_of(a)
        u2 = z_of(a)
        total = 0
        for f in (u, u2):
            if f != NONE:
                st.acts += 1
                st.u_flag[f] |= F_SPENT
                total += C.fire_strength(strength(f, st.u_face[f]),
                                         distance(st.u_hex[f], st.u_hex[t]))
        st.target = t
        st.fire_str = total
        st.mg = NONE
        st.phase = PH_FIRE
    else:  # K_END
        from . import melee

        melee.begin(st)


def _enter(st, to):
    """The mover steps into ``to``; then Japan's MGs may fire at a Russian unit there."""
    u = st.mover
    side = side_of(u)
    r = step(st.u_hex[u], to, st.mp, side, st.side_at, st.enemy_next(side))
    st.mp -= r >> 1
    st.u_hex[u] = to
    st.must_stop = r & 1
    _opportunity(st)


def _mgs(st, out):
    """Japan's MGs that may fire at the Russian mover now (RULES B6): MG side up, not
    spent, the mover in range and line of sight with a fire strength above 0."""
    th = st.u_hex[st.mover]
    for m in range(len(st.u_hex)):
        h = st.u_hex[m]
        if h < OFF and side_of(m) == JAPAN and is_special(m) and kind(m, st.u_face[m]) == MG \
                and not st.u_flag[m] & F_SPENT \
                and C.fire_strength(strength(m, st.u_face[m]), distance(h, th)) > 0 \
                and C.line_of_sight(h, th, st.occupied):
            out.append(m)


def _opportunity(st):
    u = st.mover
    if st.u_hex[u] < OFF and side_of(u) == RUSSIA:
        ms = []
        _mgs(st, ms)
        if ms:
            st.phase = PH_OPFIRE
            st.player = JAPAN
            return
    _go_on(st)


def _go_on(st):
    """The move goes on (the mover's side to act), or ends: the unit is eliminated, must
    stop next to an enemy, or can step nowhere from an empty hex."""
    u = st.mover
    h = st.u_hex[u]
    if h >= OFF:
        _end(st)
        return
    if st.must_stop:
        _stop(st)
        return
    if st.cell[h] == NONE:
        zoc = st.enemy_next(side_of(u))
        for n in neighbours(h):
            if _step(st, u, h, n, st.mp, zoc) >= 0:
                break
        else:
            _stop(st)
            return
    st.phase = PH_MOVE
    st.player = side_of(u)


def _stop(st):
    u = st.mover
    st.cell[st.u_hex[u]] = u
    _end(st)


def _end(st):
    st.mover = NONE
    st.target = NONE
    st.mg = NONE
    begin(st)


def legal_move(st, out):
    u = st.mover
    h = st.u_hex[u]
    zoc = st.enemy_next(side_of(u))
    for n in neighbours(h):
        if _step(st, u, h, n, st.mp, zoc) >= 0:
            out.append(action(K_STEP, u, n))
    if st.cell[h] == NONE:
        out.append(action(K_STOP))


def apply_move(st, a):
    if kind_of(a) == K_STEP:
        _enter(st, y_of(a))
    else:
        _stop(st)


def legal_opfire(st, out):
    """RULES B6: each MG that may fire at the mover; the MG whose sustained-fire die let it
    fire again (``st.mg``) at any other enemy in its line of sight too; or hold fire."""
    ms = []
    if st.u_hex[st.mover] < OFF:
        _mgs(st, ms)
    for m in ms:
        out.append(action(K_OPFIRE, m))
    m = st.mg
    if m != NONE:
        ts = []
        _targets(st, m, ts)
        for t in ts:
            if t != st.mover:  # the mover: K_OPFIRE
                out.append(action(K_FIRE, m, t, NONE))
    out.append(action(K_HOLD))


def apply_opfire(st, a):
    k = kind_of(a)
    if k == K_HOLD:
        st.mg = NONE
        _go_on(st)
        return
    m = x_of(a)
    t = y_of(a) if k == K_FIRE else st.mover
    st.mg = m
    st.target = t
    st.fire_str = C.fire_strength(strength(m, st.u_face[m]), distance(st.u_hex[m], st.u_hex[t]))
    st.phase = PH_FIRE


def apply_fire_die(st, d):
    """RULES B6: the CRT at fire strength : target strength; D1/D2 hit the target, A and E
    results do nothing to the firer."""
    t = st.target
    res = C.result(C.odds_column(st.fire_str, defence(t, st.u_face[t])), d)
    ha, hd = C.hits(res)
    if ha:
        hd = 0  # an E result: nothing happens to either side in fire
    for _ in range(hd):
        if st.u_hex[t] < OFF:
            st.hit(t)
    if hd and st.check_victory():
        return
    if st.mg != NONE:
        st.phase = PH_SUSTAIN
    else:
        _end(st)


def apply_sustain_die(st, d):
    """RULES B6 (and its B3 ruling): on 1-3 the MG may fire again at any enemy in its line
    of sight (it stays ``st.mg``); on 4-6, or with no enemy left in its sight, it is turned
    (spent) for the turn. Opportunity fire alone never spends it."""
    m = st.mg
    st.target = NONE
    ts = []
    if d <= SUSTAIN_MAX:
        _targets(st, m, ts)
    if not ts:
        st.u_flag[m] |= F_SPENT
        st.mg = NONE
    ms = []
    if st.u_hex[st.mover] < OFF:
        _mgs(st, ms)
    if ms or st.mg != NONE:
        st.phase = PH_OPFIRE
        st.player = JAPAN
    else:
        _go_on(st)

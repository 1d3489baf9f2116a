# SPDX-License-Identifier: MIT
"""Assault (RULES A5, A6): roll, bump phase, re-roll phase, tally.

Both units roll their red OFF and blue DEF dice; every die is a chance node. In the bump
and re-roll phases the two players alternate, attacker first; each use or stop is a legal
action of that player. A player who stops is done for that phase (RULINGS).
"""
from . import tables as T
from .consts import (A_DEF, A_OFF, AB_BANE, AB_FURY, AB_LEADER, AB_MEDIC, AB_PSIONIC,
                     AB_SABOTEUR, AB_STEADFAST, AB_SUPPRESS, AB_WITHER, CAPTIVE, D_DEF, D_OFF,
                     K_BUMP, K_REROLL, K_STOP, MAP, NONE, PH_BUMP, PH_REROLL, PH_REROLL_DIE,
                     PH_ROLL, ST_WARD_MASK, ST_WEAK_MASK, ST_WEAK_SHIFT, U_DEF, U_DEF_BUMPS,
                     U_OFF, U_OFF_BUMPS, UNIT_SIZE, action)
from .units import (ability, ability_n, ability_type, can_strike, dreaded,
                    enemy_adjacent_with, has_type, on_favored, stat)

DEF_KIND = 0x80  # bump byte: value | DEF_KIND for a DEF bump; 0 = no bump / used
_SLOTS = 8  # bump slots per side


def _nth(dice, at, n, k):
    """The k-th highest (k = 0, 1, 2) of the ``n`` <= 3 dice at ``dice[at:]``, without
    allocating (the tally runs thousands of times in a forecast)."""
    a = dice[at] if n > 0 else 0
    b = dice[at + 1] if n > 1 else 0
    c = dice[at + 2] if n > 2 else 0
    if a < b:
        a, b = b, a
    if b < c:
        b, c = c, b
        if a < b:
            a, b = b, a
    return a if k == 0 else b if k == 1 else c


def beats(dice, off, n_off, dfn, n_def):
    """The tally of RULES A5.4: do the OFF dice at ``off`` defeat the DEF dice at ``dfn``?
    Both sorted high to low; the first unequal pair decides; an OFF die with no DEF die
    left to meet it defeats; no OFF dice never defeat."""
    for i in range(n_off):
        if i >= n_def:
            return True
        o = _nth(dice, off, n_off, i)
        d = _nth(dice, dfn, n_def, i)
        if o > d:
            return True
        if o < d:
            return False
    return False


def _less(n, k):
    return n - k if n > k else 0


def _rerolls(st, x, y, defending):
    """Re-rolls for unit ``x`` against ``y`` (A5.3): support, favored terrain, abilities."""
    b = st.board
    p = st.u_owner[x]
    t = st.u_tile[x]
    n = 0
    for d in range(6):
        nb = b.adj[t * 6 + d]
        if nb == NONE:
            continue
        v = b.t_unit[nb]
        if v == NONE or st.u_owner[v] != p:
            continue
        if not dreaded(st, v):
            n += 1  # support: one per adjacent ally
        if ability(st, v) == AB_LEADER and has_type(st, x, ability_type(st, v)):
            n += ability_n(st, v)
    if on_favored(st, x) and not enemy_adjacent_with(st, x, AB_SABOTEUR):
        n += 1
    f = b.t_feature[t]
    if defending and f != NONE:
        n += T.F_DEF_REROLL[f]
    if ability(st, x) == AB_BANE and has_type(st, y, ability_type(st, x)):
        n += ability_n(st, x)
    if ability(st, y) == AB_PSIONIC:
        n = _less(n, ability_n(st, y))
    return n


def _bumps(st, x, attacking, out, base):
    """Fill the bump slots of unit ``x``: card bumps, feature, abilities, medics, ward."""
    b = st.board
    ty = st.u_type[x]
    cards = st.cfg.cards
    n = _card_bumps(out, base, 0, cards, ty, U_OFF_BUMPS, 0)
    n = _card_bumps(out, base, n, cards, ty, U_DEF_BUMPS, DEF_KIND)
    f = b.t_feature[st.u_tile[x]]
    if f != NONE:
        if T.F_OFF_BUMP[f]:
            n = _put(out, base, n, T.F_OFF_BUMP[f])
        if not attacking and T.F_DEF_BUMP[f]:
            n = _put(out, base, n, T.F_DEF_BUMP[f] | DEF_KIND)
    ab = ability(st, x)
    if attacking and ab == AB_FURY:
        n = _put(out, base, n, ability_n(st, x))
    if not attacking and ab == AB_STEADFAST:
        n = _put(out, base, n, ability_n(st, x) | DEF_KIND)
    p = st.u_owner[x]
    t = st.u_tile[x]
    for d in range(6):
        nb = b.adj[t * 6 + d]
        if nb != NONE:
            v = b.t_unit[nb]
            if v != NONE and st.u_owner[v] == p and ability(st, v) == AB_MEDIC:
                n = _put(out, base, n, ability_n(st, v) | DEF_KIND)
    ward = st.u_status[x] & ST_WARD_MASK
    if ward:
        n = _put(out, base, n, ward | DEF_KIND)
    for i in range(n, _SLOTS):
        out[base + i] = 0


def _put(out, base, n, v):
    """Bump ``v`` into slot ``n`` of the side's slots at ``out[base:]`` (the first _SLOTS
    bumps are kept); the next slot."""
    if n < _SLOTS:
        out[base + n] = v
    return n + 1


def _card_bumps(out, base, n, cards, ty, field, kind):
    """The bumps (U_OFF_BUMPS or U_DEF_BUMPS: up to three, 0 ends them) of card ``ty`` of
    ``cards`` from slot ``n`` on, each or-ed with ``kind``; the next slot."""
    i = ty * UNIT_SIZE + field
    for k in range(i, i + 3):
        v = cards[k]
        if not v:
            break
        n = _put(out, base, n, v | kind)
    return n


def prepare(st, att, dfd, nd, bumps, rerolls):
    """Dice counts (``nd``: attacker OFF, DEF, defender OFF, DEF), bump slots and re-rolls
    of an assault by ``att`` on ``dfd`` (A5, A6), written into the given arrays; nothing
    else changes."""
    dist = st.board.route(st.u_tile[att], st.u_tile[dfd])
    nd[0] = _less(stat(st, att, U_OFF), (st.u_status[att] & ST_WEAK_MASK) >> ST_WEAK_SHIFT)
    nd[1] = _less(stat(st, att, U_DEF), ability_n(st, dfd) if ability(st, dfd) == AB_WITHER else 0)
    # A6: a defender that cannot reach back (range or sight) rolls no OFF dice.
    back = can_strike(st, dfd, att)
    if dist >= 2 and ability(st, att) == AB_SUPPRESS:
        back = False
    weak = (st.u_status[dfd] & ST_WEAK_MASK) >> ST_WEAK_SHIFT
    nd[2] = _less(stat(st, dfd, U_OFF), weak) if back else 0
    nd[3] = _less(stat(st, dfd, U_DEF), ability_n(st, att) if ability(st, att) == AB_WITHER else 0)
    _bumps(st, att, True, bumps, 0)
    _bumps(st, dfd, False, bumps, _SLOTS)
    rerolls[0] = _rerolls(st, att, dfd, False)
    rerolls[1] = _rerolls(st, dfd, att, True)


def start(st, att, dfd):
    """Begin an assault by ``att`` on ``dfd`` (both on the map; legality checked)."""
    st.att = att
    st.dfd = dfd
    prepare(st, att, dfd, st.ndice, st.bumps, st.rerolls)
    for i in range(12):
        st.dice[i] = 0
    st.outcome = 0
    st.pos = -1
    _roll_next(st)


def falls(dice, nd):
    """Tally (A5.4) of dice as they stand: bit 0 the defender falls, bit 1 the attacker."""
    return ((1 if beats(dice, A_OFF, nd[0], D_DEF, nd[3]) else 0)
            | (2 if beats(dice, D_OFF, nd[2], A_DEF, nd[1]) else 0))


def die_exists(st, slot):
    return slot % 3 < st.ndice[slot // 3]


def next_slot(st):
    """The next die slot after ``st.pos`` that holds a die (12: none left)."""
    s = st.pos + 1
    while s < 12 and not die_exists(st, s):
        s += 1
    return s


def _roll_next(st):
    s = next_slot(st)
    if s < 12:
        st.pos = s
        st.phase = PH_ROLL
    else:
        _begin(st, PH_BUMP)


def apply_roll(st, face):
    st.dice[st.pos] = face
    _roll_next(st)


# --- the alternating phases -------------------------------------------------------------

def own_slots(side):
    """Die slots of a side: attacker (0) OFF 0-2 and DEF 3-5, defender (1) 6-11."""
    return range(6 * side, 6 * side + 6)


def _usable_bump(st, side, k):
    """Die slots bump ``k`` of ``side`` could raise (matching kind, below 6)."""
    v = st.bumps[side * _SLOTS + k]
    out = []
    if not v:
        return out
    first = 6 * side + (3 if v & DEF_KIND else 0)
    for s in range(first, first + 3):
        if die_exists(st, s) and st.dice[s] < 6:
            out.append(s)
    return out


def _can(st, side, phase):
    if phase == PH_BUMP:
        for k in range(_SLOTS):
            if _usable_bump(st, side, k):
                return True
        return False
    if not st.rerolls[side]:
        return False
    for s in own_slots(side):
        if die_exists(st, s):
            return True
    return False


def _begin(st, phase):
    st.stopped[0] = 0
    st.stopped[1] = 0
    st.phase = phase
    _next(st, 1)


def _next(st, acted):
    """Hand the phase to the other side if it can still act, else back to ``acted``; when
    neither can, move on (bump -> re-roll -> tally)."""
    phase = st.phase
    for i in range(2):
        side = 1 - acted if i == 0 else acted  # the other side first (no tuple: no garbage)
        if not st.stopped[side] and _can(st, side, phase):
            st.side = side
            st.player = st.u_owner[st.att if side == 0 else st.dfd]
            return
    if phase == PH_BUMP:
        _begin(st, PH_REROLL)
    else:
        _tally(st)


def legal(st, out):
    side = st.side
    if st.phase == PH_BUMP:
        for k in range(_SLOTS):
            for s in _usable_bump(st, side, k):
                out.append(action(K_BUMP, k, s))
    else:
        for s in own_slots(side):
            if die_exists(st, s):
                out.append(action(K_REROLL, s))
    out.append(action(K_STOP))


def apply_bump(st, k, slot):
    i = st.side * _SLOTS + k
    v = st.dice[slot] + (st.bumps[i] & 0x7F)
    st.dice[slot] = v if v < 6 else 6  # never above 6 (A5.2)
    st.bumps[i] = 0
    _next(st, st.side)


def apply_reroll(st, slot):
    st.rerolls[st.side] -= 1
    st.pos = slot
    st.phase = PH_REROLL_DIE


def apply_reroll_die(st, face):
    st.dice[st.pos] = face
    st.phase = PH_REROLL
    _next(st, st.side)


def apply_stop(st):
    st.stopped[st.side] = 1
    _next(st, st.side)


def _tally(st):
    st.outcome = falls(st.dice, st.ndice)
    # A5.5: both can fall in the same assault; the defeated become the other's captives.
    if st.outcome & 1:
        capture(st, st.dfd)
    if st.outcome & 2:
        capture(st, st.att)
    st.end_action()


def capture(st, u):
    if st.u_where[u] == MAP:
        st.board.t_unit[st.u_tile[u]] = NONE
    st.u_where[u] = CAPTIVE
    st.u_tile[u] = NONE
    st.u_status[u] = 0
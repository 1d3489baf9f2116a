# SPDX-License-Identifier: MIT
"""Spell cards (RULES A9): deck, hand of five, draws, casting by a Mage, discard.

Decks, hands and discard piles are counts per spell id: drawing from a shuffled deck is a
chance node weighted by the counts, which is the same thing and needs no card order.
"""
from . import tables as T
from .consts import (A_OFF, AB_ARCANE, AB_ARCHIVIST, CAPTIVE, D_DEF, HAND_SIZE, K_CAST, MAP,
                     NONE, PH_DRAW_SPELL, PH_HASTE, PH_SPELL_ROLL, RESERVE, S_EFFECT, S_N,
                     S_RANGE, SP_FIREBALL, SP_HASTE, SP_LIGHTNING, SP_RECALL, SP_RESCUE,
                     SP_TELEPORT, SP_WARD, SP_WEAKEN, ST_WARD_MASK, ST_WEAK_MASK, ST_WEAK_SHIFT,
                     U_DEF, action)
from .assault import beats, capture, next_slot
from .units import ability, ability_n, sees, spell_stat, stat, unit_mask


def count(arr, p):
    ns = T.N_SPELLS
    total = 0
    for s in range(p * ns, p * ns + ns):
        total += arr[s]
    return total


def wants_cards(st, p):
    return count(st.hand, p) < HAND_SIZE and count(st.deck, p) > 0


def draw_outcomes(st):
    ns = T.N_SPELLS
    p = st.player
    out = []
    for s in range(ns):
        c = st.deck[p * ns + s]
        if c:
            out.append((s, c))
    return out


def apply_draw(st, s):
    ns = T.N_SPELLS
    p = st.player
    st.deck[p * ns + s] -= 1
    st.hand[p * ns + s] += 1
    if not wants_cards(st, p):
        st.after_deal()


def deal(st, p, stage):
    """Enter the draw phase for player ``p`` if they need cards (A9); True if so."""
    if wants_cards(st, p):
        st.phase = PH_DRAW_SPELL
        st.player = p
        st.stage = stage
        return True
    return False


def is_mage(st, u):
    return bool(unit_mask(st, u) & T.MAGE_MASK)


def _in_range(st, u, t, rng):
    return rng == 0 or st.board.route(st.u_tile[u], t) <= rng


def targets(st, u, s, out):
    """Legal targets (unit ids or tile numbers) for caster ``u`` and spell ``s``."""
    eff = spell_stat(s, S_EFFECT)
    rng = spell_stat(s, S_RANGE)
    if rng and ability(st, u) == AB_ARCANE:
        rng += ability_n(st, u)
    p = st.u_owner[u]
    if eff == SP_TELEPORT:
        b = st.board
        for t in range(b.n):
            if b.t_unit[t] == NONE and _in_range(st, u, t, rng):
                out.append(t)
        return out
    for v in range(st.cfg.n_units):
        w = st.u_where[v]
        mine = st.u_owner[v] == p
        if eff == SP_RESCUE:
            if mine and w == CAPTIVE:
                out.append(v)
            continue
        if w != MAP or not _in_range(st, u, st.u_tile[v], rng):
            continue
        if eff == SP_FIREBALL or eff == SP_WEAKEN:
            ok = not mine and sees(st, u, v)
        elif eff == SP_LIGHTNING:
            ok = not mine
        elif eff == SP_HASTE:
            ok = mine and v != u and st.has_move(v)
        else:  # WARD, RECALL
            ok = mine
        if ok:
            out.append(v)
    return out


def legal(st, p, out):
    """Cast actions of player ``p`` (A9): a Mage on the map, a card in hand, a target."""
    ns = T.N_SPELLS
    buf = []
    for u in range(st.cfg.n_units):
        if st.u_owner[u] != p or st.u_where[u] != MAP or not is_mage(st, u):
            continue
        for s in range(ns):
            if st.hand[p * ns + s]:
                del buf[:]
                for x in targets(st, u, s, buf):
                    out.append(action(K_CAST, u, (s << 6) | x))


def cast(st, u, s, x):
    ns = T.N_SPELLS
    p = st.u_owner[u]
    st.hand[p * ns + s] -= 1
    if ability(st, u) == AB_ARCHIVIST:
        st.deck[p * ns + s] += 1  # the Grand Librarian's cards go back into the deck
    else:
        st.discard[p * ns + s] += 1
    st.spell = s
    eff = spell_stat(s, S_EFFECT)
    n = spell_stat(s, S_N)
    if eff == SP_FIREBALL or eff == SP_LIGHTNING:
        st.att = u
        st.dfd = x
        nd = st.ndice
        nd[0] = n
        nd[1] = 0
        nd[2] = 0
        nd[3] = stat(st, x, U_DEF)
        for i in range(12):
            st.dice[i] = 0
        st.pos = -1
        spell_roll_next(st)
        return
    if eff == SP_TELEPORT:
        st.place(u, x)  # not a move: no hazard test (RULINGS)
    elif eff == SP_RESCUE:
        st.u_where[x] = RESERVE
    elif eff == SP_HASTE:
        st.haste = x
        st.phase = PH_HASTE
        st.player = p
        return
    elif eff == SP_WARD:
        st.u_status[x] = (st.u_status[x] & ~ST_WARD_MASK) | min(n, 3)
    elif eff == SP_WEAKEN:
        st.u_status[x] = (st.u_status[x] & ~ST_WEAK_MASK) | (min(n, 3) << ST_WEAK_SHIFT)
    elif eff == SP_RECALL:
        st.lift(x)
        st.u_where[x] = RESERVE
    st.end_action()


def spell_roll_next(st):
    s = next_slot(st)
    if s < 12:
        st.pos = s
        st.phase = PH_SPELL_ROLL
        return
    st.outcome = 0
    if beats(st.dice, A_OFF, st.ndice[0], D_DEF, st.ndice[3]):
        st.outcome = 1
        capture(st, st.dfd)
    st.end_action()


def apply_spell_roll(st, face):
    st.dice[st.pos] = face
    spell_roll_next(st)

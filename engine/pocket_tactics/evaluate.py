# SPDX-License-Identifier: MIT
"""How good a Pocket-Tactics position is for a player (the CPU search's leaf value).

Integer arithmetic; one unit point on the map is worth 100. Terms (weights in W below):
material on the map and in reserve, captives (victory by points at the turn limit, A10),
feature control (A10: holding every feature wins), how close each side is to the features
it does not hold, the best assault the side to move can make now and the best the other
side can answer with (one action a turn, A3: the best threat counts, not their sum), units
standing where a test would follow, the spell hand by its public size only (the CPU never
looks at the other hand, A9), and an imminent win by features. With an assault's dice still to roll (the search stops
there), the assault's expected outcome: no sampled dice.

The assault odds are a parameter: the single roll by default (``pbeat_odds``), the exact
odds with bumps and re-rolls (``exact_odds``, odds.py's table) for the hard level.
"""
from .consts import (CAPTIVE, HAND_SIZE, MAP, NONE, PH_OVER, PH_ROLL, RESERVE, ST_WEAK_MASK,
                     ST_WEAK_SHIFT, U_DEF, U_FLYING, U_OFF, U_POINTS, U_SWIFT)
from .players import P_BEAT
from .spells import count
from .units import can_strike, reach, stat

try:
    from micropython import const
except ImportError:  # CPython

    def const(x):
        return x


WIN = const(1 << 22)  # a won game; a lost one is -WIN

# weights (a unit point on the map = 100)
_W_MAP = const(100)
_W_RESERVE = const(85)
_W_CAPTIVE = const(15)  # the captor's victory points at the turn limit
_W_FEATURE = const(450)
_W_NEAR = const(40)  # per hex of distance to a feature the side does not hold (minus)
_W_MOVER = const(80)  # % of the mover's best assault value counted
_W_OTHER = const(35)  # % of the other side's best assault value counted
_W_CARD = const(120)  # per spell card in hand
_W_LAST = const(60)  # % of WIN for "the mover can take the last feature now"
_W_FALL = const(115)  # _W_MAP + _W_CAPTIVE: a unit on the map that becomes a captive


def pbeat_odds(st, att, dfd, back):
    """(chance in 1000 that ``dfd`` falls, that ``att`` falls) in an assault by ``att`` on
    ``dfd``; ``back``: whether ``dfd`` can strike back (A6). One roll, no bumps or
    re-rolls (players.P_BEAT)."""
    off = stat(st, att, U_OFF) - ((st.u_status[att] & ST_WEAK_MASK) >> ST_WEAK_SHIFT)
    if off < 0:
        off = 0
    dfd_def = stat(st, dfd, U_DEF)
    fall = P_BEAT[off][dfd_def if dfd_def < 4 else 3]
    lose = 0
    if back:
        boff = stat(st, dfd, U_OFF) - ((st.u_status[dfd] & ST_WEAK_MASK) >> ST_WEAK_SHIFT)
        if boff > 0:
            lose = P_BEAT[boff][stat(st, att, U_DEF)]
    return fall, lose


_exact = []  # odds.assault_odds and its output pair, once a hard player has used them


def exact_odds(st, att, dfd, back):
    """The same chances (in 1000) with the bumps and re-rolls of both sides (A5.2, A5.3):
    odds.py, exact to the table's rounding; loaded at the first call (about 3 KB)."""
    if not _exact:
        from .odds import assault_odds

        _exact.append(assault_odds)
        _exact.append(bytearray(2))
    o = _exact[0](st, att, dfd, _exact[1])
    return o[0] * 1000 // 255, (o[1] * 1000 // 255 if back else 0)


def best_assault(st, p, odds=pbeat_odds):
    """The value (points x 100, expected) of player ``p``'s best assault now: target's
    points won times its chance to fall, minus the attacker's points times its own
    (``odds``: pbeat_odds or exact_odds)."""
    b = st.board
    n = st.cfg.n_units
    best = 0
    for a in range(n):
        if st.u_owner[a] != p or st.u_where[a] != MAP or not stat(st, a, U_OFF):
            continue
        ta = st.u_tile[a]
        r = reach(st, a)
        for d in range(n):
            if st.u_owner[d] == p or st.u_where[d] != MAP:
                continue
            dist = b.route(ta, st.u_tile[d])
            if dist > r:
                continue
            if dist > 1 and not can_strike(st, a, d):
                continue
            back = dist == 1 or can_strike(st, d, a)
            fall, lose = odds(st, a, d, back)
            v = (fall * stat(st, d, U_POINTS) - lose * stat(st, a, U_POINTS)) // 10
            if v > best:
                best = v
    return best


def evaluate(st, p, odds=pbeat_odds):
    """The value of state ``st`` for player ``p`` (int, |value| <= WIN); ``odds`` as in
    best_assault."""
    if st.phase == PH_OVER:
        r = st.result
        if r == p:
            return WIN
        if r == 1 - p:
            return -WIN
        return 0
    b = st.board
    n = st.cfg.n_units
    v = 0
    # material and captives
    for u in range(n):
        w = st.u_where[u]
        pts = stat(st, u, U_POINTS)
        if w == MAP:
            x = pts * _W_MAP
        elif w == RESERVE:
            x = pts * _W_RESERVE
        elif w == CAPTIVE:
            x = -pts * _W_CAPTIVE  # counts for the other side
        else:
            continue
        v += x if st.u_owner[u] == p else -x
    mover = st.turn_player
    if st.phase == PH_ROLL:  # an assault's dice are to roll (A5): its expected outcome
        a = st.att
        d = st.dfd
        back = b.route(st.u_tile[a], st.u_tile[d]) == 1 or can_strike(st, d, a)
        fall, lose = odds(st, a, d, back)
        x = (fall * stat(st, d, U_POINTS) - lose * stat(st, a, U_POINTS)) * _W_FALL // 1000
        v += x if st.u_owner[a] == p else -x
        mover = 1 - mover  # the assault was the attacker's action (A3): the other side's next
    # features: held, and the distance of each side to those it does not hold
    held_mover = 0
    held_other = 0
    empty = 0
    last = NONE
    for t in range(b.n):
        if b.t_feature[t] == NONE:
            continue
        u = b.t_unit[t]
        o = st.u_owner[u] if u != NONE else NONE
        if o != NONE:
            if o == mover:
                held_mover += 1
            else:
                held_other += 1
            v += _W_FEATURE if o == p else -_W_FEATURE
        else:
            empty += 1
            last = t
        for side in (0, 1):
            if o == side:
                continue
            near = 9
            for x in range(n):
                if st.u_owner[x] == side and st.u_where[x] == MAP:
                    d = b.route(st.u_tile[x], t)
                    if d < near:
                        near = d
            v += -_W_NEAR * near if side == p else _W_NEAR * near
    # the mover holds every feature but one empty one and can step onto it: a win next
    if empty == 1 and held_other == 0 and held_mover and _can_reach(st, mover, last):
        v += WIN * _W_LAST // 100 if mover == p else -(WIN * _W_LAST // 100)
    # threats: one action a turn, so the best assault of each side
    ours = best_assault(st, p, odds)
    theirs = best_assault(st, 1 - p, odds)
    if mover == p:
        v += ours * _W_MOVER // 100 - theirs * _W_OTHER // 100
    else:
        v += ours * _W_OTHER // 100 - theirs * _W_MOVER // 100
    # spell hands: their size only (the other hand is private)
    v += _W_CARD * (_hand(st, p) - _hand(st, 1 - p))
    return v


def _hand(st, p):
    c = count(st.hand, p)
    return c if c < HAND_SIZE else HAND_SIZE


def _can_reach(st, p, t):
    """Whether a unit of ``p`` on the map is within its move allowance of tile ``t``
    (route distance; hops and blocking ignored: an estimate)."""
    b = st.board
    for u in range(st.cfg.n_units):
        if st.u_owner[u] == p and st.u_where[u] == MAP:
            if b.route(st.u_tile[u], t) <= 1 + stat(st, u, U_SWIFT) + stat(st, u, U_FLYING):
                return True
    return False

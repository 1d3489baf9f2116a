# SPDX-License-Identifier: MIT
"""Tactical Hex's one-ply greedy player: the baseline the CPU is measured against, and the
policy the CPU's search plays its look-ahead with (engine/rulesets.py make_player makes it,
the CPU's levels and the random player).

Each legal action gets a score on its own: fire by its chance of a D result times what the
target is worth; a step by the fight it leads to (the odds of an attack from there) and by
how much nearer it brings the unit to the enemy (the side that holds out, RULINGS B9,
keeps out of fire range instead); engagements by their odds; hits go where
they cost least. ``noise`` (0..) adds a random amount to each score (the search's play-outs
use it to vary).
"""
from engine.core.rng import Rng

from . import combat as C
from .consts import (JAPAN, K_ATT, K_DEF, K_DEPLOY, K_DONE, K_END, K_FIRE, K_HIT,
                     K_HOLD, K_OPFIRE, K_RESOLVE, K_RESTORE, K_STEP, K_STOP, K_SWITCH, NONE,
                     OFF, PH_ACT, PH_COMBAT, PH_MOVE, action, kind_of, x_of, y_of, z_of)
from .counters import defence, dies_of_hit, is_special, side_of, strength
from . import tables as T
from .geometry import NEXT, distance
from .tables import COUNTER_SIZE, COUNTERS, CRT, HOLDS_OUT

N_COLS = len(CRT) // 6
def worth(u, face):
    """What a counter on side ``face`` is worth: its strength on that side, plus its back's
    while it still has one to lose (an MG/cavalry counter: its defence, 3, twice)."""
    if is_special(u):
        return 6
    i = u * COUNTER_SIZE
    if face == 0 and COUNTERS[i + 5] != 255:
        return COUNTERS[i + 3] + COUNTERS[i + 6]
    return COUNTERS[i + 3 + 3 * face]


def _column_sums(fire):
    """Per CRT column, the sixths of hits on the defender in fire (D results only: B6)
    or hits dealt less hits taken in melee (B7), made once at import."""
    out = []
    for col in range(N_COLS):
        n = 0
        for die in range(1, 7):
            ha, hd = C.hits(C.result(col, die))
            if fire:
                n += 0 if ha else hd
            else:
                n += hd - ha
        out.append(n)
    return tuple(out)


D_CHANCE = _column_sums(True)
MELEE_VALUE = _column_sums(False)


_FIELD = bytearray(T.MAP_W * T.MAP_H)
_QUEUE = bytearray(T.MAP_W * T.MAP_H)


def enemy_field(st, side):
    """Per hex, its distance in steps to the nearest enemy of ``side`` (255: none on the
    map): a breadth-first search from every enemy over the neighbour table, its queue a
    preallocated buffer. One result buffer, overwritten by the next call: nothing is
    allocated."""
    f = _FIELD
    q = _QUEUE
    for h in range(len(f)):
        f[h] = 255
    tail = 0
    for e in range(len(st.u_hex)):
        eh = st.u_hex[e]
        if eh < OFF and side_of(e) != side and f[eh] == 255:
            f[eh] = 0
            q[tail] = eh
            tail += 1
    head = 0
    while head < tail:
        h = q[head]
        head += 1
        d = f[h] + 1
        for i in range(6 * h, 6 * h + 6):
            n = NEXT[i]
            if n == 255:
                break
            if f[n] == 255:
                f[n] = d
                q[tail] = n
                tail += 1
    return f


class GreedyPlayer:
    def __init__(self, seed=1, noise=0):
        self.rng = Rng(seed)
        self.noise = noise
        self._field = None  # enemy_field of the side choosing (set by choose)

    def choose(self, st):
        acts = st.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if st.phase == PH_ACT or st.phase == PH_MOVE:  # steps to score
            self._field = enemy_field(st, st.player)
        best = acts[0]
        best_v = -(1 << 29)
        for a in acts:
            v = self.value(st, a)
            if self.noise:
                v += self.rng.below(self.noise)
            if v > best_v:
                best = a
                best_v = v
        return best

    def value(self, st, a):
        """The score of ``a`` (call choose(), which prepares the enemy field, or
        prepare(st) first)."""
        k = kind_of(a)
        x = x_of(a)
        if k == K_FIRE or k == K_OPFIRE:
            return self._fire(st, a)
        if k == K_STEP:
            return self._step(st, x, y_of(a))
        if k == K_STOP:
            return 1
        if k == K_END or k == K_HOLD or k == K_DONE:
            return 0
        if k == K_DEPLOY:
            return self._deploy(st, x, y_of(a))
        if st.phase == PH_COMBAT:
            return self._combat(st, k, x)
        if k == K_HIT:  # the hit that costs least
            f = st.u_face[x]
            after = 0 if dies_of_hit(x, f) else worth(x, 1)
            return -100 * (worth(x, f) - after)
        if k == K_RESTORE:
            return 100 * (worth(x, 0) - worth(x, 1))
        if k == K_SWITCH:
            return -1  # MGs stay MGs: they are Japan's fire
        return 0

    def prepare(self, st):
        self._field = enemy_field(st, st.player)

    def _fire(self, st, a):
        """Sixths of a hit times the target's worth lost (x 100)."""
        if kind_of(a) == K_OPFIRE:
            m = x_of(a)
            t = st.mover
            fs = C.fire_strength(strength(m, st.u_face[m]), distance(st.u_hex[m], st.u_hex[t]))
        else:
            t = y_of(a)
            fs = 0
            for f in (x_of(a), z_of(a)):
                if f != NONE:
                    fs += C.fire_strength(strength(f, st.u_face[f]),
                                          distance(st.u_hex[f], st.u_hex[t]))
        p = D_CHANCE[C.odds_column(fs, defence(t, st.u_face[t]))]
        v = 100 * p * worth(t, st.u_face[t])
        if kind_of(a) == K_FIRE and z_of(a) == NONE and st.phase == PH_ACT:
            v = v * 2 // 3  # one activation, not two: a little less than a joint fire
        return v - 1

    def _stand(self, st, u, h):
        """How good it is for ``u`` to end its move on ``h``: the worst engagement it would
        have to attack alone from there (every neighbour must be attacked), or how near
        the enemy it stands. Needs choose()'s enemy field."""
        d = self._field[h]
        if d == 1:
            s = strength(u, st.u_face[u])
            side = side_of(u)
            best = 99
            for i in range(6 * h, 6 * h + 6):
                n = NEXT[i]
                if n == 255:
                    break
                e = st.cell[n]
                if e != NONE and side_of(e) != side:
                    v = MELEE_VALUE[C.odds_column(s, defence(e, st.u_face[e]))]
                    if v < best:
                        best = v
            return 60 * best
        if side_of(u) == HOLDS_OUT:  # RULINGS B9: it wins by lasting; out of range is best
            return 10 * (d if d <= C.FIRE_RANGE + 1 else C.FIRE_RANGE + 1)
        return -10 * d

    def _step(self, st, u, to):
        """Better than standing still when the hex to is better than where ``u`` is."""
        return self._stand(st, u, to) - self._stand(st, u, st.u_hex[u]) - 5

    def _deploy(self, st, h, face):
        u = st.next_deploy
        v = -distance(h, (len(st.cell) - 1) if side_of(u) == JAPAN else 0)
        return v * 10 - face

    def _combat(self, st, k, x):
        if k == K_RESOLVE:
            return 300  # after every attacker next to the defenders has joined
        if k == K_ATT:
            return 500 + strength(x, st.u_face[x])
        if k == K_DEF:
            return 100 - defence(x, st.u_face[x])
        return -1000  # K_CLEAR


__all__ = ["GreedyPlayer", "worth", "action"]

# SPDX-License-Identifier: MIT
"""Pocket-Tactics' one-ply greedy player (engine/core/protocol.py has the random one, cpu.py
the CPU's levels; engine/rulesets.py make_player makes either).

The greedy player scores each legal action on its own (no lookahead): expected points won
and lost in an assault from the exact assault odds with both sides' bumps and re-rolls
(odds.py), feature control, closing in on the enemy, hazard risk; in the bump and re-roll
phases it looks at the dice on the table.
"""
from engine.core.protocol import RandomPlayer  # noqa: F401  (the tools' and tests' import)
from engine.core.rng import Rng

from .assault import falls
from .consts import (K_ASSAULT, K_BUMP, K_CAST, K_DEPLOY,
                     K_MOVE, K_RETURN, K_STOP, MAP, NONE, PH_BUMP, PH_REROLL,
                     PH_SETUP_DEPLOY, PH_TURN, S_EFFECT, S_N, SP_FIREBALL, SP_LIGHTNING,
                     SP_RESCUE, U_DEF, U_DEF_BUMPS, U_OFF, U_POINTS, kind_of, x_of, y_of)
from .units import bump_sum, can_strike, hazard_dv, reach, spell_stat, stat

# P_BEAT[off][def]: chance in 1000 that `off` red dice defeat `def` blue dice in one roll
# (RULES A5.4 tally, no bumps or re-rolls: attack spells, A9). Checked against enumeration
# by the tests.
P_BEAT = ((0, 0, 0, 0), (1000, 417, 255, 174), (1000, 745, 475, 341), (1000, 826, 659, 489))


def side_value(f, side, pts_att, pts_dfd):
    """Points ``side`` (0 attacker, 1 defender) wins (+) or loses (-) by tally ``f``."""
    v = (pts_dfd if f & 1 else 0) - (pts_att if f & 2 else 0)
    return v if side == 0 else -v


def _pts(st, u):
    return stat(st, u, U_POINTS)


def _nearest_enemy(st, u, t):
    b = st.board
    p = st.u_owner[u]
    best = 99
    for v in range(st.cfg.n_units):
        if st.u_owner[v] != p and st.u_where[v] == MAP:
            d = b.route(t, st.u_tile[v])
            if d < best:
                best = d
    return best


def _danger(st, u, t):
    """The worst single-roll loss (points x 100) an enemy assault can inflict on unit ``u``
    standing on tile ``t`` next turn: the enemies whose reach (A6) covers ``t``, line of
    sight not looked at (a cheap estimate)."""
    b = st.board
    p = st.u_owner[u]
    pts = _pts(st, u)
    d = stat(st, u, U_DEF)
    worst = 0
    for e in range(st.cfg.n_units):
        if st.u_owner[e] == p or st.u_where[e] != MAP:
            continue
        off = stat(st, e, U_OFF)
        if off and b.route(st.u_tile[e], t) <= reach(st, e):
            x = P_BEAT[off if off < 4 else 3][d if d < 4 else 3] * pts // 10
            if x > worst:
                worst = x
    return worst


def _tally_value(st, dice, side):
    """Points (x 1000) the side to act wins or loses if the dice stand as they are."""
    return 1000 * side_value(falls(dice, st.ndice), side, _pts(st, st.att), _pts(st, st.dfd))


class GreedyPlayer:
    """``odds``: value assaults with the exact odds table (odds.py, the default); False
    keeps the single-roll P_BEAT valuation, which needs about 3 KB less heap while the CPU
    chooses (the device UI uses it: docs/PERFORMANCE.md). The table's reader is loaded as
    the player is made, so that code holding the player for a while (the CPU's decision:
    engine/core/lazy.py ``keep``) holds the reader too; a player without it never loads
    it."""

    def __init__(self, seed=1, odds=True):
        self.rng = Rng(seed)
        self.odds = None
        if odds:
            from .odds import assault_odds

            self.odds = assault_odds
        self._odds = bytearray(2)
        self._dice = bytearray(12)  # scratch of _dice_value

    def choose(self, st):
        acts = st.legal_actions()
        if len(acts) == 1:
            return acts[0]
        best = None
        best_v = 0
        ties = 0
        for a in acts:
            v = self.value(st, a)
            if best is None or v > best_v:
                best = a
                best_v = v
                ties = 1
            elif v == best_v:
                ties += 1
                if self.rng.below(ties) == 0:  # uniform among equals
                    best = a
        return best

    def value(self, st, a):
        ph = st.phase
        k = kind_of(a)
        if ph == PH_BUMP or ph == PH_REROLL:
            return self._dice_value(st, a, k)
        if ph == PH_SETUP_DEPLOY:
            return -1 if k == K_STOP else _pts(st, x_of(a))
        if ph != PH_TURN:
            return 0  # map draft, feature placement, haste: no opinion (random tie-break)
        x = x_of(a)
        y = y_of(a)
        if k == K_ASSAULT:
            if self.odds is None:
                back = stat(st, y, U_OFF) if can_strike(st, y, x) else 0
                gain = P_BEAT[stat(st, x, U_OFF)][stat(st, y, U_DEF)] * _pts(st, y)
                loss = P_BEAT[back][stat(st, x, U_DEF)] * _pts(st, x)
                return gain - loss + 500
            # chances in 255 that the target falls and that the attacker falls (A5, A6)
            o = self.odds(st, x, y, self._odds)
            return (o[0] * _pts(st, y) - o[1] * _pts(st, x)) * 1000 // 255 + 500
        if k == K_MOVE:
            return self._move_value(st, x, y)
        if k == K_DEPLOY:
            return 2000 + 100 * _pts(st, x)
        if k == K_RETURN:
            return -100 * _pts(st, x)
        if k == K_CAST:
            s = y >> 6
            tgt = y & 0x3F
            eff = spell_stat(s, S_EFFECT)
            if eff == SP_FIREBALL or eff == SP_LIGHTNING:
                return P_BEAT[spell_stat(s, S_N)][stat(st, tgt, U_DEF)] * _pts(st, tgt)
            if eff == SP_RESCUE:
                return 500 * _pts(st, tgt)
            return 300
        return 0

    def _move_value(self, st, u, t):
        b = st.board
        v = 0
        start = st.u_tile[u]
        if b.t_feature[t] != NONE:
            v += 6000
        if b.t_feature[start] != NONE:
            v -= 6000
        if stat(st, u, U_OFF):
            v += 800 * (_nearest_enemy(st, u, start) - _nearest_enemy(st, u, t))
        # A3: one action a turn, so the enemy's next action can be an assault on the unit
        # where it stands: stepping out of reach saves it, stepping into reach risks it
        v += 10 * (_danger(st, u, start) - _danger(st, u, t))
        dv = hazard_dv(st, u, t)
        if dv:
            # chance in 1000 of failing the DV test at the destination with the unit's DEF
            # dice and bumps stacked (A8); hazards on the way are not looked at (one ply)
            miss = dv - 1 - bump_sum(st, u, U_DEF_BUMPS)
            fail = 1000
            if miss <= 0:
                fail = 0
            else:
                for _ in range(stat(st, u, U_DEF)):
                    fail = fail * miss // 6
            v -= fail * _pts(st, u)
        return v

    def _dice_value(self, st, a, k):
        side = st.side
        d = self._dice
        d[:] = st.dice
        if k == K_STOP:
            return _tally_value(st, d, side)
        if k == K_BUMP:
            i = side * 8 + x_of(a)
            s = y_of(a)
            d[s] = min(6, d[s] + (st.bumps[i] & 0x7F))
            return _tally_value(st, d, side) + 1  # a free bump never hurts the tally
        s = x_of(a)
        total = 0
        for face in range(1, 7):
            d[s] = face
            total += _tally_value(st, d, side)
        return total // 6 - 1  # keep the dice on a tie


def auto_action(st, rng):
    """The greedy player's choice for the person to act, its ties broken by ``rng`` (the
    battle's "Auto" in an assault and its automatic map draft: engine/ui/pt/battle.py
    loads this code for the moment, and the generator is the battle's), the assault valued
    by the single roll."""
    p = GreedyPlayer(0, False)
    p.rng = rng
    return p.choose(st)

# SPDX-License-Identifier: MIT
"""Assault forecast: the chance that the target falls, that the attacker falls, or both,
before the player commits (shown by the UI; also the greedy player's dice policy).

Estimated by playing the assault many times on small arrays: both sides roll (A5.1), use
their bumps (A5.2) and re-rolls (A5.3) with the greedy policy below, then the tally
(A5.4). Deterministic for a given seed, so screens and tests are repeatable."""
from engine.core.rng import Rng

from .assault import DEF_KIND, falls, prepare
from .players import side_value
from .consts import U_POINTS
from .units import stat

_SLOTS = 8


def best_bump(dice, nd, bumps, side, pa, pd):
    """The best bump for ``side`` as ``slot * 16 + die``, or -1 when it has none left that
    can raise a die: the bump whose tally is best for the side (a free bump never hurts).
    Allocates nothing (it runs thousands of times per forecast)."""
    best = -1
    best_val = -1000
    for k in range(_SLOTS):
        v = bumps[side * _SLOTS + k]
        if not v:
            continue
        g = 2 * side + (1 if v & DEF_KIND else 0)
        for s in range(3 * g, 3 * g + nd[g]):
            old = dice[s]
            if old >= 6:
                continue
            nv = old + (v & 0x7F)
            dice[s] = nv if nv < 6 else 6
            val = side_value(falls(dice, nd), side, pa, pd)
            dice[s] = old
            if val > best_val:
                best_val = val
                best = k * 16 + s
    return best


def best_reroll(dice, nd, side, pa, pd):
    """The die slot whose re-roll has the best expected tally for ``side``, if that beats
    keeping the dice; else -1."""
    now = side_value(falls(dice, nd), side, pa, pd) * 6
    best = -1
    best_gain = 0
    for g in range(2 * side, 2 * side + 2):  # a range loop allocates nothing, a tuple would
        for s in range(3 * g, 3 * g + nd[g]):
            old = dice[s]
            total = 0
            for face in range(1, 7):
                dice[s] = face
                total += side_value(falls(dice, nd), side, pa, pd)
            dice[s] = old
            if total - now > best_gain:
                best_gain = total - now
                best = s
    return best


def play_out(dice, nd, bumps, rerolls, pa, pd, rng):
    """Bump and re-roll phases with the greedy policy, alternating from the attacker;
    ``dice`` must already be rolled. Changes ``dice``, ``bumps``, ``rerolls``."""
    stop0 = False
    stop1 = False
    side = 0
    while not (stop0 and stop1):
        if not (stop1 if side else stop0):
            b = best_bump(dice, nd, bumps, side, pa, pd)
            if b < 0:
                if side:
                    stop1 = True
                else:
                    stop0 = True
            else:
                i = side * _SLOTS + (b >> 4)
                s = b & 15
                v = dice[s] + (bumps[i] & 0x7F)
                dice[s] = v if v < 6 else 6
                bumps[i] = 0
        side = 1 - side
    stop0 = stop1 = False
    side = 0
    while not (stop0 and stop1):
        if not (stop1 if side else stop0):
            s = best_reroll(dice, nd, side, pa, pd) if rerolls[side] else -1
            if s < 0:
                if side:
                    stop1 = True
                else:
                    stop0 = True
            else:
                rerolls[side] -= 1
                dice[s] = rng.d6()
        side = 1 - side
    return falls(dice, nd)


def forecast(st, att, dfd, samples=300, seed=1):
    """Counts out of ``samples``: (neither falls, only the target, only the attacker,
    both), for an assault by ``att`` on ``dfd`` in the position ``st`` (not changed)."""
    nd = bytearray(4)
    bumps0 = bytearray(2 * _SLOTS)
    rer0 = bytearray(2)
    prepare(st, att, dfd, nd, bumps0, rer0)
    pa = stat(st, att, U_POINTS)
    pd = stat(st, dfd, U_POINTS)
    rng = Rng(seed)
    dice = bytearray(12)
    bumps = bytearray(2 * _SLOTS)
    rer = bytearray(2)
    counts = [0, 0, 0, 0]
    for _ in range(samples):
        for s in range(12):
            dice[s] = rng.d6() if s % 3 < nd[s // 3] else 0
        bumps[:] = bumps0
        rer[:] = rer0
        counts[play_out(dice, nd, bumps, rer, pa, pd, rng)] += 1
    return counts

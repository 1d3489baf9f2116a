# SPDX-License-Identifier: MIT
"""Assault forecast: the chance that the target falls, that the attacker falls, or both,
before the player commits (shown by the UI; also the greedy player's dice policy).

Estimated by playing the assault many times on small arrays: both sides roll (A5.1), use
their bumps (A5.2) and re-rolls (A5.3) with the greedy policy below, then the tally
(A5.4). Deterministic for a given seed, so screens and tests are repeatable."""
from engine.core.rng import Rng

from .assault import DEF_KIND, falls, prepare
from .consts import U_POINTS
from .units import stat

_SLOTS = 8


def side_value(f, side, pts_att, pts_dfd):
    """Points ``side`` (0 attacker, 1 defender) wins (+) or loses (-) by tally ``f``."""
    v = (pts_dfd if f & 1 else 0) - (pts_att if f & 2 else 0)
    return v if side == 0 else -v


def usable_dice(dice, nd, side, kind_def):
    """Die slots of ``side`` of the given kind that a bump could still raise."""
    g = 2 * side + (1 if kind_def else 0)
    out = []
    for s in range(3 * g, 3 * g + nd[g]):
        if dice[s] < 6:
            out.append(s)
    return out


def best_bump(dice, nd, bumps, side, pa, pd):
    """(value, bump slot, die slot) of the best bump for ``side``, or None: the bump whose
    tally is best for the side (a free bump never hurts)."""
    best = None
    for k in range(_SLOTS):
        v = bumps[side * _SLOTS + k]
        if not v:
            continue
        for s in usable_dice(dice, nd, side, v & DEF_KIND):
            old = dice[s]
            nv = old + (v & 0x7F)
            dice[s] = nv if nv < 6 else 6
            val = side_value(falls(dice, nd), side, pa, pd)
            dice[s] = old
            if best is None or val > best[0]:
                best = (val, k, s)
    return best


def best_reroll(dice, nd, side, pa, pd):
    """(gain in points x 6, die slot) of the re-roll with the best expected tally for
    ``side`` if it beats keeping the dice, else None."""
    now = side_value(falls(dice, nd), side, pa, pd) * 6
    best = None
    for g in (2 * side, 2 * side + 1):
        for s in range(3 * g, 3 * g + nd[g]):
            old = dice[s]
            total = 0
            for face in range(1, 7):
                dice[s] = face
                total += side_value(falls(dice, nd), side, pa, pd)
            dice[s] = old
            if total > now and (best is None or total - now > best[0]):
                best = (total - now, s)
    return best


def play_out(dice, nd, bumps, rerolls, pa, pd, rng):
    """Bump and re-roll phases with the greedy policy, alternating from the attacker;
    ``dice`` must already be rolled. Changes ``dice``, ``bumps``, ``rerolls``."""
    stopped = [False, False]
    side = 0
    while not (stopped[0] and stopped[1]):
        if not stopped[side]:
            b = best_bump(dice, nd, bumps, side, pa, pd)
            if b is None:
                stopped[side] = True
            else:
                v = dice[b[2]] + (bumps[side * _SLOTS + b[1]] & 0x7F)
                dice[b[2]] = v if v < 6 else 6
                bumps[side * _SLOTS + b[1]] = 0
        side = 1 - side
    stopped[0] = stopped[1] = False
    side = 0
    while not (stopped[0] and stopped[1]):
        if not stopped[side]:
            r = best_reroll(dice, nd, side, pa, pd) if rerolls[side] else None
            if r is None:
                stopped[side] = True
            else:
                rerolls[side] -= 1
                dice[r[1]] = rng.d6()
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

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Exact assault odds (RULES A5, A6), solved at build time for the CPU player.

tools/build_data.py calls ``gen_odds_bin(model)`` and writes the result as
engine/pocket_tactics/odds.bin, so ``build_data.py --check`` covers it like the other
generated modules. Run on its own, this file prints the table's layout and size:

  python tools/build_odds.py            layout, size, time to solve
  python tools/build_odds.py --coupling the error of the table's contest model, measured
                                        against the whole assault solved exactly

The game solved (RULES A5; RULINGS A5.2, A5.3): both units roll their dice; in the bump
phase the sides alternate, attacker first, each using one bump on one of its own dice (OFF
bumps on OFF dice, DEF bumps on DEF dice, never above 6) or stopping for the phase; a side
with no usable bump is skipped. The re-roll phase alternates the same way with re-rolls of
one own die each. Then the tally (A5.4): the attacker's OFF dice against the defender's DEF
dice ("the defender falls") and the defender's OFF dice against the attacker's DEF dice
("the attacker falls"); a defender that cannot strike back rolls no OFF dice (A6).

Policy: both sides play optimally for "defender falls minus attacker falls" (the attacker
maximises it, the defender minimises it), by exact expectimax over every die face. Points
would weigh the two falls by the units' costs, which would make the point ratio part of the
key; with equal weights the game is zero-sum and each key has one value. Ties between
choices are broken the same way everywhere: keep the dice (stop) first, then the first
choice in a fixed order (own OFF dice before DEF dice, lower die values first, smaller bumps
first). Values are exact integers (probabilities times a power of 6).

The table holds *contests*: one side's OFF dice against the other side's DEF dice, with the
OFF side's OFF bumps, the DEF side's DEF bumps, both sides' re-rolls and who moves first.
An assault is one contest when the defender cannot strike back (exact), and two contests
otherwise, which the engine combines as independent (each side's re-rolls counted in both);
``--coupling`` measures that approximation against the exact whole-assault solution.
Standard library only.
"""

import itertools
import os
import sys
import time
from fractions import Fraction
from math import factorial

FACES = (1, 2, 3, 4, 5, 6)
MAX_BUMPS = 2  # bumps of one kind per side in the table: the largest ones count
MAX_REROLLS = 2  # re-rolls per side in the table: more count as this many
SCALE = 255  # probabilities are stored as round(p * 255) in one byte


# ---------------------------------------------------------------------------------------------
# Dice as sorted tuples (highest first): the tally only looks at sorted dice (A5.4).


def beats(off, dfn):
    """RULES A5.4 tally: do OFF faces ``off`` defeat DEF faces ``dfn`` (both sorted high to
    low)? The first unequal pair decides; an OFF die with no DEF die to meet it defeats; no
    OFF dice never defeat."""
    for i, o in enumerate(off):
        if i >= len(dfn):
            return True
        if o != dfn[i]:
            return o > dfn[i]
    return False


def rolls(n):
    """The sorted results of ``n`` dice with how many of the 6**n ordered rolls give each."""
    out = []
    for c in itertools.combinations_with_replacement(FACES, n):
        m = tuple(sorted(c, reverse=True))
        w = factorial(n)
        for v in set(m):
            w //= factorial(m.count(v))
        out.append((m, w))
    return out


def _put(group, old, new):
    """``group`` with one die showing ``old`` changed to ``new``, sorted again."""
    g = list(group)
    g.remove(old)
    g.append(new)
    g.sort(reverse=True)
    return tuple(g)


def _with(dice, i, group):
    return dice[:i] + (group,) + dice[i + 1:]


def _take(bumps, v):
    b = list(bumps)
    b.remove(v)
    return tuple(b)


# Groups of an assault, as in the engine's die slots: attacker OFF, attacker DEF, defender
# OFF, defender DEF. Side 0 (attacker) owns groups 0, 1; side 1 (defender) groups 2, 3.
A_OFF, A_DEF, D_OFF, D_DEF = 0, 1, 2, 3


def tally(dice):
    """Bit 0: the defender falls; bit 1: the attacker falls (as assault.falls)."""
    return ((1 if beats(dice[A_OFF], dice[D_DEF]) else 0)
            | (2 if beats(dice[D_OFF], dice[A_DEF]) else 0))


# ---------------------------------------------------------------------------------------------
# The solver


class Assault:
    """One assault's bump and re-roll phases, solved exactly.

    ``nd``: dice of the four groups; ``bumps``: the bump values of each group (OFF bumps in
    the OFF groups, DEF bumps in the DEF groups); ``rerolls``: a list of (attacker,
    defender) re-roll counts, solved together (the bump phase is the same game for each,
    only its end values differ). Values are triples (defender falls, attacker falls, both
    fall) of integers: the probabilities times 6 ** (re-rolls left, both sides)."""

    # Values shared by every assault: the re-roll phase depends only on the dice and the
    # re-rolls left; the bump phase on the dice, the bumps left and the re-roll counts.
    _rr = {}
    _bp = {}
    _leaf = {}

    def __init__(self, nd, bumps=((), (), (), ()), rerolls=((0, 0),)):
        self.nd = tuple(nd)
        self.bumps0 = tuple(tuple(sorted(b, reverse=True)) for b in bumps)
        self.rerolls = tuple(tuple(r) for r in rerolls)

    # -- the re-roll phase (A5.3) --

    @staticmethod
    def _rr_norm(dice, r0, r1):
        # A side with no dice cannot re-roll (the engine skips it).
        if not dice[A_OFF] and not dice[A_DEF]:
            r0 = 0
        if not dice[D_OFF] and not dice[D_DEF]:
            r1 = 0
        return r0, r1

    def reroll_options(self, dice, r0, r1, side):
        """[(choice, value)] for ``side`` to act: ("stop",) then ("reroll", group, face)."""
        r = (r0, r1)
        other = 1 - side
        opts = []
        left = list(r)
        left[side] = 0
        v = self.reroll_value(dice, left[0], left[1], other)
        k = 6 ** r[side]
        opts.append((("stop",), (v[0] * k, v[1] * k, v[2] * k)))
        left = list(r)
        left[side] -= 1
        nxt = other if left[other] else side
        for g in (2 * side, 2 * side + 1):
            for face in sorted(set(dice[g])):
                s0 = s1 = s2 = 0
                for f in FACES:
                    w = self.reroll_value(_with(dice, g, _put(dice[g], face, f)), left[0],
                                          left[1], nxt)
                    s0 += w[0]
                    s1 += w[1]
                    s2 += w[2]
                opts.append((("reroll", g, face), (s0, s1, s2)))
        return opts

    def reroll_value(self, dice, r0, r1, side):
        r0, r1 = self._rr_norm(dice, r0, r1)
        if not r0 and not r1:
            t = tally(dice)
            return (t & 1, t >> 1, 1 if t == 3 else 0)
        side = 1 if not r0 else 0 if not r1 else side
        key = (dice, r0, r1, side)
        v = Assault._rr.get(key)
        if v is None:
            v = best(self.reroll_options(dice, r0, r1, side), side)[1]
            Assault._rr[key] = v
        return v

    # -- the bump phase (A5.2) --

    @staticmethod
    def usable(dice, bumps):
        """Bumps with no die below 6 of their kind to raise are dropped (never usable)."""
        return tuple(b if b and any(x < 6 for x in dice[g]) else () for g, b in
                     enumerate(bumps))

    def bump_options(self, dice, bumps, side):
        """[(choice, values)] for ``side`` to act, ``bumps`` usable: ("stop",) then ("bump",
        group, bump value, face); values has one triple per entry of ``rerolls``."""
        other = 1 - side
        left = list(bumps)
        left[2 * side] = left[2 * side + 1] = ()
        opts = [(("stop",), self.bump_value(dice, tuple(left), other))]
        for g in (2 * side, 2 * side + 1):
            group = dice[g]
            for bv in sorted(set(bumps[g])):
                rest = _take(bumps[g], bv)
                for face in sorted(set(group)):
                    if face >= 6:
                        continue
                    g2 = _put(group, face, min(6, face + bv))
                    b2 = _with(bumps, g, rest if rest and g2[-1] < 6 else ())
                    opts.append((("bump", g, bv, face),
                                 self.bump_value(_with(dice, g, g2), b2, other)))
        return opts

    def bump_value(self, dice, bumps, side):
        """Values (one triple per entry of ``rerolls``) with ``bumps`` usable and ``side``
        to act; a side that cannot act is skipped, and the re-roll phase follows when
        neither can (attacker first)."""
        can0 = bumps[0] or bumps[1]
        can1 = bumps[2] or bumps[3]
        if not can0 and not can1:
            key = (dice, self.rerolls)
            v = Assault._leaf.get(key)
            if v is None:
                v = tuple(self.reroll_value(dice, r0, r1, 0) for r0, r1 in self.rerolls)
                Assault._leaf[key] = v
            return v
        if not (can1 if side else can0):
            side = 1 - side
        key = (dice, bumps, side, self.rerolls)
        v = Assault._bp.get(key)
        if v is None:
            opts = self.bump_options(dice, bumps, side)
            v = tuple(best(opts, side, i)[1][i] for i in range(len(self.rerolls)))
            Assault._bp[key] = v
        return v

    # -- the policy, for playing an assault through the engine (tests) --

    def bump_choice(self, dice, bumps, side):
        """What ``side`` does in the bump phase: ("stop",) or ("bump", group, value, face).
        ``bumps``: the bump values left in each group (those of a stopped side: none)."""
        return best(self.bump_options(dice, self.usable(dice, bumps), side), side, 0)[0]

    def reroll_choice(self, dice, r0, r1, side):
        """What ``side`` does in the re-roll phase: ("stop",) or ("reroll", group, face).
        ``r0``, ``r1``: re-rolls left (0 for a side that stopped)."""
        r0, r1 = self._rr_norm(dice, r0, r1)
        return best(self.reroll_options(dice, r0, r1, side), side)[0]

    # -- the whole assault --

    def counts(self):
        """Exact (defender falls, attacker falls, both) as integers over ``denominator(i)``,
        one triple per entry of ``rerolls``."""
        n = len(self.rerolls)
        tot = [[0, 0, 0] for _ in range(n)]
        for combo in itertools.product(*(rolls(k) for k in self.nd)):
            dice = tuple(m for m, _ in combo)
            w = 1
            for _, c in combo:
                w *= c
            v = self.bump_value(dice, self.usable(dice, self.bumps0), 0)
            for i in range(n):
                for j in range(3):
                    tot[i][j] += w * v[i][j]
        return [tuple(t) for t in tot]

    def denominator(self, i=0):
        r0, r1 = self.rerolls[i]
        return 6 ** (sum(self.nd) + r0 + r1)

    def odds(self, i=0):
        """(neither falls, only the defender, only the attacker, both) as Fractions, for
        the ``i``-th entry of ``rerolls``."""
        d, a, b = self.counts()[i]
        den = self.denominator(i)
        return (Fraction(den - d - a + b, den), Fraction(d - b, den), Fraction(a - b, den),
                Fraction(b, den))


def best(options, side, i=None):
    """The option best for ``side`` (0 maximises defender falls minus attacker falls, 1
    minimises it); ties go to the earliest option. ``i``: compare the ``i``-th triple of
    each option's values (bump phase)."""
    top = None
    top_v = 0
    for opt in options:
        t = opt[1] if i is None else opt[1][i]
        v = t[0] - t[1]
        if top is None or (v > top_v if side == 0 else v < top_v):
            top = opt
            top_v = v
    return top


# ---------------------------------------------------------------------------------------------
# The table: contests


def contest_counts(n_off, off_bumps, n_def, def_bumps, r_off, r_def, off_first):
    """Exact chance that ``n_off`` OFF dice with ``off_bumps`` defeat ``n_def`` DEF dice with
    ``def_bumps``, as (numerator, denominator). ``off_first``: the OFF side is the attacker
    (it moves first in both phases); else the DEF side is (the defender striking back)."""
    return contest_counts_all(n_off, off_bumps, n_def, def_bumps, ((r_off, r_def),),
                              off_first)[0]


def contest_counts_all(n_off, off_bumps, n_def, def_bumps, rerolls, off_first):
    """``contest_counts`` for each (OFF side's, DEF side's) re-rolls in ``rerolls``."""
    if off_first:
        game = Assault((n_off, 0, 0, n_def), (off_bumps, (), (), def_bumps), rerolls)
        return [(c[0], game.denominator(i)) for i, c in enumerate(game.counts())]
    game = Assault((0, n_def, n_off, 0), ((), def_bumps, off_bumps, ()),
                   [(r1, r0) for r0, r1 in rerolls])
    return [(c[1], game.denominator(i)) for i, c in enumerate(game.counts())]


def _top(values):
    return tuple(sorted(values, reverse=True)[:MAX_BUMPS])


def bump_profiles(model):
    """The OFF and DEF bump profiles (the MAX_BUMPS largest bumps of that kind a unit can
    have in an assault) that the data allows, each list sorted, () first. Sources as in
    assault._bumps: the card, a feature's OFF bump (any unit in it) and DEF bump (defending),
    Fury (attacking), Steadfast (defending), adjacent Medics (any number) and Ward."""
    units = [u for fac in model["factions"] for u in fac["units"]]
    f_off = sorted({f["off_bump"] for f in model["features"] if f["off_bump"]})
    f_def = sorted({f["def_bump"] for f in model["features"] if f["def_bump"]})
    medic = sorted({u["ability"]["n"] for u in units
                    if u["ability"] and u["ability"]["id"] == "MEDIC"})
    ward = sorted({s["n"] for s in model["spells"] if s["effect"] == "WARD"})
    off, dfn = {()}, {()}
    for u in units:
        ab = u["ability"] or {"id": None, "n": 0}
        fury = [ab["n"]] if ab["id"] == "FURY" else []
        steadfast = [ab["n"]] if ab["id"] == "STEADFAST" else []
        for feat in [[]] + [[v] for v in f_off]:
            for extra in ([], fury):  # attacking with Fury, or not
                off.add(_top(list(u["off_bumps"]) + feat + extra))
        # DEF: card, then any mix of the other sources, each at most MAX_BUMPS times
        others = [[v] for v in f_def + steadfast + ward] + [[v] * k for v in medic
                                                            for k in range(1, MAX_BUMPS + 1)]
        for k in range(0, MAX_BUMPS + 1):
            for pick in itertools.combinations(others, k):
                dfn.add(_top(list(u["def_bumps"]) + [v for p in pick for v in p]))
    return sorted(off, key=_profile_order), sorted(dfn, key=_profile_order)


def _profile_order(p):
    return (len(p), p)


def profile_map(profiles):
    """16 bytes: index b1 * 4 + b2 (the two largest bumps, 0 = none) -> profile number. A
    pair not in the table maps to the strongest profile it dominates (each bump at least as
    large), so the side is never credited with more than it has."""
    out = bytearray(16)
    for b1 in range(4):
        for b2 in range(4):
            have = tuple(v for v in (b1, b2) if v)
            have = tuple(sorted(have, reverse=True))
            bestp = 0
            for i, p in enumerate(profiles):
                if len(p) <= len(have) and all(p[j] <= have[j] for j in range(len(p))):
                    if (sum(p), len(p), p) > (sum(profiles[bestp]), len(profiles[bestp]),
                                               profiles[bestp]):
                        bestp = i
            out[b1 * 4 + b2] = bestp
    return bytes(out)


def layout(model):
    units = [u for fac in model["factions"] for u in fac["units"]]
    n_off = max(u["off"] for u in units)
    n_def = max(u["def"] for u in units)
    off_p, def_p = bump_profiles(model)
    return {"n_off": n_off, "n_def": n_def, "off_profiles": off_p, "def_profiles": def_p,
            "n_rerolls": MAX_REROLLS + 1}


def contest_table(lay):
    """The table bytes: one byte per contest, round(255 * P(OFF defeats DEF)), indexed by
    (((((first * N_OFF + n_off - 1) * N_OP + off profile) * N_DEF + n_def - 1) * N_DP
    + def profile) * N_R + r_off) * N_R + r_def, first 0 = the OFF side moves first."""
    out = bytearray()
    nr = lay["n_rerolls"]
    for first in (0, 1):
        for n_off in range(1, lay["n_off"] + 1):
            for ob in lay["off_profiles"]:
                for n_def in range(1, lay["n_def"] + 1):
                    for db in lay["def_profiles"]:
                        rs = [(r_off, r_def) for r_off in range(nr) for r_def in range(nr)]
                        for num, den in contest_counts_all(n_off, ob, n_def, db, rs,
                                                           first == 0):
                            out.append((2 * SCALE * num + den) // (2 * den))
    return bytes(out)


def gen_odds_bin(model):
    """The bytes of engine/pocket_tactics/odds.bin, read by odds.py a byte at a time (the
    format is in its docstring)."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from engine.pocket_tactics import odds

    lay = layout(model)
    table = contest_table(lay)
    head = bytes((lay["n_off"], lay["n_def"], len(lay["off_profiles"]),
                  len(lay["def_profiles"]), lay["n_rerolls"]))
    out = (odds.MAGIC + bytes((odds.VERSION,)) + head + profile_map(lay["off_profiles"])
           + profile_map(lay["def_profiles"]))
    assert len(out) == odds.HEAD
    return out + table


# ---------------------------------------------------------------------------------------------


def read_table(path=None):
    """The whole table in ``path`` (odds.bin by default) as a dict (the tests): the sizes,
    the two profile maps and the contests (bytes). ValueError for a file that is not a
    table of this build."""
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    from engine.pocket_tactics import odds

    path = path or odds.PATH
    with open(path, "rb") as f:
        data = f.read()
    if data[0:2] != odds.MAGIC or data[2] != odds.VERSION:
        raise ValueError("%s is not an odds table of this build" % path)
    n = data[3:8]
    return {"n_off": n[0], "n_def": n[1], "n_op": n[2], "n_dp": n[3], "n_r": n[4],
            "off_profile": data[8:24], "def_profile": data[24:odds.HEAD],
            "contests": data[odds.HEAD:]}


def _model():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import build_data

    model, errors = build_data.read_all(build_data.DEFAULT_DATA)
    if errors:
        raise SystemExit("\n".join(errors))
    return model


def coupling_error(lay, max_dice=6):
    """Yield (error, key) for the contest model (two independent contests, each side's
    re-rolls counted in both) against the exact whole assault, for every split of at most
    ``max_dice`` dice in the table's range (every side has OFF and DEF dice), re-rolls
    0..MAX_REROLLS each, and bumps: none, or the first one-bump profile of each kind on
    each side. The error is the larger one of the two falls."""
    nr = lay["n_rerolls"]
    ob = [()] + [p for p in lay["off_profiles"] if len(p) == 1][:1]
    db = [()] + [p for p in lay["def_profiles"] if len(p) == 1][:1]
    rs = [(r0, r1) for r0 in range(nr) for r1 in range(nr)]
    for ao, ad, do, dd in itertools.product(range(1, lay["n_off"] + 1),
                                            range(1, lay["n_def"] + 1), repeat=2):
        if ao + ad + do + dd > max_dice:
            continue
        for bumps in itertools.product(ob, db, ob, db):
            game = Assault((ao, ad, do, dd), bumps, rs)
            exact = game.counts()
            c1 = contest_counts_all(ao, bumps[0], dd, bumps[3], rs, True)
            c2 = contest_counts_all(do, bumps[2], ad, bumps[1], [(r1, r0) for r0, r1 in rs],
                                    False)
            for i, (r0, r1) in enumerate(rs):
                den = game.denominator(i)
                err = max(abs(Fraction(exact[i][0], den) - Fraction(*c1[i])),
                          abs(Fraction(exact[i][1], den) - Fraction(*c2[i])))
                yield float(err), ((ao, ad, do, dd), bumps, (r0, r1))


def main(argv):
    model = _model()
    lay = layout(model)
    if "--coupling" in argv:
        t = time.time()
        errs = sorted(coupling_error(lay))
        mean = sum(e for e, _ in errs) / len(errs)
        print("build_odds: contest model against the whole assault, %d keys (%.0f s): "
              "mean error %.4f, largest %.4f at %s" % (len(errs), time.time() - t, mean,
                                                       errs[-1][0], errs[-1][1]))
        return 0
    t = time.time()
    table = contest_table(lay)
    print("build_odds: OFF dice 1..%d, DEF dice 1..%d, OFF bump profiles %s, DEF bump "
          "profiles %s, re-rolls 0..%d" % (lay["n_off"], lay["n_def"], lay["off_profiles"],
                                           lay["def_profiles"], lay["n_rerolls"] - 1))
    print("build_odds: %d contests, %d bytes, solved in %.1f s"
          % (len(table), len(table), time.time() - t))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

# SPDX-License-Identifier: MIT
"""The assault odds table (engine/pocket_tactics/odds.py, odds.bin; solved by
tools/build_odds.py): it is what the builder makes, its single-roll entries are the plain
tally odds, a bump or a re-roll never makes a side worse off, and real assaults played
through the engine with every die face enumerated, both sides following the solver's
policy, end exactly as the solver says (RULES A5.2 bumps, A5.3 re-rolls, A5.4 tally)."""
import importlib.util
import itertools
import os
import sys
from collections import Counter
from fractions import Fraction

import pytest

from engine.pocket_tactics import assault, odds
from engine.pocket_tactics.consts import (K_BUMP, K_REROLL, K_STOP, PH_BUMP, PH_REROLL,
                                          PH_REROLL_DIE, PH_ROLL, action)
from engine.pocket_tactics.players import P_BEAT
from engine.pocket_tactics.state import State
from helpers import ROOT, do, pin, pin_feature, position, uid

sys.path.insert(0, os.path.join(ROOT, "tools"))
import build_odds as B  # noqa: E402


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


BD = _load(os.path.join(ROOT, "tools", "build_data.py"), "pt_build_data_for_odds")
MODEL, _errors = BD.read_all(BD.DEFAULT_DATA)
LAYOUT = B.layout(MODEL)
TABLE = B.read_table()
N_OFF, N_DEF, N_R = TABLE["n_off"], TABLE["n_def"], TABLE["n_r"]


def pair(profile):
    """A bump profile (values, largest first) as odds.contest takes it: b1 * 4 + b2."""
    p = tuple(profile) + (0, 0)
    return p[0] * 4 + p[1]


def p255(frac):
    return int((2 * 255 * frac.numerator + frac.denominator) // (2 * frac.denominator))


# --- the table is what the builder makes ------------------------------------------------

def test_generated_table_is_what_the_builder_makes():
    with open(os.path.join(ROOT, "engine", "pocket_tactics", "odds.bin"), "rb") as f:
        assert f.read() == BD.gen_odds_bin(MODEL)


def test_table_size_and_layout():
    # one byte per contest; a few KB at most, read a byte at a time on the device
    n = 2 * N_OFF * TABLE["n_op"] * N_DEF * TABLE["n_dp"] * N_R * N_R
    assert len(TABLE["contests"]) == n <= 4096
    assert (N_OFF, N_DEF) == (LAYOUT["n_off"], LAYOUT["n_def"])
    assert (TABLE["n_op"], TABLE["n_dp"]) == (len(LAYOUT["off_profiles"]),
                                              len(LAYOUT["def_profiles"]))
    # every tabulated profile maps to itself
    for table, profiles in ((TABLE["off_profile"], LAYOUT["off_profiles"]),
                            (TABLE["def_profile"], LAYOUT["def_profiles"])):
        for i, p in enumerate(profiles):
            assert table[pair(p)] == i, p


def test_profiles_come_from_the_data():
    # the cards give OFF bumps of 1 and 2 and DEF bumps of 1; Ruins (OFF 1), Fury 1,
    # Forest/Fortress/Tower (DEF 1), Steadfast 1, Medic 1 and Ward 1 stack on them
    assert LAYOUT["off_profiles"] == [(), (1,), (2,), (1, 1), (2, 1)]
    assert LAYOUT["def_profiles"] == [(), (1,), (1, 1)]


# --- known values ---------------------------------------------------------------------

def _tally_odds(n_off, n_def):
    """RULES A5.4 tally: exact chance that n_off OFF dice defeat n_def DEF dice in one roll."""
    wins = 0
    for faces in itertools.product(range(1, 7), repeat=n_off + n_def):
        if B.beats(tuple(sorted(faces[:n_off], reverse=True)),
                   tuple(sorted(faces[n_off:], reverse=True))):
            wins += 1
    return Fraction(wins, 6 ** (n_off + n_def))


@pytest.mark.parametrize("n_off", [1, 2, 3])
@pytest.mark.parametrize("n_def", [1, 2])
@pytest.mark.parametrize("def_first", [0, 1])
def test_no_bumps_no_rerolls_is_the_single_roll_tally(n_off, n_def, def_first):
    # RULES A5.4 tally, one roll: nothing to choose, so who moves first does not matter
    exact = _tally_odds(n_off, n_def)
    got = odds.contest(n_off, 0, n_def, 0, 0, 0, def_first)
    assert got == p255(exact)
    # and P_BEAT (in 1000) within the two roundings: |got/255 - P/1000| <= 1/510 + 1/2000
    assert 2 * abs(got * 1000 - P_BEAT[n_off][n_def] * 255) <= 1000 + 255


def test_no_dice_cases():
    assert odds.contest(0, 0, 1, 0, 2, 2, 0) == 0  # RULES A5.4: no OFF dice never defeat
    assert odds.contest(1, 0, 0, 0, 0, 2, 1) == 255  # an unmet OFF die defeats


def _entries():
    for def_first in (0, 1):
        for n_off in range(1, N_OFF + 1):
            for ob in LAYOUT["off_profiles"]:
                for n_def in range(1, N_DEF + 1):
                    for db in LAYOUT["def_profiles"]:
                        for r_off in range(N_R):
                            for r_def in range(N_R):
                                yield def_first, n_off, ob, n_def, db, r_off, r_def


def _dominates(p, q):
    """Profile p is q with one bump more or one bump larger."""
    return len(p) >= len(q) and p != q and all(p[i] >= q[i] for i in range(len(q)))


def test_a_bump_or_a_reroll_never_makes_a_side_worse_off():
    # RULES A5.2 / A5.3: a side may always decline a bump or a re-roll, so having one more
    # never lowers its chance (the OFF side's chance to defeat rises or stays, the DEF side's
    # chance to be defeated falls or stays)
    def c(f, n, ob, m, db, ro, rd):
        return odds.contest(n, pair(ob), m, pair(db), ro, rd, f)

    checked = 0
    for f, n, ob, m, db, ro, rd in _entries():
        v = c(f, n, ob, m, db, ro, rd)
        if ro + 1 < N_R:
            assert c(f, n, ob, m, db, ro + 1, rd) >= v
        if rd + 1 < N_R:
            assert c(f, n, ob, m, db, ro, rd + 1) <= v
        for ob2 in LAYOUT["off_profiles"]:
            if _dominates(ob2, ob):
                assert c(f, n, ob2, m, db, ro, rd) >= v, (ob2, ob)
        for db2 in LAYOUT["def_profiles"]:
            if _dominates(db2, db):
                assert c(f, n, ob, m, db2, ro, rd) <= v, (db2, db)
        checked += 1
    assert checked == len(TABLE["contests"])


def test_more_dice_never_hurt():
    for f, n, ob, m, db, ro, rd in _entries():
        v = odds.contest(n, pair(ob), m, pair(db), ro, rd, f)
        if n < N_OFF:
            assert odds.contest(n + 1, pair(ob), m, pair(db), ro, rd, f) >= v
        if m < N_DEF:
            assert odds.contest(n, pair(ob), m + 1, pair(db), ro, rd, f) <= v


def test_fallbacks():
    # three DEF re-rolls count as two, a third bump is not counted, a pair of bump values
    # the data never gives counts as the strongest tabulated pair it covers
    assert odds.contest(2, 0, 1, 0, 5, 3, 0) == odds.contest(2, 0, 1, 0, 2, 2, 0)
    assert odds.contest(1, pair((3,)), 1, 0, 0, 0, 0) == odds.contest(1, pair((2,)), 1, 0, 0,
                                                                       0, 0)
    assert odds.contest(1, 0, 1, pair((2, 2)), 0, 0, 0) == odds.contest(1, 0, 1, pair((1, 1)),
                                                                         0, 0, 0)


# --- real assaults through the engine --------------------------------------------------

ATT, ALLY, DFD = "company_trooper", "company_scout", "goblin_rascal"
A_RES, B_RES = "company_heavy", "goblin_thug"


def _groups(st):
    nd = st.ndice
    return tuple(tuple(sorted(st.dice[3 * g:3 * g + nd[g]], reverse=True)) for g in range(4))


def _bumps_left(st):
    out = [[], [], [], []]
    for side in (0, 1):
        if st.stopped[side]:
            continue
        for k in range(8):
            v = st.bumps[8 * side + k]
            if v:
                out[2 * side + (1 if v & assault.DEF_KIND else 0)].append(v & 0x7F)
    return tuple(tuple(sorted(b, reverse=True)) for b in out)


def _slot(st, g, face):
    for s in range(3 * g, 3 * g + st.ndice[g]):
        if st.dice[s] == face:
            return s
    raise AssertionError("no die %d in group %d" % (face, g))


def solver_policy(st):
    """The solver's choice in the engine's bump or re-roll phase, as an engine action."""
    side = st.side
    game = B.Assault(tuple(st.ndice), rerolls=((st.rerolls[0], st.rerolls[1]),))
    dice = _groups(st)
    if st.phase == PH_BUMP:
        choice = game.bump_choice(dice, _bumps_left(st), side)
        if choice[0] == "stop":
            return action(K_STOP)
        _, g, bv, face = choice
        want = bv | (assault.DEF_KIND if g % 2 else 0)
        k = next(k for k in range(8) if st.bumps[8 * side + k] == want)
        return action(K_BUMP, k, _slot(st, g, face))
    r = [0 if st.stopped[s] else st.rerolls[s] for s in (0, 1)]
    choice = game.reroll_choice(dice, r[0], r[1], side)
    if choice[0] == "stop":
        return action(K_STOP)
    return action(K_REROLL, _slot(st, choice[1], choice[2]))


def play_all(st):
    """Exact outcome distribution of the assault under way in ``st``: every die face of the
    roll (A5.1) and of each re-roll (A5.3) is enumerated on a copy of the state; both sides
    play ``solver_policy``. Returns {tally bits: Fraction}."""
    dist = Counter()

    def rec(s, p):
        while True:
            ph = s.phase
            if ph not in (PH_ROLL, PH_BUMP, PH_REROLL, PH_REROLL_DIE):
                dist[s.outcome] += p  # the tally (A5.4): bit 0 defender, bit 1 attacker
                return
            if ph == PH_ROLL or ph == PH_REROLL_DIE:
                for face in range(1, 7):
                    c = State(s.cfg, checked=True)  # a copy: a studied position need not
                    c.copy_from(s)  # be one a save would load (its tiles are chosen here)
                    c.apply(face)
                    rec(c, p / 6)
                return
            s.apply(solver_policy(s))

    rec(st, Fraction(1))
    return dist


def _as_bits(exact):
    """Assault.odds() (neither, defender only, attacker only, both) as {tally bits: p}."""
    return {bits: p for bits, p in enumerate(exact) if p}


def test_engine_matches_the_table_without_strike_back(monkeypatch):
    # The defender has no OFF dice, so the assault is one contest and the table is exact:
    # attacker 1 OFF die with an OFF bump of 1 (card) and one support re-roll (A5.3);
    # defender 1 DEF die in a Forest (DEF bump 1, A5 ruling) favoring it (one re-roll).
    pin(monkeypatch, ATT, off=1, def_=1, off_bumps=(1,))
    pin(monkeypatch, ALLY)
    pin(monkeypatch, DFD, off=0, def_=1, favored="forest")
    pin_feature(monkeypatch, "forest", def_bump=1)
    st = position([("-1,0",), ("0,0",), ("1,0", "grid", "forest")],
                  [("A", ATT, "0,0"), ("A", ALLY, "-1,0"), ("B", DFD, "1,0"),
                   ("A", A_RES, "reserve"), ("B", B_RES, "reserve")])
    att, dfd = uid(st, "A1"), uid(st, "B1")
    out = odds.assault_odds(st, att, dfd, bytearray(2))
    do(st, "assault A1 B1")
    assert tuple(st.ndice) == (1, 1, 0, 1) and tuple(st.rerolls) == (1, 1)
    dist = play_all(st)
    exact = B.Assault((1, 1, 0, 1), ((1,), (), (), (1,)), ((1, 1),)).odds()
    assert dist == _as_bits(exact)
    p_def = dist[1] + dist[3]
    assert out[0] == p255(p_def) == odds.contest(1, pair((1,)), 1, pair((1,)), 1, 1, 0)
    assert out[1] == 0 and dist[2] == dist[3] == 0


def test_engine_matches_the_solver_with_strike_back(monkeypatch):
    # Both strike (1 OFF, 1 DEF each): attacker with an OFF bump and a DEF bump of 1 and no
    # re-roll, defender with one re-roll (favored terrain). The engine, playing the solver's
    # policy, ends exactly as the whole-assault solution; the table's contest model (the two
    # falls as independent contests) stays close to it.
    pin(monkeypatch, ATT, off=1, def_=1, off_bumps=(1,), def_bumps=(1,))
    pin(monkeypatch, DFD, off=1, def_=1, favored="grid")
    st = position([("0,0", "plains"), ("1,0",)],
                  [("A", ATT, "0,0"), ("B", DFD, "1,0"), ("A", A_RES, "reserve"),
                   ("B", B_RES, "reserve")])
    att, dfd = uid(st, "A1"), uid(st, "B1")
    out = odds.assault_odds(st, att, dfd, bytearray(2))
    do(st, "assault A1 B1")
    assert tuple(st.ndice) == (1, 1, 1, 1) and tuple(st.rerolls) == (0, 1)
    dist = play_all(st)
    exact = B.Assault((1, 1, 1, 1), ((1,), (1,), (), ()), ((0, 1),)).odds()
    assert dist == _as_bits(exact)
    p_def = dist[1] + dist[3]
    p_att = dist[2] + dist[3]
    assert out[0] == odds.contest(1, pair((1,)), 1, 0, 0, 1, 0)
    assert out[1] == odds.contest(1, 0, 1, pair((1,)), 1, 0, 1)
    assert abs(out[0] / 255 - p_def) < 0.06 and abs(out[1] / 255 - p_att) < 0.06


def test_assault_odds_reads_the_position(monkeypatch):
    # RULES A6: a defender out of reach rolls no OFF dice, so the attacker cannot fall;
    # the dice, bumps and re-rolls are those assault.prepare gives the real assault.
    pin(monkeypatch, ATT, off=2, def_=1, ranged=1)
    pin(monkeypatch, DFD, off=1, def_=2, def_bumps=(1,))
    st = position([("0,0",), ("1,0",), ("2,0",)],
                  [("A", ATT, "0,0"), ("B", DFD, "2,0"), ("A", A_RES, "reserve"),
                   ("B", B_RES, "reserve")])
    out = odds.assault_odds(st, uid(st, "A1"), uid(st, "B1"), bytearray(2))
    assert out[1] == 0
    assert out[0] == odds.contest(2, 0, 2, pair((1,)), 0, 0, 0)

# SPDX-License-Identifier: MIT
"""MicroPython check driver: random Tactical Hex games with the invariants of
tests/hex_invariants.py checked after every action, and every 7th action an illegal action
that must be refused without changing the state. One action per step().

arg: "first_seed,games". The players pick uniformly from the legal actions with
Rng(seed + 77), chance from the state's PRNG: tests/test_hex_playouts.playout plays the same
games on CPython. Prints "GAME <seed> <winner> <actions> <state hex>" per game, then "DONE".
"""
import gc

from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.rng import Rng
from engine.tactical_hex.state import State
from hex_invariants import Watch, check_illegal_refused

_seeds = []
_st = None
_pick = None
_watch = None
_seed = 0
_n = 0


def setup(arg):
    global _seeds
    first, games = arg.split(",")
    _seeds = list(range(int(first), int(first) + int(games)))
    gc.collect()


def step():
    global _st, _pick, _watch, _seed, _n
    if _st is None:
        if not _seeds:
            print("DONE")
            return False
        _seed = _seeds.pop(0)
        _st = State(_seed)
        _pick = Rng(_seed + 77)
        _watch = Watch(_st)
        _n = 0
        return True
    st = _st
    if st.to_act() == TERMINAL:
        print("GAME %d %d %d %s" % (_seed, st.winner(), _n, st.encode().hex()))
        _st = None
        _watch = None
        gc.collect()
        return True
    if st.to_act() == CHANCE:
        a = sample_chance(st)
    else:
        legal = st.legal_actions()
        a = legal[_pick.below(len(legal))]
    st.apply(a)
    _n += 1
    _watch.check(st)
    if _n % 7 == 0:
        check_illegal_refused(st, st.legal_actions())
    return True

# SPDX-License-Identifier: MIT
"""MicroPython check driver: random playouts with the invariants checked after every action.

arg: "first_seed,games". Random legal actions for both sides (chance from the state's PRNG);
after every action tests/invariants.py checks the position, and every 5th action an
illegal action must raise without changing the encoded state. One action per step().
Prints "GAME <seed> <winner> <actions>" per game and "DONE <games>" at the end.
"""
import gc

from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.core.rng import Rng
from engine.pocket_tactics import tables as T
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.state import State
from invariants import check, check_illegal_refused

_seeds = []
_st = None
_pick = None
_seed = 0
_n = 0


def setup(arg):
    global _seeds
    first, games = arg.split(",")
    _seeds = list(range(int(first), int(first) + int(games)))
    gc.collect()


def _next_game():
    global _st, _pick, _seed, _n
    _seed = _seeds.pop(0)
    nf = T.N_FACTIONS
    _st = State(suggested(_seed % nf, (_seed // nf) % nf, 50, max_turns=120), _seed)
    _pick = Rng(_seed + 77)
    _n = 0


def step():
    global _st, _n
    if _st is None:
        if not _seeds:
            print("DONE")
            return False
        _next_game()
        return True
    st = _st
    if st.to_act() == TERMINAL:
        print("GAME %d %d %d" % (_seed, st.winner(), _n))
        _st = None
        return True
    legal = st.legal_actions()
    if st.to_act() == CHANCE:
        a = sample_chance(st)
    else:
        a = legal[_pick.below(len(legal))]
    st.apply(a)
    _n += 1
    check(st)
    if _n % 5 == 0:
        check_illegal_refused(st, st.legal_actions())
    return True

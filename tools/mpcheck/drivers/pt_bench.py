# SPDX-License-Identifier: MIT
"""MicroPython check driver for the benchmark: plays one game between baseline players and
times every legal_actions() call and every whole step with time.ticks_us().

arg: like pt_game ("seed,fa,fb,limit,player_a,player_b"). Prints at the end:
"BENCH <steps> <legal_calls> <legal_us_total> <legal_us_max> <step_us_total>".
"""
import gc
import time

from engine.core.protocol import CHANCE, TERMINAL, sample_chance
from engine.pocket_tactics.forces import suggested
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer
from engine.pocket_tactics.state import State

_g = None
_t = [0, 0, 0, 0, 0]  # steps, legal calls, legal us, legal max us, step us


def setup(arg):
    global _g
    seed, fa, fb, limit, pa, pb = arg.split(",")
    seed = int(seed)
    kinds = {"random": RandomPlayer, "greedy": GreedyPlayer}
    _g = (State(suggested(int(fa), int(fb), int(limit)), seed),
          [kinds[pa](seed * 2 + 1), kinds[pb](seed * 2 + 2)])
    gc.collect()


def step():
    st, players = _g
    t0 = time.ticks_us()
    who = st.to_act()
    if who == TERMINAL:
        print("BENCH %d %d %d %d %d" % tuple(_t))
        return False
    if who != CHANCE:
        t1 = time.ticks_us()
        st.legal_actions()
        dt = time.ticks_diff(time.ticks_us(), t1)
        _t[1] += 1
        _t[2] += dt
        if dt > _t[3]:
            _t[3] = dt
        a = players[who].choose(st)
    else:
        a = sample_chance(st)
    st.apply(a)
    _t[0] += 1
    _t[4] += time.ticks_diff(time.ticks_us(), t0)
    return True

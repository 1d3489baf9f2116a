#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Engine benchmark: prints figures, asserts nothing.

- CPython: actions per second and games per second for baseline games (greedy vs random,
  every faction pairing), and the time per legal_actions() call.
- MicroPython check: heap needed for a full game between the baseline players with engine/
  loaded from .mpy and from .py: the smallest heap the game runs through (found by
  bisection; the harness enforces the heap size), the largest over several seeds; and the
  time per legal_actions() call inside that interpreter.

  python tools/bench/engine_bench.py [--games 100] [--mp-seeds 5] [--no-mp]
"""
import argparse
import os
import statistics
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.pocket_tactics import tables as T  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402

DRIVERS = os.path.join(ROOT, "tools", "mpcheck", "drivers")
BUDGET_MPY = 64 * 1024
BUDGET_PY = 96 * 1024


def game_arg(seed):
    nf = T.N_FACTIONS
    return seed % nf, (seed // nf) % nf


def cpython_figures(games):
    actions = 0
    legal_calls = 0
    legal_time = 0.0
    t0 = time.perf_counter()
    for seed in range(games):
        fa, fb = game_arg(seed)
        st = State(suggested(fa, fb, 50), seed)
        players = [GreedyPlayer(seed), RandomPlayer(seed + 1)]
        while True:
            who = st.to_act()
            if who == TERMINAL:
                break
            if who == CHANCE:
                a = sample_chance(st)
            else:
                t1 = time.perf_counter()
                st.legal_actions()
                legal_time += time.perf_counter() - t1
                legal_calls += 1
                a = players[who].choose(st)
            st.apply(a)
            actions += 1
    elapsed = time.perf_counter() - t0
    print("CPython %s: %d games, %d actions in %.2f s" % (sys.version.split()[0], games, actions, elapsed))
    print("  actions per second:        %8.0f" % (actions / elapsed))
    print("  games per second:          %8.1f" % (games / elapsed))
    print("  legal_actions() per call:  %8.1f us (mean of %d calls)" % (
        1e6 * legal_time / legal_calls, legal_calls))


def min_heap(driver, arg, mode, lo=16 * 1024, hi=256 * 1024, step=512, **run_kw):
    """The smallest heap (to ``step`` bytes) the driver runs through without MemoryError: the
    harness enforces the heap size, so this is the heap the run really needs. ``run_kw``
    goes to mpcheck.run (e.g. extra_files)."""
    import mpcheck

    res = mpcheck.run(driver, arg, mode=mode, heap=hi, **run_kw)
    if not res.ok:
        return None, res
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if mpcheck.run(driver, arg, mode=mode, heap=mid, **run_kw).ok:
            hi = mid
        else:
            lo = mid
    return hi, res


def mp_figures(seeds):
    import mpcheck

    driver = os.path.join(DRIVERS, "pt_game.py")
    for mode, budget in (("mpy", BUDGET_MPY), ("py", BUDGET_PY)):
        needed = []
        peaks = []
        for seed in range(seeds):
            fa, fb = game_arg(seed)
            arg = "%d,%d,%d,50,greedy,random" % (seed, fa, fb)
            need, res = min_heap(driver, arg, mode)
            if need is None:
                print("  MicroPython (%s) seed %d FAILED: %s" % (mode, seed, res.error))
                continue
            needed.append(need)
            peaks.append(res.peak_heap)
        if needed:
            print("MicroPython, engine from .%s, %d games greedy vs random (budget %d KB):" % (
                mode, len(needed), budget // 1024))
            print("  heap needed (smallest heap that runs the game): max %.1f KB, median %.1f KB"
                  % (max(needed) / 1024, statistics.median(needed) / 1024))
            print("  allocated after a step, before collection:     max %.1f KB" % (
                max(peaks) / 1024))
    calls = 0
    total = 0
    worst = 0
    for seed in range(seeds):
        fa, fb = game_arg(seed)
        res = mpcheck.run(os.path.join(DRIVERS, "pt_bench.py"),
                          "%d,%d,%d,50,greedy,random" % (seed, fa, fb), mode="mpy")
        for line in res.lines:
            if line.startswith("BENCH "):
                f = [int(x) for x in line.split()[1:]]
                calls += f[1]
                total += f[2]
                worst = max(worst, f[3])
    if calls:
        print("MicroPython legal_actions() per call: %.0f us mean, %d us max (%d calls; "
              "WebAssembly on this machine, not device time)" % (total / calls, worst, calls))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--mp-seeds", type=int, default=5)
    ap.add_argument("--no-mp", action="store_true")
    args = ap.parse_args()
    cpython_figures(args.games)
    if not args.no_mp:
        mp_figures(args.mp_seeds)


if __name__ == "__main__":
    main()

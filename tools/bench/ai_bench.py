#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""CPU opponent benchmark: prints figures, asserts nothing.

- CPython: median and maximum time of a CPU decision (turn actions) per level, over games
  against the greedy player (no clock: the evaluation budget only).
- MicroPython check (tools/mpcheck/drivers/pt_ai.py, engine from .mpy): the same per level,
  with the level's time limit enforced by the clock (device ms / FACTOR); the check's
  time x FACTOR is an old, rough estimate of the device's (the figures of record are
  tools/strength.py's, on tools/devicetime.py's measured factor: docs/PERFORMANCE.md,
  "The CPU"); bytes allocated per
  evaluation; and the heap whole CPU-vs-CPU games at "hard" need (bisection, as
  engine_bench.min_heap; HEAP_GAMES, on the driver's counted clock).

``--ruleset hex`` does the same for Tactical Hex (searched decisions: activations and the
steps of a move); in the check eight plies of the search a slice, as the device's screen
thinks a frame.

  python tools/bench/ai_bench.py [--ruleset pt|hex] [--games 4] [--mp-games 3] [--no-mp]
                                 [--no-heap]
"""
import argparse
import os
import statistics
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools", "mpcheck"))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.pocket_tactics.forces import suggested  # noqa: E402
from engine.pocket_tactics.consts import PH_TURN  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402

DRIVER = os.path.join(ROOT, "tools", "mpcheck", "drivers", "pt_ai.py")
# The hard-vs-hard games of the heap figure ("seed,faction_a,faction_b" of the driver), played
# on the driver's counted clock (HEAP_TICK ms a think() call: about 50 of hard's evaluations a
# decision), so the figure does not move with the machine's load.
HEAP_GAMES = {False: ((3, 0, 4), (9, 4, 0), (1, 1, 2)), True: ((3, "hex", 0), (5, "hex", 0))}
HEAP_TICK = 2
FACTOR = 18  # device / MicroPython-check time as first estimated (PERFORMANCE_LOG.md); rough
HEAP_BUDGET = 64 * 1024


HEX = [False]  # --ruleset hex


def _new_game(g, seed, level):
    """A game against the greedy player, the CPU in seat g % 2, and its searched phases."""
    seat = g % 2
    if HEX[0]:
        from engine.tactical_hex import cpu, players, state
        from engine.tactical_hex.consts import PH_ACT, PH_MOVE

        st = state.State(seed)
        searched = (PH_ACT, PH_MOVE)
    else:
        from engine.pocket_tactics import cpu, players

        st = State(suggested(g % 5, (g + 2) % 5, 50), seed)
        searched = (PH_TURN,)
    ps = [players.GreedyPlayer(seed), players.GreedyPlayer(seed + 1)]
    ps[seat] = cpu.make_cpu(level, seed)
    return st, ps, seat, searched


def cpython_times(level, games):
    times = []
    for g in range(games):
        seed = 700 + g
        st, players, seat, searched = _new_game(g, seed, level)
        while True:
            who = st.to_act()
            if who == TERMINAL:
                break
            if who == CHANCE:
                st.apply(sample_chance(st))
                continue
            turn = who == seat and st.phase in searched
            t0 = time.perf_counter()
            a = players[who].choose(st)
            if turn:
                times.append(1000.0 * (time.perf_counter() - t0))
            st.apply(a)
    return times


def mp_run(level, seed, fa, fb, heap=None):
    import mpcheck

    arg = mpcheck.pt_ai_arg(seed, "hex" if HEX[0] else fa, fb, level, "greedy", FACTOR)
    return mpcheck.run(DRIVER, arg, mode="mpy", heap=heap)


def mp_times(level, games):
    times = []
    alloc = 0
    evals = 0
    for g in range(games):
        res = mp_run(level, 700 + g, g % 5, (g + 2) % 5)
        if not res.ok:
            print("  %s game %d FAILED: %s" % (level, g, res.error))
            continue
        for line in res.lines:
            f = line.split()
            if f[0] == "D" and int(f[3]) > 0:  # searched decisions (not forced or quick)
                times.append(int(f[2]))
            elif f[0] == "ALLOC":
                alloc += int(f[1])
                evals += int(f[2])
    return times, alloc, evals


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--mp-games", type=int, default=3)
    ap.add_argument("--no-mp", action="store_true")
    ap.add_argument("--no-heap", action="store_true")
    ap.add_argument("--ruleset", choices=("pt", "hex"), default="pt")
    args = ap.parse_args()
    HEX[0] = args.ruleset == "hex"
    if HEX[0]:
        from engine.tactical_hex.cpu import LEVELS
    else:
        from engine.pocket_tactics.cpu import LEVELS
    print("levels (evaluations, horizon in turns, device ms limit, noise): %s" % LEVELS)
    for level in LEVELS:
        t = cpython_times(level, args.games)
        print("CPython %-6s %4d decisions: median %6.1f ms, max %6.1f ms" % (
            level, len(t), statistics.median(t), max(t)))
    if args.no_mp:
        return
    for level in LEVELS:
        t, alloc, evals = mp_times(level, args.mp_games)
        if not t:
            continue
        med = statistics.median(t)
        print("MicroPython check %-6s %4d searched decisions: median %5.0f ms, max %5.0f ms"
              " -> rough estimate (x%d) median %.2f s, max %.2f s; %d bytes allocated per"
              " evaluation (%d evaluations)" % (
                  level, len(t), med, max(t), FACTOR, med * FACTOR / 1000.0,
                  max(t) * FACTOR / 1000.0, alloc // max(evals, 1), evals))
    if not args.no_heap:
        from engine_bench import min_heap

        import mpcheck

        for game in HEAP_GAMES[HEX[0]]:
            arg = mpcheck.pt_ai_arg(*game, "hard", "hard", FACTOR, tick=HEAP_TICK)
            need, res = min_heap(DRIVER, arg, "mpy", lo=40 * 1024, hi=128 * 1024)
            if need is None:
                print("heap: the hard-vs-hard game %s FAILED: %s" % (game, res.error))
            else:
                print("heap needed, a whole CPU-vs-CPU game at hard (.mpy), %s: %.1f KB "
                      "(budget %d KB)" % (game, need / 1024.0, HEAP_BUDGET // 1024))

if __name__ == "__main__":
    main()

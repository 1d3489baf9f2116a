#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Strength of the CPU levels at the device's speed: many games per pairing, seats swapped.

Every pairing plays ``--games`` games (half with each player first in the seat order), a
different game seed every two games. Pocket-Tactics: the five factions' suggested builds
(``--points`` 50 or 100), all 25 faction pairings in turn. Tactical Hex (``--ruleset hex``): the first seat
is Japan, so "seats swapped" is "each side in turn"; the table also gives the score from
each side. Draws count half; each score has its 95 % interval (normal approximation over the
games' scores 1, 1/2, 0).

The CPU levels think under the device's budget: tools/devicetime.py measures, at the start
of the run, how many device seconds one CPython CPU second stands for, and each player's
clock counts its own process's CPU time times that factor, so the levels' time limits (in
device ms) cut their search where the device would, and a busy machine does not change the
result. ``--unlimited``: no clock (the evaluation budget only). The decision-time table gives
each level's searched decisions on the device model: median, maximum and the share the
deadline ended.

  python tools/strength.py [--ruleset pt|hex] [--games 200] [--jobs 2] [--pairs hard:random,...]
                           [--points 50|100] [--unlimited] [--factor F]
"""
import argparse
import math
import multiprocessing
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.pocket_tactics.players import RandomPlayer  # noqa: E402
from tools.devicetime import device_clock, measure, recheck  # noqa: E402

PAIRS = ("hard:random", "hard:greedy", "normal:greedy", "easy:greedy", "normal:easy",
         "hard:normal")
HEX_PAIRS = ("normal:random", "normal:greedy", "easy:random", "hard:normal")
BASE_SEED = 5000


def _modules(ruleset):
    if ruleset == "hex":
        from engine.tactical_hex import cpu, players, state
    else:
        from engine.pocket_tactics import cpu, players, state
    return cpu, players, state


def make(kind, seed, ruleset="pt", clock=None):
    cpu, players, _ = _modules(ruleset)
    if kind in cpu.LEVELS:
        return cpu.make_cpu(kind, seed, clock)
    if kind == "greedy":
        return players.GreedyPlayer(seed)
    return RandomPlayer(seed)


def play(a, b, seed, fa, fb, ruleset="pt", factor=0, times=None, points=50):
    """One game, ``a`` seated first: the winner (0, 1, 2 = draw) and the turns. ``factor``:
    device s per CPU s (0: no clock); ``times``: {level: [(device ms, cut)]} of the CPU
    players' searched decisions, appended to; ``points``: Pocket-Tactics' build size."""
    if ruleset == "hex":
        st = _modules(ruleset)[2].State(seed)
    else:
        from engine.pocket_tactics.forces import suggested

        st = _modules(ruleset)[2].State(suggested(fa, fb, points), seed)
    clock = device_clock(factor) if factor else None
    players = (make(a, seed * 2 + 1, ruleset, clock), make(b, seed * 2 + 2, ruleset, clock))
    while True:
        who = st.to_act()
        if who == TERMINAL:
            return st.winner(), st.turn
        if who == CHANCE:
            st.apply(sample_chance(st))
            continue
        p = players[who]
        t = time.process_time()
        a = p.choose(st)
        if times is not None and hasattr(p, "search") and (p.search.evals or p.search.cut):
            times.setdefault(p.level, []).append(
                (int((time.process_time() - t) * 1000 * factor), p.search.cut))
        st.apply(a)


def game(job):
    """Game ``g`` of pairing (x, y): x's score (1, 0.5, 0), the turns, x's seat and the
    CPU players' decision times."""
    x, y, g, ruleset, factor, points = job
    times = {}
    seed = BASE_SEED + g // 2
    fa = seed % 5
    fb = (seed // 5) % 5
    if g % 2 == 0:
        w, turns = play(x, y, seed, fa, fb, ruleset, factor, times, points)
        mine = 0
    else:
        w, turns = play(y, x, seed, fb, fa, ruleset, factor, times, points)
        mine = 1
    return x, y, (1.0 if w == mine else 0.5 if w == 2 else 0.0), turns, mine, times


def interval(scores):
    """(mean, half-width of its 95 % interval) of a list of game scores."""
    n = len(scores)
    m = sum(scores) / n
    var = sum((x - m) ** 2 for x in scores) / max(1, n - 1)
    return m, 1.96 * math.sqrt(var / n)


def main():
    ap = argparse.ArgumentParser(description="Strength of the CPU levels, seats swapped.")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--ruleset", choices=("pt", "hex"), default="pt")
    ap.add_argument("--pairs", default=None)
    ap.add_argument("--unlimited", action="store_true", help="no clock: budgets only")
    ap.add_argument("--points", type=int, choices=(50, 100), default=50,
                    help="Pocket-Tactics: the suggested builds' size")
    ap.add_argument("--factor", type=float, default=0,
                    help="device s per CPU s (default: measured now, tools/devicetime.py)")
    args = ap.parse_args()
    default = HEX_PAIRS if args.ruleset == "hex" else PAIRS
    pairs = [tuple(p.split(":")) for p in (args.pairs or ",".join(default)).split(",")]
    factor = 0
    if not args.unlimited:
        factor = args.factor
        if not factor:
            try:
                factor = measure(args.ruleset)
            except RuntimeError as e:
                sys.exit("strength: %s; or pass --factor or --unlimited" % e)
    jobs = [(x, y, g, args.ruleset, factor, args.points) for x, y in pairs
            for g in range(args.games)]
    t0 = time.time()
    results = {}
    times = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for x, y, score, turns, seat, ts in pool.imap_unordered(game, jobs, chunksize=2):
            r = results.setdefault((x, y), {"scores": [], "turns": [], "seat": ([], [])})
            r["scores"].append(score)
            r["turns"].append(turns)
            r["seat"][seat].append(score)
            for level, t in ts.items():
                times.setdefault(level, []).extend(t)
    seat_names = ("as Japan", "as Russia") if args.ruleset == "hex" else ("seat 1", "seat 2")
    print("%-16s %6s %13s %5s %5s %5s %7s %9s %9s" % (
        "pairing", "games", "score (95 %)", "won", "drawn", "lost", "turns", seat_names[0],
        seat_names[1]))
    for x, y in pairs:
        r = results[(x, y)]
        sc = r["scores"]
        m, h = interval(sc)
        seat = ["%8.1f%%" % (100.0 * sum(v) / len(v)) if v else "%9s" % "-" for v in r["seat"]]
        print("%-16s %6d %6.1f%% +-%3.1f %5d %5d %5d %7.1f %s %s" % (
            "%s vs %s" % (x, y), len(sc), 100 * m, 100 * h, sc.count(1.0), sc.count(0.5),
            sc.count(0.0), sum(r["turns"]) / len(sc), seat[0], seat[1]))
    if times:
        print("decision time on the device model (searched decisions; device ms):")
        print("%-8s %9s %7s %7s %7s %9s" % ("level", "decisions", "median", "p90", "max",
                                           "deadline"))
        for level in sorted(times, key=lambda k: -len(times[k])):
            t = sorted(ms for ms, _ in times[level])
            cut = sum(1 for _, c in times[level] if c)
            print("%-8s %9d %7d %7d %7d %8.1f%%" % (
                level, len(t), t[len(t) // 2], t[len(t) * 9 // 10], t[-1],
                100.0 * cut / len(t)))
    if factor and not args.factor:
        recheck(args.ruleset, factor)
    print("(%s%s: %d games in %.0f s; draws count half; %s; levels %s)" % (
        args.ruleset, "" if args.ruleset == "hex" else ", %d points" % args.points,
        len(jobs), time.time() - t0,
        "unlimited: no clock" if not factor else "device budget, factor %.0f" % factor,
        _modules(args.ruleset)[0].LEVELS))


if __name__ == "__main__":
    main()

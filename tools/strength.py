#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Strength of the CPU levels: many Pocket-Tactics games per pairing, seats swapped.

Every pairing plays ``--games`` games (half with each player first in the seat order):
50-point suggested builds of the five factions, all 25 faction pairings in turn, a
different game seed every two games. Draws count half. The CPU players think without a
clock (their evaluation budget only), so the figures do not depend on the machine's load.

  python tools/strength.py [--games 200] [--jobs 2] [--pairs hard:random,hard:greedy,...]
"""
import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, ROOT)

from engine.core.protocol import CHANCE, TERMINAL, sample_chance  # noqa: E402
from engine.pocket_tactics.config import suggested  # noqa: E402
from engine.pocket_tactics.cpu import LEVELS, make_cpu  # noqa: E402
from engine.pocket_tactics.players import GreedyPlayer, RandomPlayer  # noqa: E402
from engine.pocket_tactics.state import State  # noqa: E402

PAIRS = ("hard:random", "hard:greedy", "normal:greedy", "easy:greedy", "normal:easy",
         "hard:normal")
BASE_SEED = 5000


def make(kind, seed):
    if kind in LEVELS:
        return make_cpu(kind, seed)
    if kind == "greedy":
        return GreedyPlayer(seed)
    return RandomPlayer(seed)


def play(a, b, seed, fa, fb):
    """One game, ``a`` seated first: the winner (0, 1, 2 = draw) and the turns."""
    st = State(suggested(fa, fb, 50), seed)
    players = (make(a, seed * 2 + 1), make(b, seed * 2 + 2))
    while True:
        who = st.to_act()
        if who == TERMINAL:
            return st.winner(), st.turn
        st.apply(sample_chance(st) if who == CHANCE else players[who].choose(st))


def game(job):
    """Game ``g`` of pairing (x, y): x's score (1, 0.5, 0) and the turns."""
    x, y, g = job
    seed = BASE_SEED + g // 2
    fa = seed % 5
    fb = (seed // 5) % 5
    if g % 2 == 0:
        w, turns = play(x, y, seed, fa, fb)
        mine = 0
    else:
        w, turns = play(y, x, seed, fb, fa)
        mine = 1
    return x, y, (1.0 if w == mine else 0.5 if w == 2 else 0.0), turns


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--pairs", default=",".join(PAIRS))
    args = ap.parse_args()
    pairs = [tuple(p.split(":")) for p in args.pairs.split(",")]
    jobs = [(x, y, g) for x, y in pairs for g in range(args.games)]
    t0 = time.time()
    results = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for x, y, score, turns in pool.imap_unordered(game, jobs, chunksize=4):
            r = results.setdefault((x, y), [0.0, 0, 0, 0, 0])
            r[0] += score
            r[1] += 1
            r[2 if score == 1 else 3 if score == 0.5 else 4] += 1
            r.append(turns)
    print("%-16s %6s %6s %5s %5s %5s %7s" % ("pairing", "games", "score", "won", "drawn",
                                            "lost", "turns"))
    for x, y in pairs:
        r = results[(x, y)]
        turns = r[5:]
        print("%-16s %6d %5.1f%% %5d %5d %5d %7.1f" % (
            "%s vs %s" % (x, y), r[1], 100.0 * r[0] / r[1], r[2], r[3], r[4],
            sum(turns) / len(turns)))
    print("(%d games in %.0f s; draws count half; levels %s)" % (
        len(jobs), time.time() - t0, LEVELS))


if __name__ == "__main__":
    main()
